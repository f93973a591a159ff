//! `sakk uci` and `sakk analyse`.

use crate::output::say;
use std::io::Write;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use sakk::{Lang, Position};
use sakk_engine::search::{Limits, Searcher, Shared, Task, UciScore};
use sakk_engine::time::{Clock, TimeManager};

use crate::Failure;

/// Positions for `sakk bench`: openings, middlegames, endgames.
const BENCH_FENS: [&str; 8] = [
    sakk::STARTING_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r1bq1rk1/pp1nppbp/3p1np1/8/2PNP3/2N5/PP2BPPP/R1BQ1RK1 w - - 4 9",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "2r3k1/pp3pp1/4p2p/3pP3/3P4/P3Q1P1/1q3P1P/2R3K1 b - - 0 26",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "6k1/5p2/6p1/8/7p/8/6PP/6K1 b - - 0 1",
    "8/8/1p1k4/1P6/2K5/8/8/8 w - - 0 1",
];

/// Searches the bench positions to `depth` on one thread and prints the
/// total node count (deterministic) and the speed.
pub fn bench(depth: i32) {
    let start = std::time::Instant::now();
    let mut nodes = 0;
    for fen in BENCH_FENS {
        let Ok(pos) = Position::from_fen(fen) else {
            continue;
        };
        let mut searcher = Searcher::new(Arc::new(Shared::new(16)), true);
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        let _ = searcher.think(&pos, &[], Task::with_limits(limits), &mut |_| {});
        nodes += searcher.nodes();
    }
    let secs = start.elapsed().as_secs_f64().max(1e-9);
    // The built-in network evaluates (the searchers' default); it is named.
    match sakk_engine::nnue::embedded() {
        Ok(net) => say!("built-in network {:016x}", net.hash()),
        Err(e) => say!("hand-made evaluation (the built-in network: {e})"),
    }
    say!("{:.0} nps", nodes as f64 / secs);
    say!("{nodes} nodes");
}

/// Runs the UCI protocol on standard input and output; with `tune`, the
/// search's parameters are listed as options too.
pub fn uci(tune: bool) {
    let out: sakk_engine::uci::Output = Arc::new(Mutex::new(Box::new(std::io::stdout())));
    if tune {
        sakk_engine::uci::run_tuning(std::io::stdin().lock(), out);
    } else {
        sakk_engine::uci::run(std::io::stdin().lock(), out);
    }
}

fn score_text(score: i32) -> String {
    match UciScore::from_score(score) {
        UciScore::Cp(cp) => format!("{:+.2}", f64::from(cp) / 100.0),
        UciScore::Mate(n) if n > 0 => format!("#{n}"),
        UciScore::Mate(n) => format!("#-{}", -n),
    }
}

/// Prints the score and principal variation in SAN of each line.
pub fn analyse(
    start: &super::Start,
    moves: Option<&str>,
    depth: Option<i32>,
    movetime: Option<u64>,
    multipv: usize,
    lang: Option<Lang>,
) -> Result<(), Failure> {
    let mut pos: Position = start.position()?;
    let mut history = Vec::new();
    for (i, text) in moves.unwrap_or("").split_whitespace().enumerate() {
        let m = pos
            .read_move_in(text, lang)
            .map_err(|e| Failure::usage(format!("move {} ({text}): {}", i + 1, e.message_en())))?;
        history.push(pos.key());
        pos = pos.after_unchecked(m);
    }
    let shared = Arc::new(Shared::new(64));
    let mut searcher = Searcher::new(shared, true);
    let limits = Limits {
        depth,
        ..Limits::default()
    };
    let time = match (depth, movetime) {
        (Some(_), None) => TimeManager::infinite(),
        (_, ms) => TimeManager::new(
            Clock {
                movetime: Some(Duration::from_millis(ms.unwrap_or(2000))),
                ..Clock::default()
            },
            Duration::ZERO,
        ),
    };
    let task = Task {
        limits,
        time,
        multipv: multipv.max(1),
        depth_offset: 0,
    };
    let lang = lang.unwrap_or_default();
    let outcome = searcher.think(&pos, &history, task, &mut |_| {});
    let mut out = std::io::stdout().lock();
    if outcome.lines.is_empty() {
        let text = if pos.is_check() {
            "checkmate"
        } else {
            "stalemate"
        };
        let _ = writeln!(out, "no legal moves: {text}");
        return Ok(());
    }
    // Scores from White's point of view, as analysis boards show them.
    let sign = if pos.turn().is_white() { 1 } else { -1 };
    for (i, (score, pv)) in outcome.lines.iter().enumerate() {
        let mut p = pos;
        let mut text = String::new();
        for (k, &m) in pv.iter().enumerate() {
            if p.turn().is_white() {
                text.push_str(&format!("{}. ", p.fullmoves()));
            } else if k == 0 {
                text.push_str(&format!("{}... ", p.fullmoves()));
            }
            text.push_str(&p.san(m).display(lang).to_string());
            text.push(' ');
            p = p.after_unchecked(m);
        }
        let _ = writeln!(
            out,
            "{}. {} depth {}: {}",
            i + 1,
            score_text(score * sign),
            outcome.depth,
            text.trim_end()
        );
    }
    Ok(())
}

