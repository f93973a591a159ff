//! The Dutch system against independent implementations, on recorded
//! rounds: `data/dutch_reference.txt` holds 138 rounds of random
//! tournaments (caissify's Random Tournament Generator, and tournaments with
//! half- and zero-point byes, forfeits, withdrawals, forbidden pairs and,
//! in some, virtual points: Baku-style `XXA` lines),
//! each with the pairing bbpPairings 6 (FIDE-endorsed) makes by the rules
//! in force since February 2026 and the one py4swiss makes by the 2017
//! rules. Every board and colour must agree. `tests/python/
//! swiss_differential.py --record` writes the file; the same script checks
//! thousands more rounds live.

use sakk_tournament::dutch::{self, Edition, Pair};
use sakk_tournament::trf;

struct Case {
    label: String,
    trf: String,
    current: Option<Vec<Pair>>,
    fide2017: Option<Vec<Pair>>,
}

fn pairs(lines: &[&str]) -> Option<Vec<Pair>> {
    if lines == ["none"] {
        return None;
    }
    Some(
        lines
            .iter()
            .map(|l| {
                let mut it = l
                    .split_whitespace()
                    .map(|x| x.parse::<u16>().unwrap_or(u16::MAX));
                let white = it.next().unwrap_or(u16::MAX);
                let black = it.next().unwrap_or(u16::MAX);
                Pair {
                    white,
                    black: (black != 0).then_some(black),
                }
            })
            .collect(),
    )
}

fn cases() -> Vec<Case> {
    let text = include_str!("data/dutch_reference.txt");
    let mut out = Vec::new();
    for block in text.split("=== ").skip(1) {
        let (label, rest) = block.split_once('\n').unwrap_or((block, ""));
        let (trf, rest) = rest.split_once("--- 2026\n").unwrap_or((rest, ""));
        let (current, fide2017) = rest.split_once("--- 2017\n").unwrap_or((rest, ""));
        let lines = |s: &str| -> Vec<String> { s.lines().map(str::to_string).collect() };
        let c: Vec<String> = lines(current);
        let o: Vec<String> = lines(fide2017);
        out.push(Case {
            label: label.to_string(),
            trf: trf.to_string(),
            current: pairs(&c.iter().map(String::as_str).collect::<Vec<_>>()),
            fide2017: pairs(&o.iter().map(String::as_str).collect::<Vec<_>>()),
        });
    }
    out
}

#[test]
fn every_recorded_round_is_paired_as_the_references_pair_it() {
    let cases = cases();
    assert!(cases.len() >= 100, "the data file is read");
    let mut wrong = Vec::new();
    for case in &cases {
        let t = match trf::read(&case.trf) {
            Ok(t) => t,
            Err(e) => {
                wrong.push(format!("{}: unreadable: {e}", case.label));
                continue;
            }
        };
        for (edition, want) in [
            (Edition::Current, &case.current),
            (Edition::Fide2017, &case.fide2017),
        ] {
            let got = dutch::pair_by(&t, edition).ok();
            if &got != want {
                wrong.push(format!(
                    "{} ({edition:?}): sakk {got:?}, reference {want:?}",
                    case.label
                ));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{} rounds differ:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

/// Starting ranks in TRF-2026's four columns, one apart.
fn columns(ranks: &str) -> String {
    ranks
        .split_whitespace()
        .map(|r| format!(" {r:>4}"))
        .collect()
}

/// The same file with TRF-2026's records in place of the TRF(x) lines:
/// `142` rounds, `152` the initial colour, `250` virtual points (one
/// record a player and round), `260` prohibited pairings (for every round),
/// `240 Z` the absent of the round to pair.
fn as_trf_2026(trf: &str, round: u16) -> String {
    let mut out = String::new();
    for line in trf.lines() {
        let (code, text) = line.split_at(line.len().min(3));
        let text = text.get(1..).unwrap_or("");
        match code {
            "XXR" => out.push_str(&format!("142 {}\n", text.trim())),
            "XXC" => {
                let colour = if text.contains("black1") { "B" } else { "W" };
                out.push_str(&format!("152 {colour}\n"));
            }
            "XXP" => out.push_str(&format!("260   1  99{}\n", columns(text))),
            "XXZ" => out.push_str(&format!("240 Z {round:>3}{}\n", columns(text))),
            "XXA" => {
                let rank: u16 = text.get(..4).unwrap_or("").trim().parse().unwrap_or(0);
                let fields = text.get(5..).unwrap_or("");
                for (i, points) in fields.split_whitespace().enumerate() {
                    out.push_str(&format!(
                        "250 {points:>4} {points:>4} {r:>3} {r:>3} {rank:>4} {rank:>4}\n",
                        r = i + 1
                    ));
                }
            }
            _ => {
                out.push_str(line);
                out.push('\n');
            }
        }
    }
    out
}

#[test]
fn the_records_of_trf_2026_pair_as_the_trf_x_lines_do() {
    let cases = cases();
    let mut wrong = Vec::new();
    let mut rewritten = 0;
    for case in &cases {
        let round = case
            .label
            .rsplit(' ')
            .next()
            .and_then(|r| r.parse().ok())
            .unwrap_or(0);
        let text = as_trf_2026(&case.trf, round);
        assert!(!text.contains("\nXX"), "{text}");
        rewritten += usize::from(text != case.trf);
        let t = match trf::read(&text) {
            Ok(t) => t,
            Err(e) => {
                wrong.push(format!("{}: unreadable: {e}", case.label));
                continue;
            }
        };
        let got = dutch::pair_by(&t, Edition::Current).ok();
        if got != case.current {
            wrong.push(format!(
                "{}: sakk {got:?}, reference {:?}",
                case.label, case.current
            ));
        }
    }
    assert_eq!(rewritten, cases.len());
    assert!(
        wrong.is_empty(),
        "{} rounds differ:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}
