//! SPSA (simultaneous perturbation stochastic approximation) of the
//! search's parameters, in the form fishtest and OpenBench use: each
//! iteration moves every parameter at once, by a random ±1 times its
//! step, up in one engine and down in the other; the two play a pair of
//! games from one opening, colours swapped; and every parameter moves
//! towards the side that won, by its rate times the result.
//!
//! A parameter's step and rate shrink over the run by the usual schedule
//! (Spall's: the step as `k^-0.101`, the rate as `(A + k)^-0.602` with `A`
//! a tenth of the iterations), set so that at the last iteration the step
//! is the parameter's `c_end` and the rate its `r_end` (fishtest's two
//! numbers per parameter).
//!
//! The run keeps its state in a file: a first line with the iterations
//! planned ([`Spsa::header`]: the schedule depends on them), then one line
//! per iteration ([`Spsa::line`]), so that it can stop at any time and go
//! on later ([`Spsa::resume`]): a long tuning run survives the machine it
//! runs on.

use std::io::Write;
use std::path::PathBuf;

use crate::params::Tunable;
use crate::tournament::{self, EngineSpec, MatchConfig};

/// Spall's exponent of the rate's decay.
const ALPHA: f64 = 0.602;
/// Spall's exponent of the step's decay.
const GAMMA: f64 = 0.101;

/// One parameter's place in a run: where it stands (a real number; the
/// engines get it rounded) and its schedule.
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    /// Its UCI option's name.
    pub name: String,
    /// Its value now.
    pub value: f64,
    /// The least value.
    pub min: f64,
    /// The greatest value.
    pub max: f64,
    /// The step at the last iteration.
    pub c_end: f64,
    /// The rate at the last iteration (fishtest's `r_end`: the move per
    /// unit of result, over the step squared).
    pub r_end: f64,
}

impl From<&Tunable> for Param {
    fn from(t: &Tunable) -> Param {
        Param {
            name: t.name.to_string(),
            value: f64::from(t.default),
            min: f64::from(t.min),
            max: f64::from(t.max),
            c_end: t.c_end,
            r_end: t.r_end,
        }
    }
}

/// One iteration's two engines: each parameter's values up and down.
#[derive(Clone, Debug, PartialEq)]
pub struct Perturbation {
    /// The iteration, from 1.
    pub k: u32,
    /// The direction of each parameter, +1 or -1.
    pub signs: Vec<i8>,
    /// The step of each parameter at this iteration.
    pub steps: Vec<f64>,
    /// The values of the engine that moves up (rounded, within bounds).
    pub plus: Vec<i32>,
    /// The values of the engine that moves down.
    pub minus: Vec<i32>,
}

/// Why a run's state cannot be read.
#[derive(Debug, PartialEq, Eq)]
pub enum StateError {
    /// A line that is not `k name=value …`.
    Malformed {
        /// The line's number, from 1.
        line: usize,
        /// What it held.
        found: String,
    },
    /// A parameter the run does not tune.
    Unknown {
        /// The line's number, from 1.
        line: usize,
        /// The name.
        name: String,
    },
    /// A line without a parameter the run tunes.
    Missing {
        /// The line's number, from 1.
        line: usize,
        /// The parameter.
        name: String,
    },
    /// The file's run was planned with other iterations (the schedule
    /// would not be the same).
    Iterations {
        /// The file's.
        file: u32,
        /// This run's.
        given: u32,
    },
}

impl std::fmt::Display for StateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StateError::Malformed { line, found } => write!(
                f,
                "line {line}: expected `ITERATION NAME=VALUE …`, found {found:?}"
            ),
            StateError::Unknown { line, name } => {
                write!(f, "line {line}: no parameter is named {name:?}")
            }
            StateError::Missing { line, name } => {
                write!(f, "line {line}: no value of {name:?}")
            }
            StateError::Iterations { file, given } => write!(
                f,
                "the run in the file was planned for {file} iterations, not {given}: give --iterations {file}"
            ),
        }
    }
}

impl std::error::Error for StateError {}

/// A run.
#[derive(Clone, Debug)]
pub struct Spsa {
    /// The parameters.
    pub params: Vec<Param>,
    /// Iterations planned (the schedule ends there).
    pub iterations: u32,
    /// Iterations done.
    pub done: u32,
    rng: u64,
}

impl Spsa {
    /// A new run of `iterations` over `params`, its random signs from `seed`.
    pub fn new(params: Vec<Param>, iterations: u32, seed: u64) -> Spsa {
        Spsa {
            params,
            iterations: iterations.max(1),
            done: 0,
            rng: seed | 1,
        }
    }

