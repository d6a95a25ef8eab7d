-- Failed logins of addresses without an account, so that they are locked out like real ones and the
-- lockout does not tell which addresses exist.
CREATE TABLE login_failures (
  email TEXT PRIMARY KEY,
  failed_logins INTEGER NOT NULL DEFAULT 0,
  locked_until TIMESTAMPTZ
);

-- A session ends 12 hours after login however active it is.
ALTER TABLE sessions ADD COLUMN created_at TIMESTAMPTZ NOT NULL DEFAULT now();

-- The start date as the policy was created: the ±14-day rule compares with it, so that repeated
-- changes cannot move the start further. Set on the first change; until then it is start_date.
ALTER TABLE policies ADD COLUMN original_start_date DATE;
