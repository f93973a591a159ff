//! The match runner (`sakk match`): plays UCI engines against each other
//! like cutechess-cli — openings from an EPD or PGN book, each opening
//! twice with colours swapped, the runner's own clocks, several games at
//! once, adjudication of clearly decided and clearly drawn games, PGN
//! output, W/D/L, the Elo difference with a 95% interval, and an SPRT.

pub mod process;
pub mod stats;

use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use sakk::pgn::{write_game, ExportOptions, PgnGame};
use sakk::{Clock, Color, Game, GameResult, Move, Position, TimeControl};

pub use process::{EngineSpec, Process};
pub use stats::{Score, Sprt, Verdict};

/// How a match is played.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// The two engines; results are counted for the first.
    pub engines: [EngineSpec; 2],
    /// Games to play (an even number: each opening twice).
    pub games: u32,
    /// The time control, if timed.
    pub tc: Option<TimeControl>,
    /// A fixed depth per move, if not timed.
    pub depth: Option<u32>,
    /// A fixed node count per move, if not timed.
    pub nodes: Option<u64>,
    /// Opening positions (FEN); empty means the start position.
    pub book: Vec<String>,
    /// Games played at once.
    pub concurrency: usize,
    /// Where to write the games.
    pub pgn: Option<PathBuf>,
    /// Stop early when this test decides.
    pub sprt: Option<Sprt>,
    /// Adjudicate clearly decided and clearly drawn games.
    pub adjudicate: bool,
    /// The event name in PGN.
    pub event: String,
}

/// How one game ended, for the record.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// The game's number, from 1.
    pub round: u32,
    /// Which engine (0 or 1) had White.
    pub white: usize,
    /// The start position.
    pub start: Position,
    /// The moves.
    pub moves: Vec<Move>,
    /// The mover's clock after each move (timed games).
    pub clocks: Vec<Duration>,
    /// The result.
    pub result: GameResult,
    /// The PGN `Termination` value (`normal`, `time forfeit`,
    /// `adjudication`, `rules infraction`).
    pub termination: String,
    /// A comment on the end (e.g. the rule or the adjudication).
    pub reason: String,
}

/// Reads a book: EPD lines (the first four fields) or PGN games (the
/// position after the moves).
pub fn read_book(text: &str) -> Vec<String> {
    let looks_pgn = text.trim_start().starts_with('[') || text.contains("1.");
    if looks_pgn {
        sakk::pgn::read_games(text.as_bytes())
            .filter_map(Result::ok)
            .map(|g| g.to_game().position().fen())
            .collect()
    } else {
        text.lines()
            .filter_map(|l| {
                let fields: Vec<&str> = l.split_whitespace().take(4).collect();
                (fields.len() == 4).then(|| format!("{} 0 1", fields.join(" ")))
            })
            .filter(|fen| Position::from_fen(fen).is_ok())
            .collect()
    }
}

fn parse_info_score(lines: &[String]) -> Option<i32> {
    lines.iter().rev().find_map(|l| {
        let words: Vec<&str> = l.split_whitespace().collect();
        if words.contains(&"lowerbound") || words.contains(&"upperbound") {
            return None;
        }
        let i = words.iter().position(|&w| w == "score")?;
        let v: i32 = words.get(i + 2)?.parse().ok()?;
        match *words.get(i + 1)? {
            "cp" => Some(v),
            "mate" => Some(if v > 0 { 30_000 - v } else { -30_000 - v }),
            _ => None,
        }
    })
}

struct Players {
    spec: [EngineSpec; 2],
    procs: [Option<Process>; 2],
}

impl Players {
    fn get(&mut self, i: usize) -> Result<&mut Process, String> {
        if self.procs[i].is_none() {
            self.procs[i] = Some(Process::start(&self.spec[i])?);
        }
        self.procs[i]
            .as_mut()
            .ok_or_else(|| "engine missing".to_string())
    }
}

