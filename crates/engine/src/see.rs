//! Static exchange evaluation: the material balance of the captures on one
//! square, each side taking with its least valuable piece.

use sakk::{Bitboard, Move, Position, Role};

/// Piece values for exchanges.
pub const SEE_VALUES: [i32; 6] = [100, 320, 330, 500, 950, 20_000];

fn value(role: Role) -> i32 {
    SEE_VALUES[role.index()]
}

/// `true` if the exchange that `m` starts wins at least `threshold`.
pub fn see_ge(pos: &Position, m: Move, threshold: i32) -> bool {
    if m.is_castle() || m.is_promotion() || m.is_en_passant() {
        return threshold <= 0 || m.is_promotion();
    }
    let board = pos.board();
    let from = m.from();
    let to = m.to();
    let Some(mover) = board.role_at(from) else {
        return false;
    };
    let captured = board.role_at(to).map_or(0, value);
    let mut swap = captured - threshold;
    if swap < 0 {
        return false;
    }
    swap = value(mover) - swap;
    if swap <= 0 {
        return true;
    }
    let mut occupied = board.occupied() ^ Bitboard::from_square(from) ^ Bitboard::from_square(to);
    let mut side = !pos.turn();
    let mut result = true;
    loop {
        let attackers = (board.attackers_to(to, sakk::Color::White, occupied)
            | board.attackers_to(to, sakk::Color::Black, occupied))
            & occupied;
        let ours = attackers & board.by_color(side);
        if ours.is_empty() {
            break;
        }
        result = !result;
        // The least valuable attacker.
        let Some((role, sq)) = Role::ALL
            .into_iter()
            .find_map(|r| (ours & board.by_role(r)).first().map(|sq| (r, sq)))
        else {
            break;
        };
        if role == Role::King {
            // The king may take only if the other side has no attacker left.
            let others = attackers & board.by_color(!side);
            return if others.any() { !result } else { result };
        }
        swap = value(role) - swap;
        if swap < i32::from(result) {
            break;
        }
        // X-rays through the piece that leaves are found next round, as the
        // attackers are recomputed with the new occupancy.
        occupied ^= Bitboard::from_square(sq);
        side = !side;
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    fn see(fen: &str, uci: &str, threshold: i32) -> bool {
        let Ok(pos) = Position::from_fen(fen) else {
            panic!("{fen}")
        };
        let Ok(m) = pos.parse_uci(uci) else {
            panic!("{uci}")
        };
        see_ge(&pos, m, threshold)
    }

    #[test]
    fn exchanges() {
        // Rook takes an undefended pawn.
        assert!(see(
            "1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1",
            "e1e5",
            100
        ));
        // Knight takes a pawn defended by a pawn: loses material.
        assert!(!see("4k3/8/3p4/4p3/8/5N2/8/4K3 w - - 0 1", "f3e5", 0));
        // Queen takes a rook defended once, queen recaptured: loses.
        assert!(!see("3rk3/8/8/3r4/8/8/8/3QK3 w - - 0 1", "d1d5", 1));
        // Equal trade.
        assert!(see("4k3/8/2n5/3n4/8/4N3/8/4K3 w - - 0 1", "e3d5", 0));
    }
}
