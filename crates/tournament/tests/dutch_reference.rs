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
