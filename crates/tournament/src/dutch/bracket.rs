//! A pairing bracket (C.04.3 A.3) and the weight of each possible pair in
//! it: the quality criteria C.5–C.19 packed into one integer, the most
//! important criterion in the highest bits, so that the heaviest matching
//! is the pairing the rules choose.
//!
//! The packing follows the reference programs (bbpPairings, and py4swiss
//! after it): each criterion gets as many bits as the sum of its values
//! over a whole pairing can need, so that no criterion can outweigh a more
//! important one. The lowest bits stay free for the transpositions and
//! exchanges of section D, added while the bracket is paired.

use std::collections::BTreeMap;

use super::candidate::{Candidate, Strength};
use crate::history::Float;
use crate::wide::{Weight, Wide};

/// A player's part in the bracket being paired.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Role {
    /// A moved-down player (A.3), unpaired in the bracket above.
    MovedDown,
    /// A resident of the score group.
    Resident,
    /// A resident of the next score group, there to see which downfloaters
    /// the next bracket can pair (C.7).
    Lower,
}

/// One bracket: its players (global indices, rank order) and the sizes the
/// packing needs.
pub(crate) struct Bracket {
    pub moved_down: Vec<usize>,
    pub residents: Vec<usize>,
    pub lower: Vec<usize>,
    /// The round being paired.
    pub round: usize,
    /// The penultimate pairing bracket (A.9), after a collapse.
    pub penultimate: bool,
    /// The last bracket.
    pub last: bool,
    /// The score of the lowest resident.
    min_score: i64,
    /// Bits to count the residents.
    pub bits: u32,
    /// Bits to count the next score group.
    low_bits: u32,
    /// Bits for the score differences, and where each difference's field
    /// starts.
    sd_bits: u32,
    sd_offset: BTreeMap<i64, u32>,
}

/// The number of bits of `n` (0 for 0).
pub(crate) fn bit_length(n: usize) -> u32 {
    usize::BITS - n.leading_zeros()
}

impl Bracket {
    pub fn new(
        c: &[Candidate],
        moved_down: Vec<usize>,
        residents: Vec<usize>,
        lower: Vec<usize>,
        round: usize,
        penultimate: bool,
    ) -> Bracket {
        let min_score = residents.last().map_or(0, |&r| c[r].points);
        // Every score difference (A.8) a pairing of this bracket can make:
        // a downfloater's score over one point below the bracket's lowest,
        // an MDP against a resident, residents among themselves (only
        // different in the collapsed bracket). Each difference gets a field
        // wide enough to count its occurrences.
        let mut diffs: Vec<i64> = moved_down
            .iter()
            .chain(&residents)
            .map(|&p| c[p].points - min_score + 10)
            .collect();
        for &m in &moved_down {
            let mut set: Vec<i64> = residents
                .iter()
                .map(|&r| c[m].points - c[r].points)
                .collect();
            set.sort_unstable();
            set.dedup();
            diffs.extend(set);
        }
        for (i, &r) in residents.iter().enumerate() {
            let mut set: Vec<i64> = residents[i + 1..]
                .iter()
                .map(|&s| c[r].points - c[s].points)
                .collect();
            set.sort_unstable();
            set.dedup();
            diffs.extend(set);
        }
        let mut counts: BTreeMap<i64, usize> = BTreeMap::new();
        for d in diffs {
            *counts.entry(d).or_default() += 1;
        }
        let mut sd_offset = BTreeMap::new();
        let mut sd_bits = 0;
        for (d, n) in counts {
            sd_offset.insert(d, sd_bits);
            sd_bits += bit_length(n);
        }
        Bracket {
            bits: bit_length(residents.len()),
            low_bits: bit_length(lower.len()),
            last: lower.is_empty(),
            moved_down,
            residents,
            lower,
            round,
            penultimate,
            min_score,
            sd_bits,
            sd_offset,
        }
    }

    /// The bracket's players in rank order with their roles.
    pub fn players(&self) -> Vec<(usize, Role)> {
        let md = self.moved_down.iter().map(|&p| (p, Role::MovedDown));
        let res = self.residents.iter().map(|&p| (p, Role::Resident));
        let low = self.lower.iter().map(|&p| (p, Role::Lower));
        md.chain(res).chain(low).collect()
    }

