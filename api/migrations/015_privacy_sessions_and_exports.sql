-- "Where am I logged in": each session names itself to its student by a public id (never the cookie
-- value), the browser it was opened in (its User-Agent, parsed when listed) and the rough country of
-- the request that opened it (from the CDN's country header; none when unknown).
ALTER TABLE sessions ADD COLUMN public_id TEXT;
ALTER TABLE sessions ADD COLUMN user_agent TEXT;
ALTER TABLE sessions ADD COLUMN country TEXT;
UPDATE sessions SET public_id = md5(random()::text || id) WHERE public_id IS NULL;
CREATE UNIQUE INDEX sessions_public_id ON sessions (public_id);
CREATE INDEX sessions_account ON sessions (account_id);

-- The browsers a student logged in from (the PORTAL_DEVICE cookie, stored as its SHA-256 only): a
-- login from any other browser mails her "Was this you?".
CREATE TABLE known_browsers (
  account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  device_hash TEXT NOT NULL,
  first_seen TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (account_id, device_hash)
);

-- "Download my data": when each export was made (the limit of three an hour counts these), never
-- what it held.
CREATE TABLE data_exports (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  created_at TIMESTAMPTZ NOT NULL
);

CREATE INDEX data_exports_account ON data_exports (account_id, created_at);
