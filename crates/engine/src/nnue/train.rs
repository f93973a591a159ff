//! The trainer: mini-batch gradient descent with AdamW on the CPU, the
//! batch's gradient computed by several threads at once.
//!
//! The loss is the mean squared error between the network's prediction
//! `sigmoid(output)` and a target that blends the search's score
//! (`sigmoid(score / SCALE)`) with the game's result (1, ½, 0 for the side
//! to move), `result_weight` of the latter. The learning rate falls by
//! `lr_drop` every `drop_every` epochs; weights stay within
//! [`WEIGHT_CLIP`] for quantization.

use std::io::Read;

use super::features::{Active, KingBuckets};
use super::net::{bucket, screlu, FloatNet, SCALE, WEIGHT_CLIP};
use super::packed::Samples;
use crate::rng::Rng;
use sakk::{Color, GameResult};

/// One training position, ready for the network.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// The position's inputs.
    pub active: Active,
    /// The search's score for the side to move, as a probability.
    pub score: f32,
    /// The game's result for the side to move: 1, 0.5, 0.
    pub result: f32,
}

/// Reads packed positions, their inputs taken for a network of the king
/// buckets `kings`; returns the entries and how many records were not
/// positions (skipped).
///
/// # Errors
/// The reader's error.
pub fn read_entries<R: Read>(
    reader: R,
    kings: KingBuckets,
) -> std::io::Result<(Vec<Entry>, usize)> {
    let mut entries = Vec::new();
    let mut skipped = 0;
    for record in Samples::new(reader) {
        let Ok(sample) = record? else {
            skipped += 1;
            continue;
        };
        let white = sample.position.turn() == Color::White;
        let score = f32::from(if white { sample.score } else { -sample.score });
        let result = match (sample.result, white) {
            (GameResult::Draw, _) => 0.5,
            (GameResult::WhiteWins, true) | (GameResult::BlackWins, false) => 1.0,
            _ => 0.0,
        };
        entries.push(Entry {
            active: Active::of(&sample.position, kings),
            score: sigmoid(score / SCALE as f32),
            result,
        });
    }
    Ok((entries, skipped))
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// How to train.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Passes over the data.
    pub epochs: usize,
    /// Positions a step.
    pub batch: usize,
    /// The starting learning rate.
    pub lr: f32,
    /// The factor the learning rate is multiplied by …
    pub lr_drop: f32,
    /// … every this many epochs.
    pub drop_every: usize,
    /// AdamW's decoupled weight decay.
    pub weight_decay: f32,
    /// The share of the game's result in the target (the rest: the score).
    pub result_weight: f32,
    /// Threads computing a batch's gradient.
    pub threads: usize,
    /// The seed of the shuffles.
    pub seed: u64,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            epochs: 10,
            batch: 16_384,
            lr: 0.001,
            lr_drop: 0.3,
            drop_every: 4,
            weight_decay: 0.01,
            result_weight: 0.3,
            threads: std::thread::available_parallelism().map_or(1, usize::from),
            seed: 1,
        }
    }
}

/// What one epoch did.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Epoch {
    /// From 1.
    pub number: usize,
    /// The mean loss over the training positions during the epoch.
    pub train_loss: f32,
    /// The mean loss over the held-out positions after it.
    pub valid_loss: f32,
}

/// The gradient of the loss, laid out as [`FloatNet`]'s parameters.
struct Gradient {
    ft_w: Vec<f32>,
    ft_b: Vec<f32>,
    out_w: Vec<f32>,
    out_b: Vec<f32>,
    loss: f32,
}

impl Gradient {
    /// Zero, for the parameters of `net`'s shape.
    fn zero(net: &FloatNet) -> Gradient {
        Gradient {
            ft_w: vec![0.0; net.ft_w.len()],
            ft_b: vec![0.0; net.ft_b.len()],
            out_w: vec![0.0; net.out_w.len()],
            out_b: vec![0.0; net.out_b.len()],
            loss: 0.0,
        }
    }

