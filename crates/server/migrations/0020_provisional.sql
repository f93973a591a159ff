-- Whether each player's rating was provisional (RD 110 or more, shown
-- with `?`) as the game began, as lichess keeps it with the game: 1 or 0
-- (sqlx's Any driver reads no booleans from SQLite).
ALTER TABLE games ADD COLUMN white_provisional BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN black_provisional BIGINT NOT NULL DEFAULT 0;