fn play_game(
    players: &mut Players,
    config: &MatchConfig,
    round: u32,
    white: usize,
    fen: &str,
) -> Result<GameRecord, String> {
    let start = Position::from_fen(fen).map_err(|e| e.to_string())?;
    for i in 0..2 {
        let p = players.get(i)?;
        p.send("ucinewgame")?;
        p.ready()?;
    }
    let mut game = Game::from_position(start);
    let mut clock = config.tc.clone().map(Clock::new);
    let epoch = Instant::now();
    if let Some(c) = clock.as_mut() {
        let _ = c.start(start.turn(), Duration::ZERO);
    }
    let mut uci_moves: Vec<String> = Vec::new();
    let mut clocks = Vec::new();
    let mut scores: [Vec<i32>; 2] = [Vec::new(), Vec::new()];
    let engine_of = |color: Color| {
        if color == Color::White {
            white
        } else {
            1 - white
        }
    };
    let record = |result: GameResult,
                  termination: &str,
                  reason: String,
                  game: &Game,
                  clocks: Vec<Duration>| GameRecord {
        round,
        white,
        start,
        moves: game.moves().to_vec(),
        clocks,
        result,
        termination: termination.to_string(),
        reason,
    };
    loop {
        if let Some(o) = game.outcome() {
            let result = o.result.unwrap_or(GameResult::Draw);
            let reason = o.termination.name_en().to_string();
            let termination = if o.termination == sakk::Termination::Timeout {
                "time forfeit"
            } else {
                "normal"
            };
            return Ok(record(result, termination, reason, &game, clocks));
        }
        if let Some(claim) = game.claimable().into_iter().find(|c| c.declared.is_none()) {
            let _ = game.claim_draw(None);
            return Ok(record(
                GameResult::Draw,
                "normal",
                claim.termination.name_en().to_string(),
                &game,
                clocks,
            ));
        }
        let side = game.turn();
        let who = engine_of(side);
        let mut position = format!("position fen {fen}");
        if !uci_moves.is_empty() {
            position.push_str(" moves ");
            position.push_str(&uci_moves.join(" "));
        }
        let go = match (&clock, config.depth, config.nodes) {
            (Some(c), _, _) => {
                let now = epoch.elapsed();
                let inc = c
                    .control()
                    .first_stage()
                    .map_or(Duration::ZERO, |s| s.increment);
                format!(
                    "go wtime {} btime {} winc {} binc {}",
                    c.remaining(Color::White, now).as_millis(),
                    c.remaining(Color::Black, now).as_millis(),
                    inc.as_millis(),
                    inc.as_millis()
                )
            }
            (None, Some(d), _) => format!("go depth {d}"),
            (None, None, Some(n)) => format!("go nodes {n}"),
            (None, None, None) => "go depth 6".to_string(),
        };
        let limit = match &clock {
            Some(c) => c.remaining(side, epoch.elapsed()) + Duration::from_millis(500),
            None => Duration::from_secs(600),
        };
        let reply = {
            let p = players.get(who)?;
            p.send(&position)?;
            p.send(&go)?;
            p.wait_for("bestmove", limit)
        };
        let (info, line) = match reply {
            Ok(r) => r,
            Err(_) => {
                // No answer in time: the engine is restarted for the next game.
                players.procs[who] = None;
                let o = game.flag(side).map_err(|e| e.to_string())?;
                let result = o.result.unwrap_or(GameResult::Draw);
                return Ok(record(
                    result,
                    "time forfeit",
                    format!("{} did not answer in time", config.engines[who].name),
                    &game,
                    clocks,
                ));
            }
        };
        if let Some(c) = clock.as_mut() {
            if c.press(epoch.elapsed()).is_err() {
                let o = game.flag(side).map_err(|e| e.to_string())?;
                let result = o.result.unwrap_or(GameResult::Draw);
                return Ok(record(
                    result,
                    "time forfeit",
                    format!("{} lost on time", config.engines[who].name),
                    &game,
                    clocks,
                ));
            }
            clocks.push(c.remaining(side, epoch.elapsed()));
        }
        let text = line.split_whitespace().nth(1).unwrap_or("");
        let m = match game.position().parse_uci(text) {
            Ok(m) if game.play(m).is_ok() => m,
            _ => {
                let reason = format!(
                    "{} played an illegal move: {text}",
                    config.engines[who].name
                );
                return Ok(record(
                    GameResult::wins(!side),
                    "rules infraction",
                    reason,
                    &game,
                    clocks,
                ));
            }
        };
        uci_moves.push(
            game.positions()[game.positions().len() - 2]
                .uci(m)
                .to_string(),
        );
        if let Some(score) = parse_info_score(&info) {
            scores[who].push(score);
        }
        if config.adjudicate {
            let last = |v: &Vec<i32>, n: usize| -> Option<Vec<i32>> {
                (v.len() >= n).then(|| v[v.len() - n..].to_vec())
            };
            for e in 0..2 {
                let (mine, theirs) = (last(&scores[e], 4), last(&scores[1 - e], 4));
                if let (Some(a), Some(b)) = (mine, theirs) {
                    if a.iter().all(|&s| s >= 1000) && b.iter().all(|&s| s <= -1000) {
                        let winner = if e == white {
                            Color::White
                        } else {
                            Color::Black
                        };
                        return Ok(record(
                            GameResult::wins(winner),
                            "adjudication",
                            "both engines agree the game is decided".to_string(),
                            &game,
                            clocks,
                        ));
                    }
                }
            }
            if game.moves().len() >= 80 {
                if let (Some(a), Some(b)) = (last(&scores[0], 8), last(&scores[1], 8)) {
                    if a.iter().chain(&b).all(|s| s.abs() <= 10) {
                        return Ok(record(
                            GameResult::Draw,
                            "adjudication",
                            "both engines agree the game is drawn".to_string(),
                            &game,
                            clocks,
                        ));
                    }
                }
            }
        }
    }
}

