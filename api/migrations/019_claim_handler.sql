-- The claims handler moves a claim on, and may ask for more documents (DOCUMENTS_REQUESTED, with a
-- note): a claim can now reach a status more than once (IN_REVIEW again after the documents came), so a
-- history row is one change, numbered in the order it was made, with the handler's note if any.
ALTER TABLE claim_history DROP CONSTRAINT claim_history_pkey;
ALTER TABLE claim_history ADD COLUMN seq BIGSERIAL PRIMARY KEY;
ALTER TABLE claim_history ADD COLUMN note TEXT;
CREATE INDEX claim_history_claim ON claim_history (claim_number, at, seq);
