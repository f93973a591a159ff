-- Correspondence games (days a move): when the side to move loses on time,
-- in milliseconds since the Unix epoch. Their time runs on while no node
-- holds them, so the deadline is stored, and the nodes end on time the
-- games whose deadline has passed (an index for that search).
ALTER TABLE games ADD COLUMN deadline BIGINT;
CREATE INDEX games_deadline ON games (deadline) WHERE deadline IS NOT NULL;
-- A challenge (to an account, or open) of days a move: the days, in place
-- of a clock's limit and increment.
ALTER TABLE challenges ADD COLUMN days BIGINT;
ALTER TABLE open_challenges ADD COLUMN days BIGINT;
