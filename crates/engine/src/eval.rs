//! Static evaluation: tapered between middlegame and endgame, from the side
//! to move's point of view, in centipawns.
//!
//! Terms: material, piece-square tables (built from simple principles at
//! compile time), mobility, pawn structure (passed, isolated, doubled), king
//! safety (pawn shield, attackers near the king), bishop pair, rooks on open
//! files, tempo. Every weight is a [`Score`] pair in one place ([`Weights`]),
//! so that the evaluation can be tuned, or replaced (by a neural network)
//! behind the same [`evaluate`] function.

use sakk::attacks;
use sakk::{Bitboard, Color, File, Piece, Position, Rank, Role, Square};

/// A middlegame and an endgame value.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Score(pub i32, pub i32);

impl core::ops::Add for Score {
    type Output = Score;
    fn add(self, o: Score) -> Score {
        Score(self.0 + o.0, self.1 + o.1)
    }
}

impl core::ops::AddAssign for Score {
    fn add_assign(&mut self, o: Score) {
        self.0 += o.0;
        self.1 += o.1;
    }
}

impl core::ops::SubAssign for Score {
    fn sub_assign(&mut self, o: Score) {
        self.0 -= o.0;
        self.1 -= o.1;
    }
}

impl core::ops::Mul<i32> for Score {
    type Output = Score;
    fn mul(self, k: i32) -> Score {
        Score(self.0 * k, self.1 * k)
    }
}

/// The evaluation weights.
pub struct Weights {
    /// Piece values by role (pawn … king).
    pub material: [Score; 6],
    /// Per attacked square, by role (knight, bishop, rook, queen), around
    /// an average mobility.
    pub mobility: [Score; 4],
    /// A passed pawn, by relative rank.
    pub passed: [Score; 8],
    /// An isolated pawn.
    pub isolated: Score,
    /// Each extra pawn on a file.
    pub doubled: Score,
    /// Both bishops.
    pub bishop_pair: Score,
    /// A rook on a file without pawns / without own pawns.
    pub rook_open: Score,
    /// A rook on a file without own pawns.
    pub rook_half_open: Score,
    /// A pawn in front of the king (on the king's or a neighbouring file,
    /// one or two ranks ahead).
    pub shield: Score,
    /// Per weighted attack on the squares around the king.
    pub king_attack: Score,
    /// The side to move.
    pub tempo: Score,
}

/// The weights in use.
pub const WEIGHTS: Weights = Weights {
    material: [
        Score(90, 115),
        Score(330, 310),
        Score(345, 330),
        Score(480, 540),
        Score(1000, 1000),
        Score(0, 0),
    ],
    mobility: [Score(4, 4), Score(5, 5), Score(2, 4), Score(1, 2)],
    passed: [
        Score(0, 0),
        Score(0, 5),
        Score(5, 12),
        Score(10, 25),
        Score(20, 45),
        Score(35, 75),
        Score(60, 120),
        Score(0, 0),
    ],
    isolated: Score(-12, -15),
    doubled: Score(-10, -25),
    bishop_pair: Score(30, 55),
    rook_open: Score(25, 10),
    rook_half_open: Score(12, 6),
    shield: Score(12, 0),
    king_attack: Score(8, 2),
    tempo: Score(12, 8),
};

/// The phase weight of each role (a full board is 24).
const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];

const fn abs(x: i32) -> i32 {
    if x < 0 {
        -x
    } else {
        x
    }
}

