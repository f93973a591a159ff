//! `sakk tournament berger N [--double]` and `sakk tournament check FILE`.

use std::io::Write;

use sakk_tournament::berger::{self, Cycles};
use sakk_tournament::trf;

use crate::Failure;

/// Prints the round robin of `players` by the Berger tables: for each
/// round a `Round R` line, then one board a line, `WHITE BLACK` by
/// starting rank (the bye as `RANK 0`, as JaVaFo and bbpPairings write it).
pub fn berger_tables(players: u16, double: bool) -> Result<(), Failure> {
    if players < 2 {
        return Err(Failure::usage("a round robin needs at least 2 players"));
    }
    let cycles = if double {
        Cycles::Double
    } else {
        Cycles::Single
    };
    let mut out = std::io::stdout().lock();
    for (i, round) in berger::rounds(players, cycles).iter().enumerate() {
        let mut text = format!("Round {}\n", i + 1);
        for p in round {
            text.push_str(&format!("{} {}\n", p.white, p.black.unwrap_or(0)));
        }
        out.write_all(text.as_bytes())
            .map_err(|e| Failure::other(e.to_string()))?;
    }
    Ok(())
}

/// Reads a TRF and says what it holds, or the line that is wrong (exit 3,
/// the pairing programs' code for a malformed file).
pub fn check(path: &str) -> Result<(), Failure> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| Failure::usage(format!("cannot read {path}: {e}")))?;
    let t = trf::read(&text).map_err(|e| Failure {
        status: 3,
        message: format!("{path}: {e}"),
        raw: false,
    })?;
    let planned = t
        .rounds_planned()
        .map(|r| format!(", rounds planned: {r}"))
        .unwrap_or_default();
    println!(
        "{}: players: {}, rounds played: {}{planned}",
        if t.name.is_empty() { path } else { &t.name },
        t.players.len(),
        t.rounds_recorded()
    );
    Ok(())
}
