-- Keys the api makes once per database, so that every replica on it signs and checks alike and a
-- restart keeps them: the anti-forgery token's signing key. Never sent to anyone, never exported.
CREATE TABLE server_keys (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
