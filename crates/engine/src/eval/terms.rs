//! The evaluation's terms: where each weight lives in [`WEIGHTS`](super::WEIGHTS).
//!
//! Every weight is a [`Score`](super::Score) (middlegame, endgame) at a fixed
//! index, so that the evaluation can count how often each term occurs in a
//! position (its trace) and a tuner can fit all of them at once.

/// Piece values, pawn to queen (the king has none).
pub const MATERIAL: usize = 0;
/// Piece-square tables, pawn to king, 64 squares each from White's side
/// (a1 = 0).
pub const PST: usize = MATERIAL + 5;
/// Mobility per safe square reached, around an average, knight to queen.
pub const MOBILITY: usize = PST + 6 * 64;
/// A passed pawn, by its rank from its own side.
pub const PASSED: usize = MOBILITY + 4;
/// A pawn defended by a pawn or beside one, by its rank from its own side.
pub const CONNECTED: usize = PASSED + 8;
/// An isolated pawn.
pub const ISOLATED: usize = CONNECTED + 8;
/// Each extra pawn on a file.
pub const DOUBLED: usize = ISOLATED + 1;
/// A passed pawn whose next square is occupied.
pub const PASSED_BLOCKED: usize = DOUBLED + 1;
/// Per square of (their king's − our king's) distance to a passed pawn's
/// next square.
pub const PASSED_KING_DISTANCE: usize = PASSED_BLOCKED + 1;
/// An enemy piece attacked by our pawn, knight to queen.
pub const PAWN_THREAT: usize = PASSED_KING_DISTANCE + 1;
/// Both bishops.
pub const BISHOP_PAIR: usize = PAWN_THREAT + 4;
/// A rook on a file without pawns.
pub const ROOK_OPEN: usize = BISHOP_PAIR + 1;
/// A rook on a file without own pawns (but with enemy pawns).
pub const ROOK_HALF_OPEN: usize = ROOK_OPEN + 1;
/// A pawn in front of the king (on the king's or a neighbouring file, one
/// or two ranks ahead), up to three.
pub const SHIELD: usize = ROOK_HALF_OPEN + 1;
/// Per unit of attack on the squares around the enemy king (the units grow
/// with the square of the attacks, up to a limit).
pub const KING_ATTACK: usize = SHIELD + 1;
/// The side to move.
pub const TEMPO: usize = KING_ATTACK + 1;
/// How many weights there are.
pub const COUNT: usize = TEMPO + 1;

const ROLES: [&str; 6] = ["pawn", "knight", "bishop", "rook", "queen", "king"];

/// The name of weight `index`, for the tuner's output.
pub fn name(index: usize) -> String {
    let sections: [(usize, &str); 17] = [
        (MATERIAL, "material"),
        (PST, "pst"),
        (MOBILITY, "mobility"),
        (PASSED, "passed"),
        (CONNECTED, "connected"),
        (ISOLATED, "isolated"),
        (DOUBLED, "doubled"),
        (PASSED_BLOCKED, "passed blocked"),
        (PASSED_KING_DISTANCE, "passed king distance"),
        (PAWN_THREAT, "pawn threat"),
        (BISHOP_PAIR, "bishop pair"),
        (ROOK_OPEN, "rook open file"),
        (ROOK_HALF_OPEN, "rook half-open file"),
        (SHIELD, "king shield"),
        (KING_ATTACK, "king attack"),
        (TEMPO, "tempo"),
        (COUNT, "-"),
    ];
    let (start, section) = sections
        .iter()
        .rev()
        .find(|(start, _)| *start <= index)
        .copied()
        .unwrap_or((0, "?"));
    let offset = index - start;
    match start {
        MATERIAL => ROLES[offset].to_string(),
        PST => {
            let sq = offset % 64;
            let file = (b'a' + (sq % 8) as u8) as char;
            format!("{} {}{}", ROLES[offset / 64], file, sq / 8 + 1)
        }
        MOBILITY | PAWN_THREAT => format!("{section} {}", ROLES[offset + 1]),
        PASSED | CONNECTED => format!("{section} rank {}", offset + 1),
        _ => section.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        assert_eq!(name(MATERIAL), "pawn");
        assert_eq!(name(PST + 64 + 27), "knight d4");
        assert_eq!(name(MOBILITY + 3), "mobility queen");
        assert_eq!(name(PASSED + 6), "passed rank 7");
        assert_eq!(name(TEMPO), "tempo");
    }
}
