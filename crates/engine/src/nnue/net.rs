//! The network `(768 → H)×2 → 1` with SCReLU: one hidden layer per
//! perspective (shared weights), the side to move's half first, and one
//! output that times [`SCALE`] is the evaluation in centipawns for the side
//! to move. [`FloatNet`] is what training changes; [`QuantNet`] what the
//! engine runs: int16 weights (first layer × [`QA`], output × [`QB`]).

use std::fmt;

use super::features::{Active, INPUTS};
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
    /// The first layer: `hidden` weights for each of the 768 inputs.
    pub ft_w: Vec<f32>,
    /// The first layer's biases.
    pub ft_b: Vec<f32>,
    /// The output's weights: the side to move's `hidden`, then the other's.
    pub out_w: Vec<f32>,
    /// The output's bias.
    pub out_b: f32,
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
            ft_w: (0..INPUTS * hidden).map(|_| uniform(ft_limit)).collect(),
            ft_b: vec![0.0; hidden],
            out_w: (0..2 * hidden).map(|_| uniform(out_limit)).collect(),
            out_b: 0.0,
        }
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
        self.output(&us, &them)
    }

    /// The raw output from the two accumulators, the side to move's first.
    pub fn output(&self, us: &[f32], them: &[f32]) -> f32 {
        let (w_us, w_them) = self.out_w.split_at(self.hidden);
        let mut out = self.out_b;
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
        let mut ft_w = Vec::with_capacity(INPUTS * hidden);
        for (input, row) in self.ft_w.chunks_exact(old).enumerate() {
            ft_w.extend_from_slice(row);
            ft_w.extend_from_slice(&fresh.ft_w[input * hidden + old..][..added]);
        }
        let mut ft_b = self.ft_b.clone();
        ft_b.resize(hidden, 0.0);
        let (us, them) = self.out_w.split_at(old);
        let mut out_w = Vec::with_capacity(2 * hidden);
        for half in [us, them] {
            out_w.extend_from_slice(half);
            out_w.resize(out_w.len() + added, 0.0);
        }
        Some(FloatNet {
            hidden,
            ft_w,
            ft_b,
            out_w,
            out_b: self.out_b,
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
            ft_w: clip(&self.ft_w),
            ft_b: clip(&self.ft_b),
            out_w: clip(&self.out_w),
            out_b: self.out_b.clamp(-WEIGHT_CLIP, WEIGHT_CLIP),
        }
    }

    /// The network with int16 weights.
    pub fn quantize(&self) -> QuantNet {
        let q = |x: f32, s: i32| (x * s as f32).round().clamp(-32767.0, 32767.0) as i16;
        QuantNet {
            hidden: self.hidden,
            ft_w: self.ft_w.iter().map(|&w| q(w, QA)).collect(),
            ft_b: self.ft_b.iter().map(|&b| q(b, QA)).collect(),
            out_w: self
                .out_w
                .iter()
                .map(|&w| q(w, QB).clamp(-MAX_OUT_WEIGHT, MAX_OUT_WEIGHT))
                .collect(),
            out_b: (self.out_b * (QA * QB) as f32).round() as i32,
        }
    }
}

/// The network with int16 weights, as the engine runs it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuantNet {
    /// Neurons per perspective.
    pub hidden: usize,
    /// The first layer × [`QA`], `hidden` for each input.
    pub ft_w: Vec<i16>,
    /// The first layer's biases × [`QA`].
    pub ft_b: Vec<i16>,
    /// The output's weights × [`QB`].
    pub out_w: Vec<i16>,
    /// The output's bias × [`QA`] × [`QB`].
    pub out_b: i32,
}

/// Why bytes are not a network.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NetError {
    /// The file does not start with `SAKKNNUE` and version 1.
    NotANet,
    /// A hidden size of 0 or over 4,096.
    BadHidden(u32),
    /// An output weight beyond ±[`MAX_OUT_WEIGHT`].
    OutputWeight(i16),
    /// The file's length does not match its hidden size.
    WrongLength {
        /// The length the header implies.
        expected: usize,
        /// The length found.
        found: usize,
    },
}

