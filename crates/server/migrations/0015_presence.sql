-- Who is online (lichess's green dot): an account with its event stream
-- open beats here every few seconds, on whichever node holds the stream;
-- online means a beat within the last minute.
CREATE TABLE presence (
    user_id TEXT PRIMARY KEY REFERENCES users (id),
    seen_at BIGINT NOT NULL
);
CREATE INDEX presence_seen ON presence (seen_at);