/// Piece-square tables for White (a1 = 0), built from principles: knights
/// and bishops to the centre, pawns forward and to the centre, rooks to the
/// seventh rank, the king sheltered in the middlegame and central in the
/// endgame.
const fn build_pst() -> [[Score; 64]; 6] {
    let mut t = [[Score(0, 0); 64]; 6];
    let mut sq = 0;
    while sq < 64 {
        let file = (sq % 8) as i32;
        let rank = (sq / 8) as i32;
        // Distance from the centre: 0 (d4, e5…) to 3 (corners), doubled.
        let fd = abs(2 * file - 7);
        let rd = abs(2 * rank - 7);
        let centre = 7 - if fd > rd { fd } else { rd }; // 0 … 6
        let centre_sum = 14 - fd - rd; // 0 … 12
                                       // Pawns: forward, and the centre files in the middlegame.
        let file_bonus = match file {
            3 | 4 => 10,
            2 | 5 => 5,
            _ => 0,
        };
        t[0][sq] = if rank == 0 || rank == 7 {
            Score(0, 0)
        } else {
            Score(
                (rank - 1) * 3 + file_bonus * (rank - 1) / 2
                    - 5 * ((rank == 1 && (file == 3 || file == 4)) as i32),
                (rank - 1) * 8,
            )
        };
        // Knights: strongly central.
        t[1][sq] = Score(centre_sum * 5 - 30, centre_sum * 4 - 25);
        // Bishops: mildly central, long diagonals.
        let diag = (file == rank || file + rank == 7) as i32;
        t[2][sq] = Score(centre * 3 + diag * 8 - 12, centre * 3 - 9);
        // Rooks: the seventh rank, the centre files a little.
        t[3][sq] = Score(
            if rank == 6 { 18 } else { 0 } + if file == 3 || file == 4 { 6 } else { 0 },
            if rank == 6 { 12 } else { 0 },
        );
        // Queen: a little central.
        t[4][sq] = Score(centre * 2 - 6, centre * 4 - 12);
        // King: home corners in the middlegame, the centre in the endgame.
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
        t[5][sq] = Score(home, centre_sum * 5 - 30);
        sq += 1;
    }
    t
}

/// The piece-square tables, White's view.
pub const PST: [[Score; 64]; 6] = build_pst();

fn relative(color: Color, sq: Square) -> usize {
    match color {
        Color::White => sq.index(),
        Color::Black => sq.flip_vertical().index(),
    }
}

/// The score of one side (White's perspective is applied by the caller).
fn side(pos: &Position, us: Color, pawn_attacks_by: [Bitboard; 2]) -> Score {
    let w = &WEIGHTS;
    let b = pos.board();
    let ours = b.by_color(us);
    let theirs = b.by_color(!us);
    let occupied = b.occupied();
    let our_pawns = b.by_role(Role::Pawn) & ours;
    let their_pawns = b.by_role(Role::Pawn) & theirs;
    let their_king = pos.king(!us);
    let king_zone = attacks::king_attacks(their_king) | Bitboard::from_square(their_king);
    let safe = !(pawn_attacks_by[(!us).index()] | ours);
    let mut s = Score(0, 0);
    let mut attack_weight = 0;

    for role in Role::ALL {
        for sq in b.by_piece(Piece::new(us, role)) {
            s += w.material[role.index()];
            s += PST[role.index()][relative(us, sq)];
            let att = match role {
                Role::Knight => attacks::knight_attacks(sq),
                Role::Bishop => {
                    attacks::bishop_attacks(sq, occupied ^ (b.by_role(Role::Queen) & ours))
                }
                Role::Rook => attacks::rook_attacks(sq, occupied ^ (b.rooks_and_queens() & ours)),
                Role::Queen => attacks::queen_attacks(sq, occupied),
                _ => Bitboard::EMPTY,
            };
            if matches!(role, Role::Knight | Role::Bishop | Role::Rook | Role::Queen) {
                let i = role.index() - 1;
                let average = [4, 6, 6, 11][i];
                s += w.mobility[i] * ((att & safe).count() as i32 - average);
                let hits = (att & king_zone).count() as i32;
                attack_weight += hits * [2, 2, 3, 5][i];
            }
            if role == Role::Rook {
                let file = Bitboard::from_file(sq.file());
                if (file & our_pawns).is_empty() {
                    s += if (file & their_pawns).is_empty() {
                        w.rook_open
                    } else {
                        w.rook_half_open
                    };
                }
            }
        }
    }

    if (b.by_role(Role::Bishop) & ours).more_than_one() {
        s += w.bishop_pair;
    }

    // Pawn structure.
    for sq in our_pawns {
        let file = sq.file();
        let adjacent = adjacent_files(file);
        if (our_pawns & adjacent).is_empty() {
            s += w.isolated;
        }
        let ahead = forward_span(us, sq);
        let blockers = their_pawns & (ahead | (ahead_adjacent(us, sq)));
        if blockers.is_empty() && (our_pawns & ahead).is_empty() {
            s += w.passed[sq.rank().relative_to(us).index()];
        }
    }
    for file in File::ALL {
        let n = (our_pawns & Bitboard::from_file(file)).count() as i32;
        if n > 1 {
            s += w.doubled * (n - 1);
        }
    }

    // Our attack on their king (scaled up as it grows).
    s += w.king_attack * (attack_weight * attack_weight / 8).min(60);

    // Our king's pawn shield.
    let king = pos.king(us);
    let shield_zone = {
        let files = adjacent_files(king.file()) | Bitboard::from_file(king.file());
        let r1 = king.rank().relative_to(us).index() + 1;
        let mut ranks = Bitboard::EMPTY;
        for r in [r1, r1 + 1] {
            if r < 8 {
                ranks |= Bitboard::relative_rank(us, Rank::new(r as u32));
            }
        }
        files & ranks
    };
    s += w.shield * (our_pawns & shield_zone).count().min(3) as i32;
    s
}