/// The arguments of `sakk match`.
pub struct MatchArgs {
    /// Engine specifications.
    pub engines: Vec<String>,
    /// Games.
    pub games: u32,
    /// Time control (PGN form, seconds).
    pub tc: Option<String>,
    /// Fixed depth.
    pub depth: Option<u32>,
    /// Fixed nodes.
    pub nodes: Option<u64>,
    /// Opening book file.
    pub book: Option<String>,
    /// Games at once.
    pub concurrency: usize,
    /// PGN output file.
    pub pgn: Option<String>,
    /// SPRT parameters.
    pub sprt: Option<String>,
    /// Adjudicate.
    pub adjudicate: bool,
}

/// `--tc`, read as PGN writes a time control (`10+0.1`), if given.
pub(crate) fn time_control(tc: Option<&str>) -> Result<Option<sakk::TimeControl>, Failure> {
    tc.map(|text| {
        sakk::TimeControl::from_pgn(text).map_err(|e| Failure::usage(format!("--tc {text}: {e}")))
    })
    .transpose()
}

/// `--book`'s openings (an EPD or PGN file), if given; a file without a
/// position is refused.
pub(crate) fn openings(book: Option<&str>) -> Result<Vec<String>, Failure> {
    let Some(path) = book else {
        return Ok(Vec::new());
    };
    let text = std::fs::read_to_string(path)
        .map_err(|e| Failure::usage(format!("cannot read {path}: {e}")))?;
    let book = sakk_engine::tournament::read_book(&text);
    if book.is_empty() {
        return Err(Failure::usage(format!("no positions in {path}")));
    }
    Ok(book)
}

/// Plays a match and prints the score, the Elo difference and the SPRT.
pub fn run_match(args: MatchArgs) -> Result<(), Failure> {
    use sakk_engine::tournament::{self, EngineSpec, MatchConfig, Sprt, Verdict};
    let [a, b] = args.engines.as_slice() else {
        return Err(Failure::usage("give --engine exactly twice"));
    };
    let engines = [
        EngineSpec::parse(a).map_err(Failure::usage)?,
        EngineSpec::parse(b).map_err(Failure::usage)?,
    ];
    let tc = time_control(args.tc.as_deref())?;
    if tc.is_none() && args.depth.is_none() && args.nodes.is_none() {
        return Err(Failure::usage("give --tc, --depth or --nodes"));
    }
    let book = openings(args.book.as_deref())?;
    let sprt = match &args.sprt {
        Some(text) => Some(Sprt::parse(text).ok_or_else(|| {
            Failure::usage(format!(
                "--sprt {text:?}: expected elo0=A elo1=B [alpha=X beta=Y]"
            ))
        })?),
        None => None,
    };
    let config = MatchConfig {
        event: format!("{} vs {}", engines[0].name, engines[1].name),
        engines,
        games: args.games.max(1),
        tc,
        depth: args.depth,
        nodes: args.nodes,
        book,
        concurrency: args.concurrency.max(1),
        pgn: args.pgn.map(Into::into),
        sprt,
        adjudicate: args.adjudicate,
    };
    let result =
        tournament::run(&config, &mut |line: &str| say!("{line}")).map_err(Failure::other)?;
    let s = result.score;
    let (elo, lo, hi) = s.elo();
    say!(
        "Elo difference: {elo:.1} (95% interval {lo:.1} to {hi:.1}), {} games, W/D/L {}/{}/{}",
        s.games(),
        s.wins,
        s.draws,
        s.losses
    );
    say!(
        "Time losses: {} {}, {} {}",
        config.engines[0].name,
        result.time_losses[0],
        config.engines[1].name,
        result.time_losses[1]
    );
    if let (Some(sprt), Some(v)) = (&config.sprt, result.verdict) {
        let verdict = match v {
            Verdict::H1 => "H1 accepted",
            Verdict::H0 => "H0 accepted",
            Verdict::Continue => "inconclusive",
        };
        say!(
            "SPRT (elo0={} elo1={} alpha={} beta={}): LLR {:.2}, {verdict}",
            sprt.elo0,
            sprt.elo1,
            sprt.alpha,
            sprt.beta,
            s.llr(sprt.elo0, sprt.elo1)
        );
    }
    Ok(())
}
