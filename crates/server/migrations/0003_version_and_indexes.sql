-- Every save of a game names the version it replaces (saves of one game
-- land in order, an older snapshot never overwrites a newer one). The
-- games list pages by creation time on indexes that a move never touches
-- (the old index on updated_at was rewritten by every move).
ALTER TABLE games ADD COLUMN version BIGINT NOT NULL DEFAULT 0;
DROP INDEX games_status;
CREATE INDEX games_created ON games (created_at, id);
CREATE INDEX games_status_created ON games (status, created_at, id);
