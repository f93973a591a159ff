//! What a TRF's extension records set for the pairing of a round: the
//! TRF(x) lines of JaVaFo and bbpPairings (`XXC`, `XXZ`, `XXP`, `XXA`) and
//! the records of TRF-2026 that mean the same (`152` the initial colour,
//! `240` byes of a round, `250` accelerated rounds, `260` prohibited
//! pairings; `142`, the number of rounds, is read by
//! [`Tournament::rounds_planned`]).

use super::candidate;
use crate::{Color, Tournament};

/// What the extension lines set for the pairing of one round.
#[derive(Clone, Debug, Default)]
pub(super) struct Settings {
    /// The top seed's colour in round 1 (`XXC white1`/`black1`, `152 W`/`B`;
    /// without it, inferred from the first round played; White before any).
    pub(super) black_first: bool,
    /// Players not to be paired this round (`XXZ`; `240` byes of the round).
    pub(super) absent: Vec<u16>,
    /// Pairs that must not meet this round (`XXP`; `260` for its rounds).
    pub(super) forbidden: Vec<(u16, u16)>,
    /// Virtual points (`XXA`; `250`).
    pub(super) acceleration: candidate::Acceleration,
}

/// An `XXA` line after its code: the starting rank in four columns, then
/// five columns a round, each a number of points (blank: none).
pub(super) fn acceleration_line(text: &str) -> Option<(u16, Vec<i64>)> {
    let chars: Vec<char> = text.chars().collect();
    let mut points = Vec::new();
    let rank = field(&chars, 0, 4).trim().parse().ok()?;
    let mut at = 5;
    while at < chars.len() {
        let f = field(&chars, at, at + 4);
        let f = f.trim();
        points.push(if f.is_empty() { 0 } else { tenths(f)? });
        at += 5;
    }
    Some((rank, points))
}

/// The characters `from..to` of a line's text after its code (as many as
/// there are).
fn field(chars: &[char], from: usize, to: usize) -> String {
    chars
        .get(from.min(chars.len())..to.min(chars.len()))
        .map_or(String::new(), |c| c.iter().collect())
}

/// A number in a fixed field (`   3`); blank reads as `None`.
fn number(chars: &[char], from: usize, to: usize) -> Option<u16> {
    field(chars, from, to).trim().parse().ok()
}

/// Starting ranks written one after another (`XXZ 3 7`).
fn rank_list(text: &str) -> Vec<u16> {
    text.split_whitespace()
        .filter_map(|w| w.parse().ok())
        .collect()
}

/// The starting ranks listed from column `from` of a line's text on.
fn ranks_from(chars: &[char], from: usize) -> Vec<u16> {
    let rest: String = chars
        .get(from.min(chars.len())..)
        .unwrap_or_default()
        .iter()
        .collect();
    rank_list(&rest)
}

/// `1.5` as 15 tenths (none for anything else: a sign, a second digit
/// after the point, more than four digits).
pub(super) fn tenths(text: &str) -> Option<i64> {
    let (whole, frac) = text.split_once('.').unwrap_or((text, "0"));
    if whole.is_empty() || whole.len() > 4 || !whole.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let whole: i64 = whole.parse().ok()?;
    let frac = match frac.as_bytes() {
        [] => 0,
        [d] | [d, b'0'] if d.is_ascii_digit() => i64::from(d - b'0'),
        _ => return None,
    };
    Some(whole * 10 + frac)
}

/// A `250` record after its code (TRF-2026, accelerated rounds): match
/// points in columns 5–8 and game points in 10–13 (an individual
/// tournament counts the game points), the first and last round in 15–17
/// and 19–21, the first and last starting rank in 23–26 and 28–31 (a blank
/// last round or rank: the same as the first).
pub(super) struct Accelerated {
    /// The virtual points, in tenths.
    pub(super) points: i64,
    /// The rounds, first to last.
    pub(super) rounds: core::ops::RangeInclusive<u16>,
    /// The starting ranks, first to last.
    pub(super) ranks: core::ops::RangeInclusive<u16>,
}

