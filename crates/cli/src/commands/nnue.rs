//! `sakk nnue`: train an NNUE network from packed self-play positions
//! (`sakk tune datagen --format packed`), and evaluate positions with one.

use crate::output::say;
use std::path::Path;

use sakk::Position;
use sakk_engine::nnue::features::KingBuckets;
use sakk_engine::nnue::net::{FloatNet, QuantNet, WEIGHT_CLIP};
use sakk_engine::nnue::train::{self, Entry, Settings};

use crate::Failure;

/// What `sakk nnue train` needs.
pub struct TrainArgs {
    /// Packed position files.
    pub data: Vec<String>,
    /// The directory the checkpoints go to.
    pub out: String,
    /// Neurons per perspective (default: the starting net's, else 128).
    pub hidden: Option<usize>,
    /// Output buckets (default: the starting net's, else 1).
    pub buckets: Option<usize>,
    /// King buckets (default: the starting net's, else one set).
    pub kings: Option<KingBuckets>,
    /// The network to start from (`builtin`, or a file), instead of random
    /// weights.
    pub init: Option<String>,
    /// One block of 1,024 positions in this many is held out to measure the
    /// loss.
    pub hold_out: usize,
    /// How to train.
    pub settings: Settings,
}

/// Trains a network and writes it after every epoch
/// (`OUT/epoch-N.nnue`, and `OUT/net.nnue` for the last).
pub fn train(args: TrainArgs) -> Result<(), Failure> {
    // The starting net first: a mistake in it is told before the data is
    // read.
    let mut net = starting_net(
        args.init.as_deref(),
        args.hidden,
        args.buckets,
        args.kings,
        args.settings.seed,
    )?;
    let mut entries: Vec<Entry> = Vec::new();
    for path in &args.data {
        let file = std::fs::File::open(path)
            .map_err(|e| Failure::usage(format!("cannot read {path}: {e}")))?;
        let (read, skipped) = train::read_entries(std::io::BufReader::new(file), net.kings)
            .map_err(|e| Failure::other(format!("cannot read {path}: {e}")))?;
        eprintln!(
            "{path}: {} positions, {skipped} records skipped",
            read.len()
        );
        entries.extend(read);
    }
    if entries.is_empty() {
        return Err(Failure::usage("no positions to train on"));
    }
    // Held out in blocks of 1,024 records (a dozen games), so that the
    // held-out positions do not come from the games trained on.
    let every = args.hold_out.max(2);
    let (mut fit, mut held) = (Vec::new(), Vec::new());
    for (i, e) in entries.into_iter().enumerate() {
        if (i / 1024) % every == 0 {
            held.push(e);
        } else {
            fit.push(e);
        }
    }
    std::fs::create_dir_all(&args.out)
        .map_err(|e| Failure::other(format!("cannot create {}: {e}", args.out)))?;
    eprintln!(
        "training {} positions, {} held out; hidden {}, {} output bucket{}, {} king bucket{}{}, held-out loss before: {:.6}",
        fit.len(),
        held.len(),
        net.hidden,
        net.buckets,
        if net.buckets == 1 { "" } else { "s" },
        net.kings.count(),
        if net.kings.count() == 1 { "" } else { "s" },
        args.init
            .as_deref()
            .map_or(String::new(), |i| format!(", from {i}")),
        train::mean_loss(&net, &held, args.settings.result_weight)
    );
    let start = std::time::Instant::now();
    let mut failure = None;
    train::train(
        &mut net,
        &mut fit,
        &held,
        &args.settings,
        &mut |epoch, net| {
            let bytes = net.quantize().to_bytes();
            let path = Path::new(&args.out).join(format!("epoch-{}.nnue", epoch.number));
            if let Err(e) = std::fs::write(&path, &bytes) {
                failure = Some(format!("cannot write {}: {e}", path.display()));
            }
            say!(
                "epoch {} train loss {:.6} held-out loss {:.6} {:.0} s",
                epoch.number,
                epoch.train_loss,
                epoch.valid_loss,
                start.elapsed().as_secs_f64()
            );
        },
    );
    if let Some(f) = failure {
        return Err(Failure::other(f));
    }
    let quant = net.quantize();
    let path = Path::new(&args.out).join("net.nnue");
    std::fs::write(&path, quant.to_bytes())
        .map_err(|e| Failure::other(format!("cannot write {}: {e}", path.display())))?;
    say!("{}: hash {:016x}", path.display(), quant.hash());
    Ok(())
}

/// The network training starts from: random weights of `hidden` neurons
/// (128 by default), or the network `init` names (`builtin`, or a file)
/// back in floating point, widened to `hidden` where that is more; with
/// `buckets` output buckets and the king buckets `kings` where they are
/// asked for.
fn starting_net(
    init: Option<&str>,
    hidden: Option<usize>,
    buckets: Option<usize>,
    kings: Option<KingBuckets>,
    seed: u64,
) -> Result<FloatNet, Failure> {
    let mut net = start_net(init, hidden, seed)?;
    if let Some(buckets) = buckets {
        net = net.bucketed(buckets).ok_or_else(|| {
            Failure::usage(format!(
                "--buckets {buckets}: {} has {} output buckets (only a net of one can be given more)",
                init.unwrap_or("the starting net"),
                net.buckets
            ))
        })?;
    }
    if let Some(kings) = kings {
        net = net.king_bucketed(kings).ok_or_else(|| {
            Failure::usage(format!(
                "--king-buckets {}: {} has {} king buckets (only a net of one set can be given more)",
                kings.id(),
                init.unwrap_or("the starting net"),
                net.kings.count()
            ))
        })?;
    }
    Ok(net)
}

/// [`starting_net`] before its buckets.
fn start_net(init: Option<&str>, hidden: Option<usize>, seed: u64) -> Result<FloatNet, Failure> {
    let Some(init) = init else {
        return Ok(FloatNet::new(hidden.unwrap_or(128), seed));
    };
    let quant = if init == "builtin" {
        sakk_engine::nnue::embedded()
            .map_err(|e| Failure::other(format!("the built-in network: {e}")))?
            .as_ref()
            .clone()
    } else {
        let bytes =
            std::fs::read(init).map_err(|e| Failure::usage(format!("cannot read {init}: {e}")))?;
        QuantNet::from_bytes(&bytes).map_err(|e| Failure::usage(format!("{init}: {e}")))?
    };
    let net = quant.dequantize();
    // Training keeps every weight within the clip: a net beyond it would
    // be changed at the first step, whatever the learning rate.
    if net.clipped().quantize() != quant {
        return Err(Failure::usage(format!(
            "{init} has weights beyond the ±{WEIGHT_CLIP} that training keeps them within"
        )));
    }
    let hidden = hidden.unwrap_or(net.hidden);
    net.widened(hidden, seed).ok_or_else(|| {
        Failure::usage(format!(
            "--hidden {hidden} is narrower than {init}'s {} neurons",
            net.hidden
        ))
    })
}

/// Prints a network's evaluation of a position, in centipawns for the
/// side to move.
pub fn eval(net: &str, fen: Option<&str>) -> Result<(), Failure> {
    let bytes =
        std::fs::read(net).map_err(|e| Failure::usage(format!("cannot read {net}: {e}")))?;
    let quant = QuantNet::from_bytes(&bytes).map_err(|e| Failure::usage(format!("{net}: {e}")))?;
    let pos = match fen {
        Some(fen) => Position::from_fen(fen).map_err(|e| Failure::usage(e.to_string()))?,
        None => Position::new(),
    };
    say!("{}", quant.evaluate_position(&pos));
    Ok(())
}
