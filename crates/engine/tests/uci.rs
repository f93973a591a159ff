//! UCI scenarios, mates found, and legal answers everywhere.

use std::io::Write;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use sakk::Position;
use sakk_engine::search::{Limits, Searcher, Shared, Task, MATE};
use sakk_engine::uci::Engine;

#[derive(Clone, Default)]
struct Capture(Arc<Mutex<Vec<u8>>>);

impl Write for Capture {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if let Ok(mut v) = self.0.lock() {
            v.extend_from_slice(buf);
        }
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Capture {
    fn lines(&self) -> Vec<String> {
        let v = self.0.lock().map(|v| v.clone()).unwrap_or_default();
        String::from_utf8_lossy(&v)
            .lines()
            .map(str::to_string)
            .collect()
    }

    /// Waits up to `limit` for a line starting with `prefix` after the
    /// first `skip` lines.
    fn wait_for_after(&self, prefix: &str, skip: usize, limit: Duration) -> Option<String> {
        let start = Instant::now();
        while start.elapsed() < limit {
            let found = self
                .lines()
                .into_iter()
                .skip(skip)
                .find(|l| l.starts_with(prefix));
            if found.is_some() {
                return found;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        None
    }

    /// Waits up to `limit` for a line starting with `prefix`.
    fn wait_for(&self, prefix: &str, limit: Duration) -> Option<String> {
        let start = Instant::now();
        while start.elapsed() < limit {
            if let Some(l) = self.lines().into_iter().find(|l| l.starts_with(prefix)) {
                return Some(l);
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        None
    }
}

fn engine() -> (Engine, Capture) {
    let capture = Capture::default();
    let out: sakk_engine::uci::Output = Arc::new(Mutex::new(Box::new(capture.clone())));
    (Engine::new(out), capture)
}

/// Sends `go`, waits for the best move and checks it is legal.
fn assert_legal_best_move(e: &mut Engine, out: &Capture, go: &str) {
    e.handle(go);
    let best = out
        .wait_for("bestmove", Duration::from_secs(30))
        .unwrap_or_default();
    let word = best.split_whitespace().nth(1).unwrap_or("");
    assert!(e.position().parse_uci(word).is_ok(), "{best}");
}

#[test]
fn handshake_and_options() {
    let (mut e, out) = engine();
    assert!(e.handle("uci"));
    let lines = out.lines();
    assert!(lines[0].starts_with("id name sakk"));
    for name in [
        "Hash",
        "Threads",
        "MultiPV",
        "Ponder",
        "Move Overhead",
        "UCI_LimitStrength",
        "UCI_Elo",
        "Skill Level",
    ] {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("option name {name} type"))),
            "{name}"
        );
    }
    assert_eq!(lines.last().map(String::as_str), Some("uciok"));
    e.handle("setoption name Hash value 8");
    e.handle("setoption name Threads value 2");
    e.handle("setoption name Move Overhead value 50");
    e.handle("isready");
    assert_eq!(out.lines().last().map(String::as_str), Some("readyok"));
}

#[test]
fn garbage_is_ignored() {
    let (mut e, out) = engine();
    for line in [
        "",
        "   ",
        "hello world",
        "position",
        "position fen not a fen",
        "position startpos moves e2e5",
        "go depth banana",
        "setoption",
        "setoption name",
        "setoption name Hash value lots",
    ] {
        assert!(e.handle(line), "{line}");
    }
    // The illegal move was dropped and the engine still works.
    e.handle("position startpos moves e2e4 e7e5 e1e3");
    assert_eq!(
        e.position().fen(),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    );
    e.handle("go depth 3");
    let best = out.wait_for("bestmove", Duration::from_secs(10));
    assert!(best.is_some(), "{:?}", out.lines());
    e.handle("isready");
    assert!(out.wait_for("readyok", Duration::from_secs(5)).is_some());
}

#[test]
fn position_moves_and_bestmove() {
    let (mut e, out) = engine();
    e.handle("position startpos moves e2e4 e7e5 g1f3");
    assert_legal_best_move(&mut e, &out, "go depth 5");
    let info: Vec<String> = out
        .lines()
        .into_iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert!(!info.is_empty());
    for key in [
        "seldepth", "multipv", "score", "nodes", "nps", "hashfull", "time", "pv",
    ] {
        assert!(
            info[info.len() - 1].contains(&format!(" {key} ")),
            "{key} missing: {}",
            info[info.len() - 1]
        );
    }
}

/// Chess960: `UCI_Chess960` is offered; castling is read and written as
/// king takes rook (also from `startpos`), and a Shredder-FEN is read as
/// Chess960 without the option.
#[test]
fn chess960_castling_is_king_takes_rook() {
    let (mut e, out) = engine();
    e.handle("uci");
    assert!(out
        .lines()
        .contains(&"option name UCI_Chess960 type check default false".to_string()));
    // Chess960 #100 (QBBNRNKR) after Ng3 f6: White may castle short, the
    // king on g1 taking the rook on h1 (the king stays, the rook goes to f1).
    let fen = "qbbnrnkr/pppppppp/8/8/8/8/PPPPPPPP/QBBNRNKR w KQkq - 0 1";
    let moves = "moves f1g3 f7f6";
    e.handle("setoption name UCI_Chess960 value true");
    e.handle(&format!("position fen {fen} {moves}"));
    e.handle("go depth 2 searchmoves g1h1");
    let best = out.wait_for("bestmove", Duration::from_secs(30));
    assert_eq!(
        best.as_deref().and_then(|b| b.split_whitespace().nth(1)),
        Some("g1h1")
    );
    // And it goes on from it.
    e.handle(&format!("position fen {fen} {moves} g1h1"));
    let board = *e.position().board();
    assert_eq!(board.king_of(sakk::Color::White), Some(sakk::Square::G1));
    assert_eq!(
        board.piece_at(sakk::Square::F1),
        Some(sakk::Piece::new(sakk::Color::White, sakk::Role::Rook))
    );
    // The standard start, in Chess960's notation: O-O is e1h1.
    e.handle("position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1h1");
    assert_eq!(
        e.position().board().king_of(sakk::Color::White),
        Some(sakk::Square::G1)
    );
    // Without the option, a Shredder-FEN is Chess960 by itself.
    let (mut e, _) = engine();
    e.handle("position fen bnrbnkrq/pppppppp/8/8/8/8/PPPPPPPP/BNRBNKRQ w GCgc - 0 1");
    assert_eq!(e.position().castling_mode(), sakk::CastlingMode::Chess960);
}

#[test]
fn go_infinite_waits_for_stop() {
    let (mut e, out) = engine();
    e.handle("position startpos");
    e.handle("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    assert!(
        out.lines().iter().all(|l| !l.starts_with("bestmove")),
        "no answer before stop"
    );
    // Generous bounds (two busy cores in CI): an infinite search that
    // blocked either would never answer.
    e.handle("isready");
    assert!(
        out.wait_for("readyok", Duration::from_secs(10)).is_some(),
        "isready is answered during a search"
    );
    e.handle("stop");
    assert!(
        out.wait_for("bestmove", Duration::from_secs(10)).is_some(),
        "stop ends the infinite search"
    );
}

#[test]
fn ponder_then_ponderhit() {
    let (mut e, out) = engine();
    e.handle("setoption name Ponder value true");
    e.handle("position startpos moves e2e4");
    e.handle("go ponder wtime 2000 btime 2000");
    std::thread::sleep(Duration::from_millis(200));
    assert!(out.lines().iter().all(|l| !l.starts_with("bestmove")));
    e.handle("ponderhit");
    assert!(out.wait_for("bestmove", Duration::from_secs(3)).is_some());
}

#[test]
fn multipv_reports_each_line() {
    let (mut e, out) = engine();
    e.handle("setoption name MultiPV value 3");
    e.handle("position startpos");
    e.handle("go depth 4");
    assert!(out.wait_for("bestmove", Duration::from_secs(20)).is_some());
    let lines = out.lines();
    for k in 1..=3 {
        assert!(
            lines.iter().any(|l| l.contains(&format!(" multipv {k} "))),
            "multipv {k}"
        );
    }
}

#[test]
fn quit_ends_the_session() {
    let (mut e, _out) = engine();
    e.handle("go infinite");
    assert!(!e.handle("quit"));
}

fn best_move(fen: &str, depth: i32) -> (String, i32) {
    let pos = match Position::from_fen(fen) {
        Ok(p) => p,
        Err(e) => panic!("{fen}: {e}"),
    };
    let mut s = Searcher::new(Arc::new(Shared::new(16)), true);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let o = s.think(&pos, &[], Task::with_limits(limits), &mut |_| {});
    (
        o.best.map(|m| pos.uci(m).to_string()).unwrap_or_default(),
        o.score,
    )
}

#[test]
fn finds_mates_in_one_two_and_three() {
    let cases = [
        // Mate in 1.
        ("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "d1d8", 1),
        (
            "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
            "h5f7",
            1,
        ),
        // Mate in 2.
        (
            "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1",
            "d5f6",
            2,
        ),
        (
            "6k1/pp4p1/2p5/2bp4/8/P5Pb/1P3rrP/2BRRN1K b - - 0 1",
            "g2g1",
            2,
        ),
        // Mate in 3.
        (
            "r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1",
            "f8c5",
            3,
        ),
        ("r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1", "f6a6", 3),
    ];
    for (fen, expected, n) in cases {
        let (best, score) = best_move(fen, 2 * n + 2);
        assert_eq!(score, MATE - (2 * n - 1), "{fen}: score {score}");
        assert_eq!(best, expected, "{fen}");
    }
}

#[test]
fn never_answers_with_an_illegal_move() {
    // Random positions from random playouts, very short searches.
    let mut x: u64 = 0x1234_5678;
    let mut searcher = Searcher::new(Arc::new(Shared::new(4)), true);
    for game in 0..60 {
        let mut pos = Position::new();
        let plies = 10 + game % 70;
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            pos = pos.after_unchecked(moves[(x % moves.len() as u64) as usize]);
        }
        if pos.legal_moves().is_empty() {
            continue;
        }
        for depth in [1, 2, 4] {
            let limits = Limits {
                depth: Some(depth),
                nodes: Some(2_000),
                ..Limits::default()
            };
            let o = searcher.think(&pos, &[], Task::with_limits(limits), &mut |_| {});
            let best = o.best.unwrap_or(sakk::Move::from_u16(0));
            assert!(pos.is_legal(best), "{} {best}", pos.fen());
        }
    }
}

#[test]
fn two_threads_search_together() {
    let (mut e, out) = engine();
    e.handle("setoption name Threads value 2");
    e.handle("position startpos moves d2d4 d7d5");
    e.handle("go depth 6");
    let best = out
        .wait_for("bestmove", Duration::from_secs(30))
        .unwrap_or_default();
    let word = best.split_whitespace().nth(1).unwrap_or("");
    assert!(e.position().parse_uci(word).is_ok(), "{best}");
}

#[test]
fn limited_strength_still_answers_legally() {
    let (mut e, out) = engine();
    e.handle("setoption name UCI_LimitStrength value true");
    e.handle("setoption name UCI_Elo value 800");
    e.handle("position startpos moves e2e4");
    e.handle("go wtime 10000 btime 10000");
    let best = out
        .wait_for("bestmove", Duration::from_secs(30))
        .unwrap_or_default();
    let word = best.split_whitespace().nth(1).unwrap_or("");
    assert!(e.position().parse_uci(word).is_ok(), "{best}");
}

#[test]
fn eval_file_loads_a_network_and_refuses_what_is_not_one() {
    use sakk_engine::nnue::net::FloatNet;
    let dir = std::env::temp_dir().join(format!("sakk-evalfile-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let net = FloatNet::new(16, 3).quantize();
    let good = dir.join("net.nnue");
    let bad = dir.join("bad.nnue");
    if let Err(e) = std::fs::write(&good, net.to_bytes()).and(std::fs::write(&bad, b"nothing")) {
        panic!("{e}");
    }
    let (mut e, out) = engine();
    e.handle("uci");
    assert!(out
        .lines()
        .iter()
        .any(|l| l == "option name EvalFile type string default <empty>"));
    e.handle(&format!("setoption name EvalFile value {}", bad.display()));
    assert!(out
        .lines()
        .iter()
        .any(|l| l.starts_with("info string EvalFile") && l.contains("not a sakk network")));
    e.handle(&format!("setoption name EvalFile value {}", good.display()));
    let hash = format!("{:016x}", net.hash());
    assert!(
        out.lines().iter().any(|l| l.contains(&hash)),
        "{:?}",
        out.lines()
    );
    // The network evaluates: a search with it plays legal moves and
    // reports scores.
    e.handle("position startpos moves e2e4 e7e5");
    assert_legal_best_move(&mut e, &out, "go depth 6");
    // A network of eight output buckets (the file's version 2) loads and
    // plays too.
    let Some(bucketed) = FloatNet::new(16, 4).bucketed(8) else {
        panic!("not bucketed")
    };
    let bucketed = bucketed.quantize();
    let eight = dir.join("eight.nnue");
    if let Err(e) = std::fs::write(&eight, bucketed.to_bytes()) {
        panic!("{e}");
    }
    e.handle(&format!(
        "setoption name EvalFile value {}",
        eight.display()
    ));
    let hash = format!("{:016x}", bucketed.hash());
    assert!(
        out.lines()
            .iter()
            .any(|l| l.contains(&hash) && l.ends_with("hidden 16, 8 output buckets")),
        "{:?}",
        out.lines()
    );
    assert_legal_best_move(&mut e, &out, "go depth 6");
    // Back to the hand-made evaluation.
    e.handle("setoption name EvalFile value <empty>");
    e.handle("isready");
    assert!(out.wait_for("readyok", Duration::from_secs(5)).is_some());
    // The built-in network: named in the handshake, and it plays.
    assert!(
        out.lines()[0].contains(" net c472dfd9be1e64c1"),
        "{:?}",
        out.lines()
    );
    assert!(out
        .lines()
        .iter()
        .any(|l| l == "option name UseNNUE type check default true"));
    assert_legal_best_move(&mut e, &out, "go depth 6");
    // The hand-made evaluation, for comparison, and back.
    e.handle("setoption name UseNNUE value false");
    assert_legal_best_move(&mut e, &out, "go depth 6");
    e.handle("setoption name UseNNUE value true");
    assert_legal_best_move(&mut e, &out, "go depth 6");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_search_with_a_network_finds_the_same_mates() {
    use sakk_engine::nnue::net::FloatNet;
    let net = Arc::new(FloatNet::new(16, 5).quantize());
    for (fen, mate) in [
        ("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "d1d8"),
        (
            "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
            "h5f7",
        ),
    ] {
        let Ok(pos) = Position::from_fen(fen) else {
            panic!("{fen}");
        };
        let mut s = Searcher::new(Arc::new(Shared::new(16)), true);
        s.set_net(Some(Arc::clone(&net)));
        let limits = Limits {
            depth: Some(4),
            ..Limits::default()
        };
        let o = s.think(&pos, &[], Task::with_limits(limits), &mut |_| {});
        assert_eq!(
            o.best.map(|m| pos.uci(m).to_string()).as_deref(),
            Some(mate)
        );
        assert_eq!(o.score, MATE - 1);
    }
}

/// The nodes a fixed-depth search of the start position reports last.
fn nodes_at_depth(e: &mut Engine, out: &Capture, depth: u32) -> u64 {
    e.handle("ucinewgame");
    e.handle("position startpos moves e2e4 e7e5 g1f3");
    let before = out.lines().len();
    e.handle(&format!("go depth {depth}"));
    let done = out.wait_for_after("bestmove", before, Duration::from_secs(60));
    assert!(done.is_some(), "no bestmove");
    out.lines()[before..]
        .iter()
        .rev()
        .filter(|l| l.starts_with("info depth"))
        .find_map(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            let at = words.iter().position(|w| *w == "nodes")?;
            words.get(at + 1)?.parse().ok()
        })
        .unwrap_or(0)
}

/// A tuner's engine lists the search's parameters as options; setting one
/// changes the search (the node count of a fixed depth), and setting it
/// back gives the default search again. A plain engine does not list them.
#[test]
fn the_search_s_parameters_are_options_for_a_tuner() {
    let (mut plain, out) = engine();
    plain.handle("uci");
    assert!(!out.lines().iter().any(|l| l.contains("name RfpMargin")));

    let capture = Capture::default();
    let sink: sakk_engine::uci::Output = Arc::new(Mutex::new(Box::new(capture.clone())));
    let mut e = Engine::tuning(sink);
    e.handle("uci");
    for t in sakk_engine::params::TUNABLES {
        let want = format!(
            "option name {} type spin default {} min {} max {}",
            t.name, t.default, t.min, t.max
        );
        assert!(capture.lines().contains(&want), "{want}");
    }
    let default = nodes_at_depth(&mut e, &capture, 8);
    e.handle("setoption name RfpMargin value 30");
    e.handle("setoption name LmrBase value 150");
    let changed = nodes_at_depth(&mut e, &capture, 8);
    assert_ne!(default, changed);
    e.handle("setoption name RfpMargin value 80");
    e.handle("setoption name LmrBase value 75");
    assert_eq!(nodes_at_depth(&mut e, &capture, 8), default);
    // Out of bounds: held to the bound, not taken as it is.
    e.handle("setoption name RfpMargin value 100000");
    e.handle("setoption name RfpMargin value 200");
    let at_max = nodes_at_depth(&mut e, &capture, 8);
    e.handle("setoption name RfpMargin value 100000");
    assert_eq!(nodes_at_depth(&mut e, &capture, 8), at_max);
}

/// A search after `ucinewgame` is the search a new engine makes: nothing
/// the last search left on the stacks is read. (Before `Searcher::clear`
/// cleared them, with net 9 and the reverse-futility margin at its widest,
/// a new engine's search took 7,599 nodes and the same search after
/// `ucinewgame` 7,596: a quiescence node read its ply's stale slot.)
#[test]
fn a_search_after_ucinewgame_is_a_new_engine_s() {
    let capture = Capture::default();
    let sink: sakk_engine::uci::Output = Arc::new(Mutex::new(Box::new(capture.clone())));
    let mut e = Engine::tuning(sink);
    e.handle("uci");
    e.handle("setoption name RfpMargin value 200");
    let first = nodes_at_depth(&mut e, &capture, 8);
    assert!(first > 0);
    for _ in 0..2 {
        assert_eq!(nodes_at_depth(&mut e, &capture, 8), first);
    }
}
