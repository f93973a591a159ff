//! The network's inputs: 768 features per perspective and king bucket, one
//! for each (piece colour relative to the perspective, role, square) with
//! the board seen from that side (Black's squares mirrored vertically), so
//! that both perspectives share one set of weights. A network may keep a
//! set of those weights for each of several regions of the board that the
//! perspective's own king stands in ([`KingBuckets`]): the same piece on the
//! same square then weighs differently behind a castled king than beside a
//! king in the centre.

use sakk::{Color, Position, Square};

/// Features per perspective and king bucket.
pub const INPUTS: usize = 768;

/// The most pieces on a board, so the most active features per perspective.
pub const MAX_ACTIVE: usize = 32;

/// The feature of `piece` on `square` (0–63, a1 = 0) seen by `perspective`,
/// within its king bucket (0 to [`INPUTS`] − 1).
pub fn index(perspective: Color, color: Color, role: sakk::Role, square: usize) -> usize {
    let (side, sq) = if perspective == Color::White {
        (usize::from(color != Color::White), square)
    } else {
        (usize::from(color != Color::Black), square ^ 56)
    };
    side * 384 + role.index() * 64 + sq
}

/// How a network's first layer is chosen by where the perspective's own
/// king stands: one set of [`INPUTS`] weights rows for every king square,
/// or one set per region. Part of the network file (version 3 names it).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum KingBuckets {
    /// One set of weights wherever the king stands (every built-in net so
    /// far).
    #[default]
    One,
    /// Eight sets: the king's pair of files (a–b, c–d, e–f, g–h) by whether
    /// it stands on its own first rank or beyond, seen from the
    /// perspective (so Black's king on e8 is in White's king-on-e1 bucket).
    Eight,
}

impl KingBuckets {
    /// Every layout, in the order of their ids.
    pub const ALL: [KingBuckets; 2] = [KingBuckets::One, KingBuckets::Eight];

    /// How many sets of weights.
    pub const fn count(self) -> usize {
        match self {
            KingBuckets::One => 1,
            KingBuckets::Eight => 8,
        }
    }

    /// The layout's number in the network file (and on the command line):
    /// its count of buckets.
    pub const fn id(self) -> u32 {
        self.count() as u32
    }

    /// The layout whose [`KingBuckets::id`] is `id`, if any.
    pub fn from_id(id: u32) -> Option<KingBuckets> {
        KingBuckets::ALL.into_iter().find(|k| k.id() == id)
    }

    /// The bucket (0 to [`KingBuckets::count`] − 1) of `perspective`'s
    /// king on `king` (`None`, a board without that king or with more than
    /// one: bucket 0).
    pub fn bucket(self, perspective: Color, king: Option<Square>) -> usize {
        match (self, king) {
            (KingBuckets::One, _) | (_, None) => 0,
            (KingBuckets::Eight, Some(sq)) => {
                let sq = if perspective == Color::White {
                    sq.index()
                } else {
                    sq.index() ^ 56
                };
                usize::from(sq >= 8) * 4 + (sq % 8) / 2
            }
        }
    }

    /// The bucket of `perspective`'s king on `board`.
    pub fn of(self, perspective: Color, board: &sakk::Board) -> usize {
        match self {
            KingBuckets::One => 0,
            _ => self.bucket(perspective, board.king_of(perspective)),
        }
    }
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
    /// The features of `pos` for a network of the king buckets `kings` (a
    /// position has at most 32 pieces; more are ignored).
    pub fn of(pos: &Position, kings: KingBuckets) -> Active {
        let us_color = pos.turn();
        let mut active = Active {
            count: 0,
            us: [0; MAX_ACTIVE],
            them: [0; MAX_ACTIVE],
        };
        let board = pos.board();
        let ours = kings.of(us_color, board) * INPUTS;
        let theirs = kings.of(!us_color, board) * INPUTS;
        for (sq, piece) in board.pieces().take(MAX_ACTIVE) {
            let i = usize::from(active.count);
            active.us[i] = (ours + index(us_color, piece.color, piece.role, sq.index())) as u16;
            active.them[i] =
                (theirs + index(!us_color, piece.color, piece.role, sq.index())) as u16;
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
        for kings in KingBuckets::ALL {
            for side in [Active::ours, Active::theirs] {
                let mut a: Vec<u16> = side(&Active::of(&white, kings)).to_vec();
                let mut b: Vec<u16> = side(&Active::of(&black, kings)).to_vec();
                a.sort_unstable();
                b.sort_unstable();
                assert_eq!(a, b, "{kings:?}");
            }
            assert!(Active::of(&Position::new(), kings)
                .ours()
                .iter()
                .all(|&f| usize::from(f) < INPUTS * kings.count()));
        }
        assert_eq!(index(Color::White, Color::White, Role::Pawn, 12), 12);
        assert_eq!(index(Color::Black, Color::White, Role::Pawn, 12), 384 + 52);
    }

    #[test]
    fn king_buckets_cut_the_board_by_file_pairs_and_the_first_rank() {
        let sq = |name: &str| match name.parse::<Square>() {
            Ok(s) => Some(s),
            Err(e) => panic!("{name}: {e}"),
        };
        let eight = KingBuckets::Eight;
        for (white, black, bucket) in [
            ("a1", "a8", 0),
            ("b1", "b8", 0),
            ("c1", "d8", 1),
            ("e1", "e8", 2),
            ("g1", "h8", 3),
            ("a2", "a7", 4),
            ("d5", "c4", 5),
            ("f3", "e6", 6),
            ("h8", "g1", 7),
        ] {
            assert_eq!(eight.bucket(Color::White, sq(white)), bucket, "{white}");
            assert_eq!(eight.bucket(Color::Black, sq(black)), bucket, "{black}");
            assert_eq!(KingBuckets::One.bucket(Color::White, sq(white)), 0);
        }
        assert_eq!(eight.bucket(Color::White, None), 0);
        for kings in KingBuckets::ALL {
            assert_eq!(KingBuckets::from_id(kings.id()), Some(kings));
        }
        assert_eq!(KingBuckets::from_id(0), None);
        assert_eq!(KingBuckets::from_id(4), None);
        // The start: each side's king on e1/e8, bucket 2 of both.
        let start = Active::of(&Position::new(), eight);
        let one = Active::of(&Position::new(), KingBuckets::One);
        for (b, o) in start.ours().iter().zip(one.ours()) {
            assert_eq!(usize::from(*b), 2 * INPUTS + usize::from(*o));
        }
        for (b, o) in start.theirs().iter().zip(one.theirs()) {
            assert_eq!(usize::from(*b), 2 * INPUTS + usize::from(*o));
        }
    }
}
