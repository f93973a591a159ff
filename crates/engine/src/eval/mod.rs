//! Static evaluation: tapered between middlegame and endgame, from the side
//! to move's point of view, in centipawns.
//!
//! Terms ([`terms`]): material, piece-square tables, mobility, pawn
//! structure (passed, connected, isolated, doubled, blocked passers and the
//! kings' distance to them), pawn threats, king safety (pawn shield,
//! attacks near the king), bishop pair, rooks on open files, tempo. Every
//! weight is a [`Score`] pair in one array ([`WEIGHTS`]); the evaluation is
//! written once over a [`Trace`]-or-sum sink, so that the tuner
//! ([`crate::tune`]) sees exactly the terms the engine uses, and a neural
//! network can later replace it behind the same [`evaluate`] function.

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

pub mod terms;
mod weights;

pub use weights::WEIGHTS;

use terms::*;

/// The phase weight of each role (a full board is 24).
const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];

/// Where the terms found in a position go: summed with their weights (the
/// evaluation), or counted (the tuner's trace).
trait Sink {
    /// Term `index` occurs `count` times for `us`.
    fn add(&mut self, us: Color, index: usize, count: i32);
}

/// Sums the weights of the terms, per side.
#[derive(Default)]
struct Sum([Score; 2]);

impl Sink for Sum {
    #[inline(always)]
    fn add(&mut self, us: Color, index: usize, count: i32) {
        self.0[us.index()] += WEIGHTS[index] * count;
    }
}

/// Counts the terms, White's minus Black's.
struct Counts(Vec<i32>);

impl Sink for Counts {
    fn add(&mut self, us: Color, index: usize, count: i32) {
        self.0[index] += if us == Color::White { count } else { -count };
    }
}

fn relative(color: Color, sq: Square) -> usize {
    match color {
        Color::White => sq.index(),
        Color::Black => sq.flip_vertical().index(),
    }
}

