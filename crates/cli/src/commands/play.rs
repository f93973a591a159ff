//! `sakk play`: a game against the computer in the terminal, moves typed in
//! SAN (English or Hungarian letters) or UCI, in English or Hungarian.

use std::io::{BufRead, Write};

use sakk::{Color, Game, Lang, Position, Role};
use sakk_i18n::{tr, Locale};

use crate::Failure;

/// The board as text, from `side`'s point of view, with figurines.
pub fn board_text(pos: &Position, side: Color) -> String {
    let mut out = String::new();
    let ranks: Vec<u32> = if side.is_white() {
        (0..8).rev().collect()
    } else {
        (0..8).collect()
    };
    let files: Vec<u32> = if side.is_white() {
        (0..8).collect()
    } else {
        (0..8).rev().collect()
    };
    for &r in &ranks {
        out.push_str(&format!("{} ", r + 1));
        for &f in &files {
            let sq = sakk::Square::new(r * 8 + f);
            let c = match pos.board().piece_at(sq) {
                Some(p) => figure(p.color, p.role),
                None if (r + f) % 2 == 0 => '·',
                None => ' ',
            };
            out.push(c);
            out.push(' ');
        }
        out.push('\n');
    }
    out.push_str("  ");
    for &f in &files {
        out.push(char::from(b'a' + f as u8));
        out.push(' ');
    }
    out.push('\n');
    out
}

fn figure(color: Color, role: Role) -> char {
    let white = ['♙', '♘', '♗', '♖', '♕', '♔'];
    let black = ['♟', '♞', '♝', '♜', '♛', '♚'];
    let i = role.index();
    if color.is_white() {
        white[i]
    } else {
        black[i]
    }
}

/// What a move did that the documents teach and its SAN does not show
/// (a double or discovered check, a fork, en passant), in the catalogue's
/// words, or `None`.
fn teaching(pos: &Position, m: sakk::Move, locale: Locale) -> Option<String> {
    let f = pos.move_facts(m);
    let unseen = sakk::MoveFacts {
        double_check: f.double_check,
        discovered_check: f.discovered_check,
        fork: f.fork,
        en_passant: f.en_passant,
        ..sakk::MoveFacts::default()
    };
    let words: Vec<String> = unseen
        .codes()
        .into_iter()
        .map(|c| tr(locale, &format!("web-fact-{}", c.replace('_', "-")), &[]))
        .collect();
    (!words.is_empty()).then(|| format!("  → {}", words.join(", ")))
}

/// Plays a game on standard input and output.
pub fn run(start: &super::Start, level: u8, human: Color, lang: Lang) -> Result<(), Failure> {
    let start = start.position()?;
    let locale = if lang == Lang::Hungarian {
        Locale::Hungarian
    } else {
        Locale::English
    };
    // The words of the terminal game, from the catalogue.
    let w = |id: &str| tr(locale, id, &[]);
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut out = std::io::stdout();
    let mut game = Game::from_position(start);
    let side = if human.is_white() { "white" } else { "black" };
    let say = |out: &mut std::io::Stdout, text: &str| {
        let _ = writeln!(out, "{text}");
        let _ = out.flush();
    };
    let you_play = tr(locale, "play-you-play", &[("side", side.to_string())]);
    say(&mut out, &format!("{you_play}. {}", w("play-help")));
    say(&mut out, &board_text(game.position(), human));
    while !game.is_over() {
        if game.turn() != human {
            let history: Vec<u64> = game.positions()[..game.positions().len() - 1]
                .iter()
                .map(Position::key)
                .collect();
            let Some(m) = sakk_engine::opponent::choose(
                game.position(),
                &history,
                i64::from(level),
                None,
                std::time::Duration::ZERO,
            ) else {
                break;
            };
            let san = game.position().san(m).display(lang).to_string();
            let taught = teaching(game.position(), m, locale);
            if game.play(m).is_err() {
                break;
            }
            game.prove_dead(sakk::Effort::Full);
            say(&mut out, &format!("{}: {san}", w("play-computer-plays")));
            if let Some(t) = taught {
                say(&mut out, &t);
            }
            say(&mut out, &board_text(game.position(), human));
            continue;
        }
        let _ = write!(out, "{}: ", w("play-your-move"));
        let _ = out.flush();
        let mut line = String::new();
        if input.read_line(&mut line).unwrap_or(0) == 0 {
            say(&mut out, &w("play-quit"));
            return Ok(());
        }
        let text = line.trim();
        match text.to_lowercase().as_str() {
            "" => continue,
            "quit" | "exit" | "kilép" | "kilepes" | "kilépés" => {
                say(&mut out, &w("play-quit"));
                return Ok(());
            }
            "help" | "?" | "súgó" | "sugo" => say(&mut out, &w("play-help")),
            "board" | "tábla" | "tabla" => say(&mut out, &board_text(game.position(), human)),
            "resign" | "feladom" => {
                let _ = game.resign(human);
            }
            "claim" | "igény" | "igeny" => match game.claim_draw(None) {
                Ok(_) => {}
                Err(_) => say(&mut out, &w("play-no-claim")),
            },
            "undo" | "vissza" => {
                // Back to the human's previous turn: the computer's reply and the human's move.
                let mut undone = 0;
                while undone < 2 && !game.moves().is_empty() {
                    if game.take_back().is_err() {
                        break;
                    }
                    undone += 1;
                    if game.turn() == human {
                        break;
                    }
                }
                if undone == 0 {
                    say(&mut out, &w("play-nothing-to-take-back"));
                } else {
                    say(&mut out, &w("play-taken-back"));
                    say(&mut out, &board_text(game.position(), human));
                }
            }
            _ => match game.position().read_move(text, lang) {
                Ok(m) => {
                    let taught = teaching(game.position(), m, locale);
                    match game.play(m) {
                        Ok(()) => {
                            game.prove_dead(sakk::Effort::Full);
                            if let Some(t) = taught {
                                say(&mut out, &t);
                            }
                        }
                        Err(refusal) => {
                            let why =
                                sakk_i18n::rule_error(locale, &sakk::GameError::Move(refusal));
                            say(&mut out, &format!("{}: {why}", w("play-illegal")));
                        }
                    }
                }
                Err(e) => {
                    let why = sakk_i18n::move_error(locale, &e);
                    say(&mut out, &format!("{}: {why}", w("play-illegal")));
                }
            },
        }
    }
    let result = game
        .outcome()
        .map(|o| sakk_i18n::outcome(locale, &o, game.ended_by()));
    if let Some(text) = result {
        say(&mut out, &board_text(game.position(), human));
        match game.named_mate() {
            // The mate's name, from the catalogue the browser uses too.
            Some(named) => {
                let key = format!("web-named-{}", named.code().replace('_', "-"));
                say(&mut out, &format!("{text} ({})", w(&key)));
            }
            None => say(&mut out, &text),
        }
    }
    Ok(())
}