    fn add(&mut self, other: &Gradient) {
        let sum = |into: &mut [f32], from: &[f32]| {
            for (a, b) in into.iter_mut().zip(from) {
                *a += b;
            }
        };
        sum(&mut self.ft_w, &other.ft_w);
        sum(&mut self.ft_b, &other.ft_b);
        sum(&mut self.out_w, &other.out_w);
        sum(&mut self.out_b, &other.out_b);
        self.loss += other.loss;
    }
}

/// The target of an entry.
fn target(e: &Entry, result_weight: f32) -> f32 {
    result_weight * e.result + (1.0 - result_weight) * e.score
}

/// The loss of `net` on `entry` (squared error of the prediction).
pub fn loss(net: &FloatNet, entry: &Entry, result_weight: f32) -> f32 {
    let p = sigmoid(net.forward(&entry.active));
    let d = p - target(entry, result_weight);
    d * d
}

/// The mean loss of `net` over `entries`.
pub fn mean_loss(net: &FloatNet, entries: &[Entry], result_weight: f32) -> f32 {
    if entries.is_empty() {
        return 0.0;
    }
    let sum: f64 = entries
        .iter()
        .map(|e| f64::from(loss(net, e, result_weight)))
        .sum();
    (sum / entries.len() as f64) as f32
}

/// Adds the gradient of the loss on `entries` to `g`.
fn backward(net: &FloatNet, entries: &[Entry], result_weight: f32, g: &mut Gradient) {
    let h = net.hidden;
    let mut us = vec![0.0; h];
    let mut them = vec![0.0; h];
    for e in entries {
        let men = usize::from(e.active.count);
        let b = bucket(men, net.buckets);
        let (w_us, w_them, _) = net.output_layer(men);
        net.accumulate(e.active.ours(), &mut us);
        net.accumulate(e.active.theirs(), &mut them);
        let p = sigmoid(net.output(&us, &them, men));
        let d = p - target(e, result_weight);
        g.loss += d * d;
        // d loss / d output.
        let go = 2.0 * d * p * (1.0 - p);
        g.out_b[b] += go;
        let out = b * 2 * h;
        for (acc, weights, offset, features) in [
            (&mut us, w_us, out, e.active.ours()),
            (&mut them, w_them, out + h, e.active.theirs()),
        ] {
            for j in 0..h {
                let a = acc[j];
                g.out_w[offset + j] += go * screlu(a);
                // d screlu / d acc = 2 acc inside (0, 1), 0 outside.
                acc[j] = if a > 0.0 && a < 1.0 {
                    go * weights[j] * 2.0 * a
                } else {
                    0.0
                };
            }
            for (b, a) in g.ft_b.iter_mut().zip(acc.iter()) {
                *b += a;
            }
            for &f in features {
                let row = &mut g.ft_w[usize::from(f) * h..][..h];
                for (r, a) in row.iter_mut().zip(acc.iter()) {
                    *r += a;
                }
            }
        }
    }
}

/// AdamW's moments of every parameter.
struct Adam {
    m: Gradient,
    v: Gradient,
    step: i32,
}

impl Adam {
    fn new(net: &FloatNet) -> Adam {
        Adam {
            m: Gradient::zero(net),
            v: Gradient::zero(net),
            step: 0,
        }
    }

    /// One step along `g` (the sum over `n` positions).
    fn update(&mut self, net: &mut FloatNet, g: &Gradient, n: usize, lr: f32, decay: f32) {
        const B1: f32 = 0.9;
        const B2: f32 = 0.999;
        const EPS: f32 = 1e-8;
        self.step += 1;
        let c1 = 1.0 - B1.powi(self.step);
        let c2 = 1.0 - B2.powi(self.step);
        let scale = 1.0 / n.max(1) as f32;
        let one = |w: &mut f32, grad: f32, m: &mut f32, v: &mut f32, decayed: bool| {
            let grad = grad * scale;
            *m = B1 * *m + (1.0 - B1) * grad;
            *v = B2 * *v + (1.0 - B2) * grad * grad;
            if decayed {
                *w -= lr * decay * *w;
            }
            *w -= lr * (*m / c1) / ((*v / c2).sqrt() + EPS);
            *w = w.clamp(-WEIGHT_CLIP, WEIGHT_CLIP);
        };
        // Every parameter of one layer, in order.
        let layer = |w: &mut [f32], grad: &[f32], m: &mut [f32], v: &mut [f32], decayed: bool| {
            for i in 0..w.len() {
                one(&mut w[i], grad[i], &mut m[i], &mut v[i], decayed);
            }
        };
        let (m, v) = (&mut self.m, &mut self.v);
        layer(&mut net.ft_w, &g.ft_w, &mut m.ft_w, &mut v.ft_w, true);
        layer(&mut net.ft_b, &g.ft_b, &mut m.ft_b, &mut v.ft_b, false);
        layer(&mut net.out_w, &g.out_w, &mut m.out_w, &mut v.out_w, true);
        layer(&mut net.out_b, &g.out_b, &mut m.out_b, &mut v.out_b, false);
    }
}

