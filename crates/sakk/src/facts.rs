//! Facts about moves and positions for people: what a move did (capture,
//! promotion, castling, check, discovered and double check, knight forks,
//! double attacks by any piece, mate), material balance, the phase of the game, and the named quick
//! mates of the seed.

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::game::Game;
use crate::moves::Move;
use crate::outcome::Termination;
use crate::position::{CastlingSide, Position};
use crate::types::{Color, Piece, Role};

/// A knight that gives check and attacks heavy pieces (rooks, queens) at
/// once: "villás sakk".
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct KnightFork {
    /// The heavy pieces attacked besides the king.
    pub targets: Bitboard,
    /// The queen is among them: a royal fork ("sakk-sekk").
    pub royal: bool,
    /// Two or more heavy pieces: a family fork ("családi sakk").
    pub family: bool,
}

/// What a move does. [`MoveFacts::codes`] names each fact with a stable
/// code for interfaces and catalogues.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveFacts {
    /// The piece captured, if any.
    pub capture: Option<Role>,
    /// The piece promoted to, if any.
    pub promotion: Option<Role>,
    /// The side castled to, if castling.
    pub castling: Option<CastlingSide>,
    /// An en passant capture.
    pub en_passant: bool,
    /// The move gives check.
    pub check: bool,
    /// A check by a piece the move uncovered ("felfedett sakk").
    pub discovered_check: bool,
    /// Two pieces give check ("kettős sakk").
    pub double_check: bool,
    /// A knight fork with check.
    pub fork: Option<KnightFork>,
    /// A double attack (lichess's puzzle theme "fork") by the piece moved,
    /// any but the king, from a square where it stands safe: the opponent's
    /// pieces other than pawns it attacks that are worth more than it (the
    /// king most of all) or undefended and not attacking it back — two or
    /// more of them. The seed's knight fork with check is [`MoveFacts::fork`].
    /// Defence is counted as direct attack only (lichess also counts an
    /// x-ray defence through an enemy slider).
    pub double_attack: Option<Bitboard>,
    /// The move mates.
    pub checkmate: bool,
    /// The move stalemates.
    pub stalemate: bool,
}

/// One fact about a move, as [`MoveFacts::facts`] lists them; its
/// [`Fact::code`] is stable, for interfaces and catalogues.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Fact {
    /// The move mates.
    Checkmate,
    /// The move stalemates.
    Stalemate,
    /// Two pieces give check ("kettős sakk").
    DoubleCheck,
    /// A piece the move uncovered gives check ("felfedett sakk").
    DiscoveredCheck,
    /// The move gives check.
    Check,
    /// A knight fork with check that hits the queen ("sakk-sekk").
    RoyalFork,
    /// A knight fork with check that hits two or more heavy pieces
    /// ("családi sakk").
    FamilyFork,
    /// A knight fork with check ("villás sakk").
    Fork,
    /// A double attack by any piece (not the seed's knight fork).
    DoubleAttack,
    /// A capture (not en passant).
    Capture,
    /// An en passant capture.
    EnPassant,
    /// Castling.
    Castling,
    /// A promotion.
    Promotion,
}

impl Fact {
    /// Every fact, most telling first.
    pub const ALL: [Fact; 13] = [
        Fact::Checkmate,
        Fact::Stalemate,
        Fact::DoubleCheck,
        Fact::DiscoveredCheck,
        Fact::Check,
        Fact::RoyalFork,
        Fact::FamilyFork,
        Fact::Fork,
        Fact::DoubleAttack,
        Fact::Capture,
        Fact::EnPassant,
        Fact::Castling,
        Fact::Promotion,
    ];

