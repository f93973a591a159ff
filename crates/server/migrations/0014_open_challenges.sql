-- Open challenges (lichess's model): a link that any two accounts may
-- take (or the two it names): the first who joins waits, the second makes
-- the game. The creator need not play, nor have an account.
CREATE TABLE open_challenges (
    id TEXT PRIMARY KEY,
    -- The account that made it (NULL: made without one).
    creator TEXT REFERENCES users (id),
    -- The name shown on its page (lichess's `name`), if any.
    name TEXT,
    -- 1: rated, 0: casual.
    rated BIGINT NOT NULL,
    -- The clock, in seconds (NULL: no clock).
    clock_limit BIGINT,
    clock_increment BIGINT,
    -- The start position (FEN; NULL: the usual one).
    initial_fen TEXT,
    -- The two accounts it is reserved for (lichess's `users`), White's
    -- and Black's; NULL: anyone.
    white_user TEXT,
    black_user TEXT,
    -- The first account that joined, and the colour it asked for (white,
    -- black or random).
    first_user TEXT,
    first_color TEXT,
    -- created, accepted, canceled.
    status TEXT NOT NULL,
    -- The game, once made.
    game_id TEXT,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);
