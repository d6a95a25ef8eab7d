-- A payment belongs to the student who started it: only they may see or complete it at the provider.
ALTER TABLE payments ADD COLUMN profile_id TEXT REFERENCES profiles(profile_id);
