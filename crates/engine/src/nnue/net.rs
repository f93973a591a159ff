//! The network `(768×K → H)×2 → 1×B` with SCReLU: one hidden layer per
//! perspective (shared weights; of `K` sets of input weights, the one of
//! the perspective's king's region, [`KingBuckets`]), the side to move's
//! half first, and one
//! output that times [`SCALE`] is the evaluation in centipawns for the side
//! to move. The output layer may come in `B` buckets ([`bucket`]): one set of
//! output weights for each range of the number of men on the board, so that
//! an endgame weighs the same hidden neurons differently from a middlegame.
//! [`FloatNet`] is what training changes; [`QuantNet`] what the engine
//! runs: int16 weights (first layer × [`QA`], output × [`QB`]), written and
//! read as [`super::file`] describes.

use super::features::{Active, KingBuckets, INPUTS};
pub use super::file::NetError;
use super::simd::Kernel;
use crate::rng::Rng;

/// Output × SCALE = centipawns; also the sigmoid's scale in training.
pub const SCALE: i32 = 400;
/// The first layer's quantization: 1.0 is `QA`.
pub const QA: i32 = 255;
/// The output layer's quantization: 1.0 is `QB`.
pub const QB: i32 = 64;
/// Weights are kept within this in training, so that `QB` × it fits
/// comfortably in an i16 product.
pub const WEIGHT_CLIP: f32 = 1.98;

/// The largest quantized output weight: `QA` × it fits an i16, which the
/// vectorised inner loops rely on ([`super::simd`]).
pub const MAX_OUT_WEIGHT: i16 = 127;

/// The most output buckets a network may have.
pub const MAX_BUCKETS: usize = 8;

/// The output bucket of a position with `men` men on the board (kings
/// included) in a network of `buckets` (1 to [`MAX_BUCKETS`]): the range
/// 2–32 cut into `buckets` parts as equal as whole numbers allow (of 8
/// buckets, 2–5 men is the first, 30–32 the last); more than 32 men, the
/// last. Networks on disk record only their number of buckets, so this
/// mapping is part of the file format: a change to it needs a new version.
pub fn bucket(men: usize, buckets: usize) -> usize {
    let buckets = buckets.clamp(1, MAX_BUCKETS);
    (men.saturating_sub(2) * buckets / 31).min(buckets - 1)
}

/// The squared clipped ReLU: `clamp(x, 0, 1)²`.
pub fn screlu(x: f32) -> f32 {
    let c = x.clamp(0.0, 1.0);
    c * c
}

/// The network in floating point, as trained.
#[derive(Clone, Debug, PartialEq)]
pub struct FloatNet {
    /// Neurons per perspective.
    pub hidden: usize,
    /// Output buckets (1 to [`MAX_BUCKETS`]).
    pub buckets: usize,
    /// The first layer's sets of weights by the king's region.
    pub kings: KingBuckets,
    /// The first layer: `hidden` weights for each of the 768 inputs of
    /// each king bucket, bucket by bucket.
    pub ft_w: Vec<f32>,
    /// The first layer's biases.
    pub ft_b: Vec<f32>,
    /// The output's weights, bucket by bucket: the side to move's `hidden`,
    /// then the other's.
    pub out_w: Vec<f32>,
    /// The output's bias, one a bucket.
    pub out_b: Vec<f32>,
}