    /// `checkmate`, `stalemate`, `double_check`, `discovered_check`,
    /// `check`, `royal_fork`, `family_fork`, `fork`, `double_attack`,
    /// `capture`, `en_passant`, `castling`, `promotion`.
    pub const fn code(self) -> &'static str {
        match self {
            Fact::Checkmate => "checkmate",
            Fact::Stalemate => "stalemate",
            Fact::DoubleCheck => "double_check",
            Fact::DiscoveredCheck => "discovered_check",
            Fact::Check => "check",
            Fact::RoyalFork => "royal_fork",
            Fact::FamilyFork => "family_fork",
            Fact::Fork => "fork",
            Fact::DoubleAttack => "double_attack",
            Fact::Capture => "capture",
            Fact::EnPassant => "en_passant",
            Fact::Castling => "castling",
            Fact::Promotion => "promotion",
        }
    }
}

impl MoveFacts {
    /// The facts, most telling first: checkmate or stalemate; double
    /// check, discovered check or check; royal fork, family fork or fork,
    /// else a double attack; capture or en passant; castling; promotion.
    ///
    /// ```
    /// use sakk::{Fact, Lang, Position};
    /// let pos = Position::from_fen("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4").unwrap();
    /// let m = pos.parse_san("Qxf7#", Lang::English).unwrap();
    /// assert_eq!(pos.move_facts(m).facts(), [Fact::Checkmate, Fact::Capture]);
    /// ```
    pub fn facts(&self) -> Vec<Fact> {
        let mut facts = Vec::new();
        if self.checkmate {
            facts.push(Fact::Checkmate);
        } else if self.stalemate {
            facts.push(Fact::Stalemate);
        }
        if self.double_check {
            facts.push(Fact::DoubleCheck);
        } else if self.discovered_check {
            facts.push(Fact::DiscoveredCheck);
        } else if self.check && !self.checkmate {
            facts.push(Fact::Check);
        }
        if let Some(f) = self.fork {
            facts.push(if f.royal {
                Fact::RoyalFork
            } else if f.family {
                Fact::FamilyFork
            } else {
                Fact::Fork
            });
        } else if self.double_attack.is_some() && !self.checkmate {
            facts.push(Fact::DoubleAttack);
        }
        if self.en_passant {
            facts.push(Fact::EnPassant);
        } else if self.capture.is_some() {
            facts.push(Fact::Capture);
        }
        if self.castling.is_some() {
            facts.push(Fact::Castling);
        }
        if self.promotion.is_some() {
            facts.push(Fact::Promotion);
        }
        facts
    }

    /// The facts' codes ([`MoveFacts::facts`], each by [`Fact::code`]).
    pub fn codes(&self) -> Vec<&'static str> {
        self.facts().into_iter().map(Fact::code).collect()
    }
}

/// The phase of a game (seed: megnyitás, középjáték, végjáték).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The first moves: development, the centre, castling.
    Opening,
    /// Between opening and endgame.
    Middlegame,
    /// Few pieces left: kings become active, pawns matter.
    Endgame,
}

impl Phase {
    /// `opening`, `middlegame`, `endgame`.
    pub const fn code(self) -> &'static str {
        match self {
            Phase::Opening => "opening",
            Phase::Middlegame => "middlegame",
            Phase::Endgame => "endgame",
        }
    }
}

/// The mates that have a name: the seed's quick mates and the classic
/// patterns.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum NamedMate {
    /// Mate in two moves (bolondmatt): 1. f3 e5 2. g4 Qh4#.
    FoolsMate,
    /// The queen (with the bishop) mates on f7 (or f2) within the first four
    /// moves (susztermatt).
    ScholarsMate,
    /// A knight mates a king that its own pieces hem in on every side
    /// (fojtott matt).
    SmotheredMate,
    /// A rook or queen mates along the back rank a king whose own pieces
    /// block every square in front of it (alapsori matt).
    BackRankMate,
}

impl NamedMate {
    /// `fools_mate`, `scholars_mate`, `smothered_mate`, `back_rank_mate`.
    pub const fn code(self) -> &'static str {
        match self {
            NamedMate::FoolsMate => "fools_mate",
            NamedMate::ScholarsMate => "scholars_mate",
            NamedMate::SmotheredMate => "smothered_mate",
            NamedMate::BackRankMate => "back_rank_mate",
        }
    }
}

