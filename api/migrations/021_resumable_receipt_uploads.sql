-- Receipts sent with the resumable upload protocol (tus): the receipt's row is made when its upload
-- begins (claim_number NULL until a claim takes it) and its chunks are added as they arrive, so any
-- replica can answer how much has arrived and take the rest. Only the student who began an upload
-- may go on with it or file it with a claim.
CREATE TABLE receipt_uploads (
  id TEXT PRIMARY KEY REFERENCES claim_receipts(id) ON DELETE CASCADE,
  profile_id TEXT NOT NULL REFERENCES profiles(profile_id) ON DELETE CASCADE,
  -- The length announced when the upload began, and how much of it is stored.
  upload_length INTEGER NOT NULL CHECK (upload_length >= 0),
  upload_offset INTEGER NOT NULL DEFAULT 0 CHECK (upload_offset >= 0 AND upload_offset <= upload_length),
  -- The sequence number the next chunk gets in claim_receipt_chunks.
  next_seq INTEGER NOT NULL DEFAULT 0,
  metadata JSONB NOT NULL DEFAULT '{}',
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  finished_at TIMESTAMPTZ
);

CREATE INDEX receipt_uploads_profile ON receipt_uploads (profile_id, created_at);
