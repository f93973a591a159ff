//! Fitting the evaluation's weights to game results (Texel's method): the
//! error between each position's result and a logistic function of its
//! evaluation is minimised over all weights at once, with the gradient
//! worked out from the positions' traces (the evaluation is linear in its
//! weights for a given phase) and Adam steps.

use sakk::Position;

use crate::eval::{terms, trace, Score, WEIGHTS};

/// One labelled position, its trace kept in [`Data::counts`].
#[derive(Clone, Copy, Debug)]
struct Sample {
    start: u32,
    len: u16,
    phase: u8,
    divisors: [u8; 2],
    result: f32,
}

/// Labelled positions with their traces.
#[derive(Clone, Debug, Default)]
pub struct Data {
    samples: Vec<Sample>,
    counts: Vec<(u16, i16)>,
}

/// Weights being fitted: middlegame and endgame, as reals.
pub type Params = Vec<[f64; 2]>;

/// Weights as reals.
pub fn params(weights: &[Score]) -> Params {
    weights
        .iter()
        .map(|s| [f64::from(s.0), f64::from(s.1)])
        .collect()
}

/// The weights in use, as a starting point.
pub fn current() -> Params {
    params(&WEIGHTS)
}

impl Data {
    /// Reads `FEN;RESULT` lines (RESULT 1.0, 0.5 or 0.0 from White's side,
    /// or `1-0`, `1/2-1/2`, `0-1`); every `holdout`-th block of 1,000
    /// lines (0: none) goes to the second set, for validation (blocks, so
    /// that few games have positions in both sets). Returns the two sets and the
    /// number of lines that could not be read.
    pub fn read(text: &str, holdout: usize) -> (Data, Data, usize) {
        let (mut train, mut test, mut bad) = (Data::default(), Data::default(), 0);
        for (n, line) in text.lines().filter(|l| !l.trim().is_empty()).enumerate() {
            let parsed = line.split_once(';').and_then(|(fen, label)| {
                let result = match label.trim() {
                    "1.0" | "1" | "1-0" => 1.0,
                    "0.5" | "1/2-1/2" => 0.5,
                    "0.0" | "0" | "0-1" => 0.0,
                    _ => return None,
                };
                Position::from_fen(fen.trim()).ok().map(|p| (p, result))
            });
            let Some((pos, result)) = parsed else {
                bad += 1;
                continue;
            };
            let set = if holdout > 0 && (n / 1000) % holdout == holdout - 1 {
                &mut test
            } else {
                &mut train
            };
            set.push(&pos, result);
        }
        (train, test, bad)
    }

    fn push(&mut self, pos: &Position, result: f32) {
        let t = trace(pos);
        self.samples.push(Sample {
            start: self.counts.len() as u32,
            len: t.counts.len() as u16,
            phase: t.phase as u8,
            divisors: [t.divisors[0] as u8, t.divisors[1] as u8],
            result,
        });
        self.counts.extend_from_slice(&t.counts);
    }

    /// How many positions.
    pub fn len(&self) -> usize {
        self.samples.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.samples.is_empty()
    }

    /// The evaluation of sample `s` (White's side) with `params`, and its
    /// divisor.
    fn eval(&self, s: &Sample, params: &[[f64; 2]]) -> (f64, f64) {
        let (mut mg, mut eg) = (0.0, 0.0);
        let start = s.start as usize;
        for &(i, c) in &self.counts[start..start + usize::from(s.len)] {
            let p = params[usize::from(i)];
            mg += p[0] * f64::from(c);
            eg += p[1] * f64::from(c);
        }
        let ph = f64::from(s.phase);
        let v = (mg * ph + eg * (24.0 - ph)) / 24.0;
        let d = f64::from(s.divisors[usize::from(v <= 0.0)]);
        (v / d, d)
    }

    /// The mean squared error of the predicted results.
    pub fn loss(&self, params: &[[f64; 2]], k: f64) -> f64 {
        let total: f64 = self
            .chunks(|chunk| {
                chunk
                    .iter()
                    .map(|s| {
                        let e = sigmoid(k, self.eval(s, params).0) - f64::from(s.result);
                        e * e
                    })
                    .sum::<f64>()
            })
            .into_iter()
            .sum();
        total / self.len().max(1) as f64
    }

