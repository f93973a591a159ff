-- A challenge's variant (an account's or an open one): NULL for standard
-- chess, 'chess960'; its start position, drawn when it was made, is its
-- initial_fen.
ALTER TABLE challenges ADD COLUMN variant TEXT;
ALTER TABLE open_challenges ADD COLUMN variant TEXT;
