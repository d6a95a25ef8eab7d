-- A claim filed without a login waits for the policyholder: she is mailed a link (only its SHA-256 is
-- kept) to confirm or refuse it. Until she confirms, the claim is not handled and its IBAN not used:
-- no status past RECEIVED but REJECTED (the close of a refused claim). A student's own claim needs no
-- confirmation (NULL).
ALTER TABLE claims ADD COLUMN holder_confirmation TEXT
  CHECK (holder_confirmation IN ('PENDING', 'CONFIRMED', 'REFUSED'));
ALTER TABLE claims ADD COLUMN confirmation_token_hash TEXT UNIQUE;
ALTER TABLE claims ADD COLUMN holder_decided_at TIMESTAMPTZ;
ALTER TABLE claims ADD CONSTRAINT claims_visitor_waits_for_holder CHECK (
  holder_confirmation IS NULL OR holder_confirmation = 'CONFIRMED' OR status IN ('RECEIVED', 'REJECTED')
);
-- Claims filed before are taken as confirmed: they were filed under the old rule, and are handled.
UPDATE claims SET holder_confirmation = 'CONFIRMED' WHERE filed_by = 'visitor';
CREATE INDEX claims_visitor_by_policy ON claims (policy_number, submitted_at) WHERE filed_by = 'visitor';
