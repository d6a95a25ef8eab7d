-- The request limits' counters (@fastify/rate-limit's store), shared by every api process on the database:
-- a row per route and client key, counting within a window that ends at expires_at.
CREATE TABLE rate_limit_hits (
  key TEXT PRIMARY KEY,
  hits INTEGER NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL
);

CREATE INDEX rate_limit_hits_expires ON rate_limit_hits (expires_at)
