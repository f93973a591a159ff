-- A move whose game changed only in what the move's row keeps (its time,
-- the clocks) is stored as that row alone: the game's row is not rewritten
-- by every move (one page written a move instead of two). The move keeps
-- the version and the id of the commit that stored it; a game read back
-- takes its version, commit id, time and clocks from its last move when
-- that is the newer. Moves stored before have neither (their games' rows
-- were written with them). In a cluster every move still writes its row
-- (its lock orders the move with a take-over). A binary from before this
-- migration would read such a game's clocks as of its row's last write.
ALTER TABLE moves ADD COLUMN version BIGINT;
ALTER TABLE moves ADD COLUMN commit_id BIGINT;