impl Position {
    /// What the legal move `m` does.
    ///
    /// ```
    /// use sakk::{Lang, Position};
    ///
    /// // Nc7+ checks the king on e8 and attacks the rook on a8 and the queen on a6.
    /// let pos = Position::from_fen("r3k3/8/q7/1N6/8/8/8/4K3 w - - 0 1").unwrap();
    /// let m = pos.parse_san("Nc7", Lang::English).unwrap();
    /// let facts = pos.move_facts(m);
    /// assert!(facts.check);
    /// assert!(facts.fork.is_some_and(|f| f.royal && f.family));
    /// ```
    pub fn move_facts(&self, m: Move) -> MoveFacts {
        let after = self.after_unchecked(m);
        let checkers = after.checkers();
        let mover_target = if m.is_castle() {
            m.rook_target()
        } else {
            m.to()
        };
        let has_moves = after.has_legal_moves();
        let fork = self.knight_fork(m, &after);
        let double_attack = self.double_attack(m, &after);
        MoveFacts {
            capture: self.captured_role(m),
            promotion: m.promotion_role(),
            castling: m.is_castle().then(|| CastlingSide::of(m.from(), m.to())),
            en_passant: m.is_en_passant(),
            check: checkers.any(),
            discovered_check: (checkers - Bitboard::from_square(mover_target)).any(),
            double_check: checkers.more_than_one(),
            fork,
            double_attack,
            checkmate: checkers.any() && !has_moves,
            stalemate: !checkers.any() && !has_moves,
        }
    }

    fn knight_fork(&self, m: Move, after: &Position) -> Option<KnightFork> {
        let us = self.turn();
        let placed = after.board().piece_at(m.to())?;
        if placed != Piece::new(us, Role::Knight) || !after.checkers().contains(m.to()) {
            return None;
        }
        let them = after.board().by_color(!us);
        let heavy = (after.board().by_role(Role::Rook) | after.board().by_role(Role::Queen)) & them;
        let targets = attacks::knight_attacks(m.to()) & heavy;
        if targets.is_empty() {
            return None;
        }
        Some(KnightFork {
            targets,
            royal: (targets & after.board().by_role(Role::Queen)).any(),
            family: targets.more_than_one(),
        })
    }

    /// The double attack of the legal move `m` (see
    /// [`MoveFacts::double_attack`]), after lichess's puzzle tagger.
    fn double_attack(&self, m: Move, after: &Position) -> Option<Bitboard> {
        if m.is_castle() {
            return None;
        }
        let us = self.turn();
        let board = after.board();
        let to = m.to();
        let placed = board.piece_at(to)?;
        if placed.role == Role::King {
            return None;
        }
        // Worth: the seed's values, the king above all.
        let worth = |r: Role| if r == Role::King { 100 } else { r.value() };
        let occupied = board.occupied();
        let attackers = board.attackers_to(to, !us, occupied);
        if attackers.any() {
            let defended = board.is_attacked_by(to, us, occupied);
            let cheaper = attackers.into_iter().any(|a| {
                board
                    .role_at(a)
                    .is_some_and(|r| worth(r) < worth(placed.role))
            });
            if !defended || cheaper {
                // Not safe there: no double attack, but a piece to take.
                return None;
            }
        }
        let them = board.by_color(!us) - board.by_role(Role::Pawn);
        let mut targets = Bitboard::EMPTY;
        for sq in attacks::attacks(placed, to, occupied) & them {
            let Some(role) = board.role_at(sq) else {
                continue;
            };
            let hanging = !board.is_attacked_by(sq, !us, occupied) && !attackers.contains(sq);
            if worth(role) > worth(placed.role) || hanging {
                targets |= Bitboard::from_square(sq);
            }
        }
        targets.more_than_one().then_some(targets)
    }

    /// White's material minus Black's, by the seed's values.
    pub fn material_balance(&self) -> i32 {
        let m = self.material();
        m.white as i32 - m.black as i32
    }

