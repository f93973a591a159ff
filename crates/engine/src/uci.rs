//! The UCI protocol. The search runs on its own threads, so `stop`,
//! `isready` and `quit` are answered at once; unknown or malformed input is
//! ignored and the engine keeps working.

use std::io::{BufRead, Write};
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use sakk::{CastlingMode, Move, Position};

use crate::nnue::net::QuantNet;
use crate::params::{Params, TUNABLES};
use crate::search::{Info, Limits, Searcher, Shared, Task, UciScore};
use crate::strength::{self, Handicap};
use crate::time::{Clock, TimeManager};
use crate::tt::Bound;

/// Where the engine writes its lines.
pub type Output = Arc<Mutex<Box<dyn Write + Send>>>;

fn say(out: &Output, line: &str) {
    if let Ok(mut w) = out.lock() {
        let _ = writeln!(w, "{line}");
        let _ = w.flush();
    }
}

/// The engine's options.
#[derive(Clone, Debug)]
pub struct Options {
    /// Transposition table size in MiB.
    pub hash_mb: usize,
    /// Search threads.
    pub threads: usize,
    /// Lines to report.
    pub multipv: usize,
    /// Whether the GUI may ask for pondering.
    pub ponder: bool,
    /// Time kept back per move.
    pub move_overhead: Duration,
    /// Play at `elo` instead of full strength.
    pub limit_strength: bool,
    /// The strength when limited.
    pub elo: i32,
    /// 0 … 20; below 20 limits strength too.
    pub skill: i32,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            hash_mb: 16,
            threads: 1,
            multipv: 1,
            ponder: false,
            move_overhead: Duration::from_millis(30),
            limit_strength: false,
            elo: strength::MAX_ELO,
            skill: 20,
        }
    }
}

impl Options {
    /// The handicap these options ask for, if any.
    pub fn handicap(&self) -> Option<Handicap> {
        let mut skill = f64::from(self.skill);
        if self.limit_strength {
            skill = skill.min(strength::skill_for_elo(self.elo));
        }
        strength::for_skill(skill)
    }
}

/// A UCI engine session.
pub struct Engine {
    options: Options,
    shared: Arc<Shared>,
    searchers: Arc<Mutex<Vec<Searcher>>>,
    position: Position,
    history: Vec<u64>,
    search: Option<JoinHandle<()>>,
    /// Whether the search in progress runs until stopped.
    infinite: bool,
    out: Output,
    /// `UseNNUE`: evaluate with a network (the default), or with the
    /// hand-made evaluation.
    use_nnue: bool,
    /// The network loaded with `EvalFile`, if any (else the built-in one).
    eval_file: Option<Arc<QuantNet>>,
    /// `UCI_Chess960`: positions read, and castling written, as Chess960's
    /// (king takes rook). Without it a FEN that only Chess960 can read is
    /// read as Chess960 all the same.
    chess960: bool,
    /// The search's margins, divisors and bonuses (`setoption` of a
    /// [`crate::params::TUNABLES`] name changes them).
    params: Params,
    /// Whether `uci` lists those parameters as options (a tuner's engine:
    /// `sakk uci --tune`).
    list_params: bool,
}

/// The parameters of a `go` command.
#[derive(Clone, Debug, Default)]
pub struct Go {
    /// Search limits.
    pub limits: Limits,
    /// The clock of the side to move.
    pub clock: Clock,
    /// `go ponder`.
    pub ponder: bool,
}

