//! PGN reading and writing.

use core::time::Duration;

use sakk::pgn::{
    check_games, read_games, write_game, ExportOptions, PgnGame, Reader, ResultTag, ResultToken,
    Visitor,
};
use sakk::{Game, Lang, Position, Termination};

const MESSY: &str = "\u{feff}% an escape line, ignored\r
[Event \"Test \\\"quoted\\\"\"]\r
[Site \"Budapest\"]\r
[White \"Polgár, Judit\"]\r
[Black \"Kasparov, Garry\"]\r
[Result \"1-0\"]\r
\r
{A game comment} 1. e4 $1 e5!? 2. Nf3 (2. Bc4 Nf6 (2... Bc5) 3. d3) 2... Nc6 ; a line comment\r
3. Bb5 {[%clk 0:02:58] [%eval 0.25] [%emt 0:00:02]} a6 {multi\r
line comment} 4.Ba4 Nf6 1-0\r
\r
[Event \"Second\"]\r
[Result \"0-1\"]\r
\r
1. f3 e5 2. g4 Qh4# 0-1\r
";

#[test]
fn reads_everything_a_pgn_file_holds() {
    let games: Vec<_> = read_games(MESSY.as_bytes()).collect();
    assert_eq!(games.len(), 2);
    let g = match &games[0] {
        Ok(g) => g,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(g.tag("Event"), Some("Test \"quoted\""));
    assert_eq!(g.tag("White"), Some("Polgár, Judit"));
    assert_eq!(g.comment.as_deref(), Some("A game comment"));
    let sans: Vec<String> = g.moves.iter().map(|m| m.san.to_string()).collect();
    assert_eq!(sans, ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6"]);
    assert_eq!(g.moves[0].nags, [1]);
    assert_eq!(g.moves[1].nags, [5]);
    assert_eq!(g.moves[3].comments, ["a line comment"]);
    assert_eq!(g.moves[4].clock, Some(Duration::from_secs(178)));
    assert_eq!(g.moves[4].emt, Some(Duration::from_secs(2)));
    assert_eq!(g.moves[4].eval, Some(sakk::pgn::Eval::Centipawns(25)));
    assert_eq!(g.moves[5].comments, ["multi line comment"]);
    assert_eq!(g.result.as_deref(), Some("1-0"));
    let second = games[1]
        .as_ref()
        .map(|g| g.to_game().outcome().map(|o| o.termination));
    assert_eq!(second, Ok(Some(Termination::Checkmate)));
}

/// Lines are read in place when the stream's buffer holds them and
/// gathered when they straddle its end: with any buffer size the games,
/// their errors and their line numbers are the same.
#[test]
fn any_buffer_size_reads_the_same_games() {
    let text = format!(
        "{MESSY}\n[Event \"no result\"]\n\n1. e4 {{a comment\nover\nlines}} e5 2. Ke3\n\
         [Event \"after a game without its result token\"]\n[White \"a \\\\ b\"]\n1. d4 d5\n"
    );
    let whole: Vec<_> = read_games(text.as_bytes()).collect();
    assert_eq!(whole.len(), 4);
    assert!(
        matches!(&whole[2], Err(e) if e.line == 21),
        "{:?}",
        whole[2]
    );
    assert!(
        matches!(&whole[3], Ok(g) if g.tag("White") == Some("a \\ b") && g.moves.len() == 2),
        "{:?}",
        whole[3]
    );
    for capacity in 1..=64 {
        let input = std::io::BufReader::with_capacity(capacity, text.as_bytes());
        let read: Vec<_> = read_games(input).collect();
        assert_eq!(read, whole, "buffer of {capacity} bytes");
    }
}

#[test]
fn an_error_names_game_and_line_and_reading_resumes() {
    let text = "[Event \"a\"]\n\n1. e4 e5 2. Ke3 Nc6 *\n\n[Event \"b\"]\n\n1. d4 d5 *\n\n[Event \"c\"]\n[FEN \"not a fen\"]\n\n1. e4 *\n\n[Event \"d\"]\n\n1. c4 *\n";
    let games: Vec<_> = read_games(text.as_bytes()).collect();
    assert_eq!(games.len(), 4);
    match &games[0] {
        Err(e) => {
            assert_eq!((e.game, e.line), (1, 3));
            assert!(e.message().contains("Ke3"), "{e}");
        }
        Ok(_) => panic!("illegal move accepted"),
    }
    assert!(games[1].is_ok());
    assert!(matches!(&games[2], Err(e) if e.game == 3 && e.message().contains("FEN")));
    assert!(games[3].is_ok());
}

#[test]
fn memory_holds_one_game_at_a_time() {
    // The reader's buffer is one game; a visitor that keeps nothing reads a
    // long stream of games without collecting them.
    struct Count(usize);
    impl Visitor for Count {
        type Output = ();
        fn san(&mut self, _: &str, _: usize) {
            self.0 += 1;
        }
        fn end_game(&mut self, _: usize) {}
    }
    let one = "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n";
    let text = one.repeat(10_000);
    let mut reader = Reader::new(text.as_bytes());
    let mut count = Count(0);
    while reader.read_game(&mut count).is_some() {}
    assert_eq!(reader.games(), 10_000);
    assert_eq!(count.0, 40_000);
}

/// Plays a seeded random game.
fn random_game(seed: u64, plies: usize) -> Game {
    let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut game = Game::new();
    for _ in 0..plies {
        if game.is_over() {
            break;
        }
        let moves = game.position().legal_moves();
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let m = moves[(x % moves.len() as u64) as usize];
        if game.play(m).is_err() {
            break;
        }
    }
    game
}

#[test]
fn export_round_trips() {
    for seed in 0..200u64 {
        let game = random_game(seed, 40 + (seed as usize % 200));
        let clocks: Vec<Duration> = (0..game.moves().len())
            .map(|i| Duration::from_millis(300_000 - i as u64 * 1_100))
            .collect();
        let mut pgn = PgnGame::from_game(&game, Some(&clocks));
        pgn.set_tag("Event", "Round trip");
        pgn.set_tag("TimeControl", "300+0");
        let text = write_game(&pgn, &ExportOptions::default());
        for line in text.lines() {
            assert!(line.len() < 80, "line too long: {line}");
        }
        let back: Vec<_> = read_games(text.as_bytes()).collect();
        assert_eq!(back.len(), 1);
        let back = match &back[0] {
            Ok(g) => g,
            Err(e) => panic!("{e}\n{text}"),
        };
        assert_eq!(back.moves, pgn.moves, "{text}");
        assert_eq!(back.tag("Event"), Some("Round trip"));
        assert_eq!(back.tag("TimeControl"), Some("300+0"));
        assert_eq!(back.result, pgn.result);
        // Written again, the text is the same.
        assert_eq!(write_game(back, &ExportOptions::default()), text);
    }
}

#[test]
fn export_from_a_position_and_in_hungarian() {
    let start = match Position::from_fen("4k3/8/8/8/8/8/4P3/R3K2R b KQ - 0 30") {
        Ok(p) => p,
        Err(e) => panic!("{e}"),
    };
    let mut game = Game::from_position(start);
    for san in ["Kd7", "O-O", "Kc6", "Rf7"] {
        let m = match game.position().parse_san(san, Lang::English) {
            Ok(m) => m,
            Err(e) => panic!("{san}: {e}"),
        };
        let _ = game.play(m);
    }
    let pgn = PgnGame::from_game(&game, None);
    let text = write_game(&pgn, &ExportOptions::default());
    assert!(text.contains("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/R3K2R b KQ - 0 30\"]"));
    assert!(text.contains("30... Kd7 31. O-O Kc6 32. Rf7 *"), "{text}");
    let hu = write_game(
        &pgn,
        &ExportOptions {
            lang: Lang::Hungarian,
        },
    );
    assert!(hu.contains("32. Bf7 *"), "{hu}");
    let back: Vec<_> = read_games(text.as_bytes()).collect();
    assert_eq!(back[0].as_ref().map(|g| g.moves.len()), Ok(4));
}

/// The error of the first game of `text` (empty if it reads).
fn first_error(text: &str) -> String {
    read_games(text.as_bytes())
        .next()
        .and_then(Result::err)
        .map(|e| e.to_string())
        .unwrap_or_default()
}

/// Null moves as ChessBase (`Z0`), lichess and pgn-extract (`--`) and others
/// (`0000`, `@@@@`) write them: read as the side to move passing, written
/// back as `--`, and read again the same.
#[test]
fn null_moves_are_read_and_written_back() {
    for null in ["--", "Z0", "0000", "@@@@"] {
        let text = format!(
            "[Event \"analysis\"]\n[Result \"*\"]\n\n1. e4 {null} 2. d4 e5 3. {null} exd4 *\n"
        );
        let games: Vec<_> = read_games(text.as_bytes()).collect();
        let game = match &games[..] {
            [Ok(g)] => g,
            other => panic!("{null}: {other:?}"),
        };
        assert_eq!(game.moves.len(), 6, "{null}");
        assert!(game.moves[1].mv.is_null() && game.moves[4].mv.is_null());
        let out = write_game(game, &ExportOptions::default());
        assert!(
            out.contains("1. e4 -- 2. d4 e5 3. -- exd4 *"),
            "{null}: {out}"
        );
        let again: Vec<_> = read_games(out.as_bytes()).collect();
        assert_eq!(
            again[0].as_ref().map(|g| g.moves.clone()),
            Ok(game.moves.clone())
        );
        // The game up to the first null move.
        assert_eq!(game.to_game().moves().len(), 1);
    }
    // A null move while in check cannot be played: a clear error.
    let text = "[Result \"*\"]\n\n1. e4 f5 2. Qh5+ -- *\n";
    let err = first_error(text);
    assert!(err.contains("null move") && err.contains("check"), "{err}");
}

/// Chess960 as the programs name it, and a clear error for the variants
/// sakk does not play.
#[test]
fn variants_are_recognised_by_name() {
    let fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    for name in [
        "Chess960",
        "chess 960",
        "fischerandom",
        "Fischerandom",
        "Freestyle",
    ] {
        let text = format!(
            "[Variant \"{name}\"]\n[SetUp \"1\"]\n[FEN \"{fen}\"]\n[Result \"*\"]\n\n9. g3 Nd5 *\n"
        );
        let games: Vec<_> = read_games(text.as_bytes()).collect();
        match &games[..] {
            [Ok(g)] => assert_eq!(g.moves.len(), 2, "{name}"),
            other => panic!("{name}: {other:?}"),
        }
    }
    for name in [
        "Crazyhouse",
        "Antichess",
        "Atomic",
        "Three-check",
        "King of the Hill",
        "Racing Kings",
        "Horde",
    ] {
        let text = format!("[Variant \"{name}\"]\n[Result \"*\"]\n\n1. e4 e5 *\n");
        let err = first_error(&text);
        assert!(
            err.contains(name) && err.contains("not supported"),
            "{name}: {err}"
        );
    }
    // A drop without a Variant tag: named as what it is.
    let text = "[Result \"*\"]\n\n1. e4 d5 2. exd5 Qxd5 3. N@f3 *\n";
    let err = first_error(text);
    assert!(err.contains("piece drop"), "{err}");
}

/// The checker `sakk pgn check` uses against the full reading (the slow
/// path) on a file of short games under eight tags, the shape whose cost is
/// per game: the same games, results, `Result` tags, plies, lines and final
/// positions, and the same errors (some games spoiled on purpose: an
/// illegal move, a `Result` tag that is no result).
#[test]
fn the_checker_and_the_full_reading_agree_on_short_games() {
    let mut text = String::new();
    for g in 0..2_000u64 {
        let game = random_game(g, 16);
        let mut pgn = PgnGame::from_game(&game, None);
        let round = (g + 1).to_string();
        for (tag, value) in [
            ("Event", "Short games"),
            ("Site", "sakk"),
            ("Date", "2026.12.03"),
            ("Round", round.as_str()),
            ("White", "Engine, White"),
            ("Black", "Engine, Black"),
            ("ECO", "A00"),
        ] {
            pgn.set_tag(tag, value);
        }
        if !game.is_over() {
            let result = ["1-0", "0-1", "1/2-1/2"][(g % 3) as usize];
            pgn.result = Some(result.to_string());
            pgn.set_tag("Result", result);
        }
        let mut written = write_game(
            &pgn,
            &ExportOptions {
                lang: Lang::English,
            },
        );
        if g % 97 == 5 {
            written = written.replacen(" 2. ", " 2. Ke5 ", 1);
        }
        if g % 89 == 7 {
            written = written.replacen("[Result \"", "[Result \"x", 1);
        }
        text.push_str(&written);
    }
    let full: Vec<_> = read_games(text.as_bytes()).collect();
    let checked: Vec<_> = check_games(text.as_bytes()).collect();
    assert_eq!((full.len(), checked.len()), (2_000, 2_000));
    let (mut errors, mut other_tags) = (0, 0);
    for (f, c) in full.iter().zip(&checked) {
        match (f, c) {
            (Ok(f), Ok(c)) => {
                assert_eq!(f.moves.len(), c.plies);
                assert_eq!(f.line, c.line);
                assert_eq!(f.result.as_deref(), c.result.map(ResultToken::as_str));
                assert_eq!(
                    f.tag("Result").map(str::to_string),
                    c.result_tag.as_ref().map(ToString::to_string)
                );
                other_tags += usize::from(matches!(c.result_tag, Some(ResultTag::Other(_))));
                let mut end = f.start;
                for m in &f.moves {
                    end.play_unchecked(m.mv);
                }
                assert_eq!(end, c.end);
            }
            (Err(f), Err(c)) => {
                assert_eq!(f, c);
                errors += 1;
            }
            _ => panic!("{f:?} / {c:?}"),
        }
    }
    assert!(errors >= 15, "{errors}");
    assert!(other_tags >= 15, "{other_tags}");
}
