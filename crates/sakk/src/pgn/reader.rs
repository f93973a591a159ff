//! The streaming PGN reader: splits a byte stream into games and tokenizes
//! each game for a [`Visitor`].

use core::fmt;
use std::io::BufRead;

/// Whether to read into a variation.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Skip {
    /// Read it: the visitor sees its moves.
    No,
    /// Skip it to the matching `)`.
    Yes,
}

/// Receives the parts of one game, in order. Every method but
/// [`Visitor::end_game`] has a default that ignores the part.
pub trait Visitor {
    /// What a game becomes.
    type Output;

    /// A game begins.
    fn begin_game(&mut self) {}
    /// A tag pair, e.g. `White`, `Kasparov, Garry`.
    fn tag(&mut self, _name: &str, _value: &str) {}
    /// The tags are over; the movetext begins.
    fn begin_movetext(&mut self) {}
    /// A move as written (without its `!`/`?` suffix, which comes as a NAG),
    /// with the line it is on.
    fn san(&mut self, _san: &str, _line: usize) {}
    /// A numeric annotation glyph (`$1`, or `!` = 1, `?` = 2, `!!` = 3,
    /// `??` = 4, `!?` = 5, `?!` = 6).
    fn nag(&mut self, _nag: u8) {}
    /// A `{…}` or `;…` comment, without its delimiters.
    fn comment(&mut self, _text: &str) {}
    /// A variation begins; return [`Skip::Yes`] to skip it.
    fn begin_variation(&mut self) -> Skip {
        Skip::Yes
    }
    /// A variation ends.
    fn end_variation(&mut self) {}
    /// The result token (`1-0`, `0-1`, `1/2-1/2`, `*`).
    fn outcome(&mut self, _result: &str) {}
    /// The game is over; `line` is where it began.
    fn end_game(&mut self, line: usize) -> Self::Output;
}

/// A problem in a PGN file: which game (from 1), which line (from 1), what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnError {
    /// The game's number in the file, from 1.
    pub game: usize,
    /// The line of the problem, from 1.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "game {}, line {}: {}",
            self.game, self.line, self.message
        )
    }
}

impl std::error::Error for PgnError {}

/// Reads games one at a time from a buffered byte stream.
pub struct Reader<R> {
    input: R,
    line_no: usize,
    pending: Option<String>,
    games: usize,
    first_line: bool,
    buf: Vec<u8>,
}

/// One game's raw text, line by line, with its first line number.
struct RawGame {
    lines: Vec<(usize, String)>,
}

impl<R: BufRead> Reader<R> {
    /// A reader over `input`.
    pub fn new(input: R) -> Reader<R> {
        Reader {
            input,
            line_no: 0,
            pending: None,
            games: 0,
            first_line: true,
            buf: Vec::new(),
        }
    }

    /// How many games have been read so far.
    pub fn games(&self) -> usize {
        self.games
    }

    fn next_line(&mut self) -> Option<String> {
        if let Some(line) = self.pending.take() {
            return Some(line);
        }
        self.buf.clear();
        match self.input.read_until(b'\n', &mut self.buf) {
            Ok(0) | Err(_) => None,
            Ok(_) => {
                self.line_no += 1;
                let mut bytes: &[u8] = &self.buf;
                if self.first_line {
                    self.first_line = false;
                    bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
                }
                while let [rest @ .., b'\n' | b'\r'] = bytes {
                    bytes = rest;
                }
                Some(String::from_utf8_lossy(bytes).into_owned())
            }
        }
    }

