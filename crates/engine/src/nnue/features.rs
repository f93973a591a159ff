//! The network's inputs: 768 features per perspective, one for each
//! (piece colour relative to the perspective, role, square) with the board
//! seen from that side (Black's squares mirrored vertically), so that both
//! perspectives share one set of weights.

use sakk::{Color, Position};

/// Features per perspective.
pub const INPUTS: usize = 768;

/// The most pieces on a board, so the most active features per perspective.
pub const MAX_ACTIVE: usize = 32;

/// The feature of `piece` on `square` (0–63, a1 = 0) seen by `perspective`.
pub fn index(perspective: Color, color: Color, role: sakk::Role, square: usize) -> usize {
    let (side, sq) = if perspective == Color::White {
        (usize::from(color != Color::White), square)
    } else {
        (usize::from(color != Color::Black), square ^ 56)
    };
    side * 384 + role.index() * 64 + sq
}

/// The active features of a position for both perspectives: the side to
/// move's first. Each list holds `count` entries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Active {
    /// How many pieces (entries of each list).
    pub count: u8,
    /// The side to move's features.
    pub us: [u16; MAX_ACTIVE],
    /// The other side's features.
    pub them: [u16; MAX_ACTIVE],
}

impl Active {
    /// The features of `pos` (a position has at most 32 pieces; more are
    /// ignored).
    pub fn of(pos: &Position) -> Active {
        let us_color = pos.turn();
        let mut active = Active {
            count: 0,
            us: [0; MAX_ACTIVE],
            them: [0; MAX_ACTIVE],
        };
        for (sq, piece) in pos.board().pieces().take(MAX_ACTIVE) {
            let i = usize::from(active.count);
            active.us[i] = index(us_color, piece.color, piece.role, sq.index()) as u16;
            active.them[i] = index(!us_color, piece.color, piece.role, sq.index()) as u16;
            active.count += 1;
        }
        active
    }

    /// The side to move's features.
    pub fn ours(&self) -> &[u16] {
        &self.us[..usize::from(self.count)]
    }

    /// The other side's features.
    pub fn theirs(&self) -> &[u16] {
        &self.them[..usize::from(self.count)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sakk::Role;

    #[test]
    fn mirrored_positions_have_the_same_features() {
        let white = match Position::from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1") {
            Ok(p) => p,
            Err(e) => panic!("{e}"),
        };
        let black = match Position::from_fen("4k3/4p3/8/8/8/8/8/4K3 b - - 0 1") {
            Ok(p) => p,
            Err(e) => panic!("{e}"),
        };
        let mut a: Vec<u16> = Active::of(&white).ours().to_vec();
        let mut b: Vec<u16> = Active::of(&black).ours().to_vec();
        a.sort_unstable();
        b.sort_unstable();
        assert_eq!(a, b);
        assert_eq!(index(Color::White, Color::White, Role::Pawn, 12), 12);
        assert_eq!(index(Color::Black, Color::White, Role::Pawn, 12), 384 + 52);
        assert!(Active::of(&Position::new())
            .ours()
            .iter()
            .all(|&f| usize::from(f) < INPUTS));
    }
}
