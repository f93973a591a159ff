//! Round robin pairings by the Berger tables (FIDE Handbook C.05, Annex 1).
//!
//! For `n` players (`n` even; an odd number gets a bye as player `n + 1`)
//! there are `n − 1` rounds. In round `r` the last player meets player `a`
//! — `(r + 1) / 2` in odd rounds, `n / 2 + r / 2` in even ones — with
//! Black in odd rounds and White in even ones, on board 1; on board
//! `k + 1` player `a + k` (White) meets `a − k` (Black), counted around
//! `1 … n − 1`. This gives FIDE's published tables exactly (the tests
//! hold them for 4, 6 and 8 players). A double round robin plays the
//! tables twice, colours reversed in the second cycle.

/// One board of a round.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Pairing {
    /// White's starting rank.
    pub white: u16,
    /// Black's starting rank; `None` for the bye (odd number of players).
    pub black: Option<u16>,
}

/// How many times each pair meets.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
pub enum Cycles {
    /// Once.
    Single,
    /// Twice, with colours reversed the second time.
    Double,
}

/// The rounds of a round robin of `players` players, board by board (the
/// bye, with an odd number, on the board it falls on). Empty for fewer
/// than two players.
pub fn rounds(players: u16, cycles: Cycles) -> Vec<Vec<Pairing>> {
    if players < 2 {
        return Vec::new();
    }
    let bye = players % 2 == 1;
    let n = players + u16::from(bye);
    let m = n - 1;
    // 1 … m, counted around.
    let around = |x: i32| -> u16 {
        let m = i32::from(m);
        u16::try_from((x - 1).rem_euclid(m) + 1).unwrap_or(1)
    };
    let mut out = Vec::with_capacity(usize::from(m) * 2);
    for r in 1..=m {
        let a = if r % 2 == 1 {
            r.div_ceil(2)
        } else {
            n / 2 + r / 2
        };
        let mut boards = Vec::with_capacity(usize::from(n / 2));
        let (w, b) = if r % 2 == 1 { (a, n) } else { (n, a) };
        boards.push((w, b));
        for k in 1..n / 2 {
            let (k, a) = (i32::from(k), i32::from(a));
            boards.push((around(a + k), around(a - k)));
        }
        out.push(
            boards
                .into_iter()
                .map(|(w, b)| match (bye, w == n, b == n) {
                    (true, true, _) => Pairing {
                        white: b,
                        black: None,
                    },
                    (true, _, true) => Pairing {
                        white: w,
                        black: None,
                    },
                    _ => Pairing {
                        white: w,
                        black: Some(b),
                    },
                })
                .collect::<Vec<_>>(),
        );
    }
    if cycles == Cycles::Double {
        let second: Vec<Vec<Pairing>> = out
            .iter()
            .map(|round| {
                round
                    .iter()
                    .map(|p| match p.black {
                        Some(b) => Pairing {
                            white: b,
                            black: Some(p.white),
                        },
                        None => *p,
                    })
                    .collect()
            })
            .collect();
        out.extend(second);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(players: u16) -> Vec<String> {
        rounds(players, Cycles::Single)
            .iter()
            .map(|round| {
                round
                    .iter()
                    .map(|p| match p.black {
                        Some(b) => format!("{}-{}", p.white, b),
                        None => format!("{}-bye", p.white),
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect()
    }

    /// FIDE's published Berger tables (C.05 Annex 1).
    #[test]
    fn the_published_tables() {
        assert_eq!(table(4), ["1-4 2-3", "4-3 1-2", "2-4 3-1"]);
        assert_eq!(
            table(6),
            [
                "1-6 2-5 3-4",
                "6-4 5-3 1-2",
                "2-6 3-1 4-5",
                "6-5 1-4 2-3",
                "3-6 4-2 5-1"
            ]
        );
        assert_eq!(
            table(8),
            [
                "1-8 2-7 3-6 4-5",
                "8-5 6-4 7-3 1-2",
                "2-8 3-1 4-7 5-6",
                "8-6 7-5 1-4 2-3",
                "3-8 4-2 5-1 6-7",
                "8-7 1-6 2-5 3-4",
                "4-8 5-3 6-2 7-1"
            ]
        );
        // Five players: the sixth place is the bye.
        assert_eq!(table(5)[0], "1-bye 2-5 3-4");
    }

    /// Every pair meets exactly once (twice in a double round robin, once
    /// with each colour), nobody plays twice in a round, and colours
    /// alternate as evenly as a round robin allows (at most one more
    /// White than Black, or the reverse).
    #[test]
    fn every_pair_meets_once_and_colours_balance() {
        for n in 2..=24u16 {
            for cycles in [Cycles::Single, Cycles::Double] {
                let rs = rounds(n, cycles);
                let times = if cycles == Cycles::Double { 2 } else { 1 };
                let even = n + n % 2;
                assert_eq!(rs.len(), usize::from(even - 1) * times, "{n}");
                let mut met = std::collections::HashMap::new();
                let mut whites = vec![0i32; usize::from(n) + 1];
                for round in &rs {
                    let mut seen = std::collections::HashSet::new();
                    for p in round {
                        assert!(seen.insert(p.white), "{n}: {round:?}");
                        if let Some(b) = p.black {
                            assert!(seen.insert(b), "{n}: {round:?}");
                            *met.entry((p.white.min(b), p.white.max(b))).or_insert(0) += 1;
                            whites[usize::from(p.white)] += 1;
                            whites[usize::from(b)] -= 1;
                        }
                    }
                    assert_eq!(seen.len(), usize::from(n), "{n}");
                }
                assert_eq!(met.len(), usize::from(n) * usize::from(n - 1) / 2, "{n}");
                assert!(met.values().all(|&c| c == times), "{n}");
                if cycles == Cycles::Single {
                    assert!(whites.iter().all(|w| w.abs() <= 1), "{n}: {whites:?}");
                } else {
                    assert!(whites.iter().all(|&w| w == 0), "{n}: {whites:?}");
                }
            }
        }
    }
}
