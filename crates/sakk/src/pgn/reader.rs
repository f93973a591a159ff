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
    /// The current game's bytes, line ends included.
    buf: Vec<u8>,
    /// Where the movetext starts in `buf` (the tags are before it).
    movetext: usize,
    /// The numbers of the game's first line and of its first movetext line.
    first_line_no: usize,
    movetext_line_no: usize,
    /// A line already read that begins the next game.
    pending: Option<(Vec<u8>, usize)>,
}

/// A line without its line end.
fn content(line: &[u8]) -> &[u8] {
    let mut line = line;
    while let [rest @ .., b'\n' | b'\r'] = line {
        line = rest;
    }
    line
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
            movetext: 0,
            first_line_no: 0,
            movetext_line_no: 0,
            pending: None,
        }
    }

    /// How many games have been read so far.
    pub fn games(&self) -> usize {
        self.games
    }

    /// Appends the next line to `buf` and returns its start and number, or
    /// `None` at the end of the input.
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
                if self.buf.last() != Some(&b'\n') {
                    self.buf.push(b'\n');
                }
                Some((start, self.line_no))
            }
        }
    }

    /// Collects the lines of the next game into `buf`: tags, then movetext
    /// up to the result token or the next tag section.
    fn next_raw(&mut self) -> bool {
        self.buf.clear();
        self.movetext = usize::MAX;
        self.first_line_no = 0;
        let mut in_brace = false;
        let mut any = false;
        while let Some((start, number)) = self.next_line() {
            let line = content(&self.buf[start..]);
            let in_movetext = self.movetext != usize::MAX;
            if !in_brace && line.first() == Some(&b'%') {
                self.buf.truncate(start);
                continue; // escape line
            }
            let trimmed = line.trim_ascii_start();
            if !in_brace && trimmed.first() == Some(&b'[') && in_movetext {
                self.pending = Some((self.buf[start..].to_vec(), number));
                self.buf.truncate(start);
                break;
            }
            if !any && trimmed.is_empty() {
                self.buf.truncate(start);
                continue;
            }
            if !any {
                any = true;
                self.first_line_no = number;
            }
            let mut ended = false;
            if !in_brace && !in_movetext && trimmed.first() == Some(&b'[') {
                // A tag line.
            } else if !trimmed.is_empty() {
                if !in_movetext {
                    self.movetext = start;
                    self.movetext_line_no = number;
                }
                ended = scan_movetext_line(line, &mut in_brace);
            }
            if ended {
                break;
            }
        }
        if self.movetext == usize::MAX {
            self.movetext = self.buf.len();
            self.movetext_line_no = self.line_no;
        }
        any
    }

    /// Reads the next game into `visitor`; `None` at the end of the input.
    pub fn read_game<V: Visitor>(&mut self, visitor: &mut V) -> Option<V::Output> {
        if !self.next_raw() {
            return None;
        }
        self.games += 1;
        let (tags, movetext) = self.buf.split_at(self.movetext);
        Some(visit(
            tags,
            movetext,
            self.first_line_no,
            self.movetext_line_no,
            visitor,
        ))
    }
}

/// Scans a movetext line for the end of the game (a result token outside
/// comments and variations at the end of the movetext), tracking `{}`
/// comments across lines. Returns `true` if the game ends on this line.
fn scan_movetext_line(line: &[u8], in_brace: &mut bool) -> bool {
    let mut i = 0;
    let mut ended = false;
    while i < line.len() {
        if *in_brace {
            match memchr_byte(b'}', &line[i..]) {
                Some(j) => {
                    *in_brace = false;
                    i += j + 1;
                }
                None => break,
            }
            continue;
        }
        // One pass for the bytes that matter: a comment, or the '-' / '*'
        // that every result token has.
        let Some(j) = find_any(&line[i..], [b'{', b';', b'-', b'*']) else {
            break;
        };
        let at = i + j;
        match line[at] {
            b'{' => {
                *in_brace = true;
                i = at + 1;
            }
            b';' => break,
            _ => {
                let start = line[..at]
                    .iter()
                    .rposition(|&b| is_delimiter(b))
                    .map_or(0, |p| p + 1);
                let end = line[at..]
                    .iter()
                    .position(|&b| is_delimiter(b))
                    .map_or(line.len(), |p| at + p);
                ended |= matches!(&line[start..end], b"1-0" | b"0-1" | b"1/2-1/2" | b"*");
                i = end.max(at + 1);
            }
        }
    }
    ended
}

