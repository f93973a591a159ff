//! `sakk moves [--fen FEN] [--notation uci|san] [--lang en|hu|de|fr|fig]`.

use std::io::Write;

use crate::Failure;

/// Prints the legal moves, one per line.
pub fn run(start: &super::Start, san: bool, lang: sakk::Lang) -> Result<(), Failure> {
    let pos = start.position()?;
    let mut out = std::io::stdout().lock();
    let result = if san {
        pos.san_moves()
            .iter()
            .try_for_each(|(_, s)| writeln!(out, "{}", s.display(lang)))
    } else {
        pos.legal_moves()
            .iter()
            .try_for_each(|&m| writeln!(out, "{}", pos.uci(m)))
    };
    result.map_err(Failure::from)
}
