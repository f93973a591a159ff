-- Online tournaments: a game played for a tournament's board names its
-- tournament (its result then goes into the tournament), and a tournament
-- keeps the hashes of its links (each player's, the join link) as JSON.
ALTER TABLE games ADD COLUMN tournament TEXT;
ALTER TABLE tournaments ADD COLUMN secrets TEXT NOT NULL DEFAULT '{}';
