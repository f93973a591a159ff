-- Games imported from PGN (lichess's /import): each kept as the rules
-- library wrote it back (its tags, moves, variations, comments and
-- glyphs), never rated; who imported it when signed in.
CREATE TABLE imports (
    id TEXT PRIMARY KEY,
    created_at BIGINT NOT NULL,
    user_id TEXT REFERENCES users (id),
    white TEXT NOT NULL,
    black TEXT NOT NULL,
    result TEXT NOT NULL,
    event TEXT NOT NULL,
    date TEXT NOT NULL,
    plies BIGINT NOT NULL,
    pgn TEXT NOT NULL
);
CREATE INDEX imports_user ON imports (user_id, created_at);
