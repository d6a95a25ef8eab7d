-- The start date a policy was created with. The 14-day rule of a start-date change compares with it,
-- so that several small moves cannot add up to a larger one.
ALTER TABLE policies ADD COLUMN original_start_date DATE;

UPDATE policies SET original_start_date = start_date;

ALTER TABLE policies ALTER COLUMN original_start_date SET NOT NULL;

-- Kept by the database rather than by each INSERT: every way a policy is created (seed, renewal,
-- an approved request) records it, and no later UPDATE of start_date touches it.
CREATE FUNCTION keep_original_start_date() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN NEW.original_start_date := COALESCE(NEW.original_start_date, NEW.start_date); RETURN NEW; END $$;

CREATE TRIGGER policies_original_start_date BEFORE INSERT ON policies FOR EACH ROW EXECUTE FUNCTION keep_original_start_date();
