//! Scenario tests: every ending, claim and offer rule of the game, played
//! out move by move as a user would.

use sakk::{Color, Game, GameError, GameResult, Lang, Outcome, Position, Refusal, Termination};

fn game(fen: &str) -> Game {
    match Position::from_fen(fen) {
        Ok(pos) => Game::from_position(pos),
        Err(e) => panic!("{fen}: {e}"),
    }
}

fn mv(game: &Game, san: &str) -> sakk::Move {
    match game.position().parse_san(san, Lang::English) {
        Ok(m) => m,
        Err(e) => panic!("{san}: {e} in {}", game.position().fen()),
    }
}

fn play(game: &mut Game, sans: &str) {
    for san in sans.split_whitespace() {
        let m = mv(game, san);
        if let Err(e) = game.play(m) {
            panic!("{san}: {e}");
        }
    }
}

#[test]
fn fools_mate() {
    let mut g = Game::new();
    play(&mut g, "f3 e5 g4 Qh4#");
    assert_eq!(
        g.outcome(),
        Some(Outcome::new(GameResult::BlackWins, Termination::Checkmate))
    );
}

#[test]
fn stalemate() {
    let mut g = game("7k/8/6Q1/8/8/8/8/K7 w - - 0 1");
    play(&mut g, "Qf7");
    assert_eq!(g.outcome(), Some(Outcome::draw(Termination::Stalemate)));
}

#[test]
fn capture_into_insufficient_material() {
    let mut g = game("4k3/8/8/8/8/8/3r4/3NK3 w - - 0 1");
    play(&mut g, "Kxd2");
    assert_eq!(
        g.outcome(),
        Some(Outcome::draw(Termination::InsufficientMaterial))
    );
}

#[test]
fn blocked_position_is_dead() {
    let mut g = game("8/4k3/8/1p1p1p1p/1P1P1P1P/8/4K3/7q w - - 0 1");
    assert!(!g.is_over());
    // A queen would win; once it is gone the wall stands forever.
    let mut g2 = game("8/4k3/8/1p1p1p1p/1P1P1P1P/8/8/4K2q w - - 0 1");
    play(&mut g2, "Kf2");
    assert!(!g2.is_over());
    let mut g3 = game("8/4k3/8/1p1p1p1p/1P1P1P1P/8/6K1/7q w - - 0 1");
    play(&mut g3, "Kxh1");
    assert_eq!(g3.outcome(), Some(Outcome::draw(Termination::DeadPosition)));
    play(&mut g, "Kd2");
}

#[test]
fn threefold_counts_en_passant_only_when_legal() {
    // After ...d5 the en passant capture exd6 exists on the board but is
    // illegal (it would expose the king on h5 to the rook on a5), so the
    // position counts as the same as without the en passant square.
    let mut g = game("4k3/3p4/8/r3P2K/8/8/8/8 b - - 0 1");
    play(&mut g, "d5");
    assert_eq!(g.position().ep_square(), Some(sakk::Square::D6));
    assert_eq!(g.position().legal_ep_square(), None);
    play(&mut g, "Kh4 Ra6 Kh5 Ra5");
    assert_eq!(g.repetitions(), 2);
    play(&mut g, "Kh4 Ra6 Kh5");
    assert!(g
        .claimable()
        .iter()
        .any(|c| c.termination == Termination::ThreefoldRepetition && c.declared.is_some()));
    play(&mut g, "Ra5");
    assert_eq!(g.repetitions(), 3);
    assert_eq!(
        g.claim_draw(None),
        Ok(Outcome::draw(Termination::ThreefoldRepetition))
    );
}

