-- Why a claim was rejected, on its REJECTED history row, so that the student is told the reason and what
-- she can do next instead of the bare status. A code, not a text: the portal words it in her language.
ALTER TABLE claim_history ADD COLUMN reason TEXT
  CHECK (reason IN ('NOT_COVERED', 'NOT_INSURED_ON_DATE', 'RECEIPTS_INSUFFICIENT', 'POLICYHOLDER_REFUSED'));
ALTER TABLE claim_history ADD CONSTRAINT claim_history_reason_on_rejection CHECK (
  reason IS NULL OR status = 'REJECTED'
);
-- Visitor claims closed by the policyholder's refusal say so; other rejections before this kept no reason.
UPDATE claim_history h SET reason = 'POLICYHOLDER_REFUSED'
FROM claims c
WHERE h.claim_number = c.claim_number AND h.status = 'REJECTED' AND c.holder_confirmation = 'REFUSED';
