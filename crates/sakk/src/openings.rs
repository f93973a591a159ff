//! Opening names and ECO codes (data: lichess chess-openings, CC0, in
//! `data/openings/`), and the seed's classes: open (1.e4 e5), semi-open
//! (1.e4 with another reply), closed (everything else).

use std::sync::OnceLock;

use crate::game::Game;
use crate::position::Position;
use crate::san::Lang;
use crate::types::Square;
use crate::zobrist::KeyMap;

/// A named opening.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Opening {
    /// The ECO code, e.g. `C50`.
    pub eco: &'static str,
    /// The name, e.g. `Italian Game`.
    pub name: &'static str,
    /// The moves that define it, in SAN with move numbers.
    pub moves: &'static str,
}

/// The seed's classes of openings.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum OpeningClass {
    /// 1.e4 e5 (nyílt megnyitás).
    Open,
    /// 1.e4 with another reply, such as the Sicilian 1...c5 (félig nyílt).
    SemiOpen,
    /// Everything else: 1.d4, 1.c4, 1.Nf3 … (zárt).
    Closed,
}

impl OpeningClass {
    /// `open`, `semi_open`, `closed`.
    pub const fn code(self) -> &'static str {
        match self {
            OpeningClass::Open => "open",
            OpeningClass::SemiOpen => "semi_open",
            OpeningClass::Closed => "closed",
        }
    }
}

const DATA: [&str; 5] = [
    include_str!("../data/openings/a.tsv"),
    include_str!("../data/openings/b.tsv"),
    include_str!("../data/openings/c.tsv"),
    include_str!("../data/openings/d.tsv"),
    include_str!("../data/openings/e.tsv"),
];

fn table() -> &'static KeyMap<Opening> {
    static TABLE: OnceLock<KeyMap<Opening>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut map = KeyMap::default();
        for file in DATA {
            for line in file.lines().skip(1) {
                let mut cols = line.split('\t');
                let (Some(eco), Some(name), Some(moves)) = (cols.next(), cols.next(), cols.next())
                else {
                    continue;
                };
                let mut pos = Position::new();
                let mut ok = true;
                for token in moves.split_whitespace() {
                    if token.ends_with('.') {
                        continue;
                    }
                    match pos.parse_san(token, Lang::English) {
                        Ok(m) => pos = pos.after_unchecked(m),
                        Err(_) => {
                            ok = false;
                            break;
                        }
                    }
                }
                if ok {
                    // The first (least specific) name for a position wins.
                    map.entry(pos.repetition_key())
                        .or_insert(Opening { eco, name, moves });
                }
            }
        }
        map
    })
}

/// The opening of a position, if it is one of the named ones.
pub fn opening_of(pos: &Position) -> Option<Opening> {
    table().get(&pos.repetition_key()).copied()
}

/// How many named openings are known.
pub fn known_openings() -> usize {
    table().len()
}

impl Game {
    /// The opening: the most advanced named position the game has passed
    /// through (a game from a set-up position has none).
    pub fn opening(&self) -> Option<Opening> {
        if *self.start() != Position::new() {
            return None;
        }
        // The game keeps each position's repetition key, the table's key.
        let table = table();
        self.repetition_keys()
            .iter()
            .rev()
            .find_map(|key| table.get(key).copied())
    }

    /// The seed's class of the opening, once White's first move (and, after
    /// 1.e4, Black's reply) is known.
    pub fn opening_class(&self) -> Option<OpeningClass> {
        if *self.start() != Position::new() {
            return None;
        }
        let first = *self.moves().first()?;
        if first.from() != Square::E2 || first.to() != Square::E4 {
            return Some(OpeningClass::Closed);
        }
        let reply = *self.moves().get(1)?;
        Some(if reply.from() == Square::E7 && reply.to() == Square::E5 {
            OpeningClass::Open
        } else {
            OpeningClass::SemiOpen
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::testing::game;

    #[test]
    fn names_and_classes() {
        assert!(known_openings() > 3000);
        let g = game("e4 e5 Nf3 Nc6 Bc4");
        let o = g.opening();
        assert_eq!(o.map(|o| o.name), Some("Italian Game"));
        assert_eq!(o.map(|o| o.eco), Some("C50"));
        assert_eq!(g.opening_class(), Some(OpeningClass::Open));
        let g = game("e4 c5");
        assert_eq!(g.opening().map(|o| o.name), Some("Sicilian Defense"));
        assert_eq!(g.opening_class(), Some(OpeningClass::SemiOpen));
        let g = game("d4 d5 c4");
        assert_eq!(g.opening().map(|o| o.name), Some("Queen's Gambit"));
        assert_eq!(g.opening_class(), Some(OpeningClass::Closed));
        // Past the book, the last named position still names the game.
        let g = game("e4 c5 a3 a6 h3 h6");
        assert!(g.opening().is_some());
        assert_eq!(game("e4").opening_class(), None);
    }
}
