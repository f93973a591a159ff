-- A cluster of servers on one PostgreSQL database: the nodes, each with a
-- lease (epoch: bumped each time the node joins; expires_at: milliseconds
-- since the Unix epoch by the database's clock), and the owner of each game
-- (the node and the epoch under which it took the game). A node commits to
-- a game only while it is its owner and its lease holds; a single server
-- leaves these empty.
ALTER TABLE games ADD COLUMN owner TEXT;
ALTER TABLE games ADD COLUMN owner_epoch BIGINT;
CREATE INDEX games_owner ON games (owner, owner_epoch) WHERE status <> 'ended';
CREATE TABLE nodes (
    name TEXT NOT NULL,
    epoch BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    PRIMARY KEY (name, epoch)
);
