//! Pairing one bracket (C.04.3 B and D): the best pairing by the quality
//! criteria is a heaviest matching; among the pairings equally good by
//! every criterion, the rules take the one generated first by the
//! transpositions and exchanges of section D. Each step below nudges the
//! weights so that the matching settles one more choice of section D, then
//! fixes it, as the reference programs do.

use super::bracket::{Bracket, Role};
use super::candidate::Candidate;
use crate::matching::max_weight_matching;
use crate::wide::{Weight, Wide};

/// Which pairs the absolute criteria allow (C.1 no second game, C.3 no two
/// non-topscorers with the same absolute colour preference, and the
/// tournament's forbidden pairs), and which players may take the
/// pairing-allocated bye (C.2); with the pairs fixed so far, it answers
/// whether the round can still be completed.
#[derive(Clone)]
pub(crate) struct Validity {
    allowed: Vec<Vec<bool>>,
    /// `allowed` with the fixed pairs forced: what completion may use.
    open: Vec<Vec<bool>>,
}

impl Validity {
    pub fn new(c: &[Candidate], forbidden: &[(u16, u16)]) -> Validity {
        let n = c.len();
        let mut allowed = vec![vec![false; n]; n];
        for i in 0..n {
            for j in i + 1..n {
                let (p, q) = (&c[i], &c[j]);
                let banned = forbidden
                    .iter()
                    .any(|&(a, b)| (a, b) == (p.id, q.id) || (b, a) == (p.id, q.id));
                let c3 = p.top_scorer
                    || q.top_scorer
                    || p.side != q.side
                    || p.strength != super::candidate::Strength::Absolute
                    || q.strength != super::candidate::Strength::Absolute;
                let ok = !banned && !p.met(q) && c3;
                allowed[i][j] = ok;
                allowed[j][i] = ok;
            }
        }
        // The bye as one more vertex when the number is odd.
        let m = n + n % 2;
        let mut open = vec![vec![false; m]; m];
        for (i, row) in allowed.iter().enumerate() {
            open[i][..n].copy_from_slice(row);
        }
        if n % 2 == 1 {
            for (i, p) in c.iter().enumerate() {
                open[i][n] = !p.bye_received;
                open[n][i] = !p.bye_received;
            }
        }
        Validity { allowed, open }
    }

    /// Whether `a` and `b` may meet.
    pub fn allows(&self, a: usize, b: usize) -> bool {
        self.allowed[a][b]
    }

    /// Fixes the pair `a`–`b` for completion.
    pub fn fix(&mut self, a: usize, b: usize) {
        for k in 0..self.open.len() {
            for (x, y) in [(a, k), (b, k)] {
                self.open[x][y] = false;
                self.open[y][x] = false;
            }
        }
        self.open[a][b] = true;
        self.open[b][a] = true;
    }

    /// Whether every player can still be paired (one with the bye).
    pub fn completable(&self) -> bool {
        let m = self.open.len();
        let mut edges = Vec::new();
        for i in 0..m {
            for j in i + 1..m {
                if self.open[i][j] {
                    edges.push((i, j, 1u64));
                }
            }
        }
        max_weight_matching(m, &edges).iter().all(Option::is_some)
    }
}

/// The weighted graph of one bracket and its current heaviest matching.
struct Graph<const N: usize> {
    players: Vec<(usize, Role)>,
    weights: Vec<Vec<Wide<N>>>,
    max: Wide<N>,
    /// Local index of each vertex's mate (itself when unpaired).
    mate: Vec<usize>,
}

impl<const N: usize> Graph<N> {
    fn new(bracket: &Bracket, c: &[Candidate], validity: &Validity) -> Self {
        let players = bracket.players();
        let n = players.len();
        let mut weights = vec![vec![Wide::ZERO; n]; n];
        for i in 0..n {
            for j in i + 1..n {
                if validity.allows(players[i].0, players[j].0) {
                    let w = bracket.weight(c, players[i], players[j]);
                    weights[i][j] = w;
                    weights[j][i] = w;
                }
            }
        }
        let mut g = Graph {
            max: Wide::ones(bracket.width()),
            players,
            weights,
            mate: (0..n).collect(),
        };
        g.update();
        g
    }

