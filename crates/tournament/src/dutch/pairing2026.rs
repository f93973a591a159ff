//! The Dutch system as applied from 1 February 2026 (C.04.3, approved in
//! 2025): the whole round is one weighted matching over every player to be
//! paired. Before the first bracket the weights only ask for a complete
//! round (everyone paired, the bye to a player who may take it, with the
//! lowest score possible, then the one who has played the most games);
//! each bracket in turn, from the top, gets the full weights of the quality
//! criteria for its pairs and the pairs of the next score group, and its
//! choices (which MDPs play, their opponents, the exchanges of section 4,
//! the pairs) are fixed one by one, each time with the matching
//! recomputed, so the rest of the round can always still be completed.
//!
//! The weights pack the criteria from the most important bit down; the
//! lowest bits stay free for the order of generation (transpositions and
//! exchanges). The procedure follows bbpPairings 6, FIDE's endorsed
//! reference for these rules, and is checked against it.

use std::collections::HashMap;

use super::bracket::bit_length;
use super::candidate::{Candidate, Strength};
use super::computer::Computer;
use crate::history::Float;
use crate::wide::{Weight, Wide};
use crate::Color;

/// The sizes the packing needs, fixed for the round.
struct Layout {
    /// Bits to count the largest score group.
    group_bits: u32,
    /// Where each score's field starts among the score fields, and their
    /// total width.
    score_shift: HashMap<i64, u32>,
    score_bits: u32,
    /// Rounds played before this one.
    played: usize,
}

impl Layout {
    fn new(c: &[Candidate], played: usize) -> Layout {
        let mut score_shift = HashMap::new();
        let mut score_bits = 0;
        let mut largest = 0;
        let mut i = c.len();
        // From the lowest score up: lower scores in lower bits.
        while i > 0 {
            let score = c[i - 1].points;
            let mut j = i;
            while j > 0 && c[j - 1].points == score {
                j -= 1;
            }
            let size = i - j;
            score_shift.insert(score, score_bits);
            score_bits += bit_length(size);
            largest = largest.max(size);
            i = j;
        }
        Layout {
            group_bits: bit_length(largest),
            score_shift,
            score_bits,
            played,
        }
    }

    fn shift_of(&self, score: i64) -> u32 {
        self.score_shift.get(&score).copied().unwrap_or(0)
    }

    /// The width of a weight, from the top field down.
    fn width(&self) -> u32 {
        let g = self.group_bits;
        let s = self.score_bits;
        let mut w = 2 + g + s + g + s + 2 * g + 4 * g;
        if self.played >= 1 {
            w += 2 * g + 2 * s;
        }
        if self.played >= 2 {
            w += 2 * g + 2 * s;
        }
        w + 3 * g + 1
    }
}

/// The bits a weight of this round needs (its fields, and one more for
/// the weight of a fixed pair).
pub(crate) fn weight_bits(c: &[Candidate], played: usize) -> u32 {
    Layout::new(c, played).width() + 1
}

/// What the bye's receiver is known to be, once the first matching is
/// found.
struct Bye {
    /// The bye goes to a player with at most this score.
    score: i64,
    /// The bye's receiver floats down alone from the bracket being paired:
    /// then prefer to leave unpaired who has played the most games.
    single_downfloater: bool,
    /// For each number of games played, the preference to pair such a
    /// player (more games played, less preference).
    played_rank: HashMap<usize, u64>,
}

/// Packs fields into a weight, the first pushed the most significant.
struct Packer<const N: usize>(Wide<N>);

impl<const N: usize> Packer<N> {
    fn push(&mut self, bits: u32, value: Wide<N>) {
        self.0 = self.0.shifted_left(bits).plus(value);
    }
    fn flag(&mut self, bits: u32, on: bool) {
        self.push(bits, Wide::small(u64::from(on)));
    }
}

fn absolute_imbalance(p: &Candidate) -> bool {
    p.colour_difference.abs() > 1
}

fn repeated(p: &Candidate) -> Option<Color> {
    if p.colour_double {
        p.colours.last().copied()
    } else {
        None
    }
}

