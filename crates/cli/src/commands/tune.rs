//! `sakk tune`: Texel tuning of the evaluation (labelled positions from
//! self-play, then a fit of every weight to their results), and SPSA of
//! the search's parameters.

use crate::output::say;
use std::io::Write;

use sakk::Position;
use sakk_engine::nnue::packed;
use sakk_engine::tune::{datagen, fit};

use crate::Failure;

/// What `sakk tune datagen` needs.
pub struct DatagenArgs {
    /// Openings (EPD or PGN).
    pub book: String,
    /// The output file (appended to).
    pub out: String,
    /// The evaluation to play with: `builtin`, `hce` or a network file.
    pub net: String,
    /// See [`datagen::Config`] (its `net` is read from `net`).
    pub config: datagen::Config,
}

/// Plays self-play games and appends their quiet positions to a file.
pub fn datagen(mut args: DatagenArgs) -> Result<(), Failure> {
    args.config.net = match args.net.as_str() {
        "hce" => None,
        "builtin" => Some(
            sakk_engine::nnue::embedded()
                .map_err(|e| Failure::other(format!("the built-in network: {e}")))?,
        ),
        path => {
            let bytes = std::fs::read(path)
                .map_err(|e| Failure::usage(format!("cannot read {path}: {e}")))?;
            Some(std::sync::Arc::new(
                sakk_engine::nnue::net::QuantNet::from_bytes(&bytes)
                    .map_err(|e| Failure::usage(format!("{path}: {e}")))?,
            ))
        }
    };
    let openings: Vec<Position> = super::engine::openings(Some(&args.book))?
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
    let mut config = args.config.clone();
    if config.format == datagen::Format::Packed {
        // A run stopped in the middle of a write leaves part of a record:
        // cut it, and let this run's games differ from the ones already
        // written (the seed moves on with the records in the file).
        let size = file
            .metadata()
            .map_err(|e| Failure::other(format!("cannot read {}: {e}", args.out)))?
            .len();
        let record = packed::PACKED_SIZE as u64;
        if size % record != 0 {
            file.set_len(size - size % record)
                .map_err(|e| Failure::other(format!("cannot repair {}: {e}", args.out)))?;
            eprintln!("{}: cut a partial record at the end", args.out);
        }
        let records = size / record;
        if records > 0 {
            eprintln!("{}: {records} positions already there; appending", args.out);
            config.seed = config.seed.wrapping_add(records.wrapping_mul(0x9e37_79b9));
        }
    }
    let start = std::time::Instant::now();
    let every = (config.games / 100).max(1);
    let summary = datagen::generate(&openings, &config, std::io::BufWriter::new(file), &|s| {
        if s.games % every == 0 {
            eprintln!(
                "games {} positions {} (+{} ={} -{}) {:.0} s, {:.0} positions/hour",
                s.games,
                s.positions,
                s.results[0],
                s.results[1],
                s.results[2],
                start.elapsed().as_secs_f64(),
                s.positions as f64 * 3600.0 / start.elapsed().as_secs_f64().max(1e-3)
            );
        }
    })
    .map_err(|e| Failure::other(format!("cannot write {}: {e}", args.out)))?;
    say!(
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
    say!("{summary}");
    let mut file = std::fs::File::create(out)
        .map_err(|e| Failure::other(format!("cannot write {out}: {e}")))?;
    file.write_all(fit::render(&weights, &summary).as_bytes())
        .map_err(|e| Failure::other(format!("cannot write {out}: {e}")))?;
    Ok(())
}

/// What `sakk tune spsa` needs (its command-line arguments).
#[derive(clap::Args, Debug)]
pub struct SpsaArgs {
    /// The engine, which must list its parameters: `cmd=PROGRAM
    /// arg=uci arg=--tune [option.NAME=VALUE …]`.
    #[arg(long)]
    pub engine: String,
    /// Iterations (pairs of games) of the whole run.
    #[arg(long, default_value_t = 20_000)]
    pub iterations: u32,
    /// Time control, e.g. `8+0.08`.
    #[arg(long)]
    pub tc: Option<String>,
    /// Nodes a move, instead of a clock.
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Openings: an EPD or PGN file.
    #[arg(long)]
    pub book: Option<String>,
    /// The state file (appended to; read first to go on).
    #[arg(long)]
    pub state: String,
    /// Parameters to tune (UCI option names, comma-separated); all
    /// when left out.
    #[arg(long)]
    pub params: Option<String>,
    /// Seed of the random directions.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// Tunes the search's parameters by SPSA, going on from the state file.
pub fn spsa(args: SpsaArgs) -> Result<(), Failure> {
    use sakk_engine::params::TUNABLES;
    use sakk_engine::tune::spsa::{self, Param, Spsa};
    let engine =
        sakk_engine::tournament::EngineSpec::parse(&args.engine).map_err(Failure::usage)?;
    let tc = super::engine::time_control(args.tc.as_deref())?;
    if tc.is_none() && args.nodes.is_none() {
        return Err(Failure::usage("give --tc or --nodes"));
    }
    let book = super::engine::openings(args.book.as_deref())?;
    let params: Vec<Param> = match &args.params {
        None => TUNABLES.iter().map(Param::from).collect(),
        Some(names) => names
            .split(',')
            .map(|name| {
                sakk_engine::params::Params::tunable(name.trim())
                    .map(Param::from)
                    .ok_or_else(|| Failure::usage(format!("--params: no parameter {name:?}")))
            })
            .collect::<Result<_, _>>()?,
    };
    for (i, p) in params.iter().enumerate() {
        if params[..i].iter().any(|q| q.name == p.name) {
            return Err(Failure::usage(format!(
                "--params: {} is given twice",
                p.name
            )));
        }
    }
    let mut run = Spsa::new(params, args.iterations, args.seed);
    match std::fs::read_to_string(&args.state) {
        Ok(text) => run
            .resume(&text)
            .map_err(|e| Failure::usage(format!("{}: {e}", args.state)))?,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(Failure::other(format!("cannot read {}: {e}", args.state))),
    }
    if run.done > 0 {
        say!(
            "going on after iteration {} of {}",
            run.done,
            run.iterations
        );
    }
    let games = spsa::Games {
        engine,
        tc,
        nodes: args.nodes,
        book,
        state: args.state.clone().into(),
    };
    spsa::run(&mut run, &games, &|| false, &mut |line| say!("{line}")).map_err(Failure::other)?;
    say!("{}", run.line());
    Ok(())
}
