-- What a game shows between moves and must not forget on a restart or a
-- take-over: a takeback request standing, the squares touched under
-- touch-move, an incorrect draw claim just refused. JSON of the server's
-- `store::Pending`; NULL when none of them is there.
ALTER TABLE games ADD COLUMN pending TEXT;