impl FloatNet {
    /// A network with small random weights.
    pub fn new(hidden: usize, seed: u64) -> FloatNet {
        let mut rng = Rng::new(seed);
        let mut uniform = |limit: f32| {
            let unit = (rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32;
            (unit * 2.0 - 1.0) * limit
        };
        let ft_limit = 1.0 / (32.0f32).sqrt();
        let out_limit = 1.0 / (2.0 * hidden as f32).sqrt();
        FloatNet {
            hidden,
            buckets: 1,
            kings: KingBuckets::One,
            ft_w: (0..INPUTS * hidden).map(|_| uniform(ft_limit)).collect(),
            ft_b: vec![0.0; hidden],
            out_w: (0..2 * hidden).map(|_| uniform(out_limit)).collect(),
            out_b: vec![0.0],
        }
    }

    /// The output weights and bias of the bucket of a position with `men`
    /// men: the side to move's `hidden` weights, the other's, the bias.
    pub fn output_layer(&self, men: usize) -> (&[f32], &[f32], f32) {
        let b = bucket(men, self.buckets);
        let (us, them) = self.out_w[b * 2 * self.hidden..][..2 * self.hidden].split_at(self.hidden);
        (us, them, self.out_b[b])
    }

    /// The accumulator of one perspective: biases plus the active inputs'
    /// weights.
    pub fn accumulate(&self, features: &[u16], acc: &mut [f32]) {
        acc.copy_from_slice(&self.ft_b);
        for &f in features {
            let row = &self.ft_w[usize::from(f) * self.hidden..][..self.hidden];
            for (a, w) in acc.iter_mut().zip(row) {
                *a += w;
            }
        }
    }

    /// The raw output (× [`SCALE`] = centipawns for the side to move).
    pub fn forward(&self, active: &Active) -> f32 {
        let mut us = vec![0.0; self.hidden];
        let mut them = vec![0.0; self.hidden];
        self.accumulate(active.ours(), &mut us);
        self.accumulate(active.theirs(), &mut them);
        self.output(&us, &them, usize::from(active.count))
    }

    /// The raw output from the two accumulators, the side to move's first,
    /// of a position with `men` men.
    pub fn output(&self, us: &[f32], them: &[f32], men: usize) -> f32 {
        let (w_us, w_them, mut out) = self.output_layer(men);
        for j in 0..self.hidden {
            out += screlu(us[j]) * w_us[j] + screlu(them[j]) * w_them[j];
        }
        out
    }

    /// The evaluation in centipawns for the side to move.
    pub fn evaluate(&self, active: &Active) -> f32 {
        self.forward(active) * SCALE as f32
    }

    /// This network with `hidden` neurons per perspective (at least its
    /// own, else `None`): its neurons first, as they are; the new ones'
    /// first-layer weights small and random (from `seed`) and their output
    /// weights zero, so that the wider network evaluates every position as
    /// this one does, and training goes on from there.
    pub fn widened(&self, hidden: usize, seed: u64) -> Option<FloatNet> {
        if hidden < self.hidden {
            return None;
        }
        let fresh = FloatNet::new(hidden, seed);
        let (old, added) = (self.hidden, hidden - self.hidden);
        let mut ft_w = Vec::with_capacity(self.kings.count() * INPUTS * hidden);
        for (input, row) in self.ft_w.chunks_exact(old).enumerate() {
            // Each king bucket's new neurons start as the fresh net's.
            let input = input % INPUTS;
            ft_w.extend_from_slice(row);
            ft_w.extend_from_slice(&fresh.ft_w[input * hidden + old..][..added]);
        }
        let mut ft_b = self.ft_b.clone();
        ft_b.resize(hidden, 0.0);
        let mut out_w = Vec::with_capacity(self.buckets * 2 * hidden);
        for half in self.out_w.chunks_exact(old) {
            out_w.extend_from_slice(half);
            out_w.resize(out_w.len() + added, 0.0);
        }
        Some(FloatNet {
            hidden,
            buckets: self.buckets,
            kings: self.kings,
            ft_w,
            ft_b,
            out_w,
            out_b: self.out_b.clone(),
        })
    }

    /// This network with the king buckets `kings`: itself where it has
    /// them, and a network of one set of input weights with that set
    /// copied into each bucket, so that it evaluates every position as
    /// before and training lets the buckets part from there. `None` for
    /// another change.
    pub fn king_bucketed(&self, kings: KingBuckets) -> Option<FloatNet> {
        if kings == self.kings {
            return Some(self.clone());
        }
        if self.kings != KingBuckets::One {
            return None;
        }
        Some(FloatNet {
            kings,
            ft_w: self.ft_w.repeat(kings.count()),
            ..self.clone()
        })
    }

    /// This network with `buckets` output buckets: itself where it has
    /// them, and a network of one bucket with its output layer copied into
    /// each, so that it evaluates every position as before and training
    /// lets the buckets part from there. `None` for another change of
    /// buckets, for 0, or for more than [`MAX_BUCKETS`].
    pub fn bucketed(&self, buckets: usize) -> Option<FloatNet> {
        if buckets == self.buckets {
            return Some(self.clone());
        }
        if self.buckets != 1 || !(1..=MAX_BUCKETS).contains(&buckets) {
            return None;
        }
        Some(FloatNet {
            buckets,
            out_w: self.out_w.repeat(buckets),
            out_b: self.out_b.repeat(buckets),
            ..self.clone()
        })
    }

    /// This network with every weight and bias within [`WEIGHT_CLIP`], as
    /// training keeps them (its first step clips a network that is not).
    pub fn clipped(&self) -> FloatNet {
        let clip = |v: &[f32]| -> Vec<f32> {
            v.iter()
                .map(|w| w.clamp(-WEIGHT_CLIP, WEIGHT_CLIP))
                .collect()
        };
        FloatNet {
            hidden: self.hidden,
            buckets: self.buckets,
            kings: self.kings,
            ft_w: clip(&self.ft_w),
            ft_b: clip(&self.ft_b),
            out_w: clip(&self.out_w),
            out_b: clip(&self.out_b),
        }
    }

    /// The network with int16 weights.
    pub fn quantize(&self) -> QuantNet {
        let q = |x: f32, s: i32| (x * s as f32).round().clamp(-32767.0, 32767.0) as i16;
        QuantNet {
            hidden: self.hidden,
            buckets: self.buckets,
            kings: self.kings,
            ft_w: self.ft_w.iter().map(|&w| q(w, QA)).collect(),
            ft_b: self.ft_b.iter().map(|&b| q(b, QA)).collect(),
            out_w: self
                .out_w
                .iter()
                .map(|&w| q(w, QB).clamp(-MAX_OUT_WEIGHT, MAX_OUT_WEIGHT))
                .collect(),
            out_b: self
                .out_b
                .iter()
                .map(|&b| (b * (QA * QB) as f32).round() as i32)
                .collect(),
        }
    }
}

/// The network with int16 weights, as the engine runs it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuantNet {
    /// Neurons per perspective.
    pub hidden: usize,
    /// Output buckets (1 to [`MAX_BUCKETS`]).
    pub buckets: usize,
    /// The first layer's sets of weights by the king's region.
    pub kings: KingBuckets,
    /// The first layer × [`QA`], `hidden` for each input of each king
    /// bucket, bucket by bucket.
    pub ft_w: Vec<i16>,
    /// The first layer's biases × [`QA`].
    pub ft_b: Vec<i16>,
    /// The output's weights × [`QB`], bucket by bucket (the side to move's
    /// `hidden`, then the other's).
    pub out_w: Vec<i16>,
    /// The output's bias × [`QA`] × [`QB`], one a bucket.
    pub out_b: Vec<i32>,
}

