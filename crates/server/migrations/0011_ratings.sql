-- Ratings (Glicko-2, lichess's settings): one row per account and speed
-- category once the account has played a rated game in it (before that,
-- the starting rating applies); each rated game's change, for the
-- players' histories; and on each game the players' ratings as it began
-- and their changes (for the PGN's WhiteElo, WhiteRatingDiff, …).
CREATE TABLE perfs (
    user_id TEXT NOT NULL REFERENCES users (id),
    -- lichess's key: ultraBullet, bullet, blitz, rapid, classical, correspondence.
    speed TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games BIGINT NOT NULL,
    last_rated_at BIGINT,
    PRIMARY KEY (user_id, speed)
);
CREATE TABLE rating_history (
    user_id TEXT NOT NULL REFERENCES users (id),
    speed TEXT NOT NULL,
    game_id TEXT NOT NULL,
    at BIGINT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (user_id, game_id)
);
CREATE INDEX rating_history_user ON rating_history (user_id, speed, at);
ALTER TABLE games ADD COLUMN white_rating BIGINT;
ALTER TABLE games ADD COLUMN black_rating BIGINT;
ALTER TABLE games ADD COLUMN white_rating_diff BIGINT;
ALTER TABLE games ADD COLUMN black_rating_diff BIGINT;
-- The rated games whose ratings are still to be written (the catch-up's
-- query reads only these).
CREATE INDEX games_unrated ON games (updated_at) WHERE rated = 1 AND white_rating_diff IS NULL;
