-- Challenges between accounts (lichess's model): from one account to
-- another; accepted (the game made), declined (with a reason), canceled
-- by the challenger, or expired.
CREATE TABLE challenges (
    id TEXT PRIMARY KEY,
    -- The challenger's account id.
    challenger TEXT NOT NULL REFERENCES users (id),
    -- The challenged account's id.
    dest_user TEXT NOT NULL REFERENCES users (id),
    -- 1: rated, 0: casual.
    rated BIGINT NOT NULL,
    -- The clock, in seconds (NULL: no clock).
    clock_limit BIGINT,
    clock_increment BIGINT,
    -- The colour the challenger asked for: white, black or random.
    color TEXT NOT NULL,
    -- The challenger's colour, drawn when the challenge is made (white or
    -- black; lichess's finalColor).
    final_color TEXT NOT NULL,
    -- The start position (FEN; NULL: the usual one).
    initial_fen TEXT,
    -- created, accepted, declined, canceled, expired.
    status TEXT NOT NULL,
    -- lichess's decline reason key (generic, later, tooFast, …).
    decline_reason TEXT,
    -- The game, once accepted.
    game_id TEXT,
    created_at BIGINT NOT NULL,
    -- When a challenge still open lapses.
    expires_at BIGINT NOT NULL
);
CREATE INDEX challenges_dest ON challenges (dest_user, status);
CREATE INDEX challenges_challenger ON challenges (challenger, status);
