//! The quick pairing pools (lichess's: 1+0 … 30+20) and how a wave pairs
//! their waiting players, after lila's pool matchmaking: two players may
//! meet when their rating difference, less a bonus that grows with the
//! wait of the one who waited less (12 points a wave missed, at most
//! 460), is within a bound set by the lower rating (130 under 1000, 100
//! under 1500, rating ÷ 15 above). Among the pairings allowed, a wave
//! makes as many games as it can, and of those the closest in rating:
//! players sorted by rating, neighbours paired by dynamic programming
//! (for distances on a line, the best matching pairs neighbours); then
//! the ones left, whom the wait bonus may let meet past a neighbour, best
//! score first. (lila pairs by a general weighted matching, and its waves
//! come every 10–60 s by pool; here every pool's wave comes every 3 s.)

use sakk_rating::Speed;

use super::wire::PoolView;
use crate::store::MemberRow;

/// How often the pools are paired, milliseconds.
pub const WAVE_MS: i64 = 3_000;

/// A pool: its clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pool {
    /// Initial time, minutes.
    pub minutes: u32,
    /// Increment, seconds.
    pub increment: u32,
}

impl Pool {
    /// Its id: `3+2`.
    pub fn id(self) -> String {
        format!("{}+{}", self.minutes, self.increment)
    }

    /// The clock's initial time, seconds.
    pub fn limit(self) -> u32 {
        self.minutes * 60
    }

    /// Its category.
    pub fn speed(self) -> Speed {
        Speed::of_clock(u64::from(self.limit()), u64::from(self.increment))
    }

    /// The pool of an id.
    pub fn find(id: &str) -> Option<Pool> {
        POOLS.into_iter().find(|p| p.id() == id)
    }

    /// As the lobby shows it, with `waiting` players.
    pub fn view(self, waiting: u32) -> PoolView {
        PoolView {
            id: self.id(),
            limit: self.limit(),
            increment: self.increment,
            speed: self.speed(),
            waiting,
        }
    }
}

const fn pool(minutes: u32, increment: u32) -> Pool {
    Pool { minutes, increment }
}

/// lichess's pools.
pub const POOLS: [Pool; 11] = [
    pool(1, 0),
    pool(2, 1),
    pool(3, 0),
    pool(3, 2),
    pool(5, 0),
    pool(5, 3),
    pool(10, 0),
    pool(10, 5),
    pool(15, 10),
    pool(30, 0),
    pool(30, 20),
];

/// The largest score a pairing of a player of `rating` may have.
fn max_score(rating: i64) -> i64 {
    if rating < 1000 {
        130
    } else if rating < 1500 {
        100
    } else {
        rating / 15
    }
}

/// The bonus of a player who joined at `joined` (ms), at `now`.
fn wait_bonus(joined: i64, now: i64) -> i64 {
    let waves = (now - joined).max(0) / WAVE_MS;
    (waves * 12).min(460)
}

/// The score of pairing `a` and `b` at `now` (lower is better); `None`
/// when they may not be paired yet.
fn score(a: &MemberRow, b: &MemberRow, now: i64) -> Option<i64> {
    let bonus = wait_bonus(a.joined_at, now).min(wait_bonus(b.joined_at, now));
    let score = (a.rating - b.rating).abs() - bonus;
    (score <= max_score(a.rating.min(b.rating))).then_some(score)
}

/// One pool's pairings at `now`: as many as allowed, then the lowest total
/// score (indices into `members`).
fn pair_pool(members: &[&MemberRow], now: i64) -> Vec<(usize, usize)> {
    let mut order: Vec<usize> = (0..members.len()).collect();
    order.sort_by_key(|&i| (members[i].rating, members[i].joined_at));
    // best[k]: (pairs, -score) over the first k in rating order.
    let n = order.len();
    let mut best = vec![(0usize, 0i64); n + 1];
    let mut took = vec![false; n + 1];
    for k in 2..=n {
        best[k] = best[k - 1];
        let (a, b) = (members[order[k - 2]], members[order[k - 1]]);
        if let Some(s) = score(a, b, now) {
            let with = (best[k - 2].0 + 1, best[k - 2].1 - s);
            if with > best[k] {
                best[k] = with;
                took[k] = true;
            }
        }
    }
    let mut pairs = Vec::new();
    let mut k = n;
    while k >= 2 {
        if took[k] {
            pairs.push((order[k - 2], order[k - 1]));
            k -= 2;
        } else {
            k -= 1;
        }
    }
    pairs.reverse();
    // With the wait bonus, two who are not neighbours may meet where
    // neither may meet the one between them: the ones left are paired
    // among themselves, best score first.
    let paired: std::collections::HashSet<usize> =
        pairs.iter().flat_map(|&(a, b)| [a, b]).collect();
    let left: Vec<usize> = order.into_iter().filter(|i| !paired.contains(i)).collect();
    let mut candidates: Vec<(i64, usize, usize)> = Vec::new();
    for (k, &a) in left.iter().enumerate() {
        for &b in &left[k + 1..] {
            if let Some(s) = score(members[a], members[b], now) {
                candidates.push((s, a, b));
            }
        }
    }
    candidates.sort_unstable();
    let mut taken = std::collections::HashSet::new();
    for (_, a, b) in candidates {
        if !taken.contains(&a) && !taken.contains(&b) {
            taken.extend([a, b]);
            pairs.push((a, b));
        }
    }
    pairs
}

