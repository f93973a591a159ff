-- What a game shows between moves and must not forget on a restart or a
-- take-over: a takeback request standing, the squares touched under
-- touch-move, an incorrect draw claim just refused. JSON of the server's
-- `store::Pending`; NULL when none of them is there.
ALTER TABLE games ADD COLUMN pending TEXT;
-- A random number each commit writes with the game's row: after a commit
-- whose answer was lost, the server reads it back to tell whether its own
-- change was stored (a version number alone cannot tell whose it is).
ALTER TABLE games ADD COLUMN commit_id BIGINT NOT NULL DEFAULT 0;
