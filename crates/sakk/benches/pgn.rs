//! PGN reading with full move validation: sakk's reader against shakmaty's
//! pgn-reader, in the same run, on a PGN file this benchmark generates
//! (seeded random games with comments and clock times, written by sakk).
//!
//! `cargo bench -p sakk --bench pgn` (`SAKK_BENCH_RUNS`, default 5; the
//! runs are interleaved and the best of each is reported).

use std::hint::black_box;
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use sakk::pgn::{write_game, ExportOptions, PgnGame, Reader, Visitor};
use sakk::{Game, Lang, Position, San};

const GAMES: usize = 20_000;

fn generate() -> String {
    let mut x: u64 = 0x5a4b_4b2d_7067_6e21;
    let mut out = String::new();
    for g in 0..GAMES {
        let mut game = Game::new();
        let plies = 40 + (g % 120);
        for _ in 0..plies {
            if game.is_over() {
                break;
            }
            let moves = game.position().legal_moves();
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let _ = game.play(moves[(x % moves.len() as u64) as usize]);
        }
        let clocks: Vec<Duration> = (0..game.moves().len())
            .map(|i| Duration::from_secs(600 - (i as u64 / 2) % 600))
            .collect();
        let mut pgn = PgnGame::from_game(&game, Some(&clocks));
        pgn.set_tag("Event", &format!("Bench game {g}"));
        pgn.set_tag("White", "Random, Mover");
        pgn.set_tag("Black", "Random, Mover");
        out.push_str(&write_game(
            &pgn,
            &ExportOptions {
                lang: Lang::English,
            },
        ));
    }
    out
}

/// sakk: parse each SAN and play it.
struct SakkValidator {
    pos: Position,
    ok: bool,
}

impl Visitor for SakkValidator {
    type Output = bool;
    fn begin_game(&mut self) {
        self.pos = Position::new();
        self.ok = true;
    }
    fn san(&mut self, san: &str, _line: usize) {
        if !self.ok {
            return;
        }
        match San::parse(san, Lang::English)
            .ok()
            .and_then(|s| s.to_move(&self.pos).ok())
        {
            Some(m) => self.pos.play_unchecked(m),
            None => self.ok = false,
        }
    }
    fn wants_comments(&self) -> bool {
        false
    }
    fn end_game(&mut self, _line: usize) -> bool {
        self.ok
    }
}

fn sakk_validate(text: &[u8]) -> usize {
    let mut reader = Reader::new(text);
    let mut v = SakkValidator {
        pos: Position::new(),
        ok: true,
    };
    let mut good = 0;
    while let Some(ok) = reader.read_game(&mut v) {
        good += usize::from(ok);
    }
    good
}

/// sakk's checker, as `sakk pgn check` uses it (the result and the final
/// position kept, the same errors as the full reading).
fn sakk_check(text: &[u8]) -> usize {
    sakk::pgn::check_games(text).filter(Result::is_ok).count()
}

/// pgn-reader with shakmaty, as in its own `validate` example.
struct ShakValidator;

impl pgn_reader::Visitor for ShakValidator {
    type Tags = ();
    type Movetext = (shakmaty::Chess, bool);
    type Output = bool;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(())
    }
    fn begin_movetext(&mut self, _tags: ()) -> ControlFlow<Self::Output, Self::Movetext> {
        ControlFlow::Continue((shakmaty::Chess::default(), true))
    }
    fn san(
        &mut self,
        movetext: &mut Self::Movetext,
        san_plus: pgn_reader::SanPlus,
    ) -> ControlFlow<Self::Output> {
        use shakmaty::Position as _;
        match san_plus.san.to_move(&movetext.0) {
            Ok(m) => {
                movetext.0.play_unchecked(m);
                ControlFlow::Continue(())
            }
            Err(_) => {
                movetext.1 = false;
                ControlFlow::Break(false)
            }
        }
    }
    fn end_game(&mut self, movetext: Self::Movetext) -> bool {
        movetext.1
    }
}

fn shak_validate(text: &[u8]) -> usize {
    let mut reader = pgn_reader::Reader::new(text);
    let mut good = 0;
    while let Ok(Some(ok)) = reader.read_game(&mut ShakValidator) {
        good += usize::from(ok);
    }
    good
}

fn main() {
    let runs: usize = std::env::var("SAKK_BENCH_RUNS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(5);
    // SAKK_BENCH_FILE=FILE: read these games instead of generating some
    // (e.g. real games; the file must hold only legal games).
    let text = match std::env::var("SAKK_BENCH_FILE") {
        Ok(path) => match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) => {
                eprintln!("cannot read {path}: {e}");
                return;
            }
        },
        Err(_) => generate(),
    };
    // SAKK_BENCH_WRITE=FILE: also write the games there (to time
    // `sakk pgn check` on the same file).
    if let Ok(path) = std::env::var("SAKK_BENCH_WRITE") {
        if let Err(e) = std::fs::write(&path, &text) {
            eprintln!("cannot write {path}: {e}");
        }
    }
    let bytes = text.as_bytes();
    let mb = bytes.len() as f64 / 1e6;
    let games = sakk_validate(bytes);
    println!("PGN validation: {games} games, {mb:.1} MB, best of {runs}");
    let mut best = [Duration::MAX; 3];
    for _ in 0..runs {
        let start = Instant::now();
        let n = black_box(sakk_validate(bytes));
        best[0] = best[0].min(start.elapsed());
        assert_eq!(n, games, "sakk's count changed");
        let start = Instant::now();
        let n = black_box(sakk_check(bytes));
        best[2] = best[2].min(start.elapsed());
        assert_eq!(n, games, "the checker's count differs");
        if std::env::var("SAKK_BENCH_ONLY").is_ok_and(|v| v == "sakk") {
            continue;
        }
        let start = Instant::now();
        let n = black_box(shak_validate(bytes));
        best[1] = best[1].min(start.elapsed());
        assert_eq!(n, games, "pgn-reader rejected games sakk read");
    }
    println!(
        "{:<12} {:>8} {:>10} {:>7}",
        "library", "MB/s", "games/s", "ratio"
    );
    for (name, t) in [
        ("sakk", best[0]),
        ("sakk check", best[2]),
        ("pgn-reader", best[1]),
    ] {
        let s = t.as_secs_f64();
        println!(
            "{name:<12} {:>8.1} {:>10.0} {:>6.2}x",
            mb / s,
            games as f64 / s,
            best[1].as_secs_f64() / s
        );
    }
}
