//! The weights in use (see [`terms`](super::terms) for what each index means).
//!
//! Hand-set values: piece values, piece-square tables built from principles
//! and the other terms; `sakk tune fit` replaces this file with tuned ones.

use super::terms::*;
use super::Score;

const fn abs(x: i32) -> i32 {
    if x < 0 {
        -x
    } else {
        x
    }
}

/// The piece-square tables built from principles, White's view: knights
/// and bishops to the centre, pawns forward and to the centre, rooks to the
/// seventh rank, the king sheltered in the middlegame and central in the
/// endgame.
const fn build_pst(w: &mut [Score; COUNT]) {
    let mut sq = 0;
    while sq < 64 {
        let file = (sq % 8) as i32;
        let rank = (sq / 8) as i32;
        let fd = abs(2 * file - 7);
        let rd = abs(2 * rank - 7);
        let centre = 7 - if fd > rd { fd } else { rd };
        let centre_sum = 14 - fd - rd;
        let file_bonus = match file {
            3 | 4 => 10,
            2 | 5 => 5,
            _ => 0,
        };
        w[PST + sq] = if rank == 0 || rank == 7 {
            Score(0, 0)
        } else {
            Score(
                (rank - 1) * 3 + file_bonus * (rank - 1) / 2
                    - 5 * ((rank == 1 && (file == 3 || file == 4)) as i32),
                (rank - 1) * 8,
            )
        };
        w[PST + 64 + sq] = Score(centre_sum * 5 - 30, centre_sum * 4 - 25);
        let diag = (file == rank || file + rank == 7) as i32;
        w[PST + 128 + sq] = Score(centre * 3 + diag * 8 - 12, centre * 3 - 9);
        w[PST + 192 + sq] = Score(
            if rank == 6 { 18 } else { 0 } + if file == 3 || file == 4 { 6 } else { 0 },
            if rank == 6 { 12 } else { 0 },
        );
        w[PST + 256 + sq] = Score(centre * 2 - 6, centre * 4 - 12);
        let home = if rank == 0 {
            match file {
                0 | 1 | 6 | 7 => 25,
                2 => 10,
                5 => 5,
                _ => -5,
            }
        } else if rank == 1 {
            -5
        } else {
            -20 - rank * 8
        };
        w[PST + 320 + sq] = Score(home, centre_sum * 5 - 30);
        sq += 1;
    }
}

const fn initial() -> [Score; COUNT] {
    let mut w = [Score(0, 0); COUNT];
    w[MATERIAL] = Score(90, 115);
    w[MATERIAL + 1] = Score(330, 310);
    w[MATERIAL + 2] = Score(345, 330);
    w[MATERIAL + 3] = Score(480, 540);
    w[MATERIAL + 4] = Score(1000, 1000);
    build_pst(&mut w);
    w[MOBILITY] = Score(4, 4);
    w[MOBILITY + 1] = Score(5, 5);
    w[MOBILITY + 2] = Score(2, 4);
    w[MOBILITY + 3] = Score(1, 2);
    let passed = [
        Score(0, 0),
        Score(0, 5),
        Score(5, 12),
        Score(10, 25),
        Score(20, 45),
        Score(35, 75),
        Score(60, 120),
        Score(0, 0),
    ];
    let mut i = 0;
    while i < 8 {
        w[PASSED + i] = passed[i];
        i += 1;
    }
    w[ISOLATED] = Score(-12, -15);
    w[DOUBLED] = Score(-10, -25);
    w[BISHOP_PAIR] = Score(30, 55);
    w[ROOK_OPEN] = Score(25, 10);
    w[ROOK_HALF_OPEN] = Score(12, 6);
    w[SHIELD] = Score(12, 0);
    w[KING_ATTACK] = Score(8, 2);
    w[TEMPO] = Score(12, 8);
    w
}

/// The weights in use.
pub const WEIGHTS: [Score; COUNT] = initial();
