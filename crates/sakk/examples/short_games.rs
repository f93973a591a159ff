//! Writes a PGN file of short games for `scripts/bench-pgn-check`: each
//! game one of the opening book's lines (`data/openings`, the ECO names),
//! played on to sixteen plies with seeded pseudo-random legal moves, under
//! eight tags (the Seven Tag Roster and `ECO`) — the shape of a database
//! of engine games or openings, where the cost of reading a game is in its
//! tags and set-up rather than in its moves.
//!
//! `cargo run --release -p sakk --example short_games -- GAMES > FILE`

use std::io::Write;

use sakk::pgn::{write_game, ExportOptions, PgnGame};
use sakk::{Game, Lang};

const BOOK: [&str; 5] = [
    include_str!("../data/openings/a.tsv"),
    include_str!("../data/openings/b.tsv"),
    include_str!("../data/openings/c.tsv"),
    include_str!("../data/openings/d.tsv"),
    include_str!("../data/openings/e.tsv"),
];

/// The plies of every game.
const PLIES: usize = 16;

fn main() -> std::io::Result<()> {
    let games: usize = std::env::args()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(100_000);
    // Each line of the book: its ECO code and its moves.
    let lines: Vec<(&str, Vec<&str>)> = BOOK
        .iter()
        .flat_map(|tsv| tsv.lines().skip(1))
        .filter_map(|l| {
            let mut fields = l.split('\t');
            let eco = fields.next()?;
            let moves = fields.nth(1)?;
            Some((
                eco,
                moves
                    .split_whitespace()
                    .filter(|t| !t.ends_with('.'))
                    .collect(),
            ))
        })
        .collect();
    let mut x: u64 = 0x5a4b_4b2d_7067_6e21;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let out = std::io::stdout();
    let mut out = std::io::BufWriter::new(out.lock());
    let options = ExportOptions {
        lang: Lang::English,
    };
    for g in 0..games {
        let (eco, line) = &lines[g % lines.len()];
        let mut game = Game::new();
        for san in line.iter().take(PLIES) {
            let Ok(m) = game.position().parse_san(san, Lang::English) else {
                break;
            };
            if game.play(m).is_err() {
                break;
            }
        }
        while game.moves().len() < PLIES && !game.is_over() {
            let moves = game.position().legal_moves();
            let pick = moves[(next() % moves.len() as u64) as usize];
            if game.play(pick).is_err() {
                break;
            }
        }
        let mut pgn = PgnGame::from_game(&game, None);
        if !game.is_over() {
            // As if played on: a result for each game, all three kinds.
            let result = ["1-0", "0-1", "1/2-1/2"][(next() % 3) as usize];
            pgn.result = Some(result.to_string());
            pgn.set_tag("Result", result);
        }
        pgn.set_tag("Event", "Short games");
        pgn.set_tag("Site", "sakk");
        pgn.set_tag("Date", "2026.12.03");
        pgn.set_tag("Round", &(g + 1).to_string());
        pgn.set_tag("White", "Engine, White");
        pgn.set_tag("Black", "Engine, Black");
        pgn.set_tag("ECO", eco);
        out.write_all(write_game(&pgn, &options).as_bytes())?;
    }
    out.flush()
}