/// The first position of any of the `needles`, eight bytes at a time.
fn find_any<const N: usize>(haystack: &[u8], needles: [u8; N]) -> Option<usize> {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    let patterns = needles.map(|n| LO * u64::from(n));
    let mut chunks = haystack.chunks_exact(8);
    let mut offset = 0;
    for chunk in &mut chunks {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        let w = u64::from_le_bytes(word);
        let mut found = 0;
        for p in patterns {
            let x = w ^ p;
            found |= x.wrapping_sub(LO) & !x & HI;
        }
        if found != 0 {
            // The lowest flagged byte is exact (borrows only run upwards).
            return Some(offset + (found.trailing_zeros() / 8) as usize);
        }
        offset += 8;
    }
    chunks
        .remainder()
        .iter()
        .position(|b| needles.contains(b))
        .map(|i| offset + i)
}

/// Bytes that end a token.
const DELIMITERS: [bool; 256] = {
    let mut table = [false; 256];
    let bytes = b" \t\n\r\x0b\x0c{};()";
    let mut i = 0;
    while i < bytes.len() {
        table[bytes[i] as usize] = true;
        i += 1;
    }
    table
};

#[inline]
fn is_delimiter(b: u8) -> bool {
    DELIMITERS[b as usize]
}

/// The first position of `needle`.
fn memchr_byte(needle: u8, haystack: &[u8]) -> Option<usize> {
    find_any(haystack, [needle])
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
    match std::str::from_utf8(bytes) {
        Ok(s) => std::borrow::Cow::Borrowed(s),
        Err(_) => String::from_utf8_lossy(bytes),
    }
}

/// Tokenizes one game and feeds the visitor.
fn visit<V: Visitor>(
    tags: &[u8],
    movetext: &[u8],
    first_line: usize,
    mut line_no: usize,
    visitor: &mut V,
) -> V::Output {
    visitor.begin_game();
    for line in tags.split(|&b| b == b'\n') {
        if !line.trim_ascii().is_empty() {
            parse_tag_line(&text(line), visitor);
        }
    }
    visitor.begin_movetext();
    // Checked as UTF-8 once; every delimiter is ASCII, so the slices below
    // fall on character boundaries.
    let movetext_text = text(movetext);
    let movetext_str: &str = &movetext_text;
    let movetext = movetext_str.as_bytes();
    let mut depth = 0usize; // variation nesting
    let mut skip_from: Option<usize> = None; // depth at which skipping began
    let mut i = 0;
    while i < movetext.len() {
        let c = movetext[i];
        match c {
            b'\n' => {
                line_no += 1;
                i += 1;
            }
            b' ' | b'\t' | b'\r' | b'\x0b' | b'\x0c' => i += 1,
            b'{' => {
                let body = &movetext[i + 1..];
                let end = memchr_byte(b'}', body).unwrap_or(body.len());
                let comment = &body[..end];
                if skip_from.is_none() {
                    visitor.comment(movetext_str[i + 1..i + 1 + end].trim());
                }
                line_no += comment.iter().filter(|&&b| b == b'\n').count();
                i += 1 + end + 1;
            }
            b';' => {
                let body = &movetext[i + 1..];
                let end = memchr_byte(b'\n', body).unwrap_or(body.len());
                if skip_from.is_none() {
                    visitor.comment(movetext_str[i + 1..i + 1 + end].trim());
                }
                i += 1 + end;
            }
            b'(' => {
                depth += 1;
                if skip_from.is_none() && visitor.begin_variation() == Skip::Yes {
                    skip_from = Some(depth);
                }
                i += 1;
            }
            b')' => {
                if skip_from == Some(depth) {
                    skip_from = None;
                } else if skip_from.is_none() && depth > 0 {
                    visitor.end_variation();
                }
                depth = depth.saturating_sub(1);
                i += 1;
            }
            _ => {
                let rest = &movetext[i..];
                let mut end = rest
                    .iter()
                    .position(|&ch| is_delimiter(ch))
                    .unwrap_or(rest.len())
                    .max(1);
                // Stay on a character boundary (a lone non-ASCII byte).
                while !movetext_str.is_char_boundary(i + end) {
                    end += 1;
                }
                if skip_from.is_none() {
                    visit_token(&movetext_str[i..i + end], line_no, depth, visitor);
                }
                i += end;
            }
        }
    }
    visitor.end_game(first_line)
}

fn visit_token<V: Visitor>(token: &str, line: usize, depth: usize, visitor: &mut V) {
    // The common case first: a move that starts with a letter and carries
    // no annotation.
    let bytes = token.as_bytes();
    if bytes.first().is_some_and(u8::is_ascii_alphabetic)
        && bytes.last().is_some_and(|b| b.is_ascii_alphanumeric())
    {
        visitor.san(token, line);
        return;
    }
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
