-- People: accounts, their sessions in browsers, their personal API tokens.
-- No password, session or token is stored in clear: a password as its
-- Argon2id hash (PHC string), a session's and a token's secret as its
-- SHA-256 (lowercase hex).
CREATE TABLE users (
    -- The name in lower case: names are unique without regard to case.
    id TEXT PRIMARY KEY,
    -- The name as its owner wrote it.
    name TEXT NOT NULL,
    -- Argon2id, PHC string; empty once the account is closed.
    password TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    -- When the account was closed (its games stay, its name is kept).
    closed_at BIGINT,
    -- 'BOT' for a bot account.
    title TEXT
);
CREATE TABLE sessions (
    -- The SHA-256 of the cookie's secret.
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id),
    created_at BIGINT NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);
CREATE TABLE api_tokens (
    -- The SHA-256 of the token.
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id),
    description TEXT NOT NULL,
    -- The scopes, comma-separated (`board:play,bot:play`).
    scopes TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX api_tokens_user ON api_tokens (user_id, created_at);
