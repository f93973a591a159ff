-- The lobby (lichess's model): seeks that anyone may accept, and the quick
-- pairing pools. Each row lives while its owner's connection holds it: the
-- connection pushes `expires_at` forward, and a row past it is gone
-- (whichever node held it, and even if that node stopped).
CREATE TABLE seeks (
    id TEXT PRIMARY KEY,
    -- The seeker's account id.
    user_id TEXT NOT NULL REFERENCES users (id),
    -- The seeker's name as written, and title (shown in the lobby).
    user_name TEXT NOT NULL,
    user_title TEXT,
    -- 1: rated, 0: casual.
    rated BIGINT NOT NULL,
    -- The clock, in seconds.
    clock_limit BIGINT NOT NULL,
    clock_increment BIGINT NOT NULL,
    -- The colour the seeker asked for: white, black or random.
    color TEXT NOT NULL,
    -- The seeker's rating in the seek's category when it was made, and
    -- whether it was provisional (1).
    rating BIGINT NOT NULL,
    provisional BIGINT NOT NULL,
    -- The ratings an opponent may have (NULL: any).
    rating_min BIGINT,
    rating_max BIGINT,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE INDEX seeks_expires ON seeks (expires_at);
CREATE INDEX seeks_user ON seeks (user_id);

-- The players waiting in a quick pairing pool (one row per account and
-- pool).
CREATE TABLE pool_members (
    id TEXT PRIMARY KEY,
    -- The pool: its clock, as `3+2`.
    pool TEXT NOT NULL,
    user_id TEXT NOT NULL REFERENCES users (id),
    -- The member's rating in the pool's category when it joined.
    rating BIGINT NOT NULL,
    joined_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    UNIQUE (pool, user_id)
);
CREATE INDEX pool_members_expires ON pool_members (expires_at);
