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
    /// Lines read so far.
    line_no: usize,
    games: usize,
    first_line: bool,
    /// The current game's bytes (its lines, line ends removed) ...
    buf: Vec<u8>,
    /// ... and where each line starts in `buf`, with its number.
    lines: Vec<(usize, usize)>,
    /// A line already read that begins the next game.
    pending: Option<(Vec<u8>, usize)>,
}

impl<R: BufRead> Reader<R> {
    /// A reader over `input`.
    pub fn new(input: R) -> Reader<R> {
        Reader {
            input,
            line_no: 0,
            games: 0,
            first_line: true,
            buf: Vec::with_capacity(4096),
            lines: Vec::with_capacity(64),
            pending: None,
        }
    }

    /// How many games have been read so far.
    pub fn games(&self) -> usize {
        self.games
    }

    /// Appends the next line to `buf` (without its line end) and returns its
    /// start, or `None` at the end of the input.
    fn next_line(&mut self) -> Option<(usize, usize)> {
        let start = self.buf.len();
        if let Some((line, number)) = self.pending.take() {
            self.buf.extend_from_slice(&line);
            return Some((start, number));
        }
        match self.input.read_until(b'\n', &mut self.buf) {
            Ok(0) | Err(_) => None,
            Ok(_) => {
                self.line_no += 1;
                if self.first_line {
                    self.first_line = false;
                    if self.buf[start..].starts_with(b"\xef\xbb\xbf") {
                        self.buf.drain(start..start + 3);
                    }
                }
                while let Some(b'\n' | b'\r') = self.buf.last() {
                    if self.buf.len() == start {
                        break;
                    }
                    self.buf.pop();
                }
                Some((start, self.line_no))
            }
        }
    }

    /// Collects the lines of the next game into `buf`: tags, then movetext
    /// up to the result token or the next tag section.
    fn next_raw(&mut self) -> bool {
        self.buf.clear();
        self.lines.clear();
        let mut in_movetext = false;
        let mut in_brace = false;
        while let Some((start, number)) = self.next_line() {
            let line = &self.buf[start..];
            if !in_brace && line.first() == Some(&b'%') {
                self.buf.truncate(start);
                continue; // escape line
            }
            let trimmed = line.trim_ascii_start();
            if !in_brace && trimmed.first() == Some(&b'[') && in_movetext {
                self.pending = Some((line.to_vec(), number));
                self.buf.truncate(start);
                break;
            }
            if self.lines.is_empty() && trimmed.is_empty() {
                self.buf.truncate(start);
                continue;
            }
            let mut ended = false;
            if !in_brace && trimmed.first() == Some(&b'[') {
                // A tag line.
            } else if !trimmed.is_empty() {
                in_movetext = true;
                ended = scan_movetext_line(line, &mut in_brace);
            }
            self.lines.push((start, number));
            if ended {
                break;
            }
        }
        !self.lines.is_empty()
    }

    /// Reads the next game into `visitor`; `None` at the end of the input.
    pub fn read_game<V: Visitor>(&mut self, visitor: &mut V) -> Option<V::Output> {
        if !self.next_raw() {
            return None;
        }
        self.games += 1;
        Some(visit(&self.buf, &self.lines, visitor))
    }
}

/// Scans a movetext line for the end of the game (a result token outside
/// comments and variations at the end of the movetext), tracking `{}`
/// comments across lines. Returns `true` if the game ends on this line.
fn scan_movetext_line(line: &[u8], in_brace: &mut bool) -> bool {
    let mut i = 0;
    let mut ended = false;
    while i < line.len() {
        let c = line[i];
        if *in_brace {
            match memchr_byte(b'}', &line[i..]) {
                Some(j) => {
                    *in_brace = false;
                    i += j + 1;
                }
                None => i = line.len(),
            }
            continue;
        }
        match c {
            b'{' => *in_brace = true,
            b';' => break,
            _ if !c.is_ascii_whitespace() => {
                let start = i;
                while i < line.len()
                    && !line[i].is_ascii_whitespace()
                    && !matches!(line[i], b'{' | b';' | b'(' | b')')
                {
                    i += 1;
                }
                let token = &line[start..i];
                if matches!(token, b"1-0" | b"0-1" | b"1/2-1/2" | b"*") {
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

fn memchr_byte(needle: u8, haystack: &[u8]) -> Option<usize> {
    haystack.iter().position(|&b| b == needle)
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

fn text(bytes: &[u8]) -> std::borrow::Cow<'_, str> {
    String::from_utf8_lossy(bytes)
}

/// Tokenizes one game and feeds the visitor.
fn visit<V: Visitor>(buf: &[u8], lines: &[(usize, usize)], visitor: &mut V) -> V::Output {
    visitor.begin_game();
    let first_line = lines.first().map_or(0, |(_, n)| *n);
    let mut movetext_started = false;
    let mut comment: Option<Vec<u8>> = None;
    let mut depth = 0usize; // variation nesting
    let mut skip_from: Option<usize> = None; // depth at which skipping began
    for (k, &(start, line_no)) in lines.iter().enumerate() {
        let end = lines.get(k + 1).map_or(buf.len(), |(s, _)| *s);
        let line = &buf[start..end];
        if comment.is_none() && !movetext_started && line.trim_ascii_start().first() == Some(&b'[')
        {
            parse_tag_line(&text(line), visitor);
            continue;
        }
        if !movetext_started {
            movetext_started = true;
            visitor.begin_movetext();
        }
        let mut rest: &[u8] = line;
        while !rest.is_empty() {
            if let Some(acc) = comment.as_mut() {
                match memchr_byte(b'}', rest) {
                    Some(end) => {
                        acc.extend_from_slice(&rest[..end]);
                        let done = comment.take().unwrap_or_default();
                        if skip_from.is_none() {
                            visitor.comment(text(&done).trim());
                        }
                        rest = &rest[end + 1..];
                    }
                    None => {
                        acc.extend_from_slice(rest);
                        rest = &[];
                    }
                }
                continue;
            }
            rest = rest.trim_ascii_start();
            let Some(&c) = rest.first() else {
                break;
            };
            match c {
                b'{' => {
                    comment = Some(Vec::new());
                    rest = &rest[1..];
                }
                b';' => {
                    if skip_from.is_none() {
                        visitor.comment(text(&rest[1..]).trim());
                    }
                    rest = &[];
                }
                b'(' => {
                    depth += 1;
                    if skip_from.is_none() && visitor.begin_variation() == Skip::Yes {
                        skip_from = Some(depth);
                    }
                    rest = &rest[1..];
                }
                b')' => {
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
                        .iter()
                        .position(|&ch| {
                            ch.is_ascii_whitespace()
                                || matches!(ch, b'{' | b'}' | b';' | b'(' | b')')
                        })
                        .unwrap_or(rest.len())
                        .max(1);
                    let token = &rest[..end];
                    rest = &rest[end..];
                    if skip_from.is_some() {
                        continue;
                    }
                    visit_token(&text(token), line_no, depth, visitor);
                }
            }
        }
        if let Some(acc) = comment.as_mut() {
            acc.push(b'\n');
        }
    }
    if let Some(acc) = comment.take() {
        if skip_from.is_none() {
            visitor.comment(text(&acc).trim());
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
