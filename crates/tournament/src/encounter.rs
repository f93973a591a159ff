//! Direct encounter (`DE`, FIDE Tie-Break Regulations 2024, article 6):
//! players tied on everything before it are ordered by what they scored
//! against each other.
//!
//! Each player's score in the group is the sum, over the others of the
//! group they met in a game played, of their average score against that
//! player (a double round robin's two games count as one). When all of them
//! have met (in a round robin: always, its unplayed games counting as
//! scored), they are ordered by it. When not all have met (Swiss), a player
//! is ranked above the rest only if their score is more than any other
//! could have reached by winning every encounter they did not play; the
//! first who cannot be separated, and all after, stay tied. Players still
//! tied are looked at again among themselves, until nothing changes.

use crate::{Entry, Outcome, Player};

/// The ordering of a tied group: for each member (in the order given), its
/// position — 1, 2, … — or 0 for everyone when the group cannot be
/// separated at all. Members that stay tied share a position.
pub(crate) fn positions(group: &[&Player], rounds: usize, round_robin: bool) -> Vec<usize> {
    let n = group.len();
    // The current rank value of each member (lower is better), all tied.
    let mut rank = vec![0usize; n];
    let mut settled = vec![false; n];
    for _ in 0..30 {
        let mut changed = false;
        let mut start = 0;
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by_key(|&i| (rank[i], i));
        while start < n {
            let value = rank[order[start]];
            let stop = (start..n).find(|&k| rank[order[k]] != value).unwrap_or(n);
            let sub: Vec<usize> = order[start..stop].to_vec();
            if sub.len() > 1 && !settled[sub[0]] {
                let moved = separate(group, &sub, &mut rank, rounds, round_robin);
                for &i in &sub {
                    settled[i] = !moved;
                }
                changed |= moved;
            }
            start = stop;
        }
        if !changed {
            break;
        }
    }
    // 1, 2, … within the group; 0 for all when nothing was separated.
    if rank.iter().all(|&r| r == rank[0]) {
        return vec![0; n];
    }
    let base = rank.iter().copied().min().unwrap_or(0);
    rank.iter().map(|&r| r - base + 1).collect()
}

/// Points (in half points) `p` scored against `q`, averaged over their
/// games; none when they have not met in a game that counts.
fn against(p: &Player, q: &Player, rounds: usize, round_robin: bool) -> Option<(u32, u32)> {
    let games: Vec<Entry> = p
        .rounds
        .iter()
        .take(rounds)
        .copied()
        .filter(|e| e.opponent == Some(q.rank))
        .filter(|e| {
            e.outcome.is_some_and(|o| {
                // A round robin counts its forfeits as scored.
                o.played() || (round_robin && o.has_opponent())
            })
        })
        .collect();
    if games.is_empty() {
        return None;
    }
    let sum: u32 = games
        .iter()
        .filter_map(|e| e.outcome)
        .map(Outcome::half_points)
        .sum();
    Some((sum, u32::try_from(games.len()).unwrap_or(1)))
}