impl QuantNet {
    /// The network back in floating point, each weight divided by its
    /// scale: the start of a network trained further from this one (its
    /// float checkpoint reconstructed). Quantizing it gives this network
    /// back, weight for weight (the output's biases exactly up to 2²⁴, far
    /// beyond what training writes).
    pub fn dequantize(&self) -> FloatNet {
        let f = |x: i16, s: i32| f32::from(x) / s as f32;
        FloatNet {
            hidden: self.hidden,
            buckets: self.buckets,
            kings: self.kings,
            ft_w: self.ft_w.iter().map(|&w| f(w, QA)).collect(),
            ft_b: self.ft_b.iter().map(|&b| f(b, QA)).collect(),
            out_w: self.out_w.iter().map(|&w| f(w, QB)).collect(),
            out_b: self
                .out_b
                .iter()
                .map(|&b| b as f32 / (QA * QB) as f32)
                .collect(),
        }
    }

    /// The accumulator of one perspective, from scratch.
    pub fn accumulate(&self, features: &[u16], acc: &mut [i16]) {
        acc.copy_from_slice(&self.ft_b);
        for &f in features {
            self.add(f, acc);
        }
    }

    /// One input's weights into the hidden layer.
    fn weights(&self, feature: u16) -> &[i16] {
        &self.ft_w[usize::from(feature) * self.hidden..][..self.hidden]
    }

    /// Adds one input's weights to an accumulator.
    pub fn add(&self, feature: u16, acc: &mut [i16]) {
        Kernel::best().add(acc, self.weights(feature));
    }

    /// Takes one input's weights from an accumulator.
    pub fn sub(&self, feature: u16, acc: &mut [i16]) {
        Kernel::best().sub(acc, self.weights(feature));
    }

    /// Writes into `acc` the accumulator `from` with the input `add`'s
    /// weights added and `sub`'s taken, in one pass.
    pub fn add_sub(&self, from: &[i16], add: u16, sub: u16, acc: &mut [i16]) {
        Kernel::best().add_sub(acc, from, self.weights(add), self.weights(sub));
    }

    /// The evaluation in centipawns for the side to move, from the two
    /// accumulators, of a position with `men` men.
    pub fn output(&self, us: &[i16], them: &[i16], men: usize) -> i32 {
        self.output_with(Kernel::best(), us, them, men)
    }

