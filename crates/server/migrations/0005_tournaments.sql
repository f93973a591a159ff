-- Tournaments run on the server: the organiser token's SHA-256 and the
-- tournament (players, rounds, results) as JSON, replaced whole by each
-- change of the command path; `version` makes each change replace exactly
-- the state it was made on.
CREATE TABLE tournaments (
    id TEXT PRIMARY KEY,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    organiser_token TEXT NOT NULL,
    version BIGINT NOT NULL,
    data TEXT NOT NULL
);
