//! The PGN export format (Edwards, section 8): the seven-tag roster first,
//! then the other tags, movetext in lines under 80 columns, `[%clk]` when
//! the game has clock times.

use core::fmt::Write as _;
use core::time::Duration;

use super::builder::{PgnGame, PgnMove};
use crate::san::Lang;

/// How to write a game.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct ExportOptions {
    /// Piece letters: English for the export format; other languages are for
    /// display only and make the text non-standard.
    pub lang: Lang,
}

const ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

/// `H:MM:SS`, with up to three decimals when the time is not whole seconds.
pub fn format_clock(d: Duration) -> String {
    let ms = d.as_millis();
    let (h, m, s, frac) = (ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60, ms % 1000);
    if frac == 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        let f = format!("{frac:03}");
        format!("{h}:{m:02}:{s:02}.{}", f.trim_end_matches('0'))
    }
}

/// The civil date (year, month 1–12, day) of a moment, UTC, from seconds
/// since 1970-01-01 (Howard Hinnant's `civil_from_days`).
///
/// ```
/// assert_eq!(sakk::pgn::civil_date(0), (1970, 1, 1));
/// assert_eq!(sakk::pgn::civil_date(-86_400), (1969, 12, 31));
/// ```
pub fn civil_date(unix_seconds: i64) -> (i64, i64, i64) {
    let days = unix_seconds.div_euclid(86_400);
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// The PGN `Date` of a moment, `YYYY.MM.DD` (UTC), from seconds since
/// 1970-01-01.
///
/// ```
/// assert_eq!(sakk::pgn::format_date(0), "1970.01.01");
/// assert_eq!(sakk::pgn::format_date(1_796_256_000), "2026.12.03");
/// assert_eq!(sakk::pgn::format_date(951_782_400), "2000.02.29");
/// ```
pub fn format_date(unix_seconds: i64) -> String {
    let (year, month, day) = civil_date(unix_seconds);
    format!("{year:04}.{month:02}.{day:02}")
}

fn escape(value: &str) -> String {
    // A tag pair is one line: a line break or another control character
    // in a value becomes a space.
    value
        .replace(char::is_control, " ")
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
}

/// Writes a game in PGN export format.
pub fn write_game(game: &PgnGame, options: &ExportOptions) -> String {
    let mut out = String::new();
    let valid = |r: &&str| matches!(*r, "1-0" | "0-1" | "1/2-1/2" | "*");
    let result = game
        .result
        .as_deref()
        .filter(valid)
        .or_else(|| game.tag("Result").filter(valid))
        .unwrap_or("*")
        .to_string();
    for (name, default) in ROSTER {
        let value = if name == "Result" {
            result.clone()
        } else {
            game.tag(name).unwrap_or(default).to_string()
        };
        let _ = writeln!(out, "[{name} \"{}\"]", escape(&value));
    }
    let standard_start = game.start == crate::Position::new();
    for (name, value) in &game.tags {
        if ROSTER.iter().any(|(r, _)| r == name) || name == "SetUp" || name == "FEN" {
            continue;
        }
        let _ = writeln!(out, "[{name} \"{}\"]", escape(value));
    }
    if game.start.castling_mode() == crate::CastlingMode::Chess960 && game.tag("Variant").is_none()
    {
        let _ = writeln!(out, "[Variant \"Chess960\"]");
    }
    if !standard_start {
        let _ = writeln!(out, "[SetUp \"1\"]");
        let _ = writeln!(out, "[FEN \"{}\"]", game.start.fen());
    }
    out.push('\n');

    let mut tokens: Vec<String> = Vec::new();
    if let Some(c) = &game.comment {
        tokens.push(format!("{{ {} }}", c.replace('}', ")")));
    }
    write_line(&mut tokens, game.start, &game.moves, options);
    tokens.push(result);

    // Lines under 80 columns, broken between tokens (a long comment may be
    // broken inside, at a space).
    let mut line = String::new();
    for token in tokens {
        for word in split_long(&token) {
            if !line.is_empty() && line.len() + 1 + word.len() > 79 {
                out.push_str(&line);
                out.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&word);
        }
    }
    if !line.is_empty() {
        out.push_str(&line);
        out.push('\n');
    }
    out.push('\n');
    out
}

/// The tokens of `moves` played from `start`, each move's variations in
/// parentheses after it (a move number wherever the reader needs one).
fn write_line(
    tokens: &mut Vec<String>,
    start: crate::Position,
    moves: &[PgnMove],
    options: &ExportOptions,
) {
    let mut pos = start;
    let mut need_number = true;
    for m in moves {
        push_number(tokens, &pos, need_number);
        tokens.push(m.san.display(options.lang).to_string());
        for nag in &m.nags {
            tokens.push(format!("${nag}"));
        }
        // Each comment in its own braces, so that they read back apart;
        // the commands last, in one more.
        for c in &m.comments {
            tokens.push(format!("{{ {} }}", c.replace('}', ")")));
        }
        let mut commands = Vec::new();
        if let Some(eval) = m.eval {
            commands.push(match eval {
                super::builder::Eval::Centipawns(cp) => {
                    format!(
                        "[%eval {}{}.{:02}]",
                        if cp < 0 { "-" } else { "" },
                        cp.abs() / 100,
                        cp.abs() % 100
                    )
                }
                super::builder::Eval::Mate(n) => format!("[%eval #{n}]"),
            });
        }
        if let Some(clock) = m.clock {
            commands.push(format!("[%clk {}]", format_clock(clock)));
        }
        if let Some(emt) = m.emt {
            commands.push(format!("[%emt {}]", format_clock(emt)));
        }
        if !commands.is_empty() {
            tokens.push(format!("{{ {} }}", commands.join(" ")));
        }
        for variation in &m.variations {
            tokens.push("(".to_string());
            if let Some(c) = &variation.comment {
                tokens.push(format!("{{ {} }}", c.replace('}', ")")));
            }
            write_line(tokens, pos, &variation.moves, options);
            tokens.push(")".to_string());
        }
        need_number = !m.comments.is_empty()
            || !commands.is_empty()
            || !m.nags.is_empty()
            || !m.variations.is_empty();
        if m.mv.is_null() {
            pos.play_null();
        } else {
            pos = pos.after_unchecked(m.mv);
        }
    }
}

/// The move number before a move of `pos`: always before White's, before
/// Black's where the reader lost the count.
fn push_number(tokens: &mut Vec<String>, pos: &crate::Position, need: bool) {
    let number = pos.fullmoves();
    if pos.turn().is_white() {
        tokens.push(format!("{number}."));
    } else if need {
        tokens.push(format!("{number}..."));
    }
}

/// A token that would not fit on a line is split at its spaces.
fn split_long(token: &str) -> Vec<String> {
    if token.len() <= 79 {
        return vec![token.to_string()];
    }
    token.split(' ').map(str::to_string).collect()
}
