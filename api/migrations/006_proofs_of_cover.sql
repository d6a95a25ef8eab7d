-- Proof-of-cover letters. A letter is looked up by the random token of its QR code (only its SHA-256 is
-- kept, so a copy of the database cannot print valid links) or by the short code printed beside it.
-- Whether a letter still verifies is decided from the policy at the time of the check, never stored here;
-- the end date at issue only tells a policy that was shortened afterwards from one that simply ended.
CREATE TABLE proofs_of_cover (
  id TEXT PRIMARY KEY,
  policy_id TEXT NOT NULL REFERENCES policies(policy_id) ON DELETE CASCADE,
  token_hash TEXT NOT NULL UNIQUE,
  short_code TEXT NOT NULL UNIQUE,
  language TEXT NOT NULL,
  end_date_at_issue DATE NOT NULL,
  issued_at TIMESTAMPTZ NOT NULL
);

CREATE INDEX proofs_of_cover_policy ON proofs_of_cover (policy_id);
