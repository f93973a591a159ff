-- Games between accounts: the account on each side (its id; NULL in a
-- game played by link), and whether the game counts for their ratings: 1
-- or 0 (sqlx's Any driver reads no booleans from SQLite).
ALTER TABLE games ADD COLUMN white_user TEXT;
ALTER TABLE games ADD COLUMN black_user TEXT;
ALTER TABLE games ADD COLUMN rated BIGINT NOT NULL DEFAULT 0;
CREATE INDEX games_white_user ON games (white_user, created_at) WHERE white_user IS NOT NULL;
CREATE INDEX games_black_user ON games (black_user, created_at) WHERE black_user IS NOT NULL;
