-- A claim's status history (one row per step reached) and its receipts, kept in the database in chunks so
-- an upload is stored as it streams in and a download is streamed out, never held whole in memory.
CREATE TABLE claim_history (
  claim_number TEXT NOT NULL REFERENCES claims(claim_number) ON DELETE CASCADE,
  status TEXT NOT NULL,
  at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (claim_number, status)
);

INSERT INTO claim_history (claim_number, status, at) SELECT claim_number, 'RECEIVED', submitted_at FROM claims;

-- claim_number stays NULL while the upload is still coming in; a receipt whose claim never arrives is
-- deleted with the failed request.
CREATE TABLE claim_receipts (
  id TEXT PRIMARY KEY,
  claim_number TEXT REFERENCES claims(claim_number) ON DELETE CASCADE,
  profile_id TEXT NOT NULL REFERENCES profiles(profile_id),
  position INTEGER NOT NULL,
  name TEXT NOT NULL,
  content_type TEXT NOT NULL,
  size INTEGER NOT NULL,
  -- false for receipts of claims filed before their content was kept: listed, not downloadable.
  stored BOOLEAN NOT NULL DEFAULT true,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX claim_receipts_claim ON claim_receipts (claim_number, position);

CREATE TABLE claim_receipt_chunks (
  receipt_id TEXT NOT NULL REFERENCES claim_receipts(id) ON DELETE CASCADE,
  seq INTEGER NOT NULL,
  data BYTEA NOT NULL,
  PRIMARY KEY (receipt_id, seq)
);

INSERT INTO claim_receipts (id, claim_number, profile_id, position, name, content_type, size, stored)
SELECT c.claim_number || '-R' || r.position, c.claim_number, c.profile_id, r.position - 1,
  coalesce(r.receipt->>'name', 'receipt'), coalesce(r.receipt->>'type', 'application/octet-stream'),
  coalesce((r.receipt->>'size')::integer, 0), false
FROM claims c, jsonb_array_elements(c.receipts) WITH ORDINALITY AS r(receipt, position);

ALTER TABLE claims DROP COLUMN receipts;