    /// The state file's first line: the iterations planned.
    pub fn header(&self) -> String {
        format!("# sakk tune spsa iterations={}", self.iterations)
    }

    /// Goes on from a state file's text (the lines [`Spsa::header`] and
    /// [`Spsa::line`] wrote): its last line's iteration and values. An
    /// empty text changes nothing; a last line cut short (no line end: the
    /// run stopped while writing it) is left out.
    ///
    /// # Errors
    /// A malformed line, a name the run does not tune, a line without one
    /// it does, or a file planned for other iterations.
    pub fn resume(&mut self, text: &str) -> Result<(), StateError> {
        let whole = match text.rfind('\n') {
            Some(end) => &text[..=end],
            None => "",
        };
        for (i, line) in whole.lines().enumerate() {
            let line_no = i + 1;
            if let Some(comment) = line.strip_prefix('#') {
                let planned = comment
                    .split_whitespace()
                    .find_map(|w| w.strip_prefix("iterations="))
                    .and_then(|n| n.parse::<u32>().ok());
                match planned {
                    Some(file) if file != self.iterations => {
                        return Err(StateError::Iterations {
                            file,
                            given: self.iterations,
                        })
                    }
                    _ => continue,
                }
            }
            let mut words = line.split_whitespace();
            let Some(first) = words.next() else {
                continue;
            };
            let malformed = || StateError::Malformed {
                line: line_no,
                found: line.to_string(),
            };
            let k: u32 = first.parse().map_err(|_| malformed())?;
            let mut values = Vec::new();
            for word in words {
                let (name, value) = word.split_once('=').ok_or_else(malformed)?;
                let value: f64 = value.parse().map_err(|_| malformed())?;
                if !value.is_finite() {
                    return Err(malformed());
                }
                let index = self
                    .params
                    .iter()
                    .position(|p| p.name == name)
                    .ok_or_else(|| StateError::Unknown {
                        line: line_no,
                        name: name.to_string(),
                    })?;
                values.push((index, value));
            }
            if let Some(p) = self
                .params
                .iter()
                .enumerate()
                .find(|(index, _)| !values.iter().any(|(i, _)| i == index))
            {
                return Err(StateError::Missing {
                    line: line_no,
                    name: p.1.name.clone(),
                });
            }
            for (index, value) in values {
                let p = &mut self.params[index];
                p.value = value.clamp(p.min, p.max);
            }
            self.done = k;
            // The signs of a resumed run differ from an unbroken one's;
            // each stays a fair coin.
            self.rng ^= u64::from(k).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
        Ok(())
    }

    /// Whether the planned iterations are done.
    pub fn finished(&self) -> bool {
        self.done >= self.iterations
    }

    /// The step of `p` at iteration `k`: `c_end` at the last.
    fn step(&self, p: &Param, k: u32) -> f64 {
        p.c_end * (f64::from(self.iterations) / f64::from(k.max(1))).powf(GAMMA)
    }

    /// The rate of `p` at iteration `k`, per unit of result: `r_end` (times
    /// the step squared, as fishtest defines it) at the last.
    fn rate(&self, p: &Param, k: u32) -> f64 {
        let n = f64::from(self.iterations);
        let big_a = 0.1 * n;
        let a_end = p.r_end * p.c_end * p.c_end;
        let a = a_end * (big_a + n).powf(ALPHA);
        a / (big_a + f64::from(k.max(1))).powf(ALPHA)
    }

    fn coin(&mut self) -> bool {
        // xorshift64*
        self.rng ^= self.rng >> 12;
        self.rng ^= self.rng << 25;
        self.rng ^= self.rng >> 27;
        self.rng.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 63 == 1
    }

    /// The next iteration's two engines.
    pub fn perturb(&mut self) -> Perturbation {
        let k = self.done + 1;
        let mut out = Perturbation {
            k,
            signs: Vec::new(),
            steps: Vec::new(),
            plus: Vec::new(),
            minus: Vec::new(),
        };
        for i in 0..self.params.len() {
            let sign: i8 = if self.coin() { 1 } else { -1 };
            let p = &self.params[i];
            let step = self.step(p, k);
            let at = |v: f64| v.clamp(p.min, p.max).round() as i32;
            out.plus.push(at(p.value + f64::from(sign) * step));
            out.minus.push(at(p.value - f64::from(sign) * step));
            out.signs.push(sign);
            out.steps.push(step);
        }
        out
    }

    /// Takes the iteration's result: the games the engine that moved up
    /// won less those it lost (−2 to 2 for a pair).
    pub fn update(&mut self, p: &Perturbation, result: f64) {
        let rates: Vec<f64> = self.params.iter().map(|q| self.rate(q, p.k)).collect();
        for (i, param) in self.params.iter_mut().enumerate() {
            let (Some(&sign), Some(&step), Some(&rate)) =
                (p.signs.get(i), p.steps.get(i), rates.get(i))
            else {
                continue;
            };
            let moved = param.value + rate * result / (step * f64::from(sign));
            param.value = moved.clamp(param.min, param.max);
        }
        self.done = p.k;
    }

    /// The state after the last iteration, as one line of the state file:
    /// `k name=value …`.
    pub fn line(&self) -> String {
        let mut out = self.done.to_string();
        for p in &self.params {
            out.push_str(&format!(" {}={:.3}", p.name, p.value));
        }
        out
    }
}

/// How a tuning run plays its games.
#[derive(Clone, Debug)]
pub struct Games {
    /// The engine, started with its parameters listed (`sakk uci
    /// --tune`); both sides of every game are this engine, each with its
    /// own values.
    pub engine: EngineSpec,
    /// The time control, if timed.
    pub tc: Option<sakk::TimeControl>,
    /// A fixed node count a move, if not timed.
    pub nodes: Option<u64>,
    /// Openings (FEN); each iteration takes one.
    pub book: Vec<String>,
    /// Where each iteration's values are appended.
    pub state: PathBuf,
}

/// One engine of an iteration: the engine with these values.
fn with_values(spec: &EngineSpec, spsa: &Spsa, values: &[i32], name: &str) -> EngineSpec {
    let mut out = spec.clone();
    out.name = name.to_string();
    for (p, v) in spsa.params.iter().zip(values) {
        out.options.push((p.name.clone(), v.to_string()));
    }
    out
}

/// Plays the run's iterations until it is finished (or `stop` says so
/// after an iteration), each a pair of games, colours swapped, between
/// the engine moved up and the engine moved down; appends each
/// iteration's values to the state file and tells `progress`.
///
/// # Errors
/// An engine that cannot be started or breaks the protocol, or a state
/// file that cannot be written.
pub fn run(
    spsa: &mut Spsa,
    games: &Games,
    stop: &dyn Fn() -> bool,
    progress: &mut dyn FnMut(&str),
) -> Result<(), String> {
    let start_fen = [sakk::STARTING_FEN.to_string()];
    let book: &[String] = if games.book.is_empty() {
        &start_fen
    } else {
        &games.book
    };
    let cannot = |e: std::io::Error| format!("cannot write {}: {e}", games.state.display());
    let before = match std::fs::read(&games.state) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
        Err(e) => return Err(cannot(e)),
    };
    if before.last().is_some_and(|&b| b != b'\n') {
        // A line cut short by a stop (resuming left it out): cut off.
        let whole = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        std::fs::OpenOptions::new()
            .write(true)
            .open(&games.state)
            .and_then(|f| f.set_len(whole as u64))
            .map_err(cannot)?;
    }
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&games.state)
        .map_err(cannot)?;
    if before.is_empty() {
        file.write_all(format!("{}\n", spsa.header()).as_bytes())
            .map_err(cannot)?;
    }
    while !spsa.finished() && !stop() {
        let p = spsa.perturb();
        // The openings in a scattered order, each iteration its own.
        let opening = book
            [(u64::from(p.k).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 11) as usize % book.len()]
        .clone();
        let config = MatchConfig {
            engines: [
                with_values(&games.engine, spsa, &p.plus, "plus"),
                with_values(&games.engine, spsa, &p.minus, "minus"),
            ],
            games: 2,
            tc: games.tc.clone(),
            depth: None,
            nodes: games.nodes,
            book: vec![opening],
            concurrency: 2,
            pgn: None,
            sprt: None,
            adjudicate: true,
            event: "SPSA".to_string(),
        };
        let result = tournament::run(&config, &mut |_| {})?;
        let score = f64::from(result.score.wins) - f64::from(result.score.losses);
        spsa.update(&p, score);
        // One write a line, with its end.
        file.write_all(format!("{}\n", spsa.line()).as_bytes())
            .and_then(|()| file.flush())
            .map_err(cannot)?;
        progress(&format!("{:+} {}", score, spsa.line()));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn param(name: &str, value: f64) -> Param {
        Param {
            name: name.to_string(),
            value,
            min: 0.0,
            max: 400.0,
            c_end: 10.0,
            r_end: 0.002,
        }
    }

    /// An engine's Elo by its two parameters, best at a = 200, b = 150.
    fn strength(v: &[i32]) -> f64 {
        let a = (f64::from(v[0]) - 200.0) / 40.0;
        let b = (f64::from(v[1]) - 150.0) / 40.0;
        -(a * a + b * b) * 100.0
    }

    /// A pair of games between two settings: the stronger wins more
    /// often (a logistic model of Elo, no draws); the first's wins less
    /// its losses.
    fn pair(plus: &[i32], minus: &[i32], rng: &mut u64) -> f64 {
        let p = 1.0 / (1.0 + 10f64.powf((strength(minus) - strength(plus)) / 400.0));
        let mut result = 0.0;
        for _ in 0..2 {
            *rng ^= *rng << 13;
            *rng ^= *rng >> 7;
            *rng ^= *rng << 17;
            let u = (*rng >> 11) as f64 / (1u64 << 53) as f64;
            result += if u < p { 1.0 } else { -1.0 };
        }
        result
    }

    #[test]
    fn a_run_finds_the_best_values_of_a_noisy_game() {
        let mut spsa = Spsa::new(vec![param("a", 100.0), param("b", 300.0)], 20_000, 7);
        let mut rng = 0x1234_5678_u64;
        while !spsa.finished() {
            let p = spsa.perturb();
            let r = pair(&p.plus, &p.minus, &mut rng);
            spsa.update(&p, r);
        }
        // From 100 and 300, both near their best (200 and 150).
        let (a, b) = (spsa.params[0].value, spsa.params[1].value);
        assert!((175.0..=225.0).contains(&a), "a = {a}");
        assert!((125.0..=175.0).contains(&b), "b = {b}");
    }

    #[test]
    fn the_schedule_ends_at_each_parameter_s_own_step() {
        let spsa = Spsa::new(vec![param("a", 100.0)], 1_000, 1);
        let p = &spsa.params[0];
        assert!((spsa.step(p, 1_000) - 10.0).abs() < 1e-9);
        assert!(spsa.step(p, 1) > spsa.step(p, 500));
        let end = spsa.rate(p, 1_000);
        assert!((end - 0.002 * 100.0).abs() < 1e-9, "{end}");
        assert!(spsa.rate(p, 1) > end);
    }

    #[test]
    fn values_stay_within_bounds_and_a_state_file_resumes_a_run() {
        let mut spsa = Spsa::new(vec![param("a", 399.0), param("b", 1.0)], 100, 3);
        for _ in 0..10 {
            let p = spsa.perturb();
            assert!(p
                .plus
                .iter()
                .chain(&p.minus)
                .all(|&v| (0..=400).contains(&v)));
            spsa.update(&p, 2.0);
        }
        // A last line cut short is left out.
        let state = format!(
            "{}\n5 a=1.000 b=2.000\n{}\n11 a=3",
            spsa.header(),
            spsa.line()
        );
        let mut again = Spsa::new(vec![param("a", 0.0), param("b", 0.0)], 100, 3);
        again.resume(&state).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(again.done, 10);
        for (x, y) in again.params.iter().zip(&spsa.params) {
            assert!((x.value - y.value).abs() < 0.001, "{} {}", x.value, y.value);
        }
        let mut bad = Spsa::new(vec![param("a", 0.0)], 100, 3);
        assert!(matches!(
            bad.resume("1 c=3\n"),
            Err(StateError::Unknown { line: 1, .. })
        ));
        assert!(matches!(
            bad.resume("x a=3\n"),
            Err(StateError::Malformed { line: 1, .. })
        ));
        assert!(matches!(
            bad.resume("1 a=NaN\n"),
            Err(StateError::Malformed { .. })
        ));
        let mut two = Spsa::new(vec![param("a", 0.0), param("b", 0.0)], 100, 3);
        assert!(matches!(
            two.resume("1 a=3\n"),
            Err(StateError::Missing { line: 1, .. })
        ));
        let mut other = Spsa::new(vec![param("a", 0.0)], 50, 3);
        assert_eq!(
            other.resume(&format!("{}\n", spsa.header())),
            Err(StateError::Iterations {
                file: 100,
                given: 50
            })
        );
    }
}
