-- The game that a rematch of this one started.
ALTER TABLE games ADD COLUMN rematch TEXT;