impl Accelerated {
    /// Reads the record's text after `250 `; `None` when a field is not a
    /// number.
    pub(super) fn read(text: &str) -> Option<Accelerated> {
        let chars: Vec<char> = text.chars().collect();
        let points = tenths(field(&chars, 5, 9).trim())?;
        let first_round = number(&chars, 10, 13)?;
        let last_round = number(&chars, 14, 17).unwrap_or(first_round);
        let first_rank = number(&chars, 18, 22)?;
        let last_rank = number(&chars, 23, 27).unwrap_or(first_rank);
        Some(Accelerated {
            points,
            rounds: first_round..=last_round.max(first_round),
            ranks: first_rank..=last_rank.max(first_rank),
        })
    }
}

/// A `260` record after its code (TRF-2026, prohibited pairings): the
/// first and last round it holds for in columns 5–7 and 9–11 (a blank last
/// round: the first only), then starting ranks in four columns each, one
/// apart; none of them may meet another.
pub(crate) struct Prohibited {
    /// The rounds, first to last.
    pub(crate) rounds: core::ops::RangeInclusive<u16>,
    /// The players who must not meet each other.
    pub(crate) ranks: Vec<u16>,
}

impl Prohibited {
    /// Reads the record's text after `260 `; `None` when the rounds are
    /// not numbers.
    pub(crate) fn read(text: &str) -> Option<Prohibited> {
        let chars: Vec<char> = text.chars().collect();
        let first = number(&chars, 0, 3)?;
        let last = number(&chars, 4, 7).filter(|&l| l > 0).unwrap_or(first);
        let ranks = ranks_from(&chars, 8);
        Some(Prohibited {
            rounds: first..=last.max(first),
            ranks,
        })
    }
}

/// The byes of one round (a `240` record after its code, TRF-2026): the
/// kind in column 5 (`H` half a point, `F` a full point, `Z` or blank
/// none), the round in 7–9, then starting ranks in four columns each, one
/// apart.
pub(crate) struct RoundByes {
    /// The kind: `'H'`, `'F'` or `'Z'` (blank read as `'Z'`).
    pub(crate) kind: char,
    /// The round.
    pub(crate) round: u16,
    /// The players with this bye in this round.
    pub(crate) ranks: Vec<u16>,
}

impl RoundByes {
    /// Reads the record's text after `240 `; `None` for another kind or a
    /// round that is not a number.
    pub(crate) fn read(text: &str) -> Option<RoundByes> {
        let chars: Vec<char> = text.chars().collect();
        let kind = match chars.first().copied().unwrap_or(' ').to_ascii_uppercase() {
            ' ' | 'Z' => 'Z',
            k @ ('H' | 'F') => k,
            _ => return None,
        };
        let round = number(&chars, 2, 5)?;
        let ranks = ranks_from(&chars, 5);
        Some(RoundByes { kind, round, ranks })
    }
}

/// The top seed's colour in round 1 when no `XXC` or `152` line says it,
/// as bbpPairings infers it: in the first round with colours, the colour of
/// the highest-ranked player paired by then, or the reverse of the next
/// one's, and so on alternately.
pub(super) fn inferred_black_first(t: &Tournament) -> bool {
    let Some(first) = (0..t.rounds_recorded()).find(|&i| {
        t.players
            .iter()
            .any(|p| p.rounds.get(i).is_some_and(|e| e.color.is_some()))
    }) else {
        return false;
    };
    let paired = t
        .players
        .iter()
        .filter(|p| p.rounds.iter().take(first + 1).any(crate::Entry::paired));
    for (k, p) in paired.enumerate() {
        if let Some(c) = p.rounds.get(first).and_then(|e| e.color) {
            let top = if k % 2 == 0 { c } else { c.other() };
            return top == Color::Black;
        }
    }
    false
}

/// Every pair of `ranks`.
fn pairs_of(ranks: &[u16]) -> impl Iterator<Item = (u16, u16)> + '_ {
    ranks
        .iter()
        .enumerate()
        .flat_map(move |(i, &a)| ranks[i + 1..].iter().map(move |&b| (a, b)))
}