/// The outcome of a match.
#[derive(Clone, Debug, Default)]
pub struct MatchResult {
    /// The first engine's score.
    pub score: Score,
    /// Games lost on time, by engine.
    pub time_losses: [u32; 2],
    /// The SPRT verdict, if one ran.
    pub verdict: Option<Verdict>,
}

fn pgn_of(record: &GameRecord, config: &MatchConfig) -> String {
    let mut game = Game::from_position(record.start);
    for &m in &record.moves {
        let _ = game.play(m);
    }
    let clocks = (!record.clocks.is_empty()).then_some(record.clocks.as_slice());
    let mut pgn = PgnGame::from_game(&game, clocks);
    let names = [&config.engines[0].name, &config.engines[1].name];
    pgn.set_tag("Event", &config.event);
    pgn.set_tag("Site", "sakk match");
    pgn.set_tag("Date", &today());
    pgn.set_tag("Round", &record.round.to_string());
    pgn.set_tag("White", names[record.white]);
    pgn.set_tag("Black", names[1 - record.white]);
    pgn.set_tag("Result", record.result.as_str());
    pgn.result = Some(record.result.as_str().to_string());
    if let Some(tc) = &config.tc {
        pgn.set_tag("TimeControl", &tc.to_pgn());
    }
    pgn.set_tag("Termination", &record.termination);
    if let Some(last) = pgn.moves.last_mut() {
        last.comments.push(record.reason.clone());
    }
    write_game(&pgn, &ExportOptions::default())
}

/// Today's date (UTC) as PGN writes it: `2026.11.30`.
pub fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    sakk::pgn::format_date(i64::try_from(secs).unwrap_or(i64::MAX))
}

