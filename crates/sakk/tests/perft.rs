//! Perft suites read from data files: `id`, `epd`, then `perft DEPTH NODES`
//! lines (run in CI) and `deep DEPTH NODES` lines (opt-in, `--ignored`).

use sakk::{perft, CastlingMode, Position};

struct Case {
    id: String,
    fen: String,
    depth: u32,
    nodes: u64,
    deep: bool,
}

fn read_suite(text: &str) -> Vec<Case> {
    let mut cases = Vec::new();
    let (mut id, mut fen) = (String::new(), String::new());
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line.split_once(' ').unwrap_or((line, ""));
        match key {
            "id" => id = value.to_string(),
            "epd" => fen = value.to_string(),
            "perft" | "deep" => {
                let (d, n) = value.split_once(' ').unwrap_or(("", ""));
                cases.push(Case {
                    id: id.clone(),
                    fen: fen.clone(),
                    depth: d
                        .parse()
                        .unwrap_or_else(|_| panic!("bad depth in {line:?}")),
                    nodes: n
                        .parse()
                        .unwrap_or_else(|_| panic!("bad count in {line:?}")),
                    deep: key == "deep",
                });
            }
            _ => panic!("unknown line {line:?}"),
        }
    }
    assert!(!cases.is_empty(), "empty perft suite");
    cases
}

fn run(text: &str, mode: CastlingMode, deep: bool) {
    let mut ran = 0;
    for case in read_suite(text).into_iter().filter(|c| c.deep == deep) {
        let pos = Position::from_fen_with_mode(&case.fen, mode)
            .unwrap_or_else(|e| panic!("{}: {e}", case.id));
        assert_eq!(
            perft(&pos, case.depth),
            case.nodes,
            "{} ({}) at depth {}",
            case.id,
            case.fen,
            case.depth
        );
        ran += 1;
    }
    assert!(ran > 0);
}

#[test]
fn tricky_positions() {
    // Chess960 castling (X-FEN) appears in this suite.
    run(
        include_str!("data/tricky.perft"),
        CastlingMode::Chess960,
        false,
    );
}

#[test]
fn standard_positions() {
    run(
        include_str!("data/standard.perft"),
        CastlingMode::Standard,
        false,
    );
}

#[test]
#[ignore = "deep perft (minutes in a debug build); run with --ignored --release"]
fn standard_positions_deep() {
    run(
        include_str!("data/standard.perft"),
        CastlingMode::Standard,
        true,
    );
}
