-- Addresses are compared, counted and stored in one normal form, made by the api (trimmed, NFKC, lower
-- case): lookups compare with `=`, never with the database's locale-dependent lower(). Every stored
-- address is ASCII, whose lower case is the same in both.
UPDATE accounts SET email = lower(email) WHERE email <> lower(email) AND email ~ '^[ -~]+$';
UPDATE account_tokens SET new_email = lower(new_email)
  WHERE new_email <> lower(new_email) AND new_email ~ '^[ -~]+$';
-- The wrong-password counters were kept under JavaScript's lower case; they last a day at most.
DELETE FROM login_throttle WHERE email !~ '^[ -~]+$';
