-- The games and their moves.
CREATE TABLE games (
    id TEXT PRIMARY KEY,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    opponent TEXT NOT NULL,
    white_token TEXT NOT NULL,
    black_token TEXT NOT NULL,
    human_color TEXT,
    level BIGINT,
    start_fen TEXT NOT NULL,
    clock TEXT,
    rules TEXT NOT NULL,
    status TEXT NOT NULL,
    result TEXT,
    termination TEXT,
    ended_by TEXT,
    white_ms BIGINT,
    black_ms BIGINT,
    draw_offer TEXT
);
CREATE INDEX games_status ON games (status, updated_at);
CREATE TABLE moves (
    game_id TEXT NOT NULL REFERENCES games (id),
    ply BIGINT NOT NULL,
    uci TEXT NOT NULL,
    offer BIGINT NOT NULL,
    white_ms BIGINT,
    black_ms BIGINT,
    at BIGINT NOT NULL,
    PRIMARY KEY (game_id, ply)
);