impl fmt::Display for NetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetError::NotANet => write!(f, "not a sakk network (no SAKKNNUE header, version 1)"),
            NetError::BadHidden(h) => write!(f, "hidden size {h}: must be 1 to 4096"),
            NetError::OutputWeight(w) => {
                write!(f, "output weight {w}: must be within ±{MAX_OUT_WEIGHT}")
            }
            NetError::WrongLength { expected, found } => {
                write!(f, "{found} bytes where the header implies {expected}")
            }
        }
    }
}

impl std::error::Error for NetError {}

const MAGIC: &[u8; 8] = b"SAKKNNUE";
const VERSION: u32 = 1;

impl QuantNet {
    /// The network back in floating point, each weight divided by its
    /// scale: the start of a network trained further from this one (its
    /// float checkpoint reconstructed). Quantizing it gives this network
    /// back, weight for weight (the output's bias exactly up to 2²⁴, far
    /// beyond what training writes).
    pub fn dequantize(&self) -> FloatNet {
        let f = |x: i16, s: i32| f32::from(x) / s as f32;
        FloatNet {
            hidden: self.hidden,
            ft_w: self.ft_w.iter().map(|&w| f(w, QA)).collect(),
            ft_b: self.ft_b.iter().map(|&b| f(b, QA)).collect(),
            out_w: self.out_w.iter().map(|&w| f(w, QB)).collect(),
            out_b: self.out_b as f32 / (QA * QB) as f32,
        }
    }

    /// The accumulator of one perspective, from scratch.
    pub fn accumulate(&self, features: &[u16], acc: &mut [i16]) {
        acc.copy_from_slice(&self.ft_b);
        for &f in features {
            self.add(f, acc);
        }
    }

    /// Adds one input's weights to an accumulator.
    pub fn add(&self, feature: u16, acc: &mut [i16]) {
        let row = &self.ft_w[usize::from(feature) * self.hidden..][..self.hidden];
        Kernel::best().add(acc, row);
    }

    /// Takes one input's weights from an accumulator.
    pub fn sub(&self, feature: u16, acc: &mut [i16]) {
        let row = &self.ft_w[usize::from(feature) * self.hidden..][..self.hidden];
        Kernel::best().sub(acc, row);
    }

    /// The evaluation in centipawns for the side to move, from the two
    /// accumulators.
    pub fn output(&self, us: &[i16], them: &[i16]) -> i32 {
        self.output_with(Kernel::best(), us, them)
    }

    /// [`QuantNet::output`] on a given kernel (for tests and benchmarks).
    pub fn output_with(&self, kernel: Kernel, us: &[i16], them: &[i16]) -> i32 {
        let (w_us, w_them) = self.out_w.split_at(self.hidden);
        let qa = QA as i16;
        let sum = kernel.screlu_dot(us, w_us, qa) + kernel.screlu_dot(them, w_them, qa);
        let out = sum / i64::from(QA) + i64::from(self.out_b);
        (out * i64::from(SCALE) / i64::from(QA * QB)) as i32
    }

    /// The evaluation in centipawns for the side to move, from scratch.
    pub fn evaluate(&self, active: &Active) -> i32 {
        let mut us = vec![0i16; self.hidden];
        let mut them = vec![0i16; self.hidden];
        self.accumulate(active.ours(), &mut us);
        self.accumulate(active.theirs(), &mut them);
        self.output(&us, &them)
    }

    /// The network as bytes: `SAKKNNUE`, version and hidden size (u32
    /// little-endian), then the first layer's weights and biases, the
    /// output's weights (i16 little-endian) and its bias (i32).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(16 + 2 * (self.ft_w.len() + 3 * self.hidden) + 4);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&(self.hidden as u32).to_le_bytes());
        for v in self.ft_w.iter().chain(&self.ft_b).chain(&self.out_w) {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend_from_slice(&self.out_b.to_le_bytes());
        out
    }