    /// The pieces `color` has lost against a full set (a promoted pawn
    /// counts as a lost pawn), by role: pawn, knight, bishop, rook, queen.
    pub fn captured_pieces(&self, color: Color) -> [u32; 5] {
        let full = [8, 2, 2, 2, 1];
        let roles = [
            Role::Pawn,
            Role::Knight,
            Role::Bishop,
            Role::Rook,
            Role::Queen,
        ];
        let mut lost = [0; 5];
        let mut extra_promoted = 0;
        for (i, role) in roles.into_iter().enumerate() {
            let have = self.board().by_piece(Piece::new(color, role)).count();
            if have >= full[i] {
                extra_promoted += have - full[i];
            } else {
                lost[i] = full[i] - have;
            }
        }
        // Promoted pieces replaced a pawn, not a lost piece.
        lost[0] = lost[0].saturating_sub(extra_promoted);
        lost
    }

    /// The phase: the opening for the first ten moves while nearly all
    /// pieces are on the board, the endgame when little material besides
    /// pawns and kings is left (26 points or less by the seed's values for
    /// both sides together, or no queens and 34 or less), the middlegame
    /// between.
    pub fn phase(&self) -> Phase {
        let b = self.board();
        let npm: u32 = [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
            .into_iter()
            .map(|r| r.value() * b.by_role(r).count())
            .sum();
        let queens = b.by_role(Role::Queen).count();
        if npm <= 26 || (queens == 0 && npm <= 34) {
            Phase::Endgame
        } else if self.fullmoves() <= 10 && npm >= 56 {
            Phase::Opening
        } else {
            Phase::Middlegame
        }
    }
}

impl Game {
    /// The named mate this game ended with, if any: the quick mates from
    /// the start position first, then the patterns of the final position.
    pub fn named_mate(&self) -> Option<NamedMate> {
        let outcome = self.outcome()?;
        if outcome.termination != Termination::Checkmate {
            return None;
        }
        self.quick_mate().or_else(|| self.position().mate_pattern())
    }

    /// Fool's or scholar's mate.
    fn quick_mate(&self) -> Option<NamedMate> {
        if *self.start() != Position::new() {
            return None;
        }
        let plies = self.moves().len();
        if plies <= 4 {
            return Some(NamedMate::FoolsMate);
        }
        let last = *self.moves().last()?;
        let before = self.positions()[plies - 1];
        let target = match before.turn() {
            Color::White => crate::Square::F7,
            Color::Black => crate::Square::F2,
        };
        let queen_takes = before.moving_role(last) == Some(Role::Queen)
            && last.to() == target
            && before.is_capture(last);
        (plies <= 8 && queen_takes).then_some(NamedMate::ScholarsMate)
    }
}

impl Position {
    /// The pattern of this checkmate, if it has a name: smothered (a
    /// knight gives the check and every square around the king holds one of
    /// its own pieces) or back-rank (a rook or queen checks along the mated
    /// king's back rank and the king's own pieces stand on every square in
    /// front of it). `None` when the position is not checkmate.
    pub fn mate_pattern(&self) -> Option<NamedMate> {
        if !self.is_checkmate() {
            return None;
        }
        let us = self.turn();
        let king = self.king(us);
        let board = self.board();
        let own = board.by_color(us);
        let checkers = self.checkers();
        let around = crate::attacks::king_attacks(king);
        let knight_checks = checkers.count() == 1 && (checkers & board.by_role(Role::Knight)).any();
        if knight_checks && (around & !own).is_empty() {
            return Some(NamedMate::SmotheredMate);
        }
        let back = us.back_rank();
        let along_rank = checkers.count() == 1
            && (checkers & (board.by_role(Role::Rook) | board.by_role(Role::Queen))).any()
            && checkers.into_iter().all(|sq| sq.rank() == back);
        let forward = match us {
            Color::White => 1,
            Color::Black => -1,
        };
        let in_front = [-1, 0, 1]
            .into_iter()
            .filter_map(|df| king.offset(df, forward))
            .all(|sq| own.contains(sq));
        (king.rank() == back && along_rank && in_front).then_some(NamedMate::BackRankMate)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Lang;

    use crate::testing::pos;

    #[test]
    fn each_fact_has_its_own_code_in_the_order_of_the_list() {
        let codes: Vec<&str> = Fact::ALL.iter().map(|f| f.code()).collect();
        let mut unique = codes.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), codes.len());
        // A move with every kind of fact it can have at once lists them
        // in the order of ALL.
        let f = facts("r3k3/8/q7/1N6/8/8/8/4K3 w - - 0 1", "Nc7");
        assert_eq!(f.facts(), [Fact::Check, Fact::RoyalFork]);
        assert_eq!(f.codes(), ["check", "royal_fork"]);
    }