/// One look at the members `sub` (tied with each other): gives them new
/// rank values; whether any changed.
fn separate(
    group: &[&Player],
    sub: &[usize],
    rank: &mut [usize],
    rounds: usize,
    round_robin: bool,
) -> bool {
    let others = sub.len() - 1;
    // Each member's score against the others, in units of 1/(2·L) where L
    // is the least common multiple of the game counts (≤ 4 here: exact).
    const SCALE: u64 = 2 * 3 * 4;
    let mut score = Vec::with_capacity(sub.len());
    let mut possible = Vec::with_capacity(sub.len());
    let mut all_met = true;
    for &i in sub {
        let (mut total, mut met) = (0u64, 0usize);
        for &j in sub.iter().filter(|&&j| j != i) {
            if let Some((sum, games)) = against(group[i], group[j], rounds, round_robin) {
                total += u64::from(sum) * SCALE / u64::from(games);
                met += 1;
            }
        }
        if met < others && !round_robin {
            all_met = false;
        }
        score.push(total);
        // A win (two half points) in each encounter not played.
        possible.push(total + (others - met) as u64 * 2 * SCALE);
    }
    let base = rank[sub[0]];
    let mut idx: Vec<usize> = (0..sub.len()).collect();
    let mut changed = false;
    if all_met {
        idx.sort_by(|&a, &b| score[b].cmp(&score[a]).then(a.cmp(&b)));
        let mut current = base;
        for (k, &a) in idx.iter().enumerate() {
            if k > 0 && score[a] != score[idx[k - 1]] {
                current = base + k;
                changed = true;
            }
            rank[sub[a]] = current;
        }
    } else {
        idx.sort_by(|&a, &b| {
            score[b]
                .cmp(&score[a])
                .then(possible[b].cmp(&possible[a]))
                .then(a.cmp(&b))
        });
        let mut current = base;
        let mut unique = true;
        for (k, &a) in idx.iter().enumerate() {
            if k > 0 {
                let best_rest = idx[k..].iter().map(|&b| possible[b]).max().unwrap_or(0);
                if unique && score[idx[k - 1]] > best_rest {
                    current = base + k;
                    changed = true;
                } else {
                    unique = false;
                }
            }
            rank[sub[a]] = current;
        }
    }
    changed
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Color;

    fn game(opponent: u16, outcome: Outcome) -> Entry {
        Entry {
            opponent: Some(opponent),
            color: Some(Color::White),
            outcome: Some(outcome),
        }
    }

    fn player(rank: u16, rounds: Vec<Entry>) -> Player {
        Player {
            rank,
            rounds,
            ..Player::default()
        }
    }

    #[test]
    fn tied_players_who_did_not_all_meet() {
        // 1 beat 2 and 3; 2 and 3 did not meet. 1 scored 2, more than 2
        // or 3 could have reached (1: a win over the other): 1 is first,
        // 2 and 3 stay tied.
        let p1 = player(1, vec![game(2, Outcome::Win), game(3, Outcome::Win)]);
        let p2 = player(2, vec![game(1, Outcome::Loss), Entry::EMPTY]);
        let p3 = player(3, vec![Entry::EMPTY, game(1, Outcome::Loss)]);
        assert_eq!(positions(&[&p1, &p2, &p3], 2, false), [1, 2, 2]);
        // 1 only drew 2: half a point is not more than 3 could reach.
        let p1 = player(1, vec![game(2, Outcome::Draw), Entry::EMPTY]);
        let p2 = player(2, vec![game(1, Outcome::Draw), Entry::EMPTY]);
        let p3 = player(3, vec![Entry::EMPTY, Entry::EMPTY]);
        assert_eq!(positions(&[&p1, &p2, &p3], 2, false), [0, 0, 0]);
        // In a round robin the encounters played decide alone, and a
        // forfeit counts as scored.
        let p1 = player(1, vec![game(2, Outcome::ForfeitWin), Entry::EMPTY]);
        let p2 = player(2, vec![game(1, Outcome::ForfeitLoss), Entry::EMPTY]);
        assert_eq!(positions(&[&p1, &p2, &p3], 2, true), [1, 2, 2]);
        assert_eq!(positions(&[&p1, &p2], 2, false), [0, 0]);
    }

    #[test]
    fn a_double_round_robin_averages_the_two_games() {
        // 1 and 2: a win and a loss, an average of a half: still tied, and
        // then tied with 3 too, whom both drew twice.
        let p1 = player(
            1,
            vec![
                game(2, Outcome::Win),
                game(3, Outcome::Draw),
                game(2, Outcome::Loss),
                game(3, Outcome::Draw),
            ],
        );
        let p2 = player(
            2,
            vec![
                game(1, Outcome::Loss),
                game(3, Outcome::Draw),
                game(1, Outcome::Win),
                game(3, Outcome::Draw),
            ],
        );
        let p3 = player(
            3,
            vec![
                game(1, Outcome::Draw),
                game(2, Outcome::Draw),
                game(1, Outcome::Draw),
                game(2, Outcome::Draw),
            ],
        );
        assert_eq!(positions(&[&p1, &p2, &p3], 4, true), [0, 0, 0]);
    }
}