/// The weight of `hi` (ranked higher) against `lo`; `current`: `lo` is a
/// resident of the bracket being paired; `next`: `lo` is in the next score
/// group.
fn weight<const N: usize>(
    hi: &Candidate,
    lo: &Candidate,
    current: bool,
    next: bool,
    bye: &Bye,
    layout: &Layout,
) -> Wide<N> {
    let g = layout.group_bits;
    let s = layout.score_bits;
    let zero = Wide::<N>::ZERO;
    let bit = |score: i64| Wide::<N>::bit(layout.shift_of(score));
    let candidate = |p: &Candidate| !p.bye_received && p.points <= bye.score;
    let mut w = Packer(zero);
    // Completion, and the bye to whom may take it.
    w.push(
        2,
        Wide::small(1 + u64::from(!candidate(hi)) + u64::from(!candidate(lo))),
    );
    // Pairs in the bracket, and the highest scores paired.
    w.flag(g, current);
    w.push(s, if current { bit(hi.points) } else { zero });
    // Pairs in the next bracket, and their highest scores.
    w.flag(g, next);
    w.push(s, if next { bit(hi.points) } else { zero });
    // The bye's receiver: who has played the most games.
    let mut unplayed = zero;
    if bye.single_downfloater {
        for p in [hi, lo] {
            if p.points == bye.score {
                let rank = bye.played_rank.get(&p.played_games).copied().unwrap_or(0);
                unplayed = unplayed.plus(Wide::small(rank));
            }
        }
    }
    w.push(2 * g, unplayed);
    // Colours.
    let same = hi.side.is_some() && hi.side == lo.side;
    let abs_hi = hi.strength == Strength::Absolute;
    let abs_lo = lo.strength == Strength::Absolute;
    w.flag(
        g,
        current && !(absolute_imbalance(hi) && absolute_imbalance(lo) && same),
    );
    let third_in_a_row_avoided = {
        let (ih, il) = (hi.colour_difference.abs(), lo.colour_difference.abs());
        if ih == il {
            repeated(lo).is_none() || repeated(lo) != repeated(hi)
        } else {
            let narrower = if il > ih { hi } else { lo };
            repeated(narrower) != lo.side.map(Color::other)
        }
    };
    w.flag(
        g,
        current && (!abs_lo || !abs_hi || !same || third_in_a_row_avoided),
    );
    w.flag(g, current && !same);
    let strong = |p: &Candidate| p.strength >= Strength::Strong;
    w.flag(
        g,
        current && (!strong(lo) || !strong(hi) || (abs_lo && abs_hi) || !same),
    );
    // Floats repeated from one and two rounds before.
    let float = |p: &Candidate, back: usize| if back == 1 { p.float1 } else { p.float2 };
    let higher = hi.points > lo.points;
    for back in [1, 2] {
        if layout.played >= back {
            let down = u64::from(float(lo, back) == Some(Float::Down))
                + u64::from(!higher && float(hi, back) == Some(Float::Down));
            w.push(g, if current { Wide::small(down) } else { zero });
            w.flag(
                g,
                current && !(higher && float(lo, back) == Some(Float::Up)),
            );
        }
    }
    for back in [1, 2] {
        if layout.played >= back {
            let mut down = zero;
            if current {
                if float(lo, back) == Some(Float::Down) {
                    down = down.plus(bit(lo.points));
                }
                if float(hi, back) == Some(Float::Down) {
                    down = down.plus(bit(hi.points));
                }
            }
            w.push(s, down);
            let up_avoided = current && !(float(lo, back) == Some(Float::Up) && higher);
            w.push(s, if up_avoided { bit(hi.points) } else { zero });
        }
    }
    // Room for the order of generation.
    w.push(3 * g + 1, zero);
    w.0
}