    /// Collects the lines of the next game: tags, then movetext up to the
    /// result token or the next tag section.
    fn next_raw(&mut self) -> Option<RawGame> {
        let mut lines = Vec::new();
        let mut in_movetext = false;
        let mut in_brace = false;
        while let Some(line) = self.next_line() {
            let number = self.line_no;
            if !in_brace && line.starts_with('%') {
                continue; // escape line
            }
            let trimmed = line.trim_start();
            if !in_brace && trimmed.starts_with('[') && in_movetext {
                self.pending = Some(line);
                self.line_no -= 1;
                break;
            }
            if lines.is_empty() && trimmed.is_empty() {
                continue;
            }
            let mut ended = false;
            if !in_brace && trimmed.starts_with('[') {
                // A tag line.
            } else if !trimmed.is_empty() {
                in_movetext = true;
                ended = scan_movetext_line(&line, &mut in_brace);
            }
            lines.push((number, line));
            if ended {
                break;
            }
        }
        if lines.is_empty() {
            None
        } else {
            Some(RawGame { lines })
        }
    }

    /// Reads the next game into `visitor`; `None` at the end of the input.
    pub fn read_game<V: Visitor>(&mut self, visitor: &mut V) -> Option<V::Output> {
        let raw = self.next_raw()?;
        self.games += 1;
        Some(visit(&raw, visitor))
    }
}