    /// The gradient of the loss.
    fn gradient(&self, params: &[[f64; 2]], k: f64) -> Params {
        let partial = self.chunks(|chunk| {
            let mut g = vec![[0.0f64; 2]; params.len()];
            for s in chunk {
                let (v, d) = self.eval(s, params);
                let p = sigmoid(k, v);
                let dv = 2.0 * (p - f64::from(s.result)) * p * (1.0 - p) * k * LN10_400 / d;
                let ph = f64::from(s.phase) / 24.0;
                let start = s.start as usize;
                for &(i, c) in &self.counts[start..start + usize::from(s.len)] {
                    let x = dv * f64::from(c);
                    let gi = &mut g[usize::from(i)];
                    gi[0] += x * ph;
                    gi[1] += x * (1.0 - ph);
                }
            }
            g
        });
        let n = self.len().max(1) as f64;
        let mut g = vec![[0.0f64; 2]; params.len()];
        for part in partial {
            for (a, b) in g.iter_mut().zip(part) {
                a[0] += b[0] / n;
                a[1] += b[1] / n;
            }
        }
        g
    }

    /// Runs `f` on parts of the samples on all cores.
    fn chunks<T: Send>(&self, f: impl Fn(&[Sample]) -> T + Sync) -> Vec<T> {
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        let size = self.samples.len().div_ceil(threads).max(1);
        std::thread::scope(|scope| {
            let handles: Vec<_> = self
                .samples
                .chunks(size)
                .map(|chunk| {
                    let f = &f;
                    scope.spawn(move || f(chunk))
                })
                .collect();
            handles.into_iter().filter_map(|h| h.join().ok()).collect()
        })
    }
}

const LN10_400: f64 = std::f64::consts::LN_10 / 400.0;

/// The predicted result of an evaluation `v` (centipawns, White's side).
fn sigmoid(k: f64, v: f64) -> f64 {
    1.0 / (1.0 + (-k * v * LN10_400).exp())
}

/// The scaling constant K that fits `params` best (golden-section search).
pub fn best_k(data: &Data, params: &[[f64; 2]]) -> f64 {
    let (mut a, mut b) = (0.2f64, 3.0f64);
    let r = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..30 {
        let c = b - r * (b - a);
        let d = a + r * (b - a);
        if data.loss(params, c) < data.loss(params, d) {
            b = d;
        } else {
            a = c;
        }
    }
    (a + b) / 2.0
}

/// How to fit.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// Adam steps.
    pub epochs: usize,
    /// Step size in centipawns, decaying linearly to a tenth.
    pub rate: f64,
    /// Weight of the penalty `Σ (w − w₀)²` that holds each weight near its
    /// starting value (rare terms would otherwise fit noise).
    pub l2: f64,
}

/// Fits `params` to `data`. With a `check` set, its loss is measured every
/// 50 steps and the weights of the lowest one are kept (early stopping);
/// `progress(step, loss, check loss)` is called then. Returns the step of
/// the weights kept.
pub fn fit(
    data: &Data,
    check: Option<&Data>,
    params: &mut Params,
    k: f64,
    settings: Settings,
    progress: &mut dyn FnMut(usize, f64, Option<f64>),
) -> usize {
    let (b1, b2, eps) = (0.9, 0.999, 1e-8);
    let start = params.clone();
    let mut m = vec![[0.0f64; 2]; params.len()];
    let mut v = vec![[0.0f64; 2]; params.len()];
    let mut best = (f64::INFINITY, 0, params.clone());
    if let Some(c) = check {
        best.0 = c.loss(params, k);
    }
    let epochs = settings.epochs;
    for epoch in 1..=epochs {
        let g = data.gradient(params, k);
        let lr = settings.rate * (1.0 - 0.9 * epoch as f64 / epochs.max(1) as f64);
        for i in 0..params.len() {
            for j in 0..2 {
                let gij = g[i][j] + 2.0 * settings.l2 * (params[i][j] - start[i][j]);
                m[i][j] = b1 * m[i][j] + (1.0 - b1) * gij;
                v[i][j] = b2 * v[i][j] + (1.0 - b2) * gij * gij;
                let mh = m[i][j] / (1.0 - b1.powi(epoch as i32));
                let vh = v[i][j] / (1.0 - b2.powi(epoch as i32));
                params[i][j] -= lr * mh / (vh.sqrt() + eps);
            }
        }
        if epoch % 50 == 0 || epoch == epochs {
            let check_loss = check.map(|c| c.loss(params, k));
            progress(epoch, data.loss(params, k), check_loss);
            match check_loss {
                Some(l) if l < best.0 => best = (l, epoch, params.clone()),
                None => best = (f64::INFINITY, epoch, params.clone()),
                _ => {}
            }
        }
    }
    if check.is_some() {
        *params = best.2;
    }
    best.1
}