/// The byes a TRF gives for `round`: its `XXZ` players (not to be paired:
/// a zero-point bye, `'Z'`) and TRF-2026's `240` records of that round.
pub(crate) fn round_byes(t: &Tournament, round: u16) -> Vec<RoundByes> {
    t.header
        .iter()
        .filter_map(|(code, text)| match code.as_str() {
            "XXZ" => Some(RoundByes {
                kind: 'Z',
                round,
                ranks: rank_list(text),
            }),
            "240" => RoundByes::read(text).filter(|b| b.round == round),
            _ => None,
        })
        .collect()
}

/// The pairs of starting ranks a TRF says must not meet: its `XXP` lines
/// (every round) and TRF-2026's `260` records whose rounds `applies`
/// accepts.
pub(crate) fn forbidden_pairs(
    t: &Tournament,
    applies: impl Fn(&core::ops::RangeInclusive<u16>) -> bool,
) -> Vec<(u16, u16)> {
    let mut pairs = Vec::new();
    for (code, text) in &t.header {
        let ranks = match code.as_str() {
            "XXP" => rank_list(text),
            "260" => match Prohibited::read(text) {
                Some(p) if applies(&p.rounds) => p.ranks,
                _ => continue,
            },
            _ => continue,
        };
        pairs.extend(pairs_of(&ranks));
    }
    pairs
}

/// What the extension lines of `t` set for the pairing of `round`.
pub(super) fn settings(t: &Tournament, round: usize) -> Settings {
    let mut s = Settings {
        black_first: inferred_black_first(t),
        ..Settings::default()
    };
    // (A round past u16 matches no record.)
    let round = u16::try_from(round).unwrap_or(u16::MAX);
    s.absent = round_byes(t, round)
        .into_iter()
        .flat_map(|b| b.ranks)
        .collect();
    s.forbidden = forbidden_pairs(t, |rounds| rounds.contains(&round));
    for (code, text) in &t.header {
        match code.as_str() {
            "XXC" => {
                for word in text.split_whitespace() {
                    match word {
                        "black1" => s.black_first = true,
                        "white1" => s.black_first = false,
                        _ => {}
                    }
                }
            }
            "152" => match text.trim().to_ascii_uppercase().as_str() {
                "B" => s.black_first = true,
                "W" => s.black_first = false,
                _ => {}
            },
            "XXA" => {
                if let Some((rank, points)) = acceleration_line(text) {
                    s.acceleration.insert(rank, points);
                }
            }
            "250" => {
                if let Some(a) = Accelerated::read(text) {
                    for rank in a.ranks.clone() {
                        let points = s.acceleration.entry(rank).or_default();
                        for r in a.rounds.clone() {
                            let i = usize::from(r.max(1)) - 1;
                            if points.len() <= i {
                                points.resize(i + 1, 0);
                            }
                            // A later record for the same round and
                            // player replaces an earlier one.
                            points[i] = a.points;
                        }
                    }
                }
            }
            _ => {}
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_records_of_trf_2026_read_by_their_columns() {
        let Some(a) = Accelerated::read(" 2.0  1.0   1   2    1   12") else {
            panic!("250");
        };
        assert_eq!((a.points, a.rounds, a.ranks), (10, 1..=2, 1..=12));
        let Some(a) = Accelerated::read(" 1.0  0.5   3        1") else {
            panic!("250 with blanks");
        };
        assert_eq!((a.points, a.rounds, a.ranks), (5, 3..=3, 1..=1));
        let Some(p) = Prohibited::read("  1   9    3    7   12") else {
            panic!("260");
        };
        assert_eq!((p.rounds, p.ranks), (1..=9, vec![3, 7, 12]));
        let Some(b) = RoundByes::read("H   4    5   11") else {
            panic!("240");
        };
        assert_eq!((b.kind, b.round, b.ranks), ('H', 4, vec![5, 11]));
        assert!(RoundByes::read("Q   4    5").is_none());
        assert!(Prohibited::read("  x").is_none());
    }
}
