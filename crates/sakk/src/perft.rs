//! Perft: counting the leaf nodes of the legal move tree, the standard test
//! and benchmark of a move generator.

use crate::moves::{Move, MoveList};
use crate::position::Position;

/// The number of leaf nodes `depth` plies below `pos`. The last ply is
/// counted without making the moves (bulk counting).
///
/// ```
/// use sakk::{perft, Position};
///
/// assert_eq!(perft(&Position::new(), 3), 8902);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    // One move list per ply, made once: no list is set up per node.
    let mut lists = vec![MoveList::new(); depth.saturating_sub(1) as usize];
    #[cfg(target_arch = "x86_64")]
    if x86::has_bit_instructions() {
        return x86::perft_bmi(pos, depth, &mut lists);
    }
    perft_portable(pos, depth, &mut lists)
}

/// One node of perft; `$recurse` counts a child. Written once, compiled
/// twice: for any CPU, and with POPCNT, BMI1 and BMI2 (chosen at run time).
macro_rules! perft_node {
    ($pos:expr, $depth:expr, $lists:expr, $recurse:expr) => {{
        let (pos, depth, lists): (&Position, u32, &mut [MoveList]) = ($pos, $depth, $lists);
        if depth <= 1 {
            return if depth == 1 {
                pos.count_legal_moves_inline()
            } else {
                1
            };
        }
        let Some((moves, rest)) = lists.split_first_mut() else {
            return perft(pos, depth);
        };
        pos.legal_moves_into_inline(moves);
        let mut nodes = 0;
        for &m in moves.iter() {
            let mut child = *pos;
            child.play_unchecked(m);
            nodes += $recurse(&child, depth - 1, &mut *rest);
        }
        nodes
    }};
}

fn perft_portable(pos: &Position, depth: u32, lists: &mut [MoveList]) -> u64 {
    perft_node!(pos, depth, lists, perft_portable)
}

#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod x86 {
    //! Perft with the bit instructions of x86-64 CPUs since about 2013
    //! (POPCNT for the leaf counts, BMI1 for walking the bits): the default
    //! build targets every x86-64 CPU, so these are used only where the CPU
    //! is seen to have them.

    use super::{perft, MoveList, Position};

    /// Whether this CPU has POPCNT, BMI1 and BMI2.
    pub(super) fn has_bit_instructions() -> bool {
        std::arch::is_x86_feature_detected!("popcnt")
            && std::arch::is_x86_feature_detected!("bmi1")
            && std::arch::is_x86_feature_detected!("bmi2")
    }

    #[target_feature(enable = "popcnt,bmi1,bmi2")]
    fn perft_bmi_inner(pos: &Position, depth: u32, lists: &mut [MoveList]) -> u64 {
        perft_node!(pos, depth, lists, perft_bmi_inner)
    }

    pub(super) fn perft_bmi(pos: &Position, depth: u32, lists: &mut [MoveList]) -> u64 {
        // SAFETY: called only when `has_bit_instructions()` saw the CPU's features.
        unsafe { perft_bmi_inner(pos, depth, lists) }
    }
}

/// Perft split by root move: each legal move with the leaf count below it.
pub fn perft_divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.legal_moves()
        .iter()
        .map(|&m| {
            let mut child = *pos;
            child.play_unchecked(m);
            (m, perft(&child, depth - 1))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Both compilations of perft count the same nodes (the fast one only
    /// where this CPU has its instructions).
    #[test]
    fn every_instruction_set_counts_the_same() {
        let fens = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        ];
        for fen in fens {
            let Ok(pos) = Position::from_fen(fen) else {
                panic!("{fen}")
            };
            let mut lists = vec![MoveList::new(); 2];
            let portable = perft_portable(&pos, 3, &mut lists);
            assert_eq!(perft(&pos, 3), portable, "{fen}");
            #[cfg(target_arch = "x86_64")]
            if x86::has_bit_instructions() {
                assert_eq!(x86::perft_bmi(&pos, 3, &mut lists), portable, "{fen}");
            }
        }
    }
}
