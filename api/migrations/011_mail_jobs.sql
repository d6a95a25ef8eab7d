-- The job that wrote a mail (a reset request): a job run twice, after its first process died, stores its mail once.
ALTER TABLE outbox ADD COLUMN source_job TEXT UNIQUE
