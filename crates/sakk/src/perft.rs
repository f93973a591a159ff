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
    perft_with(pos, depth, &mut lists)
}

fn perft_with(pos: &Position, depth: u32, lists: &mut [MoveList]) -> u64 {
    if depth <= 1 {
        return if depth == 1 {
            pos.count_legal_moves()
        } else {
            1
        };
    }
    let Some((moves, rest)) = lists.split_first_mut() else {
        return perft(pos, depth);
    };
    pos.legal_moves_into(moves);
    let mut nodes = 0;
    for &m in moves.iter() {
        let mut child = *pos;
        child.play_unchecked(m);
        nodes += perft_with(&child, depth - 1, rest);
    }
    nodes
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