    fn facts(fen: &str, san: &str) -> MoveFacts {
        let p = pos(fen);
        match p.parse_san(san, Lang::English) {
            Ok(m) => p.move_facts(m),
            Err(e) => panic!("{san}: {e}"),
        }
    }

    #[test]
    fn checks_discovered_double_and_forks() {
        // The bishop moves away from the rook's file: discovered check.
        let f = facts("4k3/8/8/8/8/4B3/8/4RK2 w - - 0 1", "Bc5");
        assert!(f.check && f.discovered_check && !f.double_check);
        // The knight checks too: double check.
        let f = facts("4k3/8/8/8/8/4N3/8/4RK2 w - - 0 1", "Nd5");
        assert!(!f.double_check);
        let f = facts("4k3/8/8/8/4N3/8/8/4RK2 w - - 0 1", "Nf6");
        assert!(f.check && f.discovered_check && f.double_check);
        // Royal fork: king and queen.
        let f = facts("4k3/8/2q5/8/3N4/8/8/4K3 w - - 0 1", "Ne6");
        assert!(!f.check);
        let f = facts("4k3/8/8/1q6/8/3N4/8/4K3 w - - 0 1", "Nc5");
        assert!(f.fork.is_none(), "Nc5 gives no check");
        let f = facts("2q1k3/8/8/3N4/8/8/8/4K3 w - - 0 1", "Nf6");
        assert!(f.fork.is_none(), "Nf6+ attacks no heavy piece");
        let f = facts("4k3/2q5/8/3N4/8/8/8/4K3 w - - 0 1", "Nxc7");
        assert_eq!(f.capture, Some(Role::Queen));
        let f = facts("3qk2r/8/8/8/8/8/2N5/4K3 w - - 0 1", "Nd4");
        assert!(f.fork.is_none());
        let f = facts("r3k3/8/q7/1N6/8/8/8/4K3 w - - 0 1", "Nc7");
        let fork = f.fork.unwrap_or(KnightFork {
            targets: Bitboard::EMPTY,
            royal: false,
            family: false,
        });
        assert!(f.check && fork.royal && fork.family, "{f:?}");
    }

    #[test]
    fn double_attacks_by_any_piece() {
        // Nxf7 takes a pawn and hits the queen on d8 and the rook on h8.
        let f = facts(
            "rnbqk2r/pppp1ppp/5n2/2b1p1N1/2B1P3/8/PPPP1PPP/RNBQK2R w KQkq - 4 5",
            "Nxf7",
        );
        assert!(f.fork.is_none(), "no check: not the seed's fork");
        let d8h8 =
            Bitboard::from_square(crate::Square::D8) | Bitboard::from_square(crate::Square::H8);
        assert_eq!(f.double_attack, Some(d8h8), "{f:?}");
        assert_eq!(f.facts(), [Fact::DoubleAttack, Fact::Capture]);
        // A queen checking the king and hitting an undefended rook.
        let f = facts("1r2k3/8/8/8/8/8/8/Q3K3 w - - 0 1", "Qe5");
        assert!(f.check && f.double_attack.is_some(), "{f:?}");
        assert_eq!(f.facts(), [Fact::Check, Fact::DoubleAttack]);
        // The rook defended and worth less than the queen: the king alone.
        let f = facts("1r2k3/b7/8/8/8/8/8/Q3K3 w - - 0 1", "Qe5");
        assert!(f.check && f.double_attack.is_none(), "{f:?}");
        // A pawn fork of two knights counts; pawns attacked do not.
        let f = facts("4k3/8/2n1n3/8/3P4/8/8/4K3 w - - 0 1", "d5");
        assert!(f.double_attack.is_some(), "{f:?}");
        let f = facts("4k3/8/2p1p3/8/3P4/8/8/4K3 w - - 0 1", "d5");
        assert!(f.double_attack.is_none(), "{f:?}");
        // A knight on rook and queen; the same where a pawn takes it.
        let f = facts("4k3/2r1q3/8/8/5N2/8/8/6K1 w - - 0 1", "Nd5");
        assert!(f.double_attack.is_some(), "{f:?}");
        let f = facts("4k3/2r1q3/2p5/8/5N2/8/8/6K1 w - - 0 1", "Nd5");
        assert!(f.double_attack.is_none(), "{f:?}");
        // The seed's knight fork with check stays what it is.
        let f = facts("r3k3/8/q7/1N6/8/8/8/4K3 w - - 0 1", "Nc7");
        assert_eq!(f.facts(), [Fact::Check, Fact::RoyalFork]);
    }

