//! The peer of `sakk pgn check` in `scripts/bench-pgn-check`: a PGN checker
//! built on shakmaty's pgn-reader, as its own `validate` example is (the
//! file streamed, each game from its `FEN` tag or the start, every SAN read
//! and played; an error ends the game and is reported), counting games and
//! errors as `sakk pgn check` does.
//!
//! `cargo run --release -p sakk --example pgn_reader_check -- FILE`

use std::ops::ControlFlow;

use pgn_reader::{RawTag, Reader, SanPlus, Visitor};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position};

struct Checker {
    games: usize,
    errors: usize,
}

impl Visitor for Checker {
    type Tags = Option<Chess>;
    type Movetext = Chess;
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<(), Option<Chess>> {
        self.games += 1;
        ControlFlow::Continue(None)
    }

    fn tag(&mut self, tags: &mut Option<Chess>, name: &[u8], value: RawTag<'_>) -> ControlFlow<()> {
        if name == b"FEN" {
            let pos = Fen::from_ascii(value.as_bytes())
                .ok()
                .and_then(|fen| fen.into_position(CastlingMode::Chess960).ok());
            match pos {
                Some(pos) => *tags = Some(pos),
                None => {
                    self.errors += 1;
                    println!("game {}: bad FEN tag", self.games);
                    return ControlFlow::Break(());
                }
            }
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Option<Chess>) -> ControlFlow<(), Chess> {
        ControlFlow::Continue(tags.unwrap_or_default())
    }

    fn san(&mut self, pos: &mut Chess, san_plus: SanPlus) -> ControlFlow<()> {
        match san_plus.san.to_move(pos) {
            Ok(m) => {
                pos.play_unchecked(m);
                ControlFlow::Continue(())
            }
            Err(err) => {
                self.errors += 1;
                println!("game {}: {san_plus}: {err}", self.games);
                ControlFlow::Break(())
            }
        }
    }

    fn end_game(&mut self, _pos: Chess) {}
}

fn main() -> std::io::Result<()> {
    let mut checker = Checker {
        games: 0,
        errors: 0,
    };
    for path in std::env::args().skip(1) {
        let mut reader = Reader::new(std::fs::File::open(&path)?);
        while reader.read_game(&mut checker)?.is_some() {}
    }
    println!("games: {}, errors: {}", checker.games, checker.errors);
    Ok(())
}
