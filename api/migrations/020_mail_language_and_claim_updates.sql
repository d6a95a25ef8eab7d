-- Every mail to a student is written in her language, which follows the portal's EN/NL switch while
-- she is logged in; she may turn the mails about her claims off (those about her account's security
-- always go).
ALTER TABLE profiles ADD COLUMN mail_language TEXT NOT NULL DEFAULT 'en' CHECK (mail_language IN ('en', 'nl'));
ALTER TABLE profiles ADD COLUMN claim_mails BOOLEAN NOT NULL DEFAULT true;
