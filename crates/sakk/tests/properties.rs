//! Property tests: positions come from random legal move sequences (and
//! Chess960 starts); parsers get arbitrary text.

use proptest::prelude::*;

use sakk::{CastlingMode, Lang, Position, San, Setup, Uci};

/// Plays the moves picked by `picks` (each taken modulo the number of legal
/// moves) from the start position or a position from `fen`.
fn playout(start: &Position, picks: &[u16]) -> Vec<Position> {
    let mut pos = *start;
    let mut seen = vec![pos];
    for &pick in picks {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.play_unchecked(moves[usize::from(pick) % moves.len()]);
        seen.push(pos);
    }
    seen
}

fn start(which: u8) -> Position {
    let fens = [
        (sakk::STARTING_FEN, CastlingMode::Standard),
        (
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            CastlingMode::Standard,
        ),
        (
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            CastlingMode::Standard,
        ),
        (
            "rbbknnqr/pppppppp/8/8/8/8/PPPPPPPP/RBBKNNQR w KQkq - 0 1",
            CastlingMode::Chess960,
        ),
        (
            "1rqbkrbn/pppppppp/8/8/8/8/PPPPPPPP/1RQBKRBN w FBfb - 0 1",
            CastlingMode::Chess960,
        ),
    ];
    let (fen, mode) = fens[usize::from(which) % fens.len()];
    match Position::from_fen_with_mode(fen, mode) {
        Ok(p) => p,
        Err(e) => panic!("{fen}: {e}"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn fen_round_trips(which in 0u8..5, picks in prop::collection::vec(any::<u16>(), 0..120)) {
        for pos in playout(&start(which), &picks) {
            let fen = pos.fen();
            let back = Position::from_fen_with_mode(&fen, pos.castling_mode());
            prop_assert_eq!(back, Ok(pos), "{}", fen);
            prop_assert_eq!(back.map(|p| p.fen()), Ok(fen.clone()));
            prop_assert_eq!(Setup::from_fen(&fen).map(|s| s == pos.to_setup()), Ok(true));
        }
    }

    #[test]
    fn incremental_zobrist_equals_scratch(which in 0u8..5, picks in prop::collection::vec(any::<u16>(), 0..200)) {
        for pos in playout(&start(which), &picks) {
            prop_assert_eq!(pos.key(), pos.compute_key(), "{}", pos.fen());
        }
    }

    #[test]
    fn san_and_uci_read_back_in_every_language(which in 0u8..5, picks in prop::collection::vec(any::<u16>(), 0..100)) {
        for pos in playout(&start(which), &picks) {
            let legal = pos.legal_moves();
            for &m in legal.iter() {
                let san = pos.san(m);
                for lang in Lang::ALL {
                    let text = san.display(lang).to_string();
                    prop_assert_eq!(pos.parse_san(&text, lang), Ok(m), "{} in {:?} at {}", text, lang, pos.fen());
                }
                let uci = pos.uci(m).to_string();
                prop_assert_eq!(pos.parse_uci(&uci), Ok(m), "{} at {}", uci, pos.fen());
            }
        }
    }

    #[test]
    fn fen_parser_never_panics(text in ".{0,100}") {
        let _ = Position::from_fen(&text);
        let _ = Position::from_fen_with_mode(&text, CastlingMode::Chess960);
    }

    #[test]
    fn fen_parser_never_panics_on_near_fens(
        board in "[pnbrqkPNBRQK1-9/]{0,70}",
        turn in "[wbx]",
        castling in "[KQkqA-Ha-h-]{0,5}",
        ep in "[a-h1-8-]{0,3}",
        counters in "[0-9 -]{0,12}",
    ) {
        let text = format!("{board} {turn} {castling} {ep} {counters}");
        if let Ok(pos) = Position::from_fen(&text) {
            // Whatever is accepted is playable and writes back consistently.
            let again = Position::from_fen(&pos.fen());
            prop_assert_eq!(again, Ok(pos));
            let _ = sakk::perft(&pos, 2);
        }
    }

    #[test]
    fn move_parsers_never_panic(text in "\\PC{0,12}", which in 0u8..5) {
        let pos = start(which);
        for lang in Lang::ALL {
            let _ = San::parse(&text, lang);
            let _ = pos.parse_san(&text, lang);
        }
        let _ = text.parse::<Uci>();
        let _ = pos.parse_uci(&text);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// `gives_check` answers as playing the move does, for every legal
    /// move of random positions (Chess960 starts included).
    #[test]
    fn gives_check_agrees_with_playing(which in 0u8..5, picks in prop::collection::vec(any::<u16>(), 0..150)) {
        for pos in playout(&start(which), &picks) {
            for &m in pos.legal_moves().iter() {
                prop_assert_eq!(pos.gives_check(m), pos.after_unchecked(m).is_check(), "{:?} in {}", m, pos.fen());
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// `Board::attacked_by` holds exactly the squares `is_attacked_by`
    /// says each side attacks, in random positions (Chess960 starts
    /// included).
    #[test]
    fn attacked_squares_agree_with_the_square_by_square_test(which in 0u8..5, picks in prop::collection::vec(any::<u16>(), 0..150)) {
        for pos in playout(&start(which), &picks) {
            let board = pos.board();
            for color in [sakk::Color::White, sakk::Color::Black] {
                let set = board.attacked_by(color);
                for sq in sakk::Square::ALL {
                    prop_assert_eq!(set.contains(sq), board.is_attacked_by(sq, color, board.occupied()), "{:?} {:?} in {}", sq, color, pos.fen());
                }
            }
        }
    }
}

/// One change of a game, picked by `op` (a move picked by `pick`, with or
/// without an offer; a takeback; an offer after the move; a touch; a
/// resignation).
fn change(game: &mut sakk::Game, op: u8, pick: u16) {
    let moves = game.position().legal_moves();
    let m = (!moves.is_empty()).then(|| moves[usize::from(pick) % moves.len()]);
    let turn = game.turn();
    // Refusals are part of the test: a refused change changes nothing.
    match (op % 7, m) {
        (0 | 1, Some(m)) => drop(game.play(m)),
        (2, Some(m)) => drop(game.play_offering_draw(m)),
        (3, _) => drop(game.take_back()),
        (4, _) => drop(game.offer_draw_with_last_move(!turn)),
        (5, _) => drop(game.touch(turn, sakk::Square::ALL[usize::from(pick) % 64], false)),
        (6, _) => drop(game.resign(turn)),
        _ => {}
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn a_rewound_game_is_the_game_it_was_marked(
        before in prop::collection::vec((0u8..3, any::<u16>()), 0..40),
        last in prop::collection::vec((any::<u8>(), any::<u16>()), 0..3),
        after in prop::collection::vec((any::<u8>(), any::<u16>()), 0..12),
        touch_move in any::<bool>(),
    ) {
        let rules = sakk::GameRules { touch_move, ..sakk::GameRules::default() };
        let mut game = sakk::Game::new().with_rules(rules);
        // Moves (some with offers), then anything: the mark may find an
        // offer standing, squares touched, the game over.
        for &(op, pick) in before.iter().chain(&last) {
            change(&mut game, op, pick);
        }
        let plies = game.moves().len();
        let mark = game.mark();
        let marked = format!("{game:?}");
        let mut fewest = plies;
        for &(op, pick) in &after {
            change(&mut game, op, pick);
            fewest = fewest.min(game.moves().len());
        }
        let changed = format!("{game:?}");
        let rewound = game.rewind(mark);
        // Refused exactly when a ply the mark kept was taken back.
        prop_assert_eq!(rewound.is_ok(), fewest >= plies, "{:?}", rewound);
        match rewound {
            Ok(()) => prop_assert_eq!(format!("{game:?}"), marked),
            Err(_) => prop_assert_eq!(format!("{game:?}"), changed),
        }
    }

    #[test]
    fn a_mark_is_its_own_game_s_or_a_later_copy_s(
        picks in prop::collection::vec(any::<u16>(), 1..20),
    ) {
        let mut a = sakk::Game::new();
        for &pick in &picks {
            change(&mut a, 0, pick);
        }
        // A copy made before the mark is another game.
        let mut b = a.clone();
        let mark = a.mark();
        change(&mut b, 0, picks[0]);
        prop_assert_eq!(b.rewind(mark.clone()), Err(sakk::RewindError::NotTheLastMark));
        // A copy made after it shares the history the mark keeps.
        let mut c = a.clone();
        change(&mut c, 0, picks[0]);
        prop_assert_eq!(c.rewind(mark), Ok(()));
        prop_assert_eq!(format!("{c:?}"), format!("{a:?}"));
    }
}