/// Pairs the round: pairs of indices into `c` (higher-ranked first), a
/// player with itself for the bye; `None` when the absolute criteria leave
/// no complete pairing.
pub(crate) fn pair<const N: usize>(
    c: &[Candidate],
    allowed: &dyn Fn(usize, usize) -> bool,
    played: usize,
) -> Option<Vec<(usize, usize)>> {
    let n = c.len();
    let layout = Layout::new(c, played);
    let max = Wide::<N>::ones(layout.width() + 1);
    let odd = n % 2 == 1;
    let top = c.first().map_or(0, |p| p.points);
    let mut m = Computer::<N>::new(n);
    let mut bye = Bye {
        score: 0,
        single_downfloater: false,
        played_rank: HashMap::new(),
    };
    // Completion first: with an odd number, also who is left for the bye.
    for i in 0..n {
        for j in 0..i {
            if !allowed(j, i) {
                continue;
            }
            let w = if odd {
                let mut w = Packer(Wide::<N>::ZERO);
                w.push(
                    2,
                    Wide::small(1 + u64::from(c[i].bye_received) + u64::from(c[j].bye_received)),
                );
                w.push(
                    layout.score_bits,
                    Wide::small(u64::from(
                        layout.shift_of(c[i].points) + layout.shift_of(c[j].points),
                    )),
                );
                w.flag(layout.group_bits, c[i].points >= top);
                w.0
            } else {
                weight(&c[j], &c[i], false, false, &bye, &layout)
            };
            m.set(i, j, w);
        }
    }
    m.compute();
    let unmatched: Vec<usize> = (0..n).filter(|&i| m.mate[i] == i).collect();
    let complete = match unmatched.as_slice() {
        [] => !odd,
        [b] => odd && !c[*b].bye_received,
        _ => false,
    };
    if !complete {
        return None;
    }
    if odd {
        let b = unmatched[0];
        bye.score = c[b].points;
        bye.single_downfloater = bye.score >= top
            && (0..n)
                .take_while(|&i| c[i].points >= top)
                .all(|i| c[m.mate[i]].points >= top);
        let mut games: Vec<usize> = c
            .iter()
            .filter(|p| p.points == bye.score)
            .map(|p| p.played_games)
            .collect();
        games.sort_unstable_by(|a, b| b.cmp(a));
        for (rank, g) in games.into_iter().enumerate() {
            bye.played_rank.insert(g, rank as u64);
        }
        for i in 0..n {
            for j in 0..i {
                if allowed(j, i) {
                    m.set(i, j, weight(&c[j], &c[i], false, false, &bye, &layout));
                }
            }
        }
    }

    let mut pairs: Vec<(usize, usize)> = Vec::new();
    let mut matched = vec![false; n];
    // The bracket: its MDPs first (`md` of them), then its residents; the
    // next score group follows in `players`.
    let mut players: Vec<usize> = (0..n).take_while(|&i| c[i].points >= top).collect();
    let mut md = 0;
    let mut next_group = players.len();
    let g = layout.group_bits;
    while players.len() > 1 || next_group < n {
        if md == players.len() && next_group == n {
            // Only downfloaters left and no one below: cannot happen after
            // a complete first matching, but never loop on it.
            return None;
        }
        let bracket_len = players.len();
        let residents_start = players.get(md).copied().unwrap_or(n);
        let next_start = next_group;
        if next_group < n {
            let score = c[next_group].points;
            while next_group < n && c[next_group].points >= score {
                players.push(next_group);
                next_group += 1;
            }
        }
        let in_bracket = |v: usize| v >= residents_start && v < next_start;
        // Base weights: the bracket's residents and the next group against
        // everyone before them.
        let len = players.len();
        let mut base = vec![vec![Wide::<N>::ZERO; len]; len];
        for a in md..len {
            for b in 0..a {
                let (hi, lo) = (players[b], players[a]);
                if allowed(hi, lo) {
                    base[a][b] = weight(
                        &c[hi],
                        &c[lo],
                        a < bracket_len,
                        a >= bracket_len,
                        &bye,
                        &layout,
                    );
                }
                m.set(hi, lo, base[a][b]);
            }
        }
        m.compute();

        // Which MDPs play in the bracket: in each score among them, the
        // highest ranked who can.
        let mut k = 0;
        while k < md {
            let score = c[players[k]].points;
            let group: Vec<usize> = (k..md)
                .take_while(|&x| c[players[x]].points == score)
                .collect();
            let mut left = group.len();
            let mut can = group
                .iter()
                .filter(|&&x| in_bracket(m.mate[players[x]]))
                .count();
            for &x in &group {
                let v = players[x];
                if can == 0 {
                    break;
                }
                if left <= can {
                    matched[v] = true;
                    left -= 1;
                    can -= 1;
                    continue;
                }
                left -= 1;
                if !in_bracket(m.mate[v]) {
                    for r in md..bracket_len {
                        let w = base[r][x];
                        if !w.is_zero() {
                            m.set(v, players[r], w.plus(Wide::small(1)));
                        }
                    }
                    m.compute();
                }
                if in_bracket(m.mate[v]) {
                    matched[v] = true;
                    can -= 1;
                    for r in md..bracket_len {
                        let w = base[r][x];
                        if !w.is_zero() {
                            let bonus = (bracket_len - md) as u64 + 1;
                            m.set(v, players[r], w.plus(Wide::small(bonus)));
                        }
                    }
                }
            }
            k += group.len();
        }
        // Each MDP in turn with the highest resident possible.
        for x in 0..md {
            let v = players[x];
            if !matched[v] {
                continue;
            }
            let mut addend = players.len() as u64;
            for r in (md..bracket_len).rev() {
                let u = players[r];
                if matched[u] {
                    continue;
                }
                let w = base[r][x];
                if !w.is_zero() {
                    m.set(v, u, w.plus(Wide::small(addend)));
                    addend += 1;
                }
            }
            m.compute();
            let u = m.mate[v];
            matched[u] = true;
            m.fix(v, u, max);
        }

        // The remainder: S1 is its first `rp` players (as many as pairs).
        let remainder: Vec<usize> = (md..bracket_len)
            .filter(|&r| m.mate[players[r]] >= residents_start)
            .collect();
        let rp = remainder
            .iter()
            .filter(|&&r| m.mate[players[r]] < players[r])
            .count();
        let exchange_weight = |base: &Vec<Vec<Wide<N>>>, lo: usize, hi: usize, idx: usize| {
            let w = base[hi][lo];
            if w.is_zero() {
                return w;
            }
            let s1 = Wide::<N>::small(u64::from(idx < rp)).shifted_left(2 * g);
            w.plus(s1.minus(Wide::small(idx as u64)).shifted_left(1))
        };
        for (bi, &b) in remainder.iter().enumerate() {
            for &a in &remainder[bi + 1..] {
                let w = exchange_weight(&base, b, a, bi);
                m.set(players[b], players[a], w);
            }
        }
        m.compute();
        let in_s1 = |m: &Computer<N>, v: usize| m.mate[v] > v && m.mate[v] < next_start;
        let mut exchanges = remainder[..rp]
            .iter()
            .filter(|&&r| !in_s1(&m, players[r]))
            .count();
        let total = exchanges;
        // From S1 to S2: the highest BSNs possible.
        let mut i = rp;
        while i > 0 && exchanges > 0 {
            i -= 1;
            let b = remainder[i];
            let v = players[b];
            if in_s1(&m, v) {
                for &a in &remainder[i + 1..] {
                    let w = exchange_weight(&base, b, a, i);
                    if !w.is_zero() {
                        m.set(v, players[a], w.minus(Wide::small(1)));
                    }
                }
                m.compute();
            }
            let moved = !in_s1(&m, v);
            if moved {
                exchanges -= 1;
            }
            for &a in &remainder[i + 1..] {
                if moved {
                    base[a][b] = Wide::ZERO;
                }
                let w = exchange_weight(&base, b, a, i);
                m.set(v, players[a], w);
            }
        }
        // From S2 to S1: the lowest BSNs possible.
        let mut exchanges = total;
        let mut idx = rp;
        let mut i = rp;
        while i < remainder.len() && exchanges > 1 {
            let b = remainder[i];
            let v = players[b];
            let already = in_s1(&m, v);
            if !already {
                for &a in &remainder[i + 1..] {
                    let w = exchange_weight(&base, b, a, idx);
                    if !w.is_zero() {
                        m.set(v, players[a], w.plus(Wide::small(1)));
                    }
                }
                m.compute();
            }
            if in_s1(&m, v) {
                exchanges -= 1;
                for &a in &remainder[..i] {
                    base[b][a] = Wide::ZERO;
                    m.set(v, players[a], Wide::ZERO);
                }
                for a in bracket_len..players.len() {
                    base[a][b] = Wide::ZERO;
                    m.set(v, players[a], Wide::ZERO);
                }
            }
            if !already {
                for &a in &remainder[i + 1..] {
                    let w = exchange_weight(&base, b, a, idx);
                    m.set(v, players[a], w);
                }
            }
            idx += 1;
            i += 1;
        }
        // Fix S1 and S2, and drop the exchange preferences.
        for (bi, &b) in remainder.iter().enumerate() {
            for &a in &remainder[bi + 1..] {
                let (vb, va) = (players[b], players[a]);
                if !in_s1(&m, vb) || in_s1(&m, va) {
                    base[a][b] = Wide::ZERO;
                }
                m.set(vb, va, base[a][b]);
            }
        }
        // Each of S1 with the first of S2 that keeps the pairing best.
        for &b in &remainder {
            let v = players[b];
            if !in_s1(&m, v) {
                continue;
            }
            let mut addend = 0u64;
            for &a in remainder.iter().rev() {
                let u = players[a];
                if a <= b || matched[u] {
                    continue;
                }
                let w = base[a][b];
                if !w.is_zero() {
                    m.set(v, u, w.plus(Wide::small(addend)));
                }
                addend += 1;
            }
            m.compute();
            let u = m.mate[v];
            matched[v] = true;
            matched[u] = true;
            m.fix(v, u, max);
        }

        // The next bracket: the unpaired become its MDPs.
        let next_score = players.get(bracket_len).map(|&v| c[v].points);
        bye.single_downfloater = odd && next_score.is_some_and(|s| bye.score >= s);
        let mut new_players = Vec::new();
        md = 0;
        for (x, &v) in players.iter().enumerate() {
            if x < bracket_len && matched[v] {
                let u = m.mate[v];
                if v < u {
                    pairs.push((v, u));
                }
            } else {
                new_players.push(v);
                if x < bracket_len {
                    md += 1;
                }
                if let Some(s) = next_score {
                    if c[m.mate[v]].points < s {
                        bye.single_downfloater = false;
                    }
                }
            }
        }
        players = new_players;
    }
    if let Some(&v) = players.first() {
        pairs.push((v, v));
    }
    Some(pairs)
}