/// A wave's pairings over every pool at `now` (a player waiting in two
/// pools is paired once): the two memberships of each.
pub fn wave(members: &[MemberRow], now: i64) -> Vec<(MemberRow, MemberRow)> {
    let mut paired_users = std::collections::HashSet::new();
    let mut out = Vec::new();
    for pool in POOLS {
        let id = pool.id();
        let here: Vec<&MemberRow> = members
            .iter()
            .filter(|m| m.pool == id && !paired_users.contains(&m.user_id))
            .collect();
        for (a, b) in pair_pool(&here, now) {
            let (a, b) = (here[a], here[b]);
            if a.user_id == b.user_id {
                continue;
            }
            paired_users.insert(a.user_id.clone());
            paired_users.insert(b.user_id.clone());
            out.push((a.clone(), b.clone()));
        }
    }
    out
}

/// The pools with their waiting counts among `members`.
pub fn views(members: &[MemberRow]) -> Vec<PoolView> {
    POOLS
        .into_iter()
        .map(|p| {
            let id = p.id();
            let waiting = members.iter().filter(|m| m.pool == id).count();
            p.view(u32::try_from(waiting).unwrap_or(u32::MAX))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn member(user: &str, rating: i64, joined_at: i64) -> MemberRow {
        MemberRow {
            id: format!("m-{user}"),
            pool: "3+2".to_string(),
            user_id: user.to_string(),
            rating,
            joined_at,
            expires_at: i64::MAX,
        }
    }

    fn users(pairs: &[(MemberRow, MemberRow)]) -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(a, b)| (a.user_id.clone(), b.user_id.clone()))
            .collect()
    }

    #[test]
    fn the_pools_are_lichesss() {
        let ids: Vec<String> = POOLS.iter().map(|p| p.id()).collect();
        assert_eq!(
            ids,
            ["1+0", "2+1", "3+0", "3+2", "5+0", "5+3", "10+0", "10+5", "15+10", "30+0", "30+20"]
        );
        assert_eq!(Pool::find("3+2").map(Pool::speed), Some(Speed::Blitz));
        assert_eq!(Pool::find("1+0").map(Pool::speed), Some(Speed::Bullet));
        assert_eq!(Pool::find("15+10").map(Pool::speed), Some(Speed::Rapid));
        assert_eq!(Pool::find("30+20").map(Pool::speed), Some(Speed::Classical));
        assert_eq!(Pool::find("4+0"), None);
    }

    #[test]
    fn close_ratings_meet_at_once_and_far_ones_after_a_wait() {
        let now = 1_000_000;
        let near = [member("a", 1500, now), member("b", 1580, now)];
        assert_eq!(users(&wave(&near, now)), [("a".into(), "b".into())]);
        // 400 apart: not at once (the lower's bound: 1500 ÷ 15 = 100) …
        let far = [member("a", 1500, now), member("b", 1900, now)];
        assert!(wave(&far, now).is_empty());
        assert!(wave(&far, now + 24 * WAVE_MS).is_empty());
        // … but after (400 − 100) ÷ 12 = 25 waves missed by both.
        let later = now + 25 * WAVE_MS;
        assert_eq!(wave(&far, later).len(), 1);
        // The one who waited less bounds the bonus.
        let one_new = [member("a", 1500, now), member("b", 1900, later)];
        assert!(wave(&one_new, later).is_empty());
    }

    #[test]
    fn a_wave_makes_as_many_games_as_it_can_then_the_closest() {
        let now = 0;
        // Sorted: 1400 1450 1500 1560. Closest neighbours would pair
        // 1450–1500 and leave two; the best pairs all four.
        let m = [
            member("a", 1400, now),
            member("b", 1450, now),
            member("c", 1500, now),
            member("d", 1560, now),
        ];
        let got = users(&wave(&m, now));
        assert_eq!(got, [("a".into(), "b".into()), ("c".into(), "d".into())]);
        // Three: the closest two.
        let m = [
            member("a", 1400, now),
            member("b", 1480, now),
            member("c", 1500, now),
        ];
        assert_eq!(users(&wave(&m, now)), [("b".into(), "c".into())]);
    }

    #[test]
    fn two_who_waited_long_meet_past_a_newcomer_between_them() {
        // The reviewer's case: A and C have waited; B, between them, has
        // just come. Neither neighbour pair is allowed; A–C is.
        let now = 1_000_000;
        let long_ago = now - 60 * WAVE_MS;
        let m = [
            member("a", 1500, long_ago),
            member("b", 1650, now),
            member("c", 1800, long_ago),
        ];
        assert_eq!(users(&wave(&m, now)), [("a".into(), "c".into())]);
    }

    #[test]
    fn a_player_in_two_pools_is_paired_once() {
        let now = 0;
        let mut m = vec![member("a", 1500, now), member("b", 1500, now)];
        let mut other = member("a", 1500, now);
        other.pool = "5+0".to_string();
        other.id = "m-a2".to_string();
        m.push(other);
        let mut d = member("d", 1500, now);
        d.pool = "5+0".to_string();
        m.push(d);
        // a meets b in 3+2; in 5+0, d is left to wait for another.
        assert_eq!(users(&wave(&m, now)), [("a".into(), "b".into())]);
    }

    #[test]
    fn the_waiting_counts_are_per_pool() {
        let m = [member("a", 1500, 0), member("b", 1500, 0)];
        let v = views(&m);
        assert_eq!(v.len(), POOLS.len());
        assert_eq!(v.iter().find(|p| p.id == "3+2").map(|p| p.waiting), Some(2));
        assert_eq!(v.iter().map(|p| p.waiting).sum::<u32>(), 2);
    }
}