fn adjacent_files(file: File) -> Bitboard {
    let mut bb = Bitboard::EMPTY;
    if let Some(f) = file.offset(-1) {
        bb |= Bitboard::from_file(f);
    }
    if let Some(f) = file.offset(1) {
        bb |= Bitboard::from_file(f);
    }
    bb
}

/// The squares in front of `sq` on its file, from `color`'s side.
fn forward_span(color: Color, sq: Square) -> Bitboard {
    let file = Bitboard::from_file(sq.file());
    let rank = sq.rank().index() as u32;
    let ahead = match color {
        Color::White => Bitboard(if rank >= 7 {
            0
        } else {
            !0u64 << (8 * (rank + 1))
        }),
        Color::Black => Bitboard(if rank == 0 {
            0
        } else {
            !0u64 >> (8 * (8 - rank))
        }),
    };
    file & ahead
}

/// The squares in front of `sq` on the neighbouring files.
fn ahead_adjacent(color: Color, sq: Square) -> Bitboard {
    let mut bb = Bitboard::EMPTY;
    for df in [-1, 1] {
        if let Some(n) = sq.offset(df, 0) {
            bb |= forward_span(color, n);
        }
    }
    bb
}

/// The game phase: 24 with all pieces on the board, 0 with none.
pub fn phase(pos: &Position) -> i32 {
    Role::ALL
        .into_iter()
        .map(|r| PHASE[r.index()] * pos.board().by_role(r).count() as i32)
        .sum::<i32>()
        .min(24)
}

/// The evaluation of `pos` for the side to move, in centipawns.
pub fn evaluate(pos: &Position) -> i32 {
    let b = pos.board();
    let pawns = b.by_role(Role::Pawn);
    let mut pawn_attacks_by = [Bitboard::EMPTY; 2];
    for color in Color::ALL {
        for sq in pawns & b.by_color(color) {
            pawn_attacks_by[color.index()] |= attacks::pawn_attacks(color, sq);
        }
    }
    let mut s = side(pos, Color::White, pawn_attacks_by);
    s -= side(pos, Color::Black, pawn_attacks_by);
    let us = pos.turn();
    if us == Color::Black {
        s = Score(-s.0, -s.1);
    }
    s += WEIGHTS.tempo;
    let ph = phase(pos);
    let mut v = (s.0 * ph + s.1 * (24 - ph)) / 24;
    // Drawish endings: scale down when the stronger side has no pawns and
    // little extra material.
    let stronger = if v > 0 { us } else { !us };
    let strong_pawns = (pawns & b.by_color(stronger)).count();
    if strong_pawns == 0 {
        let m = pos.material();
        let (a, d) = (m[stronger] as i32, m[!stronger] as i32);
        if a - d <= 3 {
            v /= 4;
        }
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(fen: &str) -> i32 {
        match Position::from_fen(fen) {
            Ok(p) => evaluate(&p),
            Err(e) => panic!("{fen}: {e}"),
        }
    }

    #[test]
    fn symmetric_and_sensible() {
        // The start position is about even (only the tempo).
        let start = eval(sakk::STARTING_FEN);
        assert!((0..30).contains(&start), "{start}");
        // Mirrored positions evaluate the same for the side to move.
        let a = eval("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
        let b = eval("rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 2 3");
        assert_eq!(a, b);
        // A queen up is winning.
        assert!(eval("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1") > 700);
        // A passed pawn on the seventh counts in the endgame.
        assert!(eval("4k3/P7/8/8/8/8/8/4K3 w - - 0 1") > eval("4k3/8/8/8/8/8/P7/4K3 w - - 0 1"));
    }
}