/// The weights rounded to whole centipawns.
pub fn rounded(params: &[[f64; 2]]) -> Vec<Score> {
    params
        .iter()
        .map(|p| Score(p[0].round() as i32, p[1].round() as i32))
        .collect()
}

/// `eval/weights.rs` for these weights; `about` goes into its header.
pub fn render(weights: &[Score], about: &str) -> String {
    use std::fmt::Write;
    let sections = [
        (terms::MATERIAL, "Piece values, pawn to queen."),
        (terms::PST, "Piece-square tables, White's view, a1 b1 … h8."),
        (terms::MOBILITY, "Mobility, knight to queen."),
        (terms::PASSED, "Passed pawns by rank."),
        (terms::CONNECTED, "Connected pawns by rank."),
        (terms::ISOLATED, "The other terms, one each."),
    ];
    let mut s = String::new();
    let _ = writeln!(
        s,
        "//! The weights in use (see [`terms`](super::terms) for what each index means).\n//!\n//! Written by `sakk tune fit`: {about}\n\nuse super::terms::COUNT;\nuse super::Score;\n\n/// The weights in use.\n#[rustfmt::skip]\npub const WEIGHTS: [Score; COUNT] = ["
    );
    for (i, w) in weights.iter().enumerate() {
        if let Some((_, title)) = sections.iter().find(|(start, _)| *start == i) {
            let _ = writeln!(s, "    // {title}");
        }
        let in_table = (terms::PST..terms::MOBILITY).contains(&i);
        if in_table && (i - terms::PST) % 64 == 0 {
            let _ = writeln!(
                s,
                "    // {}",
                terms::name(i).split(' ').next().unwrap_or("")
            );
        }
        if in_table {
            let col = (i - terms::PST) % 8;
            if col == 0 {
                s.push_str("   ");
            }
            let _ = write!(s, " Score({}, {}),", w.0, w.1);
            if col == 7 {
                s.push('\n');
            }
        } else {
            let _ = writeln!(s, "    Score({}, {}), // {}", w.0, w.1, terms::name(i));
        }
    }
    s.push_str("];\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn data() -> (Data, Data, usize) {
        let text = "\
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1;0.5
rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1;1.0
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1;0.0
4k3/8/8/8/8/8/PPPP4/4K3 w - - 0 1;1-0
not a fen;1.0
4k3/8/8/8/8/8/8/4K3 w - - 0 1;draw
";
        Data::read(text, 0)
    }

    #[test]
    fn reads_and_evaluates_like_the_engine() {
        let (train, test, bad) = data();
        assert_eq!((train.len(), test.len(), bad), (4, 0, 2));
        let params = current();
        let pos = Position::new();
        let (v, _) = train.eval(&train.samples[0], &params);
        assert_eq!(v as i32, crate::eval::evaluate(&pos));
    }

    #[test]
    fn fitting_lowers_the_loss() {
        let (train, _, _) = data();
        let mut params = current();
        let k = best_k(&train, &params);
        let before = train.loss(&params, k);
        let settings = Settings {
            epochs: 100,
            rate: 2.0,
            l2: 0.0,
        };
        fit(&train, None, &mut params, k, settings, &mut |_, _, _| {});
        assert!(train.loss(&params, k) < before);
    }

    #[test]
    fn renders_every_weight() {
        let text = render(&WEIGHTS, "test");
        assert_eq!(text.matches("Score(").count(), terms::COUNT);
        assert!(text.contains("// tempo"));
    }
}