/// Finds the terms of one side.
fn side(pos: &Position, us: Color, pawn_attacks_by: [Bitboard; 2], sink: &mut impl Sink) {
    let b = pos.board();
    let ours = b.by_color(us);
    let theirs = b.by_color(!us);
    let occupied = b.occupied();
    let our_pawns = b.by_role(Role::Pawn) & ours;
    let their_pawns = b.by_role(Role::Pawn) & theirs;
    let our_king = pos.king(us);
    let their_king = pos.king(!us);
    let king_zone = attacks::king_attacks(their_king) | Bitboard::from_square(their_king);
    let safe = !(pawn_attacks_by[(!us).index()] | ours);
    let mut attack_weight = 0;

    for role in Role::ALL {
        let r = role.index();
        for sq in b.by_piece(Piece::new(us, role)) {
            if role != Role::King {
                sink.add(us, MATERIAL + r, 1);
            }
            sink.add(us, PST + 64 * r + relative(us, sq), 1);
            let att = match role {
                Role::Knight => attacks::knight_attacks(sq),
                Role::Bishop => {
                    attacks::bishop_attacks(sq, occupied ^ (b.by_role(Role::Queen) & ours))
                }
                Role::Rook => attacks::rook_attacks(sq, occupied ^ (b.rooks_and_queens() & ours)),
                Role::Queen => attacks::queen_attacks(sq, occupied),
                _ => continue,
            };
            let i = r - 1;
            let average = [4, 6, 6, 11][i];
            sink.add(us, MOBILITY + i, (att & safe).count() as i32 - average);
            attack_weight += (att & king_zone).count() as i32 * [2, 2, 3, 5][i];
            if role == Role::Rook {
                let file = Bitboard::from_file(sq.file());
                if (file & our_pawns).is_empty() {
                    if (file & their_pawns).is_empty() {
                        sink.add(us, ROOK_OPEN, 1);
                    } else {
                        sink.add(us, ROOK_HALF_OPEN, 1);
                    }
                }
            }
        }
        if matches!(role, Role::Knight | Role::Bishop | Role::Rook | Role::Queen) {
            let hit = b.by_piece(Piece::new(!us, role)) & pawn_attacks_by[us.index()];
            if hit.any() {
                sink.add(us, PAWN_THREAT + r - 1, hit.count() as i32);
            }
        }
    }

    if (b.by_role(Role::Bishop) & ours).more_than_one() {
        sink.add(us, BISHOP_PAIR, 1);
    }

    // Pawn structure.
    for sq in our_pawns {
        let file = sq.file();
        let rank = sq.rank().relative_to(us).index();
        let adjacent = adjacent_files(file);
        if (our_pawns & adjacent).is_empty() {
            sink.add(us, ISOLATED, 1);
        }
        let beside = our_pawns & adjacent & Bitboard::from_rank(sq.rank());
        if (attacks::pawn_attacks(!us, sq) & our_pawns).any() || beside.any() {
            sink.add(us, CONNECTED + rank, 1);
        }
        let ahead = forward_span(us, sq);
        let blockers = their_pawns & (ahead | (ahead_adjacent(us, sq)));
        if blockers.is_empty() && (our_pawns & ahead).is_empty() {
            sink.add(us, PASSED + rank, 1);
            if let Some(stop) = Bitboard::from_square(sq).forward(us).first() {
                if occupied.contains(stop) {
                    sink.add(us, PASSED_BLOCKED, 1);
                }
                let distance = their_king.distance(stop) as i32 - our_king.distance(stop) as i32;
                sink.add(us, PASSED_KING_DISTANCE, distance);
            }
        }
    }
    for file in File::ALL {
        let n = (our_pawns & Bitboard::from_file(file)).count() as i32;
        if n > 1 {
            sink.add(us, DOUBLED, n - 1);
        }
    }

    // Our attack on their king (growing with the square of the attacks).
    sink.add(us, KING_ATTACK, (attack_weight * attack_weight / 8).min(60));

    // Our king's pawn shield.
    let shield_zone = {
        let files = adjacent_files(our_king.file()) | Bitboard::from_file(our_king.file());
        let r1 = our_king.rank().relative_to(us).index() + 1;
        let mut ranks = Bitboard::EMPTY;
        for r in [r1, r1 + 1] {
            if r < 8 {
                ranks |= Bitboard::relative_rank(us, Rank::new(r as u32));
            }
        }
        files & ranks
    };
    sink.add(us, SHIELD, (our_pawns & shield_zone).count().min(3) as i32);
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

fn pawn_attacks_by(pos: &Position) -> [Bitboard; 2] {
    let b = pos.board();
    let mut by = [Bitboard::EMPTY; 2];
    for color in Color::ALL {
        for sq in b.by_role(Role::Pawn) & b.by_color(color) {
            by[color.index()] |= attacks::pawn_attacks(color, sq);
        }
    }
    by
}

fn terms(pos: &Position, sink: &mut impl Sink) {
    let by = pawn_attacks_by(pos);
    side(pos, Color::White, by, sink);
    side(pos, Color::Black, by, sink);
    sink.add(pos.turn(), TEMPO, 1);
}

/// The divisor of a drawish ending when `stronger` is ahead: 4 when it has
/// no pawns and at most a minor piece more, else 1.
pub fn drawish_divisor(pos: &Position, stronger: Color) -> i32 {
    let b = pos.board();
    if (b.by_role(Role::Pawn) & b.by_color(stronger)).any() {
        return 1;
    }
    let m = pos.material();
    if m[stronger] as i32 - m[!stronger] as i32 <= 3 {
        4
    } else {
        1
    }
}

/// The evaluation of `pos` for the side to move, in centipawns.
pub fn evaluate(pos: &Position) -> i32 {
    let mut sum = Sum::default();
    terms(pos, &mut sum);
    let mut s = sum.0[0];
    s -= sum.0[1];
    let ph = phase(pos);
    // White's view, tapered.
    let v = (s.0 * ph + s.1 * (24 - ph)) / 24;
    let stronger = if v > 0 { Color::White } else { Color::Black };
    let v = v / drawish_divisor(pos, stronger);
    if pos.turn() == Color::White {
        v
    } else {
        -v
    }
}

/// What the evaluation of a position is made of, for tuning: how often
/// each weight counts (White's minus Black's), the phase, and the drawish
/// divisors. The evaluation from White's side is
/// `(mg · phase + eg · (24 − phase)) / 24 / divisor`, with `mg` and `eg`
/// the sums of the weights times their counts and the divisor that of the
/// side ahead.
#[derive(Clone, Debug, PartialEq)]
pub struct Trace {
    /// The terms that occur (index into [`WEIGHTS`], count), without zeros.
    pub counts: Vec<(u16, i16)>,
    /// The game phase, 0 to 24.
    pub phase: i32,
    /// The drawish divisor when White is ahead, and when Black is.
    pub divisors: [i32; 2],
}

/// The trace of `pos`.
pub fn trace(pos: &Position) -> Trace {
    let mut counts = Counts(vec![0; COUNT]);
    terms(pos, &mut counts);
    Trace {
        counts: counts
            .0
            .iter()
            .enumerate()
            .filter(|(_, &c)| c != 0)
            .map(|(i, &c)| (i as u16, c.clamp(i16::MIN.into(), i16::MAX.into()) as i16))
            .collect(),
        phase: phase(pos),
        divisors: [
            drawish_divisor(pos, Color::White),
            drawish_divisor(pos, Color::Black),
        ],
    }
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
    fn trace_reproduces_the_evaluation() {
        for fen in [
            sakk::STARTING_FEN,
            "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
            "8/5k2/3p4/1p1Pp2p/pP2Pp1P/P4P1K/8/8 b - - 99 50",
            "4k3/8/8/8/8/8/8/4KN2 b - - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        ] {
            let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
            let t = trace(&pos);
            let (mut mg, mut eg) = (0, 0);
            for &(i, c) in &t.counts {
                mg += WEIGHTS[usize::from(i)].0 * i32::from(c);
                eg += WEIGHTS[usize::from(i)].1 * i32::from(c);
            }
            let v = (mg * t.phase + eg * (24 - t.phase)) / 24;
            let v = v / t.divisors[usize::from(v <= 0)];
            let white = if pos.turn() == Color::White { v } else { -v };
            assert_eq!(white, evaluate(&pos), "{fen}");
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