    fn local(&self, global: usize) -> usize {
        self.players
            .iter()
            .position(|&(p, _)| p == global)
            .unwrap_or(usize::MAX)
    }

    fn update(&mut self) {
        let n = self.players.len();
        let mut edges = Vec::new();
        for i in 0..n {
            for j in i + 1..n {
                if !self.weights[i][j].is_zero() {
                    edges.push((i, j, self.weights[i][j]));
                }
            }
        }
        let mate = max_weight_matching(n, &edges);
        self.mate = mate
            .iter()
            .enumerate()
            .map(|(i, m)| m.unwrap_or(i))
            .collect();
    }

    /// The global index of `p`'s mate (`p` itself when unpaired).
    fn mate_of(&self, p: usize) -> usize {
        self.players[self.mate[self.local(p)]].0
    }

    fn role(&self, p: usize) -> Role {
        self.players[self.local(p)].1
    }

    /// Adds `value` (then `value + 1`, … when `step`) to the weights of the
    /// edges from `p` to each of `others`, in order.
    fn add(&mut self, p: usize, others: &[usize], value: i64, step: bool) {
        let i = self.local(p);
        let mut value = value;
        for &o in others {
            let j = self.local(o);
            let w = self.weights[i][j];
            if !w.is_zero() {
                let d = Wide::small(value.unsigned_abs());
                let w = if value >= 0 { w.plus(d) } else { w.minus(d) };
                self.weights[i][j] = w;
                self.weights[j][i] = w;
            }
            if step {
                value += 1;
            }
        }
    }

    fn remove(&mut self, p: usize, others: &[usize]) {
        let i = self.local(p);
        for &o in others {
            let j = self.local(o);
            self.weights[i][j] = Wide::ZERO;
            self.weights[j][i] = Wide::ZERO;
        }
    }

    /// Forces `a`–`b` into every later matching.
    fn fix(&mut self, a: usize, b: usize) {
        let (i, j) = (self.local(a), self.local(b));
        for k in 0..self.players.len() {
            for (x, y) in [(i, k), (j, k)] {
                self.weights[x][y] = Wide::ZERO;
                self.weights[y][x] = Wide::ZERO;
            }
        }
        self.weights[i][j] = self.max;
        self.weights[j][i] = self.max;
    }

    fn resident_mate(&self, p: usize) -> bool {
        let m = self.mate_of(p);
        m != p && self.role(m) == Role::Resident
    }

    /// In S1: paired with a lower-ranked resident.
    fn in_s1(&self, p: usize) -> bool {
        let m = self.mate_of(p);
        p < m && self.role(m) == Role::Resident
    }

    /// In S2: paired with a higher-ranked player, with the next score
    /// group, or not at all.
    fn in_s2(&self, p: usize) -> bool {
        let m = self.mate_of(p);
        p >= m || self.role(m) == Role::Lower
    }
}