/// Scans a movetext line for the end of the game (a result token outside
/// comments and variations at the end of the movetext), tracking `{}`
/// comments across lines. Returns `true` if the game ends on this line.
fn scan_movetext_line(line: &str, in_brace: &mut bool) -> bool {
    let bytes = line.as_bytes();
    let mut i = 0;
    let mut ended = false;
    while i < bytes.len() {
        let c = bytes[i];
        if *in_brace {
            if c == b'}' {
                *in_brace = false;
            }
            i += 1;
            continue;
        }
        match c {
            b'{' => *in_brace = true,
            b';' => break,
            _ if !c.is_ascii_whitespace() => {
                let start = i;
                while i < bytes.len()
                    && !bytes[i].is_ascii_whitespace()
                    && !matches!(bytes[i], b'{' | b';' | b'(' | b')')
                {
                    i += 1;
                }
                let token = &line[start..i];
                if matches!(token, "1-0" | "0-1" | "1/2-1/2" | "*") {
                    ended = true;
                }
                if i == start {
                    i += 1;
                }
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    ended
}

fn nag_of(suffix: &str) -> Option<u8> {
    match suffix {
        "!" => Some(1),
        "?" => Some(2),
        "!!" => Some(3),
        "??" => Some(4),
        "!?" => Some(5),
        "?!" => Some(6),
        _ => None,
    }
}

/// Tokenizes one game and feeds the visitor.
fn visit<V: Visitor>(raw: &RawGame, visitor: &mut V) -> V::Output {
    visitor.begin_game();
    let first_line = raw.lines.first().map_or(0, |(n, _)| *n);
    let mut movetext_started = false;
    let mut comment: Option<String> = None;
    let mut depth = 0usize; // variation nesting
    let mut skip_from: Option<usize> = None; // depth at which skipping began
    for (line_no, line) in &raw.lines {
        let mut rest: &str = line;
        if comment.is_none() && !movetext_started && line.trim_start().starts_with('[') {
            parse_tag_line(line, visitor);
            continue;
        }
        if !movetext_started {
            movetext_started = true;
            visitor.begin_movetext();
        }
        while !rest.is_empty() {
            if let Some(text) = comment.as_mut() {
                match rest.find('}') {
                    Some(end) => {
                        text.push_str(&rest[..end]);
                        let done = comment.take().unwrap_or_default();
                        if skip_from.is_none() {
                            visitor.comment(done.trim());
                        }
                        rest = &rest[end + 1..];
                    }
                    None => {
                        text.push_str(rest);
                        text.push('\n');
                        rest = "";
                    }
                }
                continue;
            }
            rest = rest.trim_start();
            let Some(c) = rest.chars().next() else {
                break;
            };
            match c {
                '{' => {
                    comment = Some(String::new());
                    rest = &rest[1..];
                }
                ';' => {
                    if skip_from.is_none() {
                        visitor.comment(rest[1..].trim());
                    }
                    rest = "";
                }
                '(' => {
                    depth += 1;
                    if skip_from.is_none() && visitor.begin_variation() == Skip::Yes {
                        skip_from = Some(depth);
                    }
                    rest = &rest[1..];
                }
                ')' => {
                    if skip_from == Some(depth) {
                        skip_from = None;
                    } else if skip_from.is_none() && depth > 0 {
                        visitor.end_variation();
                    }
                    depth = depth.saturating_sub(1);
                    rest = &rest[1..];
                }
                _ => {
                    let end = rest
                        .find(|ch: char| {
                            ch.is_whitespace() || matches!(ch, '{' | '}' | ';' | '(' | ')')
                        })
                        .unwrap_or(rest.len())
                        .max(1);
                    let token = &rest[..end];
                    rest = &rest[end..];
                    if skip_from.is_some() {
                        continue;
                    }
                    visit_token(token, *line_no, depth, visitor);
                }
            }
        }
        if comment.as_ref().is_some_and(|c| !c.ends_with('\n')) {
            if let Some(c) = comment.as_mut() {
                c.push('\n');
            }
        }
    }
    if let Some(text) = comment.take() {
        if skip_from.is_none() {
            visitor.comment(text.trim());
        }
    }
    visitor.end_game(first_line)
}

fn visit_token<V: Visitor>(token: &str, line: usize, depth: usize, visitor: &mut V) {
    if matches!(token, "1-0" | "0-1" | "1/2-1/2" | "*") {
        if depth == 0 {
            visitor.outcome(token);
        }
        return;
    }
    if let Some(n) = token.strip_prefix('$') {
        if let Ok(nag) = n.parse::<u8>() {
            visitor.nag(nag);
        }
        return;
    }
    if let Some(nag) = nag_of(token) {
        visitor.nag(nag);
        return;
    }
    // Move numbers: `12.`, `12...`, or a number glued to the move: `12.e4`
    // (but `0-0` is castling).
    let stripped = token.trim_start_matches(|c: char| c.is_ascii_digit());
    let token = if stripped.is_empty() {
        return;
    } else if stripped.starts_with('.') {
        stripped.trim_start_matches('.')
    } else {
        token
    };
    if token.is_empty() {
        return;
    }
    // Suffix annotations glued to the move: `e4!?`.
    let body_end = token.find(['!', '?']).unwrap_or(token.len());
    let (body, suffix) = token.split_at(body_end);
    if !body.is_empty() {
        visitor.san(body, line);
    }
    if let Some(nag) = nag_of(suffix) {
        visitor.nag(nag);
    }
}

fn parse_tag_line<V: Visitor>(line: &str, visitor: &mut V) {
    // Possibly several tags on one line: [A "x"] [B "y"]
    let mut rest = line.trim();
    while let Some(open) = rest.find('[') {
        rest = &rest[open + 1..];
        let name_end = rest
            .find(|c: char| c.is_whitespace() || c == '"' || c == ']')
            .unwrap_or(rest.len());
        let name = &rest[..name_end];
        rest = rest[name_end..].trim_start();
        let Some(quoted) = rest.strip_prefix('"') else {
            return;
        };
        let mut value = String::new();
        let mut chars = quoted.char_indices();
        let mut consumed = quoted.len();
        while let Some((i, c)) = chars.next() {
            match c {
                '\\' => {
                    if let Some((_, next)) = chars.next() {
                        value.push(next);
                    }
                }
                '"' => {
                    consumed = i + 1;
                    break;
                }
                _ => value.push(c),
            }
        }
        rest = &quoted[consumed..];
        if let Some(close) = rest.find(']') {
            rest = &rest[close + 1..];
        }
        if !name.is_empty() {
            visitor.tag(name, &value);
        }
    }
}

/// Reads every game of a PGN text with a [`GameBuilder`](super::GameBuilder):
/// each item is a game or the error that stopped it (reading goes on with
/// the next game).
pub fn read_games<R: BufRead>(input: R) -> impl Iterator<Item = Result<super::PgnGame, PgnError>> {
    let mut reader = Reader::new(input);
    let mut builder = super::GameBuilder::new();
    std::iter::from_fn(move || {
        let number = reader.games() + 1;
        builder.set_game_number(number);
        reader.read_game(&mut builder)
    })
}
