//! The command-line contract: exact output shapes and exit statuses.

use std::process::{Command, Output};

fn sakk(args: &[&str]) -> Output {
    match Command::new(env!("CARGO_BIN_EXE_sakk")).args(args).output() {
        Ok(out) => out,
        Err(e) => panic!("cannot run sakk: {e}"),
    }
}

/// Runs `sakk` with `args`, typing `input` on its standard input.
fn sakk_with_input(args: &[&str], input: &str) -> Output {
    use std::io::Write;
    let mut child = match Command::new(env!("CARGO_BIN_EXE_sakk"))
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
    {
        Ok(c) => c,
        Err(e) => panic!("cannot run sakk: {e}"),
    };
    if let Some(mut stdin) = child.stdin.take() {
        let _ = stdin.write_all(input.as_bytes());
    }
    match child.wait_with_output() {
        Ok(o) => o,
        Err(e) => panic!("{e}"),
    }
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The command failed, and its error names `why`.
#[track_caller]
fn assert_refused(out: &Output, why: &str) {
    assert!(!out.status.success(), "not refused: {}", stdout(out));
    assert!(stderr(out).contains(why), "{}", stderr(out));
}

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// Runs `sakk` with its standard output a pipe whose reader has exited
/// already (`true`, given half a second): its first line meets a broken
/// pipe. Returns its exit status and what it wrote on standard error.
fn sakk_into_closed_pipe(args: &[&str]) -> (i32, String) {
    let script = r#"{ sleep 0.5; "$0" "$@"; echo "status $?" >&2; } | true"#;
    let out = match Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_sakk"))
        .args(args)
        .output()
    {
        Ok(out) => out,
        Err(e) => panic!("cannot run sh: {e}"),
    };
    let err = stderr(&out);
    let Some((before, status)) = err.rsplit_once("status ") else {
        panic!("no status: {err}");
    };
    match status.trim().parse() {
        Ok(code) => (code, before.to_string()),
        Err(e) => panic!("{status}: {e}"),
    }
}

/// A reader that has gone (`sakk bench | head -1`) ends a command quietly,
/// as it ends a Unix tool: status 0, no panic, no word on standard error.
#[test]
fn a_closed_pipe_ends_a_command_quietly() {
    for args in [
        &["bench", "--depth", "1"][..],
        &["moves"][..],
        &["perft", "2", "--divide"][..],
        &["unwinnable", "--fen", "8/8/8/8/8/8/8/K1k5 w - - 0 1"][..],
    ] {
        let (status, said) = sakk_into_closed_pipe(args);
        assert_eq!(status, 0, "{args:?}: {said}");
        assert_eq!(said, "", "{args:?}");
    }
}

#[test]
fn perft_prints_the_total_on_the_last_line() {
    let out = sakk(&["perft", "4"]);
    assert!(out.status.success());
    assert_eq!(stdout(&out).lines().last(), Some("197281"));
    let out = sakk(&["perft", "--fen", KIWIPETE, "3"]);
    assert_eq!(stdout(&out).lines().last(), Some("97862"));
}

/// Chess960: a start position by number, a Shredder-FEN read as Chess960
/// by itself, and `--chess960` alone writing castling king-takes-rook
/// where the king and rooks stand as in standard chess (perft figures as
/// python-chess counts them: tests/python/chess960.py).
#[test]
fn chess960_by_number_and_by_fen() {
    let out = sakk(&["perft", "--chess960=0", "4"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out).lines().last(), Some("201143"));
    let out = sakk(&["perft", "--chess960=518", "4"]);
    assert_eq!(stdout(&out).lines().last(), Some("197281"));
    let shredder = "bnrbnkrq/pppppppp/8/8/8/8/PPPPPPPP/BNRBNKRQ w GCgc - 0 1";
    let out = sakk(&["perft", "--fen", shredder, "4"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let by_number = sakk(&["perft", "--chess960=177", "4"]);
    assert_eq!(stdout(&out), stdout(&by_number), "position 177 is BNRBNKRQ");
    let castle = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let standard = stdout(&sakk(&["moves", "--fen", castle]));
    let chess960 = stdout(&sakk(&["moves", "--chess960", "--fen", castle]));
    assert!(standard.lines().any(|l| l == "e1g1") && standard.lines().any(|l| l == "e1c1"));
    assert!(chess960.lines().any(|l| l == "e1h1") && chess960.lines().any(|l| l == "e1a1"));
    assert!(!chess960.lines().any(|l| l == "e1g1"), "{chess960}");
    let out = sakk(&["replay", "--chess960=177", "O-O"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("\"uci\":\"f1g1\""),
        "{}",
        stdout(&out)
    );
}

#[test]
fn perft_divide_lists_every_root_move() {
    let out = sakk(&["perft", "--divide", "--fen", KIWIPETE, "2"]);
    assert!(out.status.success());
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().filter(|l| l.contains(": ")).collect();
    assert_eq!(lines.len(), 48);
    let sum: u64 = lines
        .iter()
        .map(|l| {
            l.split(": ")
                .nth(1)
                .and_then(|n| n.parse::<u64>().ok())
                .unwrap_or(0)
        })
        .sum();
    assert_eq!(sum, 2039);
    assert!(
        lines.contains(&"e1g1: 43"),
        "castling written as the king's move: {lines:?}"
    );
    assert_eq!(text.lines().last(), Some("2039"));
}

#[test]
fn moves_in_uci_and_san_in_every_language() {
    let out = sakk(&["moves"]);
    assert_eq!(stdout(&out).lines().count(), 20);
    assert!(stdout(&out).lines().any(|l| l == "g1f3"));
    let cases = [
        ("en", "Nf3"),
        ("hu", "Hf3"),
        ("de", "Sf3"),
        ("fr", "Cf3"),
        ("fig", "♘f3"),
    ];
    for (lang, expected) in cases {
        let out = sakk(&["moves", "--notation", "san", "--lang", lang]);
        assert!(out.status.success());
        assert!(
            stdout(&out).lines().any(|l| l == expected),
            "{lang}: {}",
            stdout(&out)
        );
    }
    let out = sakk(&[
        "moves",
        "--notation",
        "san",
        "--fen",
        "3k4/8/8/8/8/8/8/R3K2R w KQ - 0 1",
    ]);
    let text = stdout(&out);
    assert!(text.lines().any(|l| l == "O-O"));
    assert!(text.lines().any(|l| l == "Ra8+"), "{text}");
}

#[test]
fn bad_input_exits_2_with_one_line() {
    let cases: [&[&str]; 9] = [
        &["perft", "--fen", "not a fen", "1"],
        &["perft", "--chess960=960", "1"],
        &["perft", "--chess960=5", "--fen", KIWIPETE, "1"],
        &["perft", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1", "1"],
        &["perft"],
        &["perft", "x"],
        &["moves", "--lang", "xx"],
        &["moves", "--notation", "lan"],
        &["frobnicate"],
    ];
    for args in cases {
        let out = sakk(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = stderr(&out);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    let out = sakk(&["perft", "--fen", "8/8/8/8/8/8/8/K7 w - - 0 1", "1"]);
    assert!(
        stderr(&out).contains("black has no king"),
        "{}",
        stderr(&out)
    );
}

fn json_lines(out: &Output) -> Vec<serde_json::Value> {
    stdout(out)
        .lines()
        .map(|l| match serde_json::from_str(l) {
            Ok(v) => v,
            Err(e) => panic!("not JSON: {l}: {e}"),
        })
        .collect()
}

#[test]
fn replay_prints_the_final_position() {
    let out = sakk(&["replay", "e4", "e5", "Hf3", "Nc6", "f1c4"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v = &json_lines(&out)[0];
    let keys: Vec<&str> = v
        .as_object()
        .map(|o| o.keys().map(String::as_str).collect())
        .unwrap_or_default();
    assert_eq!(
        keys,
        [
            "fen",
            "turn",
            "check",
            "legal_moves",
            "outcome",
            "claimable",
            "moves"
        ]
    );
    assert_eq!(
        v["fen"],
        "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3"
    );
    assert_eq!(v["turn"], "black");
    assert_eq!(v["outcome"], serde_json::Value::Null);
    assert_eq!(v["moves"][2]["san"], "Nf3");
    assert_eq!(v["moves"][4]["uci"], "f1c4");
    assert_eq!(v["moves"][4]["san"], "Bc4");
    assert_eq!(v["legal_moves"].as_array().map(Vec::len), Some(31));
}

#[test]
fn replay_each_reads_stdin_and_reports_mate_and_claims() {
    let out = sakk_with_input(&["replay", "--each"], "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1\n");
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 8, "the start and one line per move");
    assert_eq!(lines[0]["moves"].as_array().map(Vec::len), Some(0));
    assert_eq!(lines[1]["moves"][0]["uci"], "g1f3");
    // Black can declare Ng8, repeating the start position a third time.
    assert_eq!(
        lines[7]["claimable"],
        serde_json::json!(["threefold_repetition"])
    );

    let out = sakk(&["replay", "--each", "f3", "e5", "g4", "Qh4"]);
    let last = json_lines(&out).pop().unwrap_or_default();
    assert_eq!(
        last["outcome"],
        serde_json::json!({"result": "0-1", "termination": "checkmate"})
    );
    assert_eq!(last["moves"][0]["san"], "Qh4#");
}

#[test]
fn replay_refuses_an_illegal_move_with_the_rule() {
    let out = sakk(&["replay", "e4", "e5", "Ke3"]);
    assert_eq!(out.status.code(), Some(2));
    let err: serde_json::Value = match serde_json::from_str(stderr(&out).trim()) {
        Ok(v) => v,
        Err(e) => panic!("{e}: {}", stderr(&out)),
    };
    // The server's error shape: code, English, Hungarian, parameters.
    assert_eq!(err["error"], "cannot_move_that_way");
    assert_eq!(err["index"], 2);
    assert_eq!(err["move"], "Ke3");
    assert_eq!(err["params"]["role"], "king");
    assert!(err["message"].as_str().is_some_and(|m| m.contains("king")));
    assert!(err["message_hu"]
        .as_str()
        .is_some_and(|m| m.contains("király")));
    let out = sakk(&[
        "replay",
        "--fen",
        "r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1",
        "O-O",
    ]);
    let err: serde_json::Value = serde_json::from_str(stderr(&out).trim()).unwrap_or_default();
    assert_eq!(err["error"], "castling_through_check");
}

/// `--lang hu` reads only Hungarian letters: Bb4 is a rook move, refused
/// where no rook reaches b4 (never the bishop move the English reading
/// would give); without --lang a move two languages read differently is
/// refused, naming both readings.
#[test]
fn replay_reads_moves_in_the_language_given() {
    let hu = sakk(&["replay", "--lang", "hu", "d4", "e6", "Hf3", "Bb4"]);
    assert_eq!(hu.status.code(), Some(2), "{}", stdout(&hu));
    let err: serde_json::Value = serde_json::from_str(stderr(&hu).trim()).unwrap_or_default();
    assert_eq!(err["move"], "Bb4");
    assert_eq!(err["index"], 3);
    assert_eq!(err["error"], "cannot_move_that_way");
    let en = sakk(&["replay", "--lang", "en", "d4", "e6", "Nf3", "Bb4"]);
    assert_eq!(en.status.code(), Some(0), "{}", stderr(&en));
    let fb4 = sakk(&["replay", "--lang", "hu", "d4", "e6", "Hf3", "Fb4"]);
    assert_eq!(stdout(&fb4), stdout(&en));
    // English letters are not read as Hungarian ones.
    let nf3 = sakk(&["replay", "--lang", "hu", "Nf3"]);
    assert_eq!(nf3.status.code(), Some(2));
    // B: the bishop c1 in English, the rook a2 in Hungarian.
    let both = sakk(&["replay", "--fen", "4k3/8/8/8/8/8/R7/2B1K3 w - - 0 1", "Bb2"]);
    assert_eq!(both.status.code(), Some(2));
    let err: serde_json::Value = serde_json::from_str(stderr(&both).trim()).unwrap_or_default();
    assert_eq!(err["error"], "ambiguous_language");
    assert_eq!(err["params"]["first"], "c1b2");
    assert_eq!(err["params"]["second"], "a2b2");
    assert!(err["message_hu"]
        .as_str()
        .is_some_and(|m| m.contains("magyarul")));
}

/// The command line's small traps: a directory is no PGN file, depth and
/// MultiPV start at 1, --lang without SAN is not silently ignored.
#[test]
fn the_command_line_refuses_what_it_cannot_do() {
    let dir = std::env::temp_dir();
    let dir = dir.to_string_lossy();
    for action in ["check", "export"] {
        let out = sakk(&["pgn", action, &dir]);
        assert_eq!(out.status.code(), Some(2), "pgn {action}: {}", stdout(&out));
        assert!(stderr(&out).contains("directory"), "{}", stderr(&out));
    }
    for args in [
        &["analyse", "--depth", "0"][..],
        &["analyse", "--depth", "2", "--multipv", "0"],
        &["moves", "--notation", "uci", "--lang", "hu"],
    ] {
        let out = sakk(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stdout(&out));
        assert!(!stdout(&out).contains("stalemate"));
    }
    let hu = sakk(&["moves", "--lang", "hu"]);
    assert!(stdout(&hu).lines().any(|l| l == "Hf3"), "{}", stdout(&hu));
    let help = sakk(&["--help"]);
    assert!(!stdout(&help).contains("later"), "{}", stdout(&help));
}

fn temp_file(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("sakk-cli-test-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let path = dir.join(name);
    if let Err(e) = std::fs::write(&path, text) {
        panic!("{e}");
    }
    path
}

#[test]
fn pgn_check_reports_each_problem_and_counts() {
    let path = temp_file(
        "check.pgn",
        "[Event \"a\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n\n[Event \"b\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n",
    );
    let out = sakk(&["pgn", "check", &path.to_string_lossy()]);
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.last(), Some(&"games: 2, errors: 1"), "{text}");
    assert!(lines[0].starts_with("game 1, line 4:"), "{text}");
    assert!(lines[0].contains("Ke3"));
    assert_eq!(out.status.code(), Some(1));

    let clean = temp_file(
        "clean.pgn",
        "[Event \"b\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n",
    );
    let out = sakk(&["pgn", "check", &clean.to_string_lossy()]);
    assert_eq!(stdout(&out).trim(), "games: 1, errors: 0");
    assert!(out.status.success());
}

/// The result against the final position: a win in a dead position (a
/// wall of blocked pawns), and a win for a side with nothing left to mate
/// with, are each a problem; a draw there is not.
#[test]
fn pgn_check_refuses_a_win_where_the_position_allows_none() {
    let dead = "8/3k4/8/1p1p1p1p/1P1P1P1P/8/4K3/8 b - - 0 1";
    let path = temp_file(
        "dead.pgn",
        &format!(
            "[Result \"1-0\"]\n[FEN \"{dead}\"]\n[SetUp \"1\"]\n\n1... Ke7 1-0\n\n\
             [Result \"1/2-1/2\"]\n[FEN \"{dead}\"]\n[SetUp \"1\"]\n\n1... Ke7 1/2-1/2\n\n\
             [Result \"0-1\"]\n[FEN \"4k3/8/8/8/8/8/8/3QK3 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. Qd2 0-1\n\n\
             [Result \"*\"]\n\n1. f3 e5 2. g4 Qh4# *\n"
        ),
    );
    let out = sakk(&["pgn", "check", &path.to_string_lossy()]);
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.last(), Some(&"games: 4, errors: 3"), "{text}");
    assert!(
        lines[0].starts_with("game 1, line 1:") && lines[0].contains("dead position"),
        "{text}"
    );
    assert!(
        lines[1].starts_with("game 3, line 13:") && lines[1].contains("black cannot checkmate"),
        "{text}"
    );
    assert!(
        lines[2].starts_with("game 4, line 19:") && lines[2].contains("checkmate (0-1)"),
        "{text}"
    );
}

/// `pgn check --prove-dead` also questions a win with the full proof: a
/// dead position that only it shows is a problem then (not without the
/// option, which asks the cheap proofs only), in one thread or several.
#[test]
fn pgn_check_proves_dead_positions_when_asked() {
    let dead = "k7/1p6/1Pp5/n1P5/N1p5/1pP1B3/1P1B4/K7 w - - 0 1";
    let game = format!("[Result \"1-0\"]\n[FEN \"{dead}\"]\n[SetUp \"1\"]\n\n1. Kb1 1-0\n\n");
    let draw = game.replace("1-0", "1/2-1/2");
    let path = temp_file("full-proof.pgn", &format!("{game}{draw}"));
    let path = path.to_string_lossy();
    let out = sakk(&["pgn", "check", &path]);
    assert_eq!(stdout(&out).lines().last(), Some("games: 2, errors: 0"));
    for threads in ["1", "2"] {
        let out = sakk(&["pgn", "check", "--prove-dead", "--threads", threads, &path]);
        let text = stdout(&out);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.last(), Some(&"games: 2, errors: 1"), "{text}");
        assert!(
            lines[0].starts_with("game 1, line 1:") && lines[0].contains("full proof"),
            "{text}"
        );
    }
}

/// `sakk replay` ends a game in a dead position that only the full proof
/// shows, as the server does (FIDE 5.2.2).
#[test]
fn replay_ends_a_game_in_a_dead_position_the_full_proof_shows() {
    let dead = "1k6/8/3p1p2/3PbP2/3pBp2/3P1P2/4B3/2K5 b - - 1 1";
    let out = sakk(&["replay", "--fen", dead, "Kb7"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        json_lines(&out)[0]["outcome"],
        serde_json::json!({"result": "1/2-1/2", "termination": "dead_position"})
    );
    let out = sakk(&["replay", "--fen", dead, "Kb7", "Kd1"]);
    assert_eq!(out.status.code(), Some(2), "a move after the end");
    assert!(
        stderr(&out).contains("\"error\":\"game_over\""),
        "{}",
        stderr(&out)
    );
}

#[test]
fn pgn_export_writes_the_export_format() {
    let path = temp_file(
        "export.pgn",
        "[White \"Polgár\"]\n[Event \"x\"]\n\n1.e4 e5 2.Nf3 {[%clk 0:04:58]} Nc6 1/2-1/2\n",
    );
    let out = sakk(&["pgn", "export", &path.to_string_lossy()]);
    assert!(out.status.success());
    assert_eq!(
        stdout(&out),
        "[Event \"x\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"Polgár\"]\n\
         [Black \"?\"]\n[Result \"1/2-1/2\"]\n\n1. e4 e5 2. Nf3 { [%clk 0:04:58] } 2... Nc6 1/2-1/2\n\n"
    );
    let out = sakk(&["pgn", "export", "--lang", "hu", &path.to_string_lossy()]);
    assert!(stdout(&out).contains("2. Hf3 { [%clk 0:04:58] } 2... Hc6"));
    let out = sakk(&["pgn", "check", "/nonexistent/file.pgn"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stderr(&out).lines().count(), 1);
}

#[test]
fn match_between_two_sakk_engines_writes_valid_pgn() {
    let dir = std::env::temp_dir().join(format!("sakk-match-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let pgn = dir.join("match.pgn");
    let me = env!("CARGO_BIN_EXE_sakk");
    let out = sakk(&[
        "match",
        "--engine",
        &format!("cmd={me} arg=uci name=one"),
        "--engine",
        &format!("cmd={me} arg=uci name=two"),
        "--games",
        "2",
        "--depth",
        "2",
        "--pgn",
        &pgn.to_string_lossy(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("Score of one vs two:"), "{text}");
    assert!(text.contains("Elo difference:"), "{text}");
    let check = sakk(&["pgn", "check", &pgn.to_string_lossy()]);
    assert_eq!(
        stdout(&check).trim(),
        "games: 2, errors: 0",
        "{}",
        stdout(&check)
    );
    let games = std::fs::read_to_string(&pgn).unwrap_or_default();
    assert!(
        games.contains("[White \"one\"]") && games.contains("[White \"two\"]"),
        "colours swapped"
    );
}

#[test]
fn bench_node_count_is_deterministic() {
    let a = sakk(&["bench", "--depth", "3"]);
    let b = sakk(&["bench", "--depth", "3"]);
    assert!(a.status.success());
    let last = |o: &Output| {
        stdout(o)
            .lines()
            .last()
            .map(str::to_string)
            .unwrap_or_default()
    };
    assert!(last(&a).ends_with(" nodes"), "{}", stdout(&a));
    assert_eq!(last(&a), last(&b));
}

#[test]
fn analyse_prints_scored_lines_in_san() {
    let out = sakk(&[
        "analyse",
        "--fen",
        "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
        "--depth",
        "3",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out).lines().next(), Some("1. #1 depth 3: 1. Rd8#"));
    let out = sakk(&[
        "analyse",
        "--moves",
        "e4 e5",
        "--depth",
        "4",
        "--multipv",
        "2",
        "--lang",
        "hu",
    ]);
    let text = stdout(&out);
    assert_eq!(text.lines().count(), 2, "{text}");
    assert!(text.lines().all(|l| l.contains(" depth 4: 2. ")), "{text}");
    let out = sakk(&["analyse", "--moves", "e4 e5 Ke3"]);
    assert_eq!(out.status.code(), Some(2));
}

/// Runs `sakk play` with `args`, typing `input`; its output.
fn play(args: &[&str], input: &str) -> String {
    let out = sakk_with_input(&[&["play"], args].concat(), input);
    assert!(out.status.success());
    stdout(&out)
}

#[test]
fn play_against_the_computer_in_the_terminal() {
    // Hungarian: Hf3 is the knight; Ke2 is refused with the rule; the
    // computer answers each move.
    let out = play(&["--level", "1", "--lang", "hu"], "Ke2\nHf3\nundo\nkilép\n");
    assert!(out.contains("Szabálytalan: "), "{out}");
    assert_eq!(out.matches("A sakk lépése: ").count(), 1, "{out}");
    assert!(out.contains("Visszavéve."), "{out}");
    assert!(out.contains("A játszma befejezetlen maradt."), "{out}");
    // Playing Black from a set-up position: fool's mate ends the game.
    let out = play(
        &[
            "--color",
            "black",
            "--level",
            "1",
            "--fen",
            "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2",
        ],
        "Qh4\n",
    );
    assert!(out.contains("Black won — checkmate"), "{out}");
    // A back-rank mate is named, in the player's language.
    let out = play(
        &[
            "--level",
            "1",
            "--lang",
            "hu",
            "--fen",
            "6k1/5ppp/8/8/8/8/8/3R2K1 w - - 0 1",
        ],
        "Bd8\n",
    );
    assert!(out.contains("(alapsori matt)"), "{out}");
    let out = play(&[], "resign\n");
    assert!(out.contains("Black won — resignation"), "{out}");
    // What a move did that its SAN does not say, in the player's language:
    // the bishop uncovers the rook's check; the knight forks king and rook.
    let out = play(
        &["--level", "1", "--fen", "r3k3/8/8/8/8/8/4B3/4RK2 w - - 0 1"],
        "Bd3\nquit\n",
    );
    assert!(out.contains("→ Discovered check"), "{out}");
    let out = play(
        &[
            "--level",
            "1",
            "--lang",
            "hu",
            "--fen",
            "r3k3/8/8/1N6/8/8/8/5K2 w - - 0 1",
        ],
        "Hc7\nkilép\n",
    );
    assert!(out.contains("→ villás sakk"), "{out}");
}

/// `sakk tournament berger` prints FIDE's table; `check` names the line of
/// a malformed TRF with exit status 3.
#[test]
fn tournament_tables_and_trf_check() {
    let out = sakk(&["tournament", "berger", "4"]);
    assert_eq!(
        stdout(&out),
        "Round 1\n1 4\n2 3\nRound 2\n4 3\n1 2\nRound 3\n2 4\n3 1\n"
    );
    let out = sakk(&["tournament", "berger", "3"]);
    assert!(
        stdout(&out).starts_with("Round 1\n1 0\n2 3\n"),
        "{}",
        stdout(&out)
    );
    let good = temp_file(
        "club.trf",
        "012 Club\nXXR 5\n001    1      A                                 1500                             1.0    1     2 w 1\n001    2      B                                 1400                             0.0    2     1 b 0\n",
    );
    let out = sakk(&["tournament", "check", &good.to_string_lossy()]);
    assert_eq!(
        stdout(&out),
        "Club: players: 2, rounds played: 1, rounds planned: 5\n",
        "{}",
        stderr(&out)
    );
    let bad = temp_file(
        "bad.trf",
        "012 Club\n001    1      A                                 1500                             1.0    1     2 w 1\n001    2      B                                 1400                             0.0    2     1 b 1\n",
    );
    let out = sakk(&["tournament", "check", &bad.to_string_lossy()]);
    assert_eq!(out.status.code(), Some(3));
    assert!(stderr(&out).contains("line 2: round 1"), "{}", stderr(&out));
    // Rating estimates: A (1500) beat B (1400): expected .64, K 20: +7.2.
    let out = sakk(&["tournament", "ratings", &good.to_string_lossy()]);
    let text = stdout(&out);
    let a = text.lines().nth(1).unwrap_or_default();
    let b = text.lines().nth(2).unwrap_or_default();
    assert!(a.ends_with("1   0.64   2200    +7.2"), "{text}");
    assert!(b.ends_with("1   0.36    700    -7.2"), "{text}");
    let out = sakk(&[
        "tournament",
        "ratings",
        "--k",
        "40",
        &good.to_string_lossy(),
    ]);
    assert!(stdout(&out).contains("+14.4"), "{}", stdout(&out));
    let out = sakk(&["tournament", "ratings", &bad.to_string_lossy()]);
    assert_eq!(out.status.code(), Some(3));
}

/// `sakk swiss pair`: the next round by the Dutch system, as JaVaFo and
/// bbpPairings print it; exit 1 when no legal pairing exists, 3 for a
/// malformed file.
#[test]
fn swiss_pairing_by_the_dutch_system() {
    let line = |rank: u16, rounds: &str| {
        format!(
            "001 {rank:>4}      {:<33} {:>4}{:>28} 0.0 {rank:>4}{rounds}\n",
            format!("P{rank}"),
            2000 - rank * 50,
            ""
        )
    };
    // Five players, round 1: the bye to the lowest ranked (5), then 1–3
    // and 4–2 (the top seed has White). The first line counts the lines,
    // the bye's included, as bbpPairings and JaVaFo print it.
    let text: String = (1..=5).map(|r| line(r, "")).collect();
    let file = temp_file("swiss-r1.trf", &format!("012 Club\nXXR 5\n{text}"));
    let out = sakk(&["swiss", "pair", &file.to_string_lossy()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), "3\n1 3\n4 2\n5 0\n");
    // Six players with Baku acceleration: 1–4 (the top half, rounded up to
    // even) start with a virtual point and play each other; without it
    // the top half meets the bottom half.
    let six: String = (1..=6).map(|r| line(r, "")).collect();
    let six = temp_file("swiss-six.trf", &format!("012 Club\nXXR 5\n{six}"));
    let out = sakk(&["swiss", "pair", "--baku", &six.to_string_lossy()]);
    assert_eq!(stdout(&out), "3\n1 3\n4 2\n5 6\n", "{}", stderr(&out));
    let out = sakk(&["swiss", "pair", &six.to_string_lossy()]);
    assert_eq!(stdout(&out), "3\n1 4\n5 2\n3 6\n", "{}", stderr(&out));
    // The 2017 rules pair this round the same way.
    let out = sakk(&["swiss", "pair", "--rules", "2017", &file.to_string_lossy()]);
    assert_eq!(stdout(&out), "3\n1 3\n4 2\n5 0\n");
    // Two players who have met: no legal pairing.
    let met = format!(
        "012 Club\n{}{}",
        line(1, "     2 w 1"),
        line(2, "     1 b 0")
    );
    let file = temp_file("swiss-met.trf", &met);
    let out = sakk(&["swiss", "pair", &file.to_string_lossy()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("no pairing meets the absolute criteria"),
        "{}",
        stderr(&out)
    );
    // The same, in Hungarian.
    let out = sakk(&["swiss", "pair", "--lang", "hu", &file.to_string_lossy()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("abszolút feltételeinek megfelelő párosítás"),
        "{}",
        stderr(&out)
    );
    // The standings' heads in Hungarian.
    let out = sakk(&[
        "swiss",
        "standings",
        "--lang",
        "hu",
        &file.to_string_lossy(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).starts_with(" hely ssz.  név"),
        "{}",
        stdout(&out)
    );
    // Baku acceleration without the planned rounds: exit 3.
    let out = sakk(&["swiss", "pair", "--baku", &file.to_string_lossy()]);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert!(stderr(&out).contains("XXR"), "{}", stderr(&out));
    // A malformed file: exit 3 with the line.
    let file = temp_file("swiss-bad.trf", "012 Club\n001    1      A\n");
    let out = sakk(&["swiss", "pair", &file.to_string_lossy()]);
    assert_eq!(out.status.code(), Some(3));
    assert!(stderr(&out).contains("line 2"), "{}", stderr(&out));
}

#[test]
fn standings_and_pairings_follow_the_texts_in_force_when_the_tournament_began() {
    // A forfeit win in round 1: the 2026 text counts it in Alpha's BH at
    // most as the forfeiting opponent's score (2.50), the 2024 text as
    // Alpha's own (3.00).
    let players = "\
001    1      Alpha                             2000                             1.5    1     2 w +     3 w =
001    2      Beta                              1900                             1.0    2     1 b -     4 w 1
001    3      Gamma                             1800                             1.5    3     4 w 1     1 b =
001    4      Delta                             1700                             0.0    4     3 b 0     2 b 0
XXR 3
";
    let standings = |text: &str, rules: &str| {
        let file = temp_file("tb-date.trf", text);
        let out = sakk(&[
            "swiss",
            "standings",
            "--tiebreak-rules",
            rules,
            &file.to_string_lossy(),
        ]);
        assert!(out.status.success(), "{}", stderr(&out));
        stdout(&out)
    };
    let (old, new) = (standings(players, "2024"), standings(players, "2026"));
    assert_ne!(old, new);
    assert!(
        new.lines().nth(1).is_some_and(|l| l.contains(" 2.50 ")),
        "{new}"
    );
    for (date, want) in [
        ("2025/10/04", &old),
        ("28.02.2026", &old),
        ("2026-03-01", &new),
        ("", &new),
    ] {
        let text = format!("012 Club\n042 {date}\n{players}");
        assert_eq!(&standings(&text, "auto"), want, "{date}");
    }
    // The pairing: `--rules auto` (the default) is the 2017 text before
    // February 2026, the 2026 text from then; both are what they name.
    for (date, rules) in [("2025/10/04", "2017"), ("2026/02/01", "2026")] {
        let text = format!("012 Club\n042 {date}\n{players}");
        let file = temp_file("pair-date.trf", &text);
        let by = |rules: &str| {
            let out = sakk(&["swiss", "pair", "--rules", rules, &file.to_string_lossy()]);
            assert!(out.status.success(), "{}", stderr(&out));
            stdout(&out)
        };
        assert_eq!(by("auto"), by(rules), "{date}");
    }
}

#[test]
fn datagen_packs_positions_and_a_second_run_appends() {
    let book = temp_file(
        "datagen-book.epd",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n",
    );
    let out = std::env::temp_dir().join(format!("sakk-datagen-{}.bin", std::process::id()));
    // What a run killed in the middle of a write leaves: part of a record.
    if let Err(e) = std::fs::write(&out, [0u8; 10]) {
        panic!("{e}");
    }
    let (book, out_path) = (book.display().to_string(), out.display().to_string());
    let args = [
        "tune", "datagen", "--book", &book, "--out", &out_path, "--games", "1", "--nodes", "200",
        "--format", "packed",
    ];
    let first = sakk(&args);
    assert!(first.status.success(), "{}", stderr(&first));
    assert!(
        stderr(&first).contains("cut a partial record"),
        "{}",
        stderr(&first)
    );
    let size = std::fs::metadata(&out).map_or(0, |m| m.len());
    assert!(size > 0 && size % 32 == 0, "{size}");
    let second = sakk(&args);
    assert!(second.status.success(), "{}", stderr(&second));
    assert!(stderr(&second).contains(&format!("{} positions already there", size / 32)));
    let grown = std::fs::metadata(&out).map_or(0, |m| m.len());
    assert!(grown > size && grown % 32 == 0, "{size} then {grown}");
    // Played with the hand-made evaluation: more positions; a file that is
    // not a network is refused.
    let with_net: Vec<&str> = args.iter().copied().chain(["--net", "hce"]).collect();
    let third = sakk(&with_net);
    assert!(third.status.success(), "{}", stderr(&third));
    let more = std::fs::metadata(&out).map_or(0, |m| m.len());
    assert!(more > grown && more % 32 == 0, "{grown} then {more}");
    let not_a_net: Vec<&str> = args.iter().copied().chain(["--net", &book]).collect();
    let refused = sakk(&not_a_net);
    assert!(!refused.status.success());
    let _ = std::fs::remove_file(&out);
}

#[test]
fn a_net_trained_from_the_built_in_one_starts_as_it() {
    let book = temp_file(
        "train-book.epd",
        "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1\n",
    );
    let dir = std::env::temp_dir().join(format!("sakk-train-{}", std::process::id()));
    let data = dir.join("data.bin").display().to_string();
    let _ = std::fs::create_dir_all(&dir);
    let (book, out) = (book.display().to_string(), dir.display().to_string());
    // More than one block of 1,024 positions, so that some are trained on
    // (the first block is held out).
    let made = sakk(&[
        "tune", "datagen", "--book", &book, "--out", &data, "--games", "40", "--nodes", "100",
        "--format", "packed",
    ]);
    assert!(made.status.success(), "{}", stderr(&made));
    let positions = std::fs::metadata(&data).map_or(0, |m| m.len()) / 32;
    assert!(positions > 1100, "{positions} positions");
    let built_in = format!("{}/../engine/nets/sakk-14.nnue", env!("CARGO_MANIFEST_DIR"));
    let bytes = |path: &str| std::fs::read(path).unwrap_or_default();
    let net = dir.join("net.nnue").display().to_string();
    let train = |extra: &[&str]| {
        let mut args = vec![
            "nnue",
            "train",
            "--data",
            &data,
            "--out",
            &out,
            "--epochs",
            "1",
            "--threads",
            "1",
            "--batch",
            "256",
        ];
        args.extend_from_slice(extra);
        sakk(&args)
    };
    let eval_at = |net: &str, fen: &str| {
        let out = sakk(&["nnue", "eval", "--net", net, "--fen", fen]);
        assert!(out.status.success(), "{}", stderr(&out));
        let cp = stdout(&out).trim().parse::<i32>();
        assert!(cp.is_ok(), "{}", stdout(&out));
        cp.unwrap_or_default()
    };
    let eval = |net: &str| eval_at(net, KIWIPETE);
    // Few men: another output bucket than Kiwipete's 32.
    let endgame = "4k3/2p5/8/3r4/8/2N5/4P3/4K3 w - - 0 1";
    // Steps of a learning rate of 0: the built-in net, byte for byte, from
    // its weights read back in floating point.
    let same = train(&["--init", "builtin", "--lr", "0"]);
    assert!(same.status.success(), "{}", stderr(&same));
    assert!(
        stderr(&same).contains("hidden 128, 8 output buckets, 1 king bucket, from builtin"),
        "{}",
        stderr(&same)
    );
    assert!(bytes(&net) == bytes(&built_in), "not the built-in net");
    // Wider, from a file: the same evaluation.
    let wider = train(&["--init", &built_in, "--hidden", "160", "--lr", "0"]);
    assert!(wider.status.success(), "{}", stderr(&wider));
    assert!(stderr(&wider).contains("hidden 160"), "{}", stderr(&wider));
    assert_eq!(eval(&net), eval(&built_in));
    // A net of one output bucket (from random weights) given eight, each
    // its output layer: the same evaluation, in a file of the bucketed
    // format.
    let made = train(&["--hidden", "32"]);
    assert!(made.status.success(), "{}", stderr(&made));
    let single = dir.join("single.nnue").display().to_string();
    let _ = std::fs::write(&single, bytes(&net));
    assert_eq!(bytes(&single).get(8..12), Some(&1u32.to_le_bytes()[..]));
    let bucketed = train(&["--init", &single, "--buckets", "8", "--lr", "0"]);
    assert!(bucketed.status.success(), "{}", stderr(&bucketed));
    assert!(
        stderr(&bucketed).contains("hidden 32, 8 output buckets"),
        "{}",
        stderr(&bucketed)
    );
    assert_eq!(bytes(&net).get(8..12), Some(&2u32.to_le_bytes()[..]));
    assert_eq!(eval(&net), eval(&single));
    assert_eq!(eval_at(&net, endgame), eval_at(&single, endgame));
    // A bucketed net trains on as it is, and cannot be cut to other
    // buckets.
    let eight = dir.join("eight.nnue").display().to_string();
    let _ = std::fs::write(&eight, bytes(&net));
    let on = train(&["--init", &eight, "--lr", "0.001"]);
    assert!(on.status.success(), "{}", stderr(&on));
    assert!(stderr(&on).contains("8 output buckets"), "{}", stderr(&on));
    assert!(bytes(&net) != bytes(&eight), "training changed nothing");
    let rebucketed = train(&["--init", &eight, "--buckets", "4"]);
    assert_refused(&rebucketed, "has 8 output buckets");
    // The built-in net given eight king buckets, each a copy of its input
    // weights: the same evaluation (whatever bucket the kings stand in; the
    // engine's unit tests show each bucket read where it should be), in
    // version 3; such a net cannot be given one again.
    let kings = train(&["--init", "builtin", "--king-buckets", "8", "--lr", "0"]);
    assert!(kings.status.success(), "{}", stderr(&kings));
    assert!(
        stderr(&kings).contains("8 output buckets, 8 king buckets"),
        "{}",
        stderr(&kings)
    );
    assert_eq!(bytes(&net).get(8..12), Some(&3u32.to_le_bytes()[..]));
    let castled = "r4rk1/ppp2ppp/8/8/8/8/PPP2PPP/2KR3R b - - 0 1";
    for fen in [KIWIPETE, endgame, castled] {
        assert_eq!(eval_at(&net, fen), eval_at(&built_in, fen), "{fen}");
    }
    let king_net = dir.join("kings.nnue").display().to_string();
    let _ = std::fs::write(&king_net, bytes(&net));
    let four = train(&["--init", "builtin", "--king-buckets", "4"]);
    assert_refused(&four, "must be 1 or 8");
    let unkinged = train(&["--init", &king_net, "--king-buckets", "1"]);
    assert_refused(&unkinged, "has 8 king buckets");
    // Trained: other weights.
    let trained = train(&["--init", "builtin", "--lr", "0.001"]);
    assert!(trained.status.success(), "{}", stderr(&trained));
    assert!(bytes(&net) != bytes(&built_in), "training changed nothing");
    // Narrower than the net it starts from, or not a net: refused.
    let narrower = train(&["--init", "builtin", "--hidden", "64"]);
    assert_refused(&narrower, "narrower");
    // A net with a weight beyond what training keeps (it would be clipped
    // at the first step): refused.
    let mut wild = bytes(&built_in);
    // The first weight, after the header (16 bytes in version 1, 20 in 2).
    let first = if wild.get(8) == Some(&1) { 16 } else { 20 };
    wild[first..first + 2].copy_from_slice(&2000i16.to_le_bytes());
    let wild_path = dir.join("wild.nnue");
    let _ = std::fs::write(&wild_path, &wild);
    let beyond = train(&["--init", &wild_path.display().to_string()]);
    assert_refused(&beyond, "beyond");
    let not_a_net = train(&["--init", &book]);
    assert_refused(&not_a_net, "SAKKNNUE");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn unwinnable_prints_who_can_still_mate() {
    for (fen, class) in [
        ("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "W-"),
        ("4k3/8/8/p1p1p1p1/P1P1P1P1/8/8/4K3 w - - 0 1", "--"),
        ("startpos", "WB"),
    ] {
        let out = sakk(&["unwinnable", "--fen", fen]);
        assert!(out.status.success(), "{}", stderr(&out));
        assert_eq!(stdout(&out), format!("{class}\n"), "{fen}");
    }
    let quick = sakk(&[
        "unwinnable",
        "--quick",
        "--fen",
        "4k3/8/8/8/8/8/8/3QK3 b - - 0 1",
    ]);
    assert_eq!(stdout(&quick), "W-\n");
    // Lines in the Chess Unwinnability Analyzer's format, on standard input.
    let out = sakk_with_input(
        &["unwinnable"],
        "# a comment\n-- 4k3/8/8/p1p1p1p1/P1P1P1P1/8/8/4K3 w - -\nW- 4k3/8/8/8/8/8/8/3QK3 b\n",
    );
    assert_eq!(
        stdout(&out),
        "-- 4k3/8/8/p1p1p1p1/P1P1P1P1/8/8/4K3 w - -\nW- 4k3/8/8/8/8/8/8/3QK3 b\n"
    );
    let bad = sakk(&["unwinnable", "--fen", "not a fen"]);
    assert_eq!(bad.status.code(), Some(2), "{}", stderr(&bad));
}

/// `tune spsa` plays pairs of the engine with its parameters moved up and
/// down, appends each iteration's values to the state file, and a run
/// started again with the same file goes on where the last stopped (a
/// line cut short by the stop left out); a file planned for other
/// iterations, a parameter the engine does not have or given twice, and
/// an engine that does not list its parameters are refused clearly.
#[test]
fn spsa_appends_each_iteration_and_goes_on_where_it_stopped() {
    let dir = std::env::temp_dir().join(format!("sakk-spsa-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let state = dir.join("spsa.txt");
    let _ = std::fs::remove_file(&state);
    let me = env!("CARGO_BIN_EXE_sakk");
    let engine = format!("cmd={me} arg=uci arg=--tune");
    let path = state.to_string_lossy().into_owned();
    let run = |iterations: &str, params: &str| {
        sakk(&[
            "tune",
            "spsa",
            "--engine",
            &engine,
            "--iterations",
            iterations,
            "--nodes",
            "300",
            "--params",
            params,
            "--state",
            &path,
        ])
    };
    let lines = || -> Vec<String> {
        std::fs::read_to_string(&state)
            .unwrap_or_default()
            .lines()
            .map(str::to_string)
            .collect()
    };
    let first = run("3", "RfpMargin,LmrDivisor");
    assert!(first.status.success(), "{}", stderr(&first));
    let written = lines();
    assert_eq!(written.len(), 4, "{written:?}");
    assert_eq!(written[0], "# sakk tune spsa iterations=3");
    assert!(written[1].starts_with("1 RfpMargin="), "{written:?}");
    assert!(written[3].starts_with("3 RfpMargin=") && written[3].contains(" LmrDivisor="));

    // As a stop in the middle of the third iteration's line leaves it.
    let cut = format!("{}\n3 RfpMar", written[..3].join("\n"));
    assert!(std::fs::write(&state, cut).is_ok());
    let again = run("3", "RfpMargin,LmrDivisor");
    assert!(again.status.success(), "{}", stderr(&again));
    assert!(stdout(&again).contains("going on after iteration 2 of 3"));
    let written = lines();
    assert_eq!(written.len(), 4, "{written:?}");
    assert!(written[3].starts_with("3 RfpMargin="), "{written:?}");
    // Done: a run more plays nothing.
    let done = run("3", "RfpMargin,LmrDivisor");
    assert!(done.status.success(), "{}", stderr(&done));
    assert_eq!(lines().len(), 4);

    let refused = |out: &Output, what: &str| {
        assert_eq!(out.status.code(), Some(2), "{}", stderr(out));
        assert!(stderr(out).contains(what), "{}", stderr(out));
    };
    refused(&run("5", "RfpMargin,LmrDivisor"), "--iterations 3");
    refused(&run("3", "NoSuch"), "NoSuch");
    refused(&run("3", "RfpMargin,RfpMargin"), "twice");
    let _ = std::fs::remove_file(&state);
    let unlisted = sakk(&[
        "tune",
        "spsa",
        "--engine",
        &format!("cmd={me} arg=uci"),
        "--iterations",
        "4",
        "--nodes",
        "300",
        "--state",
        &path,
        "--params",
        "RfpMargin",
    ]);
    assert_refused(&unlisted, "RfpMargin");
    let _ = std::fs::remove_dir_all(&dir);
}