/// Plays the match; `progress` gets a line after every game.
pub fn run(
    config: &MatchConfig,
    progress: &mut (dyn FnMut(&str) + Send),
) -> Result<MatchResult, String> {
    let book = if config.book.is_empty() {
        vec![sakk::STARTING_FEN.to_string()]
    } else {
        config.book.clone()
    };
    let next = Arc::new(AtomicU32::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    // Each game goes to the PGN file as it ends, so a match stopped early
    // keeps the games it played.
    let pgn_file = match &config.pgn {
        Some(path) => Some(
            std::fs::File::create(path)
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?,
        ),
        None => None,
    };
    let state = Arc::new(Mutex::new((MatchResult::default(), pgn_file)));
    let progress = Mutex::new(progress);
    let error = Mutex::new(None::<String>);
    std::thread::scope(|scope| {
        for _ in 0..config.concurrency.max(1) {
            let next = Arc::clone(&next);
            let stop = Arc::clone(&stop);
            let state = Arc::clone(&state);
            let book = &book;
            let progress = &progress;
            let error = &error;
            scope.spawn(move || {
                let mut players = Players {
                    spec: config.engines.clone(),
                    procs: [None, None],
                };
                loop {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    if i >= config.games || stop.load(Ordering::SeqCst) {
                        return;
                    }
                    let fen = &book[(i as usize / 2) % book.len()];
                    let white = (i % 2) as usize;
                    let record = match play_game(&mut players, config, i + 1, white, fen) {
                        Ok(r) => r,
                        Err(e) => {
                            if let Ok(mut slot) = error.lock() {
                                slot.get_or_insert(e);
                            }
                            stop.store(true, Ordering::SeqCst);
                            return;
                        }
                    };
                    let Ok(mut st) = state.lock() else {
                        return;
                    };
                    let first_won = record
                        .result
                        .winner()
                        .map(|c| (c == Color::White) == (record.white == 0));
                    match first_won {
                        Some(true) => st.0.score.wins += 1,
                        Some(false) => st.0.score.losses += 1,
                        None => st.0.score.draws += 1,
                    }
                    if record.termination == "time forfeit" {
                        if let Some(w) = record.result.winner() {
                            let loser_is_white = w == Color::Black;
                            let loser = if loser_is_white {
                                record.white
                            } else {
                                1 - record.white
                            };
                            st.0.time_losses[loser] += 1;
                        }
                    }
                    if let Some(file) = st.1.as_mut() {
                        let written = file
                            .write_all(pgn_of(&record, config).as_bytes())
                            .and_then(|()| file.flush());
                        if let Err(e) = written {
                            if let Ok(mut slot) = error.lock() {
                                slot.get_or_insert(format!("cannot write the PGN: {e}"));
                            }
                            stop.store(true, Ordering::SeqCst);
                            return;
                        }
                    }
                    let s = st.0.score;
                    let mut line = format!(
                        "Score of {} vs {}: {} - {} - {} [{:.3}] {}",
                        config.engines[0].name,
                        config.engines[1].name,
                        s.wins,
                        s.losses,
                        s.draws,
                        s.fraction(),
                        s.games()
                    );
                    if let Some(sprt) = &config.sprt {
                        let llr = s.llr(sprt.elo0, sprt.elo1);
                        let (lo, hi) = sprt.bounds();
                        line.push_str(&format!("  LLR {llr:.2} ({lo:.2}, {hi:.2})"));
                        let v = sprt.verdict(&s);
                        if v != Verdict::Continue {
                            st.0.verdict = Some(v);
                            stop.store(true, Ordering::SeqCst);
                        }
                    }
                    if let Ok(mut p) = progress.lock() {
                        (*p)(&line);
                    }
                }
            });
        }
    });
    if let Ok(Some(e)) = error.lock().map(|mut e| e.take()) {
        return Err(e);
    }
    let mut result = state
        .lock()
        .map(|s| s.0.clone())
        .map_err(|_| "poisoned".to_string())?;
    if result.verdict.is_none() {
        if let Some(sprt) = &config.sprt {
            result.verdict = Some(sprt.verdict(&result.score));
        }
    }
    Ok(result)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn books_and_scores() {
        let epd =
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - id \"e4\";\nnot a position\n";
        assert_eq!(
            read_book(epd),
            vec!["rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"]
        );
        let pgn = "[Event \"x\"]\n\n1. d4 d5 *\n";
        assert_eq!(read_book(pgn).len(), 1);
        let lines = vec![
            "info depth 3 score cp 35 pv e2e4".to_string(),
            "info depth 4 score mate -2 pv e2e4".to_string(),
        ];
        assert_eq!(parse_info_score(&lines), Some(-29_998));
        let spec = EngineSpec::parse("cmd=/usr/games/gnuchess arg=--uci name=GNU option.Hash=16");
        assert_eq!(
            spec.map(|s| (s.name, s.args, s.options)),
            Ok((
                "GNU".to_string(),
                vec!["--uci".to_string()],
                vec![("Hash".to_string(), "16".to_string())]
            ))
        );
        assert!(EngineSpec::parse("name=x").is_err());
    }
}