    #[test]
    fn castling_promotion_mate_and_material() {
        let f = facts("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "O-O");
        assert_eq!(f.castling, Some(CastlingSide::KingSide));
        let f = facts("7k/P7/6K1/8/8/8/8/8 w - - 0 1", "a8=Q");
        assert!(f.promotion == Some(Role::Queen) && f.checkmate);
        let p = pos("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
        assert_eq!(p.material_balance(), 9);
        assert_eq!(p.captured_pieces(Color::Black), [8, 2, 2, 2, 1]);
        assert_eq!(Position::new().phase(), Phase::Opening);
        assert_eq!(
            pos("4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 40").phase(),
            Phase::Endgame
        );
    }

    use crate::testing::game as play;

    #[test]
    fn named_mates() {
        assert_eq!(
            play("f3 e5 g4 Qh4#").named_mate(),
            Some(NamedMate::FoolsMate)
        );
        assert_eq!(
            play("e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#").named_mate(),
            Some(NamedMate::ScholarsMate)
        );
        assert_eq!(play("e4 e5 Qh5 Nc6").named_mate(), None);
    }

    #[test]
    fn smothered_and_back_rank_mates() {
        let at = |fen: &str| match Position::from_fen(fen) {
            Ok(p) => p,
            Err(e) => panic!("{fen}: {e}"),
        };
        // Philidor's legacy, the final knight check.
        assert_eq!(
            at("6rk/5Npp/8/8/8/8/8/6K1 b - - 0 1").mate_pattern(),
            Some(NamedMate::SmotheredMate)
        );
        // The back rank: Black's pawns wall their own king in.
        assert_eq!(
            at("3R2k1/5ppp/8/8/8/8/8/6K1 b - - 0 1").mate_pattern(),
            Some(NamedMate::BackRankMate)
        );
        assert_eq!(
            at("6k1/8/8/8/8/8/5PPP/1q4K1 w - - 0 1").mate_pattern(),
            Some(NamedMate::BackRankMate)
        );
        // A mate along the back rank with an escape square covered by an
        // enemy piece, not by the king's own: no name.
        let open_front = at("3R2k1/5p1p/7B/8/8/8/8/6K1 b - - 0 1");
        assert!(open_front.is_checkmate());
        assert_eq!(open_front.mate_pattern(), None);
        // A knight mate with a free square covered by another piece: not
        // smothered.
        let covered = at("6rk/5Np1/7R/8/8/8/8/6K1 b - - 0 1");
        assert!(covered.is_checkmate());
        assert_eq!(covered.mate_pattern(), None);
        // Not mate at all.
        assert_eq!(Position::new().mate_pattern(), None);
        // Through the game: the smothered mate of a whole game is named.
        let game = play("e4 e5 Nf3 Nc6 Bc4 Nd4 Nxe5 Qg5 Nxf7 Qxg2 Rf1 Qxe4+ Be2 Nf3#");
        assert_eq!(game.named_mate(), Some(NamedMate::SmotheredMate));
    }
}
