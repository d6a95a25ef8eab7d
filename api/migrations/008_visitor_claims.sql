-- A claim may be filed without a login, with the policy number and the policyholder's date of birth.
-- Its receipts are stored as they stream in, before the fields that say whose policy it is have all
-- arrived, so a receipt's profile is filled in with its claim. The claim records who filed it.
ALTER TABLE claim_receipts ALTER COLUMN profile_id DROP NOT NULL;
ALTER TABLE claims ADD COLUMN filed_by TEXT NOT NULL DEFAULT 'student';
