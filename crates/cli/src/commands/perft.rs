//! `sakk perft [--fen FEN] [--divide] DEPTH`.

use std::io::Write;

use crate::Failure;

/// Prints the node count on the last line; with `divide`, first one
/// `<uci>: <count>` line per legal move.
pub fn run(start: &super::Start, depth: u32, divide: bool) -> Result<(), Failure> {
    let pos = start.position()?;
    let mut out = std::io::stdout().lock();
    let total = if divide && depth > 0 {
        let mut total = 0;
        for (m, n) in sakk::perft_divide(&pos, depth) {
            let _ = writeln!(out, "{}: {n}", pos.uci(m));
            total += n;
        }
        let _ = writeln!(out);
        total
    } else {
        sakk::perft(&pos, depth)
    };
    writeln!(out, "{total}").map_err(Failure::from)
}