/// Trains `net` on `train`, measuring `valid` after each epoch; calls
/// `on_epoch` with the epoch's figures and the network (to checkpoint it).
pub fn train(
    net: &mut FloatNet,
    train: &mut [Entry],
    valid: &[Entry],
    settings: &Settings,
    on_epoch: &mut dyn FnMut(&Epoch, &FloatNet),
) -> Vec<Epoch> {
    let mut adam = Adam::new(net);
    let mut rng = Rng::new(settings.seed);
    let threads = settings.threads.max(1);
    let batch = settings.batch.max(1);
    let mut epochs = Vec::new();
    for number in 1..=settings.epochs {
        // Fisher–Yates shuffle.
        for i in (1..train.len()).rev() {
            train.swap(i, rng.below(i + 1));
        }
        let drops = (number - 1) / settings.drop_every.max(1);
        let lr = settings.lr * settings.lr_drop.powi(drops as i32);
        let mut total_loss = 0.0f64;
        for chunk in train.chunks(batch) {
            let per_thread = chunk.len().div_ceil(threads);
            let frozen: &FloatNet = net;
            let parts: Vec<Gradient> = std::thread::scope(|scope| {
                let handles: Vec<_> = chunk
                    .chunks(per_thread.max(1))
                    .map(|part| {
                        scope.spawn(move || {
                            let mut g = Gradient::zero(frozen);
                            backward(frozen, part, settings.result_weight, &mut g);
                            g
                        })
                    })
                    .collect();
                handles.into_iter().filter_map(|h| h.join().ok()).collect()
            });
            let mut sum = Gradient::zero(net);
            for part in &parts {
                sum.add(part);
            }
            total_loss += f64::from(sum.loss);
            adam.update(net, &sum, chunk.len(), lr, settings.weight_decay);
        }
        let epoch = Epoch {
            number,
            train_loss: (total_loss / train.len().max(1) as f64) as f32,
            valid_loss: mean_loss(net, valid, settings.result_weight),
        };
        on_epoch(&epoch, net);
        epochs.push(epoch);
    }
    epochs
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::evaluate;
    use sakk::Position;

    /// Positions labelled by the hand-made evaluation: a net that learns
    /// them learns material and more.
    fn labelled(n: usize, seed: u64) -> Vec<Entry> {
        labelled_for(n, seed, KingBuckets::One)
    }

    /// [`labelled`], the inputs taken for a net of the king buckets `kings`.
    fn labelled_for(n: usize, seed: u64, kings: KingBuckets) -> Vec<Entry> {
        let mut rng = Rng::new(seed);
        let mut out = Vec::new();
        let mut pos = Position::new();
        while out.len() < n {
            let moves = pos.legal_moves();
            if moves.is_empty() || pos.halfmoves() > 60 {
                pos = Position::new();
                continue;
            }
            pos = pos.after_unchecked(moves[rng.below(moves.len())]);
            let score = evaluate(&pos) as f32;
            out.push(Entry {
                active: Active::of(&pos, kings),
                score: sigmoid(score / SCALE as f32),
                result: 0.5,
            });
        }
        out
    }

    #[test]
    fn the_analytic_gradient_matches_finite_differences() {
        gradient_check(FloatNet::new(8, 3));
    }

    #[test]
    fn the_analytic_gradient_matches_in_every_bucket() {
        let Some(mut net) = FloatNet::new(8, 3).bucketed(8) else {
            panic!("not bucketed")
        };
        // Buckets that differ, so that a gradient of the wrong bucket shows.
        for (i, w) in net.out_w.iter_mut().enumerate() {
            *w += (i % 7) as f32 * 0.05 - 0.15;
        }
        for (i, b) in net.out_b.iter_mut().enumerate() {
            *b = i as f32 * 0.01;
        }
        gradient_check(net);
    }

    #[test]
    fn the_analytic_gradient_matches_in_every_king_bucket() {
        let Some(mut net) = FloatNet::new(8, 3)
            .bucketed(8)
            .and_then(|n| n.king_bucketed(KingBuckets::Eight))
        else {
            panic!("not bucketed")
        };
        for (i, w) in net.ft_w.iter_mut().enumerate() {
            *w += (i % 11) as f32 * 0.01 - 0.05;
        }
        gradient_check(net);
    }

    fn gradient_check(net: FloatNet) {
        let entries = labelled_for(20, 1, net.kings);
        let mut g = Gradient::zero(&net);
        backward(&net, &entries, 0.3, &mut g);
        let total =
            |n: &FloatNet| -> f64 { entries.iter().map(|e| f64::from(loss(n, e, 0.3))).sum() };
        let f = usize::from(entries[0].active.ours()[0]);
        let check = |name: &str, analytic: f32, bump: &dyn Fn(&mut FloatNet, f32)| {
            let eps = 1e-3;
            let (mut up, mut down) = (net.clone(), net.clone());
            bump(&mut up, eps);
            bump(&mut down, -eps);
            let numeric = (total(&up) - total(&down)) / (2.0 * f64::from(eps));
            let analytic = f64::from(analytic);
            assert!(
                (numeric - analytic).abs() <= 1e-3 + 0.05 * numeric.abs(),
                "{name}: numeric {numeric}, analytic {analytic}"
            );
        };
        // The bucket of the first entry's position, and one no entry is in
        // (its gradient is zero, and so is the loss's change).
        let b = bucket(usize::from(entries[0].active.count), net.buckets);
        let layer = b * 2 * net.hidden;
        let (w3, w11) = (layer + 3, layer + 11);
        check("out_b", g.out_b[b], &|n, d| n.out_b[b] += d);
        check("out_w[3]", g.out_w[w3], &|n, d| n.out_w[w3] += d);
        check("out_w[11]", g.out_w[w11], &|n, d| n.out_w[w11] += d);
        check("ft_b[2]", g.ft_b[2], &|n, d| n.ft_b[2] += d);
        check("ft_w", g.ft_w[f * 8 + 5], &|n, d| n.ft_w[f * 8 + 5] += d);
        if net.buckets > 1 {
            let used: Vec<usize> = entries
                .iter()
                .map(|e| bucket(usize::from(e.active.count), net.buckets))
                .collect();
            if let Some(idle) = (0..net.buckets).find(|k| !used.contains(k)) {
                assert_eq!(g.out_b[idle], 0.0);
                check("an idle bucket", g.out_b[idle], &|n, d| n.out_b[idle] += d);
            }
        }
    }

    #[test]
    fn training_reduces_the_loss_on_a_small_set() {
        let mut train_set = labelled(4000, 2);
        let valid = labelled(500, 3);
        let mut net = FloatNet::new(16, 7);
        let settings = Settings {
            epochs: 6,
            batch: 256,
            lr: 0.01,
            threads: 2,
            ..Settings::default()
        };
        let before = mean_loss(&net, &valid, settings.result_weight);
        let mut seen = 0;
        let epochs = train(&mut net, &mut train_set, &valid, &settings, &mut |_, _| {
            seen += 1
        });
        assert_eq!(seen, 6);
        let after = epochs.last().map_or(f32::MAX, |e| e.valid_loss);
        assert!(after < before * 0.7, "held-out loss {before} → {after}");
        assert!(net.ft_w.iter().all(|w| w.abs() <= WEIGHT_CLIP));
    }
}
