//! Material: the seed's piece values, insufficient material, whether a side
//! can still mate, and blocked (dead) positions.

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::position::Position;
use crate::types::{ByColor, Color, Piece, Role};

impl Position {
    /// The material of each side in pawns, by the seed's values (P 1, N 3,
    /// B 3, R 5, Q 9).
    pub fn material(&self) -> ByColor<u32> {
        ByColor::new_with(|color| {
            Role::ALL
                .into_iter()
                .map(|role| role.value() * self.board.by_piece(Piece::new(color, role)).count())
                .sum()
        })
    }

    /// `true` when neither side has the material to mate, exactly the
    /// seed's list: K v K; K+N v K; kings and bishops only, all bishops on
    /// squares of one colour (K+B v K, K+B v K+B, several bishops).
    pub fn has_insufficient_material(&self) -> bool {
        let b = &self.board;
        if (b.by_role(Role::Pawn) | b.rooks_and_queens()).any() {
            return false;
        }
        let knights = b.by_role(Role::Knight);
        let bishops = b.by_role(Role::Bishop);
        if knights.is_empty() {
            return !(bishops.intersects(Bitboard::DARK_SQUARES)
                && bishops.intersects(Bitboard::LIGHT_SQUARES));
        }
        knights.count() == 1 && bishops.is_empty()
    }

    /// `false` only when `color` cannot checkmate by any series of legal
    /// moves, whatever the opponent does (FIDE 6.9 and 5.1.2): the test for
    /// a flag fall or resignation. K+N v K and K+B v K cannot; K+N+N v K and
    /// K+P v K can, as can K+N against any pawn or piece but queens (which
    /// cannot block in time), or K+B against a pawn, a knight or a bishop
    /// of the other colour.
    pub fn can_checkmate(&self, color: Color) -> bool {
        let b = &self.board;
        let ours = b.by_color(color);
        let theirs = b.by_color(!color);
        if ((b.by_role(Role::Pawn) | b.rooks_and_queens()) & ours).any() {
            return true;
        }
        let knights = b.by_role(Role::Knight) & ours;
        let bishops = b.by_role(Role::Bishop) & ours;
        match (knights.count(), bishops.count()) {
            (0, 0) => false,
            (1, 0) => (theirs
                & (b.by_role(Role::Pawn)
                    | b.by_role(Role::Knight)
                    | b.by_role(Role::Bishop)
                    | b.by_role(Role::Rook)))
            .any(),
            (0, _) => {
                let all_bishops = b.by_role(Role::Bishop);
                let one_colour = !(all_bishops.intersects(Bitboard::DARK_SQUARES)
                    && all_bishops.intersects(Bitboard::LIGHT_SQUARES));
                !one_colour || (theirs & (b.by_role(Role::Pawn) | b.by_role(Role::Knight))).any()
            }
            _ => true,
        }
    }