#[test]
fn a_legal_en_passant_makes_a_different_position() {
    let mut g = game("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
    play(&mut g, "d5");
    assert_eq!(g.position().legal_ep_square(), Some(sakk::Square::D6));
    play(&mut g, "Kd2 Kd8 Ke1 Ke8");
    // Same pieces, but the en passant right is gone: not a repetition.
    assert_eq!(g.repetitions(), 1);
}

#[test]
fn fifty_move_claim_at_99_plies_with_a_declared_move() {
    let mut g = game("4k3/8/8/8/8/8/8/R3K3 w - - 99 80");
    let ra2 = mv(&g, "Ra2");
    assert!(g
        .claimable()
        .iter()
        .any(|c| c.termination == Termination::FiftyMoves && c.declared.is_some()));
    assert_eq!(
        g.claim_draw(Some(ra2)),
        Ok(Outcome::draw(Termination::FiftyMoves))
    );
    // The declared move is on the scoresheet, the last of the history.
    assert_eq!(g.moves(), &[ra2]);
    assert!(g.is_over());
    assert_eq!(g.draw_offer(), None);
}

#[test]
fn wrong_claim_plays_the_declared_move() {
    let mut g = game("4k3/8/8/8/8/8/8/R3K3 w - - 98 80");
    let ra2 = mv(&g, "Ra2");
    match g.claim_draw(Some(ra2)) {
        Err(GameError::ClaimRefused(r)) => {
            assert_eq!(r.halfmoves, 99);
            assert!(r.move_played);
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(g.moves(), &[ra2]);
    assert!(!g.is_over());
    // The claim stands as a draw offer.
    assert_eq!(g.draw_offer(), Some(Color::White));
    assert_eq!(
        g.accept_draw(Color::Black),
        Ok(Outcome::draw(Termination::Agreement))
    );
}

#[test]
fn the_75th_move_giving_mate_is_mate() {
    let mut g = game("7k/8/6K1/8/8/8/8/R7 w - - 149 120");
    play(&mut g, "Ra8#");
    assert_eq!(
        g.outcome(),
        Some(Outcome::new(GameResult::WhiteWins, Termination::Checkmate))
    );
    let mut g = game("7k/8/6K1/8/8/8/8/R7 w - - 149 120");
    play(&mut g, "Ra2");
    assert_eq!(
        g.outcome(),
        Some(Outcome::draw(Termination::SeventyFiveMoves))
    );
}

#[test]
fn timeout_against_each_material() {
    let cases = [
        // Black's flag falls; White has K+N, K+N+N, K+P against Black's K+Q.
        (
            "q3k3/8/8/8/8/8/8/4KN2 b - - 0 1",
            Color::Black,
            GameResult::Draw,
        ),
        (
            "q3k3/8/8/8/8/8/8/3NKN2 b - - 0 1",
            Color::Black,
            GameResult::WhiteWins,
        ),
        (
            "q3k3/8/8/8/8/8/4P3/4K3 b - - 0 1",
            Color::Black,
            GameResult::WhiteWins,
        ),
        // White's flag falls; Black has a lone king.
        (
            "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
            Color::White,
            GameResult::Draw,
        ), // lone king
    ];
    for (fen, flagged, expected) in cases {
        let mut g = game(fen);
        assert_eq!(
            g.flag(flagged),
            Ok(Outcome::new(expected, Termination::Timeout)),
            "{fen}"
        );
    }
    let mut g = game("q3k3/8/8/8/8/8/8/4KN2 b - - 0 1");
    let _ = g.flag(Color::Black);
    assert_eq!(g.outcome(), Some(Outcome::draw(Termination::Timeout)));
    assert_eq!(g.ended_by(), Some(Color::Black));
}

#[test]
fn resignation_against_a_lone_king_is_a_draw() {
    let mut g = game("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    assert_eq!(
        g.resign(Color::White),
        Ok(Outcome::new(GameResult::Draw, Termination::Resignation))
    );
    let mut g = game("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    assert_eq!(
        g.resign(Color::Black),
        Ok(Outcome::new(
            GameResult::WhiteWins,
            Termination::Resignation
        ))
    );
}

#[test]
fn takeback_reopens_a_mated_game() {
    let mut g = Game::new();
    play(&mut g, "f3 e5 g4 Qh4#");
    assert!(g.is_over());
    assert!(g.take_back().is_ok());
    assert!(!g.is_over());
    assert_eq!(g.moves().len(), 3);
    let mut g = Game::new();
    play(&mut g, "e4 e5");
    let _ = g.resign(Color::White);
    assert_eq!(g.take_back(), Err(GameError::NothingToTakeBack));
}

#[test]
fn refused_moves_change_nothing_and_say_why() {
    let mut g = Game::new();
    let before = *g.position();
    assert_eq!(
        g.play_squares(sakk::Square::E1, sakk::Square::G1, None),
        Err(Refusal::CastlingPiecesBetween)
    );
    assert_eq!(*g.position(), before);
    let err = GameError::from(Refusal::CastlingPiecesBetween);
    assert_eq!(err.code(), "castling_pieces_between");
    assert!(err.message_en().contains("castle"));
    assert!(err.args().is_empty());
}

#[test]
fn a_locked_position_where_no_one_can_mate_is_dead() {
    // Every pawn rammed, every white piece walled in, nothing to capture:
    // no series of moves mates (a vector of the Chess Unwinnability
    // Analyzer); the material rules alone would go on.
    let dead = "7k/8/8/6p1/5pP1/4pP1B/4P1B1/5BKB b - - 0 1";
    let Ok(pos) = Position::from_fen(dead) else {
        panic!("{dead}")
    };
    assert!(pos.is_locked_and_dead());
    assert!(!Position::new().is_locked_and_dead());
    // The pawn move that locks the last file ends the game (FIDE 5.2.2).
    let mut g = game("7k/8/6p1/8/5pP1/4pP1B/4P1B1/5BKB b - - 0 1");
    assert!(!g.is_over());
    play(&mut g, "g5");
    assert_eq!(g.outcome(), Some(Outcome::draw(Termination::DeadPosition)));
}

#[test]
fn a_bishop_behind_a_chain_still_to_lock_makes_a_dead_position() {
    // The black rook could still do anything; once the white bishop takes
    // it, the bishop is alone in Black's camp (it can attack the king's
    // squares, never all its flights), the white pawns behind can only
    // close up to the chain, and nothing can be taken: dead at once (FIDE
    // 5.2.2), though the pawns have moves left and no search could list
    // every position that follows.
    let mut g = game("3k3r/p1p1pBp1/P1P1P1P1/8/8/8/P1P1P1P1/3K4 b - - 0 1");
    assert!(!g.is_over());
    play(&mut g, "Rg8");
    assert!(!g.is_over());
    play(&mut g, "Bxg8");
    assert_eq!(g.outcome(), Some(Outcome::draw(Termination::DeadPosition)));
}

#[test]
fn a_flag_falls_against_a_side_that_could_never_mate() {
    // Black has pawns and bishops (enough by material) but no series of
    // moves lets it mate; White could. White's flag falls: a draw, not a
    // loss (FIDE 6.9). Black's falls: White wins.
    let fen = "1b2kbB1/bKp1p1p1/1pP1P1P1/pP4P1/8/P7/8/8 w - - 0 1";
    let mut g = game(fen);
    assert_eq!(
        g.flag(Color::White),
        Ok(Outcome::new(GameResult::Draw, Termination::Timeout))
    );
    let mut g = game(fen);
    assert_eq!(
        g.flag(Color::Black),
        Ok(Outcome::new(GameResult::WhiteWins, Termination::Timeout))
    );
}
