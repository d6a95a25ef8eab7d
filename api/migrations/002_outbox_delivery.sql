-- OUTBOX_ONLY: no SMTP_URL, the mail is only in the outbox; PENDING: being sent; SENT; FAILED (see delivery_error).
ALTER TABLE outbox ADD COLUMN delivery_status TEXT NOT NULL DEFAULT 'OUTBOX_ONLY';

ALTER TABLE outbox ADD COLUMN delivery_error TEXT;
