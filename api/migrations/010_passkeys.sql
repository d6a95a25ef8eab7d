-- Passkeys (WebAuthn credentials). Only the public key is kept: a copy of this table cannot sign in.
-- The signature counter and the backup flags come from the authenticator; a counter that does not grow
-- tells a cloned authenticator. The user handle is a random id per account, so that the
-- authenticator never holds the student's e-mail address as the account's handle.
ALTER TABLE accounts ADD COLUMN passkey_user_id TEXT UNIQUE;

CREATE TABLE passkeys (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  credential_id TEXT NOT NULL UNIQUE,
  public_key BYTEA NOT NULL,
  counter BIGINT NOT NULL DEFAULT 0,
  transports TEXT[] NOT NULL DEFAULT '{}',
  backup_eligible BOOLEAN NOT NULL,
  backed_up BOOLEAN NOT NULL,
  name TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL,
  last_used_at TIMESTAMPTZ
);

CREATE INDEX passkeys_account ON passkeys (account_id);

-- Challenges handed to the browser: each is used once (deleted when checked) and lives 5 minutes.
-- A registration challenge belongs to the account that asked for it; a login challenge to no one yet.
CREATE TABLE passkey_challenges (
  challenge TEXT PRIMARY KEY,
  purpose TEXT NOT NULL CHECK (purpose IN ('REGISTER', 'LOGIN')),
  account_id TEXT REFERENCES accounts(id) ON DELETE CASCADE,
  expires_at TIMESTAMPTZ NOT NULL
);

-- A session opened with a passkey names it: removing the passkey ends those sessions.
ALTER TABLE sessions ADD COLUMN passkey_id TEXT REFERENCES passkeys(id) ON DELETE CASCADE;
