//! Perft throughput of sakk against cozy-chess and shakmaty, in one run with
//! the same build settings: start position depth 6 and Kiwipete depth 5, one
//! thread, no hashing, bulk counting at the leaves.
//!
//! `cargo bench -p sakk --bench perft` (set `SAKK_BENCH_RUNS` for more or fewer
//! runs than 5; the runs are interleaved and the best of each is reported).

use std::hint::black_box;
use std::time::{Duration, Instant};

const CASES: [(&str, &str, u32, u64); 2] = [
    (
        "startpos d6",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        6,
        119_060_324,
    ),
    (
        "kiwipete d5",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        5,
        193_690_690,
    ),
];

fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    if depth == 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
    } else {
        board.generate_moves(|moves| {
            for mv in moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                nodes += cozy_perft(&child, depth - 1);
            }
            false
        });
    }
    nodes
}

/// A library's name and its perft run.
type Runner<'a> = (&'a str, Box<dyn FnMut() -> u64 + 'a>);

/// Runs each library `runs` times, interleaved (so that a slow spell of the
/// machine hits all of them alike), and keeps each one's best time.
fn best_times(runs: usize, expected: u64, libs: &mut [Runner<'_>]) -> Vec<Duration> {
    let mut best = vec![Duration::MAX; libs.len()];
    for _ in 0..runs {
        for (i, (_, f)) in libs.iter_mut().enumerate() {
            let start = Instant::now();
            let nodes = black_box(f());
            let elapsed = start.elapsed();
            assert_eq!(nodes, expected, "wrong node count");
            best[i] = best[i].min(elapsed);
        }
    }
    best
}

fn main() {
    let runs: usize = std::env::var("SAKK_BENCH_RUNS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(5);
    println!(
        "perft, bulk counting, 1 thread, best of {runs} (slider lookup: {})",
        if sakk::attacks::USES_PEXT {
            "PEXT"
        } else {
            "magic"
        }
    );
    println!(
        "{:<12} {:<11} {:>10} {:>8}",
        "position", "library", "Mnps", "ratio"
    );
    for (name, fen, depth, expected) in CASES {
        let Ok(sakk_pos) = sakk::Position::from_fen(fen) else {
            panic!("bad FEN {fen}")
        };
        let Ok(cozy_board) = cozy_chess::Board::from_fen(fen, false) else {
            panic!("bad FEN {fen}")
        };
        let Ok(setup) = fen.parse::<shakmaty::fen::Fen>() else {
            panic!("bad FEN {fen}")
        };
        let Ok(shak_pos) = setup.into_position::<shakmaty::Chess>(shakmaty::CastlingMode::Standard)
        else {
            panic!("bad FEN {fen}")
        };

        #[cfg(feature = "make-unmake")]
        let mut unmake_pos = sakk_pos;
        let mut libs: Vec<Runner<'_>> = vec![
            ("sakk", Box::new(|| sakk::perft(&sakk_pos, depth))),
            ("cozy-chess", Box::new(|| cozy_perft(&cozy_board, depth))),
            ("shakmaty", Box::new(|| shakmaty::perft(&shak_pos, depth))),
        ];
        #[cfg(feature = "make-unmake")]
        libs.push((
            "sakk-unmake",
            Box::new(|| sakk::unmake::perft_make_unmake(&mut unmake_pos, depth)),
        ));
        let times = best_times(runs, expected, &mut libs);
        let results: Vec<(&str, Duration)> = libs.iter().map(|(n, _)| *n).zip(times).collect();
        let mnps = |d: Duration| expected as f64 / d.as_secs_f64() / 1e6;
        let fastest_peer = results[1..3]
            .iter()
            .map(|(_, d)| mnps(*d))
            .fold(0.0, f64::max);
        for (lib, d) in results {
            println!(
                "{name:<12} {lib:<11} {:>10.1} {:>7.2}x",
                mnps(d),
                mnps(d) / fastest_peer
            );
        }
    }
    println!("ratio: nodes per second relative to the fastest peer (cozy-chess, shakmaty)");
    if cfg!(feature = "make-unmake") {
        println!("sakk-unmake: sakk with make/unmake instead of copy-make");
    }
}