/// The pairs of the bracket (global indices, higher-ranked first; a player
/// paired with itself takes the bye), or `None` when the players it leaves
/// unpaired do not let the round be completed.
pub(crate) fn pair_bracket<const N: usize>(
    b: &Bracket,
    c: &[Candidate],
    validity: &mut Validity,
) -> Option<Vec<(usize, usize)>> {
    let mut g = Graph::<N>::new(b, c, validity);
    let count = g.players.len() as i64;

    // D.3: which MDPs make S1 — the highest ranked that can be paired.
    let mut s1_md = Vec::new();
    for &m in &b.moved_down {
        if !g.resident_mate(m) {
            g.add(m, &b.residents, 1, false);
            g.update();
        }
        if g.resident_mate(m) {
            s1_md.push(m);
            g.add(m, &b.residents, count, false);
        }
    }
    // D.1: each MDP in turn with the first resident that still allows the
    // best pairing.
    let mut s2_md = Vec::new();
    for &m in &s1_md {
        let reversed: Vec<usize> = b.residents.iter().rev().copied().collect();
        g.add(m, &reversed, 0, true);
        g.update();
        let r = g.mate_of(m);
        s2_md.push(r);
        g.fix(m, r);
        validity.fix(m, r);
    }

    // D.2: the remainder (or the homogeneous bracket): how many
    // exchanges, then which.
    let remainder: Vec<usize> = b
        .residents
        .iter()
        .copied()
        .filter(|r| !s2_md.contains(r))
        .collect();
    let pairs = remainder.iter().filter(|&&r| g.resident_mate(r)).count() / 2;
    let mut s1: Vec<usize> = remainder[..pairs].to_vec();
    let mut s2: Vec<usize> = remainder[pairs..].to_vec();
    for (i, &r) in remainder.iter().enumerate() {
        let value = ((i64::from(i < pairs) << (2 * b.bits)) - i as i64) << 1;
        g.add(r, &remainder[i + 1..], value, false);
    }
    g.update();
    let exchanges = s1.iter().filter(|&&r| g.in_s2(r)).count();

    // D.2.c: move the highest possible BSNs from S1 to S2.
    let mut left = exchanges;
    for i in (0..s1.len()).rev() {
        if left == 0 {
            break;
        }
        let r = s1[i];
        let below: Vec<usize> = s1[i + 1..].iter().chain(&s2).copied().collect();
        let was = g.in_s2(r);
        if !was {
            g.add(r, &below, -1, false);
            g.update();
        }
        if g.in_s2(r) {
            left -= 1;
            g.remove(r, &below);
        }
        if !was {
            g.add(r, &below, 1, false);
        }
    }
    // D.2.d: move the lowest possible BSNs from S2 to S1.
    let mut left = exchanges;
    for i in 0..s2.len() {
        if left == 0 {
            break;
        }
        let r = s2[i];
        let above: Vec<usize> = s1.iter().chain(&s2[..i]).copied().collect();
        let was = g.in_s1(r);
        if !was {
            g.add(r, &above, -1, false);
            g.update();
        }
        if !g.in_s2(r) {
            left -= 1;
            let mut away = above.clone();
            away.extend(&b.lower);
            g.remove(r, &away);
        }
        if !was {
            g.add(r, &above, 1, false);
        }
    }
    let all: Vec<usize> = s1.iter().chain(&s2).copied().collect();
    s1 = all.iter().copied().filter(|&r| g.in_s1(r)).collect();
    s2 = all.iter().copied().filter(|&r| g.in_s2(r)).collect();
    for i in 0..s1.len() {
        let rest = s1[i + 1..].to_vec();
        g.remove(s1[i], &rest);
    }
    for i in 0..s2.len() {
        let rest = s2[i + 1..].to_vec();
        g.remove(s2[i], &rest);
    }
    // D.1 in the remainder: each of S1 with the first of S2 that allows the
    // best pairing.
    for &r in &s1 {
        let reversed: Vec<usize> = s2.iter().rev().copied().collect();
        g.add(r, &reversed, 0, true);
        g.update();
        let m = g.mate_of(r);
        g.fix(r, m);
        validity.fix(r, m);
    }

    // A.9: the downfloaters must let the rest of the round be paired.
    if !(b.penultimate || b.last || validity.completable()) {
        return None;
    }
    let mut pairs = Vec::new();
    for (i, &(p, role)) in g.players.iter().enumerate() {
        let (m, mrole) = g.players[g.mate[i]];
        if role == Role::Lower || mrole == Role::Lower {
            continue;
        }
        if p < m || (p == m && b.last) {
            pairs.push((p, m));
        }
    }
    Some(pairs)
}
