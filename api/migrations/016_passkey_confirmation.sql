-- A passkey also confirms a step that asks for the password again ("Download my data"): such a
-- challenge belongs to the logged-in account that asked for it, like a registration challenge.
ALTER TABLE passkey_challenges DROP CONSTRAINT passkey_challenges_purpose_check;
ALTER TABLE passkey_challenges ADD CONSTRAINT passkey_challenges_purpose_check
  CHECK (purpose IN ('REGISTER', 'LOGIN', 'CONFIRM'));