    /// [`QuantNet::output`] on a given kernel (for tests and benchmarks).
    pub fn output_with(&self, kernel: Kernel, us: &[i16], them: &[i16], men: usize) -> i32 {
        let b = bucket(men, self.buckets);
        let (w_us, w_them) =
            self.out_w[b * 2 * self.hidden..][..2 * self.hidden].split_at(self.hidden);
        let qa = QA as i16;
        let sum = kernel.screlu_dot(us, w_us, qa) + kernel.screlu_dot(them, w_them, qa);
        let out = sum / i64::from(QA) + i64::from(self.out_b[b]);
        (out * i64::from(SCALE) / i64::from(QA * QB)) as i32
    }

    /// The evaluation of `pos` in centipawns for the side to move, from
    /// scratch.
    pub fn evaluate_position(&self, pos: &sakk::Position) -> i32 {
        self.evaluate(&Active::of(pos, self.kings))
    }

    /// The evaluation in centipawns for the side to move, from scratch, of
    /// the features `active` (taken for this network's [`KingBuckets`]).
    pub fn evaluate(&self, active: &Active) -> i32 {
        let mut us = vec![0i16; self.hidden];
        let mut them = vec![0i16; self.hidden];
        self.accumulate(active.ours(), &mut us);
        self.accumulate(active.theirs(), &mut them);
        self.output(&us, &them, usize::from(active.count))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sakk::Position;

    fn positions() -> Vec<Position> {
        let mut out = vec![Position::new()];
        let mut rng = Rng::new(5);
        let mut pos = Position::new();
        for _ in 0..200 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                pos = Position::new();
                continue;
            }
            pos = pos.after_unchecked(moves[rng.below(moves.len())]);
            out.push(pos);
        }
        out
    }

    #[test]
    fn a_dequantized_net_quantizes_back_to_itself() {
        let q = match crate::nnue::embedded() {
            Ok(q) => q,
            Err(e) => panic!("{e}"),
        };
        let float = q.dequantize();
        assert_eq!(float.quantize(), *q);
        // Within what training keeps: its clip changes nothing.
        assert_eq!(float.clipped().quantize(), *q);
        let mut wild = (*q).clone();
        wild.ft_w[0] = 2000;
        assert_eq!(wild.dequantize().quantize(), wild);
        assert_ne!(wild.dequantize().clipped().quantize(), wild);
        // And it evaluates as the engine's net does, within rounding.
        for pos in positions().iter().take(50) {
            let active = Active::of(pos, KingBuckets::One);
            let (f, i) = (float.evaluate(&active), q.evaluate(&active) as f32);
            assert!((f - i).abs() <= 2.0, "{f} against {i}");
        }
    }

    #[test]
    fn a_widened_net_evaluates_as_before() {
        let mut net = FloatNet::new(32, 3);
        for w in &mut net.out_w {
            *w *= 8.0;
        }
        net.ft_b.iter_mut().for_each(|b| *b = 0.1);
        net.out_b = vec![0.05];
        let Some(wide) = net.widened(96, 4) else {
            panic!("not widened")
        };
        assert_eq!(wide.hidden, 96);
        assert_eq!(wide.ft_w.len(), INPUTS * 96);
        assert_eq!(wide.out_w.len(), 2 * 96);
        for pos in positions() {
            let active = Active::of(&pos, KingBuckets::One);
            let (a, b) = (net.evaluate(&active), wide.evaluate(&active));
            assert!((a - b).abs() < 1e-3, "{a} against {b}");
        }
        // The new neurons are not all zero: training can move them.
        assert!(wide.ft_w[32..96].iter().any(|&w| w != 0.0));
        assert!(net.widened(16, 4).is_none());
        assert_eq!(net.widened(32, 4), Some(net.clone()));
    }

    #[test]
    fn the_quantized_net_follows_the_float_net() {
        // Output weights of the size a trained net has (a fresh one's are
        // tiny, and rounding them to 1/64 loses most of their precision).
        let mut net = FloatNet::new(64, 9);
        for w in &mut net.out_w {
            *w *= 8.0;
        }
        let q = net.quantize();
        let mut worst: f32 = f32::MIN;
        for pos in positions() {
            let active = Active::of(&pos, KingBuckets::One);
            let float = net.evaluate(&active);
            let int = q.evaluate(&active) as f32;
            worst = worst.max((float - int).abs() - 0.02 * float.abs());
        }
        // The stated tolerance: 24 centipawns plus 2 % of the evaluation
        // (measured on this net: at most 17 + 2 %, from rounding the first
        // layer to 1/255 and the output to 1/64).
        assert!(worst <= 24.0, "{worst}");
    }

    #[test]
    fn every_kernel_evaluates_alike() {
        let mut net = FloatNet::new(128, 21);
        for w in &mut net.out_w {
            *w *= 40.0;
        }
        let q = net.quantize();
        assert!(q
            .out_w
            .iter()
            .any(|&w| w == MAX_OUT_WEIGHT || w == -MAX_OUT_WEIGHT));
        for pos in positions() {
            let active = Active::of(&pos, KingBuckets::One);
            let (mut us, mut them) = (vec![0i16; 128], vec![0i16; 128]);
            q.accumulate(active.ours(), &mut us);
            q.accumulate(active.theirs(), &mut them);
            let men = usize::from(active.count);
            let portable = q.output_with(Kernel::Portable, &us, &them, men);
            for k in Kernel::available() {
                assert_eq!(q.output_with(k, &us, &them, men), portable, "{k:?}");
            }
        }
    }

    #[test]
    fn incremental_updates_equal_a_fresh_accumulator() {
        let q = FloatNet::new(32, 4).quantize();
        let from = Active::of(&Position::new(), KingBuckets::One);
        let mut acc = vec![0i16; 32];
        q.accumulate(from.ours(), &mut acc);
        for pos in positions() {
            let to = Active::of(&pos, KingBuckets::One);
            for &f in from.ours() {
                q.sub(f, &mut acc);
            }
            for &f in to.ours() {
                q.add(f, &mut acc);
            }
            let mut fresh = vec![0i16; 32];
            q.accumulate(to.ours(), &mut fresh);
            assert_eq!(acc, fresh);
            q.accumulate(from.ours(), &mut acc);
        }
    }

    #[test]
    fn buckets_cut_the_men_into_equal_ranges() {
        assert_eq!(bucket(32, 1), 0);
        assert_eq!(bucket(2, 1), 0);
        let of_eight: Vec<usize> = (2..=32).map(|men| bucket(men, 8)).collect();
        assert_eq!(of_eight[..4], [0, 0, 0, 0]);
        assert_eq!(bucket(6, 8), 1);
        assert_eq!(bucket(29, 8), 6);
        assert_eq!(bucket(30, 8), 7);
        assert_eq!(bucket(32, 8), 7);
        assert!(of_eight.windows(2).all(|w| w[0] <= w[1]));
        for buckets in 1..=MAX_BUCKETS {
            let used: std::collections::BTreeSet<usize> =
                (2..=32).map(|men| bucket(men, buckets)).collect();
            assert_eq!(used.len(), buckets, "{buckets}");
        }
        // Out of range, still a bucket.
        assert_eq!(bucket(0, 8), 0);
        assert_eq!(bucket(40, 8), 7);
    }

    /// Positions from the start to bare kings: every bucket's range.
    fn thinning_positions() -> Vec<Position> {
        let mut out = Vec::new();
        let mut rng = Rng::new(11);
        for _ in 0..6 {
            let mut pos = Position::new();
            for _ in 0..400 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                // Captures first, to thin the board.
                let captures: Vec<_> = moves
                    .iter()
                    .copied()
                    .filter(|&m| pos.is_capture(m))
                    .collect();
                let pool = if captures.is_empty() {
                    &moves[..]
                } else {
                    &captures[..]
                };
                pos = pos.after_unchecked(pool[rng.below(pool.len())]);
                out.push(pos);
            }
        }
        out
    }

    #[test]
    fn a_bucketed_net_starts_out_as_its_single_bucket_and_parts_from_it() {
        let mut net = FloatNet::new(32, 5);
        for w in &mut net.out_w {
            *w *= 8.0;
        }
        net.out_b = vec![0.02];
        let Some(mut eight) = net.bucketed(8) else {
            panic!("not bucketed")
        };
        assert_eq!(
            (eight.buckets, eight.out_w.len(), eight.out_b.len()),
            (8, 8 * 64, 8)
        );
        let positions = thinning_positions();
        let men: std::collections::BTreeSet<usize> = positions
            .iter()
            .map(|p| bucket(p.board().occupied().count() as usize, 8))
            .collect();
        assert_eq!(men.len(), 8, "the positions cover every bucket");
        for pos in &positions {
            let active = Active::of(pos, KingBuckets::One);
            let (a, b) = (net.evaluate(&active), eight.evaluate(&active));
            assert!((a - b).abs() < 1e-3, "{a} against {b}");
        }
        // Each bucket answers for its own positions only.
        eight.out_b[0] += 0.5;
        for pos in &positions {
            let active = Active::of(pos, KingBuckets::One);
            let (a, b) = (net.evaluate(&active), eight.evaluate(&active));
            let first = bucket(usize::from(active.count), 8) == 0;
            assert_eq!((a - b).abs() > 100.0, first, "{}", pos.fen());
        }
        // Every bucket its own output layer: the engine's integer net picks
        // the same bucket as the float one, and widening keeps each.
        for (i, w) in eight.out_w.iter_mut().enumerate() {
            *w *= 0.25 + (i / 64) as f32 * 0.25;
        }
        for (i, b) in eight.out_b.iter_mut().enumerate() {
            *b = i as f32 * 0.1 - 0.3;
        }
        let q = eight.quantize();
        for pos in &positions {
            let active = Active::of(pos, KingBuckets::One);
            let (f, i) = (eight.evaluate(&active), q.evaluate(&active) as f32);
            assert!((f - i).abs() <= 24.0 + 0.02 * f.abs(), "{f} against {i}");
        }
        assert_eq!(eight.bucketed(8), Some(eight.clone()));
        assert!(eight.bucketed(4).is_none());
        assert!(net.bucketed(9).is_none());
        assert!(net.bucketed(0).is_none());
        // Widening keeps each bucket's evaluation.
        let Some(wide) = eight.widened(48, 2) else {
            panic!("not widened")
        };
        for pos in &positions {
            let active = Active::of(pos, KingBuckets::One);
            let (a, b) = (eight.evaluate(&active), wide.evaluate(&active));
            assert!((a - b).abs() < 1e-3, "{a} against {b}");
        }
    }

    #[test]
    fn a_king_bucketed_net_starts_out_as_its_single_set_and_parts_from_it() {
        let mut net = FloatNet::new(32, 6);
        for w in &mut net.out_w {
            *w *= 8.0;
        }
        let Some(mut kings) = net.king_bucketed(KingBuckets::Eight) else {
            panic!("not king-bucketed")
        };
        assert_eq!(kings.ft_w.len(), 8 * INPUTS * 32);
        // Positions with the kings in every bucket (the thinning games walk
        // them about the board).
        let positions = thinning_positions();
        let seen: std::collections::BTreeSet<usize> = positions
            .iter()
            .map(|p| KingBuckets::Eight.of(p.turn(), p.board()))
            .collect();
        assert_eq!(seen.len(), 8, "the positions cover every king bucket");
        for pos in &positions {
            let a = net.evaluate(&Active::of(pos, KingBuckets::One));
            let b = kings.evaluate(&Active::of(pos, KingBuckets::Eight));
            assert!((a - b).abs() < 1e-3, "{a} against {b}");
        }
        // Bucket 5's weights answer for the positions where either side's
        // king stands in that bucket (each half reads the set of its own
        // king's bucket), and only for those.
        for w in &mut kings.ft_w[5 * INPUTS * 32..6 * INPUTS * 32] {
            *w += 0.3;
        }
        for pos in &positions {
            let a = net.evaluate(&Active::of(pos, KingBuckets::One));
            let b = kings.evaluate(&Active::of(pos, KingBuckets::Eight));
            let board = pos.board();
            let touched = KingBuckets::Eight.of(pos.turn(), board) == 5
                || KingBuckets::Eight.of(!pos.turn(), board) == 5;
            assert_eq!((a - b).abs() > 1e-3, touched, "{}", pos.fen());
        }
        // The integer net and the file keep the layout; widening keeps
        // each bucket's evaluation.
        let q = kings.quantize();
        assert_eq!(q.kings, KingBuckets::Eight);
        assert_eq!(q.dequantize().kings, KingBuckets::Eight);
        let Some(wide) = kings.widened(48, 2) else {
            panic!("not widened")
        };
        for pos in &positions {
            let active = Active::of(pos, KingBuckets::Eight);
            let (a, b) = (kings.evaluate(&active), wide.evaluate(&active));
            assert!((a - b).abs() < 1e-3, "{a} against {b}");
            let (f, i) = (kings.evaluate(&active), q.evaluate_position(pos) as f32);
            assert!((f - i).abs() <= 24.0 + 0.02 * f.abs(), "{f} against {i}");
        }
        assert_eq!(kings.king_bucketed(KingBuckets::Eight), Some(kings.clone()));
        assert!(kings.king_bucketed(KingBuckets::One).is_none());
    }
}
