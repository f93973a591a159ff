//! The command-line contract: exact output shapes and exit statuses.

use std::process::{Command, Output};

fn sakk(args: &[&str]) -> Output {
    match Command::new(env!("CARGO_BIN_EXE_sakk")).args(args).output() {
        Ok(out) => out,
        Err(e) => panic!("cannot run sakk: {e}"),
    }
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

#[test]
fn perft_prints_the_total_on_the_last_line() {
    let out = sakk(&["perft", "4"]);
    assert!(out.status.success());
    assert_eq!(stdout(&out).lines().last(), Some("197281"));
    let out = sakk(&["perft", "--fen", KIWIPETE, "3"]);
    assert_eq!(stdout(&out).lines().last(), Some("97862"));
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
    let cases: [&[&str]; 7] = [
        &["perft", "--fen", "not a fen", "1"],
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
