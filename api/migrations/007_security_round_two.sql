-- Mailed links (activation, password reset, e-mail change) are kept like proof-of-cover tokens: only the
-- SHA-256 of the token is stored, so a copy of the database cannot be turned into working links. Links
-- already mailed keep working: their tokens are hashed in place and looked up by the same hash.
ALTER TABLE account_tokens RENAME COLUMN token TO token_hash;
UPDATE account_tokens SET token_hash = encode(sha256(convert_to(token_hash, 'UTF8')), 'hex');

-- Wrong passwords are throttled, not locked out (NIST SP 800-63B 5.2.2): a row per address and client
-- (IPv6 by /64) counts wrong passwords in a row from that client, and the row of client '*' counts those
-- of all clients in a day. The old lockout, which anyone could trigger for any student, is gone.
CREATE TABLE login_throttle (
  email TEXT NOT NULL,
  client TEXT NOT NULL,
  failures INTEGER NOT NULL DEFAULT 0,
  window_start TIMESTAMPTZ NOT NULL,
  throttled_until TIMESTAMPTZ,
  PRIMARY KEY (email, client)
);
DROP TABLE login_failures;
ALTER TABLE accounts DROP COLUMN failed_logins, DROP COLUMN locked_until;
