//! The weights in use (see [`terms`](super::terms) for what each index means).
//!
//! Written by `sakk tune fit`: 589296 positions, K 1.0337, l2 0.00000003, step 150 of 1000 kept; loss 0.079014 -> 0.075617, check set (65000 positions) 0.077162 -> 0.075149.

use super::terms::COUNT;
use super::Score;

/// The weights in use.
#[rustfmt::skip]
pub const WEIGHTS: [Score; COUNT] = [
    // Piece values, pawn to queen.
    Score(71, 96), // pawn
    Score(340, 313), // knight
    Score(368, 338), // bishop
    Score(482, 557), // rook
    Score(1011, 1012), // queen
    // Piece-square tables, White's view, a1 b1 … h8.
    // pawn
    Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0),
    Score(-2, 4), Score(3, 8), Score(-2, 5), Score(1, -1), Score(6, 10), Score(22, 17), Score(22, 4), Score(-10, 3),
    Score(-8, 9), Score(5, 0), Score(-3, 6), Score(2, 14), Score(1, 19), Score(12, 24), Score(1, 9), Score(-8, 8),
    Score(2, 17), Score(-9, 16), Score(11, 6), Score(20, 9), Score(11, -7), Score(7, 16), Score(2, 10), Score(-5, -1),
    Score(16, 24), Score(15, 30), Score(13, 17), Score(11, 11), Score(13, 8), Score(15, 17), Score(11, 19), Score(10, 13),
    Score(16, 41), Score(16, 36), Score(23, 33), Score(35, 34), Score(33, 30), Score(21, 32), Score(12, 31), Score(11, 33),
    Score(15, 39), Score(18, 45), Score(27, 39), Score(43, 43), Score(44, 44), Score(28, 40), Score(15, 38), Score(15, 37),
    Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0),
    // knight
    Score(-30, -24), Score(-14, -16), Score(-14, -11), Score(6, -2), Score(-3, 0), Score(-10, -11), Score(-20, -20), Score(-30, -25),
    Score(-23, -17), Score(-8, -9), Score(-7, -1), Score(12, -1), Score(0, 3), Score(-2, -2), Score(-7, -6), Score(-15, -17),
    Score(-15, -11), Score(12, 5), Score(2, 8), Score(12, 11), Score(18, 11), Score(6, 5), Score(1, -3), Score(-17, -11),
    Score(0, 0), Score(10, 7), Score(20, 9), Score(26, 17), Score(32, 26), Score(21, 18), Score(9, 5), Score(4, -2),
    Score(5, 1), Score(10, 8), Score(24, 19), Score(35, 30), Score(27, 22), Score(24, 21), Score(12, 9), Score(-1, 1),
    Score(-7, -9), Score(-1, -4), Score(12, 5), Score(24, 19), Score(24, 16), Score(12, 9), Score(0, 0), Score(-9, -9),
    Score(-21, -15), Score(-9, -7), Score(2, 0), Score(10, 7), Score(12, 9), Score(1, 0), Score(-10, -10), Score(-20, -16),
    Score(-31, -25), Score(-20, -16), Score(-10, -8), Score(0, -1), Score(0, -2), Score(-10, -8), Score(-20, -18), Score(-30, -25),
    // bishop
    Score(-7, -12), Score(-10, -9), Score(-5, -11), Score(-9, -9), Score(-9, -9), Score(-13, -10), Score(-11, -7), Score(-8, -8),
    Score(-13, -9), Score(2, -4), Score(-9, -7), Score(-5, -3), Score(-6, -4), Score(-4, 1), Score(3, 2), Score(-14, -9),
    Score(-11, -7), Score(0, -4), Score(4, -4), Score(4, 6), Score(0, 8), Score(-6, -3), Score(-1, -5), Score(-8, -6),
    Score(-13, -11), Score(-2, -1), Score(2, 3), Score(12, 6), Score(21, 4), Score(-10, 7), Score(-5, -4), Score(-8, -8),
    Score(-10, -6), Score(-9, 4), Score(3, 4), Score(12, 4), Score(13, 5), Score(-1, 3), Score(-5, 4), Score(-12, -9),
    Score(-12, -7), Score(-2, 3), Score(4, -1), Score(3, 7), Score(3, 3), Score(10, 1), Score(-6, -4), Score(-1, -6),
    Score(-12, -8), Score(2, -3), Score(-6, -3), Score(-6, -2), Score(-5, 0), Score(-6, -4), Score(0, -4), Score(-14, -10),
    Score(-4, -10), Score(-13, -9), Score(-12, -10), Score(-12, -10), Score(-12, -10), Score(-12, -8), Score(-12, -8), Score(-5, -10),
    // rook
    Score(-4, -1), Score(13, -6), Score(-1, -2), Score(7, -3), Score(7, -9), Score(8, 0), Score(-8, 0), Score(-8, -1),
    Score(-12, -5), Score(-3, -3), Score(-5, -1), Score(7, -3), Score(10, 6), Score(4, 0), Score(-4, -3), Score(-4, -6),
    Score(-4, 1), Score(-5, -3), Score(2, -2), Score(2, -2), Score(2, -2), Score(-1, -1), Score(-3, -6), Score(-3, 0),
    Score(-1, 2), Score(-1, 3), Score(-1, 3), Score(8, 4), Score(6, 1), Score(0, -1), Score(2, 1), Score(0, 0),
    Score(-1, 3), Score(2, 2), Score(3, 4), Score(6, 1), Score(8, 3), Score(5, 5), Score(1, 4), Score(3, 2),
    Score(2, 9), Score(4, 3), Score(1, 5), Score(9, 2), Score(10, 2), Score(0, 0), Score(0, 1), Score(0, 0),
    Score(21, 15), Score(17, 16), Score(20, 12), Score(26, 12), Score(24, 14), Score(18, 12), Score(17, 12), Score(19, 13),
    Score(1, -2), Score(0, -1), Score(0, 0), Score(4, -2), Score(7, 2), Score(1, 1), Score(0, 1), Score(1, 1),
    // queen
    Score(-13, -15), Score(-4, -12), Score(-3, -11), Score(-2, -10), Score(-5, -14), Score(-5, -12), Score(-9, -13), Score(-5, -12),
    Score(-4, -12), Score(-6, -6), Score(5, -3), Score(3, -3), Score(4, -3), Score(-6, -5), Score(-1, -5), Score(-5, -12),
    Score(-1, -11), Score(3, -2), Score(6, 5), Score(4, 5), Score(6, 5), Score(5, 6), Score(-6, -4), Score(-6, -12),
    Score(-16, -15), Score(-5, -6), Score(0, 4), Score(-1, 11), Score(-2, 11), Score(4, 5), Score(-3, -4), Score(-4, -11),
    Score(-6, -11), Score(-5, -4), Score(2, 4), Score(5, 12), Score(5, 11), Score(4, 6), Score(-1, -3), Score(-6, -12),
    Score(-9, -12), Score(-4, -5), Score(2, 5), Score(0, 5), Score(6, 6), Score(3, 4), Score(-1, -3), Score(-3, -10),
    Score(-1, -10), Score(-6, -4), Score(-2, -3), Score(-2, -3), Score(-3, -4), Score(-1, -4), Score(-1, -4), Score(-4, -11),
    Score(-7, -12), Score(-6, -12), Score(-6, -11), Score(-7, -12), Score(-6, -12), Score(-6, -12), Score(-5, -12), Score(-6, -12),
    // king
    Score(23, -33), Score(22, -20), Score(21, -7), Score(-13, -4), Score(6, -7), Score(-4, -8), Score(36, -7), Score(21, -30),
    Score(-5, -20), Score(-9, -14), Score(-2, 3), Score(-4, 10), Score(-14, 6), Score(-9, -2), Score(-4, 1), Score(2, -14),
    Score(-38, -13), Score(-36, 2), Score(-37, 8), Score(-37, 13), Score(-34, 18), Score(-36, 9), Score(-33, 5), Score(-37, -6),
    Score(-44, -4), Score(-45, 7), Score(-45, 15), Score(-45, 22), Score(-45, 18), Score(-45, 14), Score(-43, 17), Score(-44, 2),
    Score(-52, 0), Score(-51, 14), Score(-52, 18), Score(-52, 25), Score(-53, 20), Score(-52, 18), Score(-51, 17), Score(-52, 0),
    Score(-60, -8), Score(-60, 2), Score(-60, 14), Score(-60, 20), Score(-60, 21), Score(-60, 13), Score(-59, 5), Score(-60, -8),
    Score(-68, -19), Score(-68, -8), Score(-68, 0), Score(-68, 10), Score(-68, 11), Score(-68, 1), Score(-68, -8), Score(-68, -19),
    Score(-76, -30), Score(-76, -20), Score(-76, -10), Score(-76, 0), Score(-76, 0), Score(-76, -10), Score(-76, -19), Score(-76, -30),
    // Mobility, knight to queen.
    Score(6, 6), // mobility knight
    Score(5, 5), // mobility bishop
    Score(3, 5), // mobility rook
    Score(1, 1), // mobility queen
    // Passed pawns by rank.
    Score(0, 0), // passed rank 1
    Score(0, 1), // passed rank 2
    Score(6, 3), // passed rank 3
    Score(12, 36), // passed rank 4
    Score(19, 63), // passed rank 5
    Score(43, 87), // passed rank 6
    Score(71, 125), // passed rank 7
    Score(0, 0), // passed rank 8
    // Connected pawns by rank.
    Score(0, 0), // connected rank 1
    Score(0, 3), // connected rank 2
    Score(2, 1), // connected rank 3
    Score(2, -1), // connected rank 4
    Score(10, -2), // connected rank 5
    Score(3, 9), // connected rank 6
    Score(1, 4), // connected rank 7
    Score(0, 0), // connected rank 8
    // The other terms, one each.
    Score(-13, -10), // isolated
    Score(-13, -15), // doubled
    Score(1, -17), // passed blocked
    Score(-7, 17), // passed king distance
    Score(17, 6), // pawn threat knight
    Score(13, 5), // pawn threat bishop
    Score(2, 2), // pawn threat rook
    Score(3, 1), // pawn threat queen
    Score(28, 41), // bishop pair
    Score(27, 10), // rook open file
    Score(19, 7), // rook half-open file
    Score(11, -8), // king shield
    Score(4, 0), // king attack
    Score(6, 1), // tempo
];
