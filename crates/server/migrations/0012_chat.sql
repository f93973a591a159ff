-- A game's chat (lichess's Board and Bot APIs): what its players wrote,
-- in the players' room or to the spectators, kept with the game.
CREATE TABLE chat (
    id TEXT PRIMARY KEY,
    game_id TEXT NOT NULL,
    at BIGINT NOT NULL,
    user_id TEXT NOT NULL REFERENCES users (id),
    -- player or spectator.
    room TEXT NOT NULL,
    text TEXT NOT NULL
);
CREATE INDEX chat_game ON chat (game_id, room, at);