    /// `true` for a position that no series of legal moves can turn into
    /// checkmate although material remains: only kings and pawns, every
    /// pawn blocked head to head by an enemy pawn with nothing to capture,
    /// and neither king able to reach an enemy pawn. Conservative: it may
    /// miss a dead position, it never calls a winnable one dead.
    pub fn is_blocked_dead(&self) -> bool {
        let b = &self.board;
        let pawns = b.by_role(Role::Pawn);
        let kings = b.by_role(Role::King);
        if pawns.is_empty() || (b.occupied() - pawns - kings).any() {
            return false;
        }
        let white = pawns & b.by_color(Color::White);
        let black = pawns & b.by_color(Color::Black);
        // Every pawn stands head to head with an enemy pawn ...
        if white.forward(Color::White) != black || black.forward(Color::Black) != white {
            return false;
        }
        // ... and no pawn can ever capture: it attacks no enemy pawn now,
        // and the pawns never move.
        for sq in white {
            if (attacks::pawn_attacks(Color::White, sq) & black).any() {
                return false;
            }
        }
        for sq in black {
            if (attacks::pawn_attacks(Color::Black, sq) & white).any() {
                return false;
            }
        }
        // Neither king can walk to an enemy pawn through squares that the
        // enemy pawns do not guard.
        for color in Color::ALL {
            let own = pawns & b.by_color(color);
            let enemy = pawns & b.by_color(!color);
            let mut guarded = Bitboard::EMPTY;
            for sq in enemy {
                guarded |= attacks::pawn_attacks(!color, sq);
            }
            let walkable = !(own | guarded);
            let mut reach = Bitboard::from_square(self.king(color));
            loop {
                let mut next = reach;
                for sq in reach {
                    next |= attacks::king_attacks(sq) & (walkable | enemy);
                }
                // A king on an enemy pawn's square has captured it.
                if next.intersects(enemy) {
                    return false;
                }
                if next == reach {
                    break;
                }
                reach = next;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use crate::testing::pos;

    #[test]
    fn insufficient_material_is_the_seeds_list() {
        for fen in [
            "8/8/4k3/8/8/8/8/4K3 w - - 0 1",
            "8/8/4k3/8/8/8/8/4KN2 w - - 0 1",
            "8/8/4k3/8/8/8/8/4KB2 w - - 0 1",
            "8/8/4k3/5b2/8/8/8/4KB2 w - - 0 1",
            "8/8/4k3/8/8/4B3/8/B1B1K3 w - - 0 1",
            "8/2b5/4k3/8/8/8/8/B3K3 w - - 0 1",
        ] {
            assert!(pos(fen).has_insufficient_material(), "{fen}");
        }
        for fen in [
            "8/8/4k3/8/8/8/4P3/4K3 w - - 0 1",
            "8/8/4k3/8/8/8/8/3NKN2 w - - 0 1",
            "8/8/4kn2/8/8/8/8/4KN2 w - - 0 1",
            "8/8/4k3/8/8/8/8/4KBB1 w - - 0 1",
            "8/8/4kb2/8/8/8/8/3BK3 w - - 0 1",
            "8/8/4k3/8/8/8/8/4KB1N w - - 0 1",
        ] {
            assert!(!pos(fen).has_insufficient_material(), "{fen}");
        }
    }

    #[test]
    fn who_can_still_mate() {
        use crate::Color::{Black, White};
        // White's material against Black's king.
        assert!(!pos("8/8/4k3/8/8/8/8/4KN2 w - - 0 1").can_checkmate(White));
        assert!(pos("8/8/4k3/8/8/8/8/3NKN2 w - - 0 1").can_checkmate(White));
        assert!(pos("8/8/4k3/8/8/8/4P3/4K3 w - - 0 1").can_checkmate(White));
        assert!(!pos("8/8/4k3/8/8/8/4P3/4K3 w - - 0 1").can_checkmate(Black));
        assert!(!pos("8/8/4k3/8/8/8/8/4KB2 w - - 0 1").can_checkmate(White));
        // K+N against K+P: the pawn can block its own king in.
        assert!(pos("8/4p3/4k3/8/8/8/8/4KN2 w - - 0 1").can_checkmate(White));
        assert!(pos("8/8/4k3/8/8/8/8/4KBB1 w - - 0 1").can_checkmate(White));
    }

    #[test]
    fn blocked_pawn_walls_are_dead() {
        // A closed pawn chain the kings cannot cross.
        assert!(pos("8/4k3/8/1p1p1p1p/1P1P1P1P/8/4K3/8 w - - 0 1").is_blocked_dead());
        // One capture available: not dead.
        assert!(!pos("8/4k3/8/p2p1p1p/1P1P1P1P/8/4K3/8 w - - 0 1").is_blocked_dead());
        // A king can walk around to the pawns: not dead.
        assert!(!pos("8/4k3/8/3p4/3P4/8/4K3/8 w - - 0 1").is_blocked_dead());
        // A piece on the board: not judged dead.
        assert!(!pos("8/4k3/8/1p1p1p1p/1P1P1P1P/8/4K3/7N w - - 0 1").is_blocked_dead());
        assert_eq!(pos(crate::STARTING_FEN).material().white, 39);
    }
}
