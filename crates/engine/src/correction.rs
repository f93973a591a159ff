//! Correction history: how far the static evaluation has missed the
//! search's result in positions that share a feature, learned during the
//! search and added to the static evaluation of the next such position
//! (Stockfish's and Ethereal's correction histories). The features are the
//! pawn structure and each side's other pieces (where they stand): a net
//! that misjudges a pawn structure, or one side's pieces, misjudges it
//! the same way in every position of the search that has it.
//!
//! Each table keeps, per side to move and per key (a hash of the feature),
//! a running average of (search score − static evaluation), in
//! [`GRAIN`]ths of a centipawn; deeper searches weigh more.

use sakk::{Bitboard, Color, Position, Role};

/// The tables' entries are in this fraction of a centipawn.
pub const GRAIN: i32 = 256;
/// An entry's bound, in centipawns.
pub const LIMIT: i32 = 64;
/// Entries per side in each table (a power of two).
const SIZE: usize = 16_384;
/// The weight of one update, of 256: `depth + 1`, at most this.
const MOST_WEIGHT: i32 = 16;

/// The tables: the pawn structure's, and each side's other pieces'.
pub struct Correction {
    pawn: Vec<i32>,
    white: Vec<i32>,
    black: Vec<i32>,
}

impl Default for Correction {
    fn default() -> Correction {
        Correction {
            pawn: vec![0; 2 * SIZE],
            white: vec![0; 2 * SIZE],
            black: vec![0; 2 * SIZE],
        }
    }
}

/// Where a position's entries are: one index into each table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slots {
    pawn: usize,
    white: usize,
    black: usize,
}

/// Mixes a bitboard into a hash (murmur3's finaliser: every bit of the
/// input moves every bit of the output; a plain multiply's low bits would
/// depend on the input's low bits only, and miss the upper ranks).
fn mix(b: Bitboard, salt: u64) -> u64 {
    let mut x = b.0 ^ salt;
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    x ^ (x >> 33)
}

/// The entry of `hash` for the side to move (the hash's top bits).
fn slot(pos: &Position, hash: u64) -> usize {
    let side = match pos.turn() {
        Color::White => 0,
        Color::Black => SIZE,
    };
    side + (hash >> (64 - SIZE.trailing_zeros())) as usize
}

/// A hash of `color`'s pieces other than pawns (king included).
fn pieces_hash(pos: &Position, color: Color) -> u64 {
    let board = pos.board();
    let own = board.by_color(color);
    let mut h = 0u64;
    for (i, role) in [
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ]
    .into_iter()
    .enumerate()
    {
        h = h.rotate_left(7) ^ mix(own & board.by_role(role), i as u64 * 0x51_7cc1_b727);
    }
    h
}

impl Slots {
    /// The entries of `pos`.
    pub fn of(pos: &Position) -> Slots {
        let board = pos.board();
        let pawns = board.by_role(Role::Pawn);
        let pawn_hash = mix(pawns & board.by_color(Color::White), 1)
            ^ mix(pawns & board.by_color(Color::Black), 2).rotate_left(32);
        Slots {
            pawn: slot(pos, pawn_hash),
            white: slot(pos, pieces_hash(pos, Color::White)),
            black: slot(pos, pieces_hash(pos, Color::Black)),
        }
    }
}

impl Correction {
    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        for t in [&mut self.pawn, &mut self.white, &mut self.black] {
            t.iter_mut().for_each(|v| *v = 0);
        }
    }

    /// The correction, in centipawns, for a position with these entries:
    /// the pawn structure's counted twice, each side's pieces' once.
    pub fn get(&self, s: Slots) -> i32 {
        let at = |t: &[i32], i: usize| t.get(i).copied().unwrap_or(0);
        let sum = 2 * at(&self.pawn, s.pawn) + at(&self.white, s.white) + at(&self.black, s.black);
        sum / (4 * GRAIN)
    }

    /// Learns that a search of `depth` found `diff` centipawns more than
    /// the (uncorrected) static evaluation.
    pub fn update(&mut self, s: Slots, depth: i32, diff: i32) {
        let weight = (depth + 1).clamp(1, MOST_WEIGHT);
        let target = diff.clamp(-LIMIT, LIMIT) * GRAIN;
        for (t, i) in [
            (&mut self.pawn, s.pawn),
            (&mut self.white, s.white),
            (&mut self.black, s.black),
        ] {
            if let Some(v) = t.get_mut(i) {
                *v = ((*v * (256 - weight) + target * weight) / 256)
                    .clamp(-LIMIT * GRAIN, LIMIT * GRAIN);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_error_seen_again_and_again_is_learned_within_its_bound() {
        let pos = Position::new();
        let s = Slots::of(&pos);
        let mut c = Correction::default();
        assert_eq!(c.get(s), 0);
        for _ in 0..200 {
            c.update(s, 10, 40);
        }
        assert!((38..=40).contains(&c.get(s)), "{}", c.get(s));
        for _ in 0..400 {
            c.update(s, 10, -500);
        }
        // The bound, within the rounding of the running average.
        assert!((-LIMIT..=-LIMIT + 1).contains(&c.get(s)), "{}", c.get(s));
        c.clear();
        assert_eq!(c.get(s), 0);
    }

    #[test]
    fn the_side_to_move_and_the_pawns_have_their_own_entries() {
        let a = Position::new();
        let b = Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
            .unwrap_or_else(|_| Position::new());
        let c = Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1")
            .unwrap_or_else(|_| Position::new());
        let (sa, sb, sc) = (Slots::of(&a), Slots::of(&b), Slots::of(&c));
        assert_ne!(sa.pawn, sc.pawn, "the side to move");
        assert_ne!(sb.pawn, sc.pawn, "the pawns");
        assert_eq!(
            sb.white - SIZE,
            sa.white,
            "White's pieces stand as they did"
        );
    }

    /// Every square counts: a pawn pushed to the sixth or seventh rank, or
    /// gone, and a king on its back rank, each make another entry.
    #[test]
    fn pawns_and_kings_anywhere_are_told_apart() {
        let at = |fen: &str| {
            Slots::of(&Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}")))
        };
        let fens = [
            "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1",
            "4k3/pppp1ppp/4P3/8/8/8/PPPP1PPP/4K3 w - - 0 1",
            "4k3/ppppPppp/8/8/8/8/PPPP1PPP/4K3 w - - 0 1",
            "4k3/pppp1ppp/8/8/8/8/PPPP1PPP/4K3 w - - 0 1",
        ];
        let pawns: std::collections::HashSet<usize> = fens.iter().map(|f| at(f).pawn).collect();
        assert_eq!(pawns.len(), fens.len());
        let kings: std::collections::HashSet<usize> = [
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
            "3k4/8/8/8/8/8/8/4K3 w - - 0 1",
            "5k2/8/8/8/8/8/8/4K3 w - - 0 1",
        ]
        .iter()
        .map(|f| at(f).black)
        .collect();
        assert_eq!(kings.len(), 3);
    }
}