    /// The bits each criterion takes, C.5 to C.19 in order.
    fn shifts(&self) -> [u32; 15] {
        let b = self.bits;
        let sd = self.sd_bits;
        let one = self.round > 1;
        let two = self.round > 2;
        let end = self.penultimate || self.last;
        [
            b,                                        // C.5
            sd,                                       // C.6
            if end { 0 } else { self.low_bits + sd }, // C.7
            b,                                        // C.8
            b,                                        // C.9
            b,                                        // C.10
            b,                                        // C.11
            if one { b } else { 0 },                  // C.12
            if two { b } else { 0 },                  // C.13
            if one { b } else { 0 },                  // C.14
            if two { b } else { 0 },                  // C.15
            if one { sd } else { 0 },                 // C.16
            if one { sd } else { 0 },                 // C.17
            if two { sd } else { 0 },                 // C.18
            if two { sd } else { 0 },                 // C.19
        ]
    }

    /// The bits below the criteria, for section D.
    pub fn low_room(&self) -> u32 {
        3 * self.bits + 1
    }

    /// The width of a pair's weight.
    pub fn width(&self) -> u32 {
        2 + self.shifts().iter().sum::<u32>() + self.low_room()
    }

    fn sd_field<const N: usize>(&self, d: i64) -> Wide<N> {
        Wide::bit(self.sd_offset.get(&d).copied().unwrap_or(0))
    }

    /// The weight of pairing `a` with `b` (`a` ranked higher), both allowed
    /// to meet.
    pub fn weight<const N: usize>(
        &self,
        c: &[Candidate],
        (a, ra): (usize, Role),
        (b, rb): (usize, Role),
    ) -> Wide<N> {
        let (p, q) = (&c[a], &c[b]);
        let zero = Wide::<N>::ZERO;
        let one = Wide::<N>::small(1);
        let flag = |x: bool| if x { one } else { zero };
        let paired = rb != Role::Lower;
        let sd = |x: &Candidate| x.points - self.min_score + 10;
        let down1 = |x: &Candidate| x.float1 == Some(Float::Down);
        let down2 = |x: &Candidate| x.float2 == Some(Float::Down);
        let up1 = |x: &Candidate| x.float1 == Some(Float::Up);
        let up2 = |x: &Candidate| x.float2 == Some(Float::Up);
        let higher = p.points > q.points;
        let same_side = p.side.is_some() && p.side == q.side;
        let top = p.top_scorer || q.top_scorer;
        // A repeated float avoided, measured by score difference (C.16,
        // C.18): the floater's own difference if it stays, less the pair's.
        let repeated_down = |pd: bool, qd: bool| {
            let mut w = zero;
            if pd {
                w = w.plus(self.sd_field(sd(p)));
            }
            if qd {
                w = w.plus(self.sd_field(sd(q)));
            }
            if pd && higher {
                w = w.minus(self.sd_field(p.points - q.points));
            }
            w
        };
        let repeated_up = |qu: bool| {
            if qu && higher {
                zero.minus(self.sd_field(sd(p)))
            } else {
                zero
            }
        };
        let values: [Wide<N>; 15] = if paired {
            [
                one,
                self.sd_field::<N>(sd(p))
                    .plus(self.sd_field(sd(q)))
                    .minus(self.sd_field(p.points - q.points)),
                self.sd_field::<N>(sd(p)).plus(self.sd_field(sd(q))),
                flag(
                    !(top
                        && p.colour_difference.abs() > 1
                        && q.colour_difference.abs() > 1
                        && same_side),
                ),
                flag(!(top && p.colour_double && q.colour_double && same_side)),
                flag(!same_side),
                flag(
                    !(p.strength >= Strength::Strong
                        && q.strength >= Strength::Strong
                        && same_side),
                ),
                flag(down1(p) && !higher).plus(flag(down1(q))),
                flag(!(up1(q) && higher)),
                flag(down2(p) && !higher).plus(flag(down2(q))),
                flag(!(up2(q) && higher)),
                repeated_down(down1(p), down1(q)),
                repeated_up(up1(q)),
                repeated_down(down2(p), down2(q)),
                repeated_up(up2(q)),
            ]
        } else {
            // With the next score group only C.7 counts: a pair there, and
            // the downfloater's score difference.
            let mut c7 = one.shifted_left(self.sd_bits);
            if ra != Role::Lower {
                c7 = c7.plus(self.sd_field(sd(p)));
            }
            [
                zero, zero, c7, zero, zero, zero, zero, zero, zero, zero, zero, zero, zero, zero,
                zero,
            ]
        };
        let mut w = zero;
        if self.penultimate || self.last {
            // Leave unpaired (to float or take the bye) who has not had a
            // bye yet.
            w = Wide::small(1 + u64::from(p.bye_received) + u64::from(q.bye_received));
        }
        for (shift, value) in self.shifts().into_iter().zip(values) {
            w = w
                .shifted_left(shift)
                .plus(if shift == 0 { zero } else { value });
        }
        w.shifted_left(self.low_room())
    }
}
