//! `sakk tune`: Texel tuning of the evaluation (labelled positions from
//! self-play, then a fit of every weight to their results).

use std::io::Write;

use sakk::Position;
use sakk_engine::tournament::read_book;
use sakk_engine::tune::{datagen, fit};

use crate::Failure;

/// What `sakk tune datagen` needs.
pub struct DatagenArgs {
    /// Openings (EPD or PGN).
    pub book: String,
    /// The output file (appended to).
    pub out: String,
    /// See [`datagen::Config`].
    pub config: datagen::Config,
}

/// Plays self-play games and appends their quiet positions to a file.
pub fn datagen(args: DatagenArgs) -> Result<(), Failure> {
    let text = std::fs::read_to_string(&args.book)
        .map_err(|e| Failure::usage(format!("cannot read {}: {e}", args.book)))?;
    let openings: Vec<Position> = read_book(&text)
        .iter()
        .filter_map(|fen| Position::from_fen(fen).ok())
        .collect();
    if openings.is_empty() {
        return Err(Failure::usage(format!("no positions in {}", args.book)));
    }
    let file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&args.out)
        .map_err(|e| Failure::other(format!("cannot open {}: {e}", args.out)))?;
    let start = std::time::Instant::now();
    let every = (args.config.games / 100).max(1);
    let summary = datagen::generate(
        &openings,
        &args.config,
        std::io::BufWriter::new(file),
        &|s| {
            if s.games % every == 0 {
                eprintln!(
                    "games {} positions {} (+{} ={} -{}) {:.0} s",
                    s.games,
                    s.positions,
                    s.results[0],
                    s.results[1],
                    s.results[2],
                    start.elapsed().as_secs_f64()
                );
            }
        },
    )
    .map_err(|e| Failure::other(format!("cannot write {}: {e}", args.out)))?;
    println!(
        "games: {}, positions: {}, white wins: {}, draws: {}, black wins: {}",
        summary.games,
        summary.positions,
        summary.results[0],
        summary.results[1],
        summary.results[2]
    );
    Ok(())
}

/// Fits the weights to `data` and writes `eval/weights.rs` to `out`.
pub fn run_fit(data: &str, out: &str, settings: fit::Settings) -> Result<(), Failure> {
    let text = std::fs::read_to_string(data)
        .map_err(|e| Failure::usage(format!("cannot read {data}: {e}")))?;
    let (train, test, bad) = fit::Data::read(&text, 10);
    drop(text);
    if train.is_empty() {
        return Err(Failure::usage(format!("no labelled positions in {data}")));
    }
    eprintln!(
        "positions: {} to fit, {} to check, {bad} unreadable lines skipped",
        train.len(),
        test.len()
    );
    let mut params = fit::current();
    let k = fit::best_k(&train, &params);
    let (train_before, test_before) = (train.loss(&params, k), test.loss(&params, k));
    eprintln!("K = {k:.4}; loss before: {train_before:.6} (check set {test_before:.6})");
    let check = (!test.is_empty()).then_some(&test);
    let kept = fit::fit(
        &train,
        check,
        &mut params,
        k,
        settings,
        &mut |epoch, loss, c| {
            eprintln!(
                "epoch {epoch}: loss {loss:.6}, check set {:.6}",
                c.unwrap_or(f64::NAN)
            );
        },
    );
    let weights = fit::rounded(&params);
    let rounded = fit::params(&weights);
    let (train_after, test_after) = (train.loss(&rounded, k), test.loss(&rounded, k));
    let summary = format!(
        "{} positions, K {k:.4}, l2 {}, step {kept} of {} kept; loss {train_before:.6} -> \
         {train_after:.6}, check set ({} positions) {test_before:.6} -> {test_after:.6}.",
        train.len(),
        settings.l2,
        settings.epochs,
        test.len()
    );
    println!("{summary}");
    let mut file = std::fs::File::create(out)
        .map_err(|e| Failure::other(format!("cannot write {out}: {e}")))?;
    file.write_all(fit::render(&weights, &summary).as_bytes())
        .map_err(|e| Failure::other(format!("cannot write {out}: {e}")))?;
    Ok(())
}