/// Reads the words of a `go` command.
pub fn parse_go(words: &[&str], pos: &Position) -> Go {
    let mut go = Go::default();
    let white = pos.turn().is_white();
    let mut i = 0;
    let ms = |s: Option<&&str>| {
        s.and_then(|v| v.parse::<i64>().ok())
            .map(|v| Duration::from_millis(v.max(0) as u64))
    };
    while i < words.len() {
        let next = words.get(i + 1);
        match words[i] {
            "wtime" if white => go.clock.time = ms(next),
            "btime" if !white => go.clock.time = ms(next),
            "winc" if white => go.clock.inc = ms(next).unwrap_or_default(),
            "binc" if !white => go.clock.inc = ms(next).unwrap_or_default(),
            "movestogo" => go.clock.movestogo = next.and_then(|v| v.parse().ok()),
            "movetime" => go.clock.movetime = ms(next),
            "depth" => go.limits.depth = next.and_then(|v| v.parse().ok()),
            "nodes" => go.limits.nodes = next.and_then(|v| v.parse().ok()),
            "mate" => go.limits.mate = next.and_then(|v| v.parse().ok()),
            "infinite" => go.limits.infinite = true,
            "ponder" => go.ponder = true,
            "searchmoves" => {
                let mut j = i + 1;
                while let Some(m) = words.get(j).and_then(|w| pos.parse_uci(w).ok()) {
                    go.limits.searchmoves.push(m);
                    j += 1;
                }
                i = j;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    go
}

fn format_info(info: &Info, pos: &Position) -> String {
    let score = match UciScore::from_score(info.score) {
        UciScore::Cp(cp) => format!("cp {cp}"),
        UciScore::Mate(n) => format!("mate {n}"),
    };
    let bound = match info.bound {
        Some(Bound::Lower) => " lowerbound",
        Some(Bound::Upper) => " upperbound",
        _ => "",
    };
    let ms = info.time.as_millis().max(1);
    let nps = u128::from(info.nodes) * 1000 / ms;
    let mut line = format!(
        "info depth {} seldepth {} multipv {} score {score}{bound} nodes {} nps {nps} hashfull {} time {}",
        info.depth, info.seldepth, info.multipv, info.nodes, info.hashfull, info.time.as_millis()
    );
    if !info.pv.is_empty() {
        line.push_str(" pv");
        let mut p = *pos;
        for &m in &info.pv {
            line.push(' ');
            line.push_str(&p.uci(m).to_string());
            p = p.after_unchecked(m);
        }
    }
    line
}

impl Engine {
    /// An engine writing to `out`.
    pub fn new(out: Output) -> Engine {
        let options = Options::default();
        let shared = Arc::new(Shared::new(options.hash_mb));
        let searchers = vec![Searcher::new(Arc::clone(&shared), true)];
        Engine {
            options,
            shared,
            searchers: Arc::new(Mutex::new(searchers)),
            position: Position::new(),
            history: Vec::new(),
            search: None,
            infinite: false,
            out,
            use_nnue: true,
            eval_file: None,
            chess960: false,
            params: Params::default(),
            list_params: false,
        }
    }

    /// An engine that also lists the search's parameters
    /// ([`crate::params::TUNABLES`]) as UCI options, for a tuner.
    pub fn tuning(out: Output) -> Engine {
        Engine {
            list_params: true,
            ..Engine::new(out)
        }
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    fn stop(&mut self) {
        self.shared.stop.store(true, Ordering::SeqCst);
        self.shared.hold.store(false, Ordering::SeqCst);
        if let Some(handle) = self.search.take() {
            let _ = handle.join();
        }
    }

    fn rebuild(&mut self) {
        self.stop();
        self.shared = Arc::new(Shared::new(self.options.hash_mb));
        let searchers = (0..self.options.threads.max(1))
            .map(|i| {
                let mut s = Searcher::new(Arc::clone(&self.shared), i == 0);
                s.set_net(self.net());
                s
            })
            .collect();
        self.searchers = Arc::new(Mutex::new(searchers));
    }

    /// Handles one line; returns `false` on `quit`.
    pub fn handle(&mut self, line: &str) -> bool {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(&command) = words.first() else {
            return true;
        };
        match command {
            "uci" => {
                // The built-in network's hash names the build's evaluation.
                let net = crate::nnue::embedded()
                    .map(|n| format!(" net {:016x}", n.hash()))
                    .unwrap_or_default();
                say(
                    &self.out,
                    &format!("id name sakk {}{net}", env!("CARGO_PKG_VERSION")),
                );
                say(&self.out, "id author the sakk developers");
                for option in [
                    "option name Hash type spin default 16 min 1 max 65536",
                    "option name Threads type spin default 1 min 1 max 256",
                    "option name MultiPV type spin default 1 min 1 max 256",
                    "option name Ponder type check default false",
                    "option name Move Overhead type spin default 30 min 0 max 5000",
                    "option name UCI_LimitStrength type check default false",
                    "option name UCI_Chess960 type check default false",
                ] {
                    say(&self.out, option);
                }
                say(
                    &self.out,
                    &format!(
                        "option name UCI_Elo type spin default {max} min {min} max {max}",
                        min = strength::MIN_ELO,
                        max = strength::MAX_ELO
                    ),
                );
                say(
                    &self.out,
                    "option name Skill Level type spin default 20 min 0 max 20",
                );
                say(
                    &self.out,
                    "option name EvalFile type string default <empty>",
                );
                say(&self.out, "option name UseNNUE type check default true");
                if self.list_params {
                    for t in TUNABLES {
                        say(
                            &self.out,
                            &format!(
                                "option name {} type spin default {} min {} max {}",
                                t.name, t.default, t.min, t.max
                            ),
                        );
                    }
                }
                say(&self.out, "uciok");
            }
            "isready" => say(&self.out, "readyok"),
            "ucinewgame" => {
                self.stop();
                self.shared.tt.clear();
                if let Ok(mut s) = self.searchers.lock() {
                    s.iter_mut().for_each(Searcher::clear);
                }
            }
            "setoption" => self.set_option(&words),
            "position" => self.set_position(&words),
            "go" => self.go(&words[1..]),
            "stop" => self.stop(),
            "ponderhit" => self.shared.hold.store(false, Ordering::SeqCst),
            "quit" => {
                self.stop();
                return false;
            }
            _ => {}
        }
        true
    }

    fn set_option(&mut self, words: &[&str]) {
        // setoption name <name words> [value <value words>]
        let name_at = words.iter().position(|w| w.eq_ignore_ascii_case("name"));
        let value_at = words.iter().position(|w| w.eq_ignore_ascii_case("value"));
        let Some(n) = name_at else {
            return;
        };
        let name = words[n + 1..value_at.unwrap_or(words.len())]
            .join(" ")
            .to_ascii_lowercase();
        let value = value_at
            .map(|v| words[v + 1..].join(" "))
            .unwrap_or_default();
        let int = value.trim().parse::<i64>().ok();
        let boolean = value.trim().eq_ignore_ascii_case("true");
        match name.as_str() {
            "hash" => {
                if let Some(mb) = int {
                    self.options.hash_mb = mb.clamp(1, 65536) as usize;
                    self.rebuild();
                    let got = self.shared.tt.size_mb();
                    if got < self.options.hash_mb {
                        say(
                            &self.out,
                            &format!("info string Hash: only {got} MiB could be allocated"),
                        );
                    }
                }
            }
            "threads" => {
                if let Some(t) = int {
                    self.options.threads = t.clamp(1, 256) as usize;
                    self.rebuild();
                }
            }
            "multipv" => {
                if let Some(k) = int {
                    self.options.multipv = k.clamp(1, 256) as usize;
                }
            }
            "ponder" => self.options.ponder = boolean,
            "move overhead" => {
                if let Some(ms) = int {
                    self.options.move_overhead = Duration::from_millis(ms.clamp(0, 5000) as u64);
                }
            }
            "uci_limitstrength" => self.options.limit_strength = boolean,
            "uci_elo" => {
                if let Some(e) = int {
                    self.options.elo = (e as i32).clamp(strength::MIN_ELO, strength::MAX_ELO);
                }
            }
            "skill level" => {
                if let Some(s) = int {
                    self.options.skill = (s as i32).clamp(0, 20);
                }
            }
            "evalfile" => self.load_net(value.trim()),
            "usennue" => self.use_nnue(value.trim().eq_ignore_ascii_case("true")),
            "uci_chess960" => self.chess960 = boolean,
            _ => {
                if let (Some(t), Some(v)) = (Params::tunable(&name), int) {
                    let v = i32::try_from(v.clamp(i64::from(t.min), i64::from(t.max)))
                        .unwrap_or(t.default);
                    (t.set)(&mut self.params, v);
                }
            }
        }
    }

    /// The network the searchers evaluate with: `EvalFile`'s, else the
    /// built-in one; `None` (the hand-made evaluation) with `UseNNUE false`.
    fn net(&self) -> Option<Arc<QuantNet>> {
        if !self.use_nnue {
            return None;
        }
        match &self.eval_file {
            Some(net) => Some(Arc::clone(net)),
            None => crate::nnue::embedded().ok(),
        }
    }

    /// `setoption name UseNNUE value true|false`: evaluates with the network
    /// (the built-in one, or `EvalFile`'s), or the hand-made evaluation.
    fn use_nnue(&mut self, on: bool) {
        if on {
            if let (None, Err(e)) = (&self.eval_file, crate::nnue::embedded()) {
                say(&self.out, &format!("info string the built-in network: {e}"));
                return;
            }
        }
        self.use_nnue = on;
        self.rebuild();
    }

    /// `setoption name EvalFile value PATH`: evaluates with that network
    /// (`<empty>` or nothing: the built-in one); a file that is not a
    /// network is reported and changes nothing.
    fn load_net(&mut self, path: &str) {
        let net = if path.is_empty() || path == "<empty>" {
            None
        } else {
            let loaded = std::fs::read(path)
                .map_err(|e| e.to_string())
                .and_then(|bytes| QuantNet::from_bytes(&bytes).map_err(|e| e.to_string()));
            match loaded {
                Ok(net) => {
                    say(
                        &self.out,
                        &format!(
                            "info string EvalFile {path}: network {:016x}, hidden {}, {} output bucket{}",
                            net.hash(),
                            net.hidden,
                            net.buckets,
                            if net.buckets == 1 { "" } else { "s" }
                        ),
                    );
                    Some(Arc::new(net))
                }
                Err(e) => {
                    say(&self.out, &format!("info string EvalFile {path}: {e}"));
                    return;
                }
            }
        };
        self.eval_file = net;
        // The table's evaluations came from the other evaluator.
        self.rebuild();
    }

    fn set_position(&mut self, words: &[&str]) {
        let moves_at = words.iter().position(|&w| w == "moves");
        let start = match words.get(1) {
            // Chess960's standard array: castling as king takes rook.
            Some(&"startpos") if self.chess960 => {
                Position::chess960(sakk::STANDARD_CHESS960_NUMBER).unwrap_or_default()
            }
            Some(&"startpos") => Position::new(),
            Some(&"fen") => {
                let fen = words[2..moves_at.unwrap_or(words.len())].join(" ");
                let read = if self.chess960 {
                    Position::from_fen_with_mode(&fen, CastlingMode::Chess960)
                } else {
                    Position::from_any_fen(&fen)
                };
                match read {
                    Ok(p) => p,
                    Err(e) => {
                        say(&self.out, &format!("info string ignored position: {e}"));
                        return;
                    }
                }
            }
            _ => return,
        };
        let mut pos = start;
        let mut history = Vec::new();
        if let Some(at) = moves_at {
            for text in &words[at + 1..] {
                match pos.parse_uci(text) {
                    Ok(m) => {
                        history.push(pos.key());
                        pos = pos.after_unchecked(m);
                    }
                    Err(e) => {
                        say(
                            &self.out,
                            &format!("info string ignored moves from {text}: {e}"),
                        );
                        break;
                    }
                }
            }
        }
        self.stop();
        self.position = pos;
        self.history = history;
    }

    fn go(&mut self, words: &[&str]) {
        self.stop();
        let go = parse_go(words, &self.position);
        let handicap = self.options.handicap();
        let mut limits = go.limits.clone();
        let mut multipv = self.options.multipv;
        if let Some(h) = handicap {
            limits.depth = Some(limits.depth.map_or(h.depth, |d| d.min(h.depth)));
            limits.nodes = Some(limits.nodes.map_or(h.nodes, |n| n.min(h.nodes)));
            multipv = multipv.max(h.candidates);
        }
        let time = if go.limits.infinite
            || go.ponder && go.clock.movetime.is_none() && go.clock.time.is_none()
        {
            TimeManager::infinite()
        } else {
            TimeManager::new(go.clock, self.options.move_overhead)
        };
        self.shared.stop.store(false, Ordering::SeqCst);
        self.shared.nodes.store(0, Ordering::SeqCst);
        self.shared
            .hold
            .store(go.limits.infinite || go.ponder, Ordering::SeqCst);
        self.infinite = go.limits.infinite || go.ponder;
        self.shared.tt.new_search();
        let shared = Arc::clone(&self.shared);
        let searchers = Arc::clone(&self.searchers);
        let out = Arc::clone(&self.out);
        let pos = self.position;
        let history = self.history.clone();
        let reported_multipv = self.options.multipv;
        let params = self.params;
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64);
        self.search = Some(std::thread::spawn(move || {
            let Ok(mut searchers) = searchers.lock() else {
                return;
            };
            let (main, helpers) = searchers.split_at_mut(1);
            let outcome = std::thread::scope(|scope| {
                for (i, helper) in helpers.iter_mut().enumerate() {
                    let limits = limits.clone();
                    let history = history.clone();
                    helper.noise = handicap.map_or(0, |h| h.noise);
                    helper.set_params(params);
                    scope.spawn(move || {
                        let task = Task {
                            limits,
                            depth_offset: (i % 2) as i32,
                            ..Task::default()
                        };
                        helper.think(&pos, &history, task, &mut |_| {});
                    });
                }
                let searcher = &mut main[0];
                searcher.noise = handicap.map_or(0, |h| h.noise);
                searcher.set_params(params);
                searcher.set_noise_seed(seed);
                let task = Task {
                    limits: limits.clone(),
                    time,
                    multipv,
                    depth_offset: 0,
                };
                let result = searcher.think(&pos, &history, task, &mut |info| {
                    if info.multipv <= reported_multipv {
                        say(&out, &format_info(info, &pos));
                    }
                });
                shared.stop.store(true, Ordering::SeqCst);
                result
            });
            // In infinite or ponder mode the answer waits for stop or ponderhit.
            while shared.hold.load(Ordering::SeqCst) {
                std::thread::sleep(Duration::from_millis(1));
            }
            let mut best = outcome.best;
            let mut ponder = outcome.ponder;
            if let Some(h) = handicap {
                let lines: Vec<(i32, Move)> = outcome
                    .lines
                    .iter()
                    .filter_map(|(s, pv)| pv.first().map(|&m| (*s, m)))
                    .collect();
                let random = (seed % 1_000_003) as f64 / 1_000_003.0;
                if let Some(m) = strength::choose(&lines, &h, random) {
                    if Some(m) != best {
                        ponder = None;
                    }
                    best = Some(m);
                }
            }
            let line = match best {
                Some(m) => {
                    let mut line = format!("bestmove {}", pos.uci(m));
                    if let Some(p) = ponder {
                        let after = pos.after_unchecked(m);
                        if after.is_legal(p) {
                            line.push_str(&format!(" ponder {}", after.uci(p)));
                        }
                    }
                    line
                }
                None => "bestmove 0000".to_string(),
            };
            say(&out, &line);
        }));
    }
}

/// Runs the protocol on `input` until `quit` or the end of input.
pub fn run<R: BufRead>(input: R, out: Output) {
    serve(input, Engine::new(out));
}

/// Runs the protocol for a tuner: as [`run`], with the search's
/// parameters listed as options ([`Engine::tuning`]).
pub fn run_tuning<R: BufRead>(input: R, out: Output) {
    serve(input, Engine::tuning(out));
}

fn serve<R: BufRead>(input: R, mut engine: Engine) {
    for line in input.lines() {
        let Ok(line) = line else {
            break;
        };
        if !engine.handle(&line) {
            return;
        }
    }
    // End of input: a search with limits finishes and answers; one that
    // would run until stopped is stopped.
    if engine.infinite {
        engine.stop();
    } else {
        engine.shared.hold.store(false, Ordering::SeqCst);
        if let Some(handle) = engine.search.take() {
            let _ = handle.join();
        }
    }
}