    /// Reads a network written by [`QuantNet::to_bytes`].
    ///
    /// # Errors
    /// [`NetError`] for anything else.
    pub fn from_bytes(bytes: &[u8]) -> Result<QuantNet, NetError> {
        let header = bytes.get(..16).ok_or(NetError::NotANet)?;
        let word = |at: usize| {
            let mut w = [0u8; 4];
            w.copy_from_slice(&header[at..at + 4]);
            u32::from_le_bytes(w)
        };
        if &header[..8] != MAGIC || word(8) != VERSION {
            return Err(NetError::NotANet);
        }
        let hidden_word = word(12);
        let hidden = hidden_word as usize;
        if hidden == 0 || hidden > 4096 {
            return Err(NetError::BadHidden(hidden_word));
        }
        let count = INPUTS * hidden + 3 * hidden;
        let expected = 16 + 2 * count + 4;
        if bytes.len() != expected {
            return Err(NetError::WrongLength {
                expected,
                found: bytes.len(),
            });
        }
        let mut values = bytes[16..16 + 2 * count]
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]));
        let ft_w: Vec<i16> = values.by_ref().take(INPUTS * hidden).collect();
        let ft_b: Vec<i16> = values.by_ref().take(hidden).collect();
        let out_w: Vec<i16> = values.take(2 * hidden).collect();
        if let Some(&w) = out_w.iter().find(|w| w.abs() > MAX_OUT_WEIGHT) {
            return Err(NetError::OutputWeight(w));
        }
        let tail = &bytes[16 + 2 * count..];
        let out_b = i32::from_le_bytes([tail[0], tail[1], tail[2], tail[3]]);
        Ok(QuantNet {
            hidden,
            ft_w,
            ft_b,
            out_w,
            out_b,
        })
    }

    /// A short fingerprint of the network (FNV-1a of its bytes), for `id
    /// name` and `bench`.
    pub fn hash(&self) -> u64 {
        self.to_bytes()
            .iter()
            .fold(0xcbf2_9ce4_8422_2325, |h: u64, &b| {
                (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
            })
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
            let active = Active::of(pos);
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
        net.out_b = 0.05;
        let Some(wide) = net.widened(96, 4) else {
            panic!("not widened")
        };
        assert_eq!(wide.hidden, 96);
        assert_eq!(wide.ft_w.len(), INPUTS * 96);
        assert_eq!(wide.out_w.len(), 2 * 96);
        for pos in positions() {
            let active = Active::of(&pos);
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
            let active = Active::of(&pos);
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
            let active = Active::of(&pos);
            let (mut us, mut them) = (vec![0i16; 128], vec![0i16; 128]);
            q.accumulate(active.ours(), &mut us);
            q.accumulate(active.theirs(), &mut them);
            let portable = q.output_with(Kernel::Portable, &us, &them);
            for k in Kernel::available() {
                assert_eq!(q.output_with(k, &us, &them), portable, "{k:?}");
            }
        }
    }

    #[test]
    fn incremental_updates_equal_a_fresh_accumulator() {
        let q = FloatNet::new(32, 4).quantize();
        let from = Active::of(&Position::new());
        let mut acc = vec![0i16; 32];
        q.accumulate(from.ours(), &mut acc);
        for pos in positions() {
            let to = Active::of(&pos);
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
    fn nets_round_trip_and_bad_files_are_named() {
        let q = FloatNet::new(16, 1).quantize();
        let bytes = q.to_bytes();
        assert_eq!(QuantNet::from_bytes(&bytes), Ok(q.clone()));
        assert_eq!(QuantNet::from_bytes(b"nonsense"), Err(NetError::NotANet));
        assert!(matches!(
            QuantNet::from_bytes(&bytes[..bytes.len() - 1]),
            Err(NetError::WrongLength { .. })
        ));
        let mut huge = bytes.clone();
        huge[12..16].copy_from_slice(&100_000u32.to_le_bytes());
        assert_eq!(
            QuantNet::from_bytes(&huge),
            Err(NetError::BadHidden(100_000))
        );
        assert_ne!(q.hash(), FloatNet::new(16, 2).quantize().hash());
    }
}
