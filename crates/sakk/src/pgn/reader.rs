//! The streaming PGN reader: splits a byte stream into games and tokenizes
//! each game for a [`Visitor`].

use super::scan::{find_any, memchr_byte, token_end, TAG_NAME_ENDS};
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
    /// Whether to be given the tag of this name (`false` spares the reader
    /// reading its value).
    fn wants_tag(&self, _name: &str) -> bool {
        true
    }
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
    /// Whether to be given comments at all (`false` spares the reader
    /// gathering their text).
    fn wants_comments(&self) -> bool {
        true
    }
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
    pub problem: super::PgnProblem,
}

impl PgnError {
    /// What is wrong, in English.
    pub fn message(&self) -> String {
        self.problem.message_en()
    }
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "game {}, line {}: {}",
            self.game,
            self.line,
            self.problem.message_en()
        )
    }
}

impl std::error::Error for PgnError {}

/// Reads games one at a time from a buffered byte stream, in one pass:
/// each line is tokenized as it is read — in place, in the stream's own
/// buffer, when the buffer holds the whole line — and the game ends at its
/// result token (or where the next game's tags begin).
pub struct Reader<R> {
    input: R,
    /// Lines read so far.
    line_no: usize,
    games: usize,
    first_line: bool,
    /// A line that did not fit in the stream's buffer, gathered here.
    line: Vec<u8>,
    /// The gathered line is the next game's first, not read yet.
    gathered_pending: bool,
    /// The text of a `{…}` comment that spans lines.
    comment: String,
}

/// Where the next line is.
enum NextLine {
    /// In the stream's buffer: this many bytes, then this many of line end.
    Buffered(usize, usize),
    /// Gathered in [`Reader::line`] (and consumed).
    Gathered,
    /// The input is over.
    End,
}

/// Where the tokenizer stands inside the movetext.
#[derive(Default)]
struct Movetext {
    /// Inside a `{…}` comment (its text so far is in the reader).
    in_comment: bool,
    /// Variation nesting.
    depth: usize,
    /// The depth at which a skipped variation began.
    skip_from: Option<usize>,
}

impl<R: BufRead> Reader<R> {
    /// A reader over `input`.
    pub fn new(input: R) -> Reader<R> {
        Reader {
            input,
            line_no: 0,
            games: 0,
            first_line: true,
            line: Vec::new(),
            gathered_pending: false,
            comment: String::new(),
        }
    }

    /// How many games have been read so far.
    pub fn games(&self) -> usize {
        self.games
    }

    /// Finds the next line, without consuming it when it lies whole in the
    /// stream's buffer.
    fn next_line(&mut self) -> NextLine {
        if self.gathered_pending {
            self.gathered_pending = false;
            return NextLine::Gathered;
        }
        let buffered = match self.input.fill_buf() {
            Ok([]) | Err(_) => return NextLine::End,
            Ok(buf) => memchr_byte(b'\n', buf).map(|end| (end, 1)),
        };
        if let Some((end, newline)) = buffered {
            return NextLine::Buffered(end, newline);
        }
        self.line.clear();
        match self.input.read_until(b'\n', &mut self.line) {
            Ok(0) | Err(_) => NextLine::End,
            Ok(_) => {
                if self.line.last() == Some(&b'\n') {
                    self.line.pop();
                }
                NextLine::Gathered
            }
        }
    }

    /// Reads the next game into `visitor`; `None` at the end of the input.
    pub fn read_game<V: Visitor>(&mut self, visitor: &mut V) -> Option<V::Output> {
        let mut started = false;
        let mut in_movetext = false;
        let mut first_line_no = 0;
        let mut state = Movetext::default();
        self.comment.clear();
        loop {
            let next = self.next_line();
            let (mut line, consume): (&[u8], usize) = match next {
                NextLine::End => break,
                NextLine::Gathered => (&self.line, 0),
                NextLine::Buffered(end, newline) => match self.input.fill_buf() {
                    Ok(buf) => (&buf[..end], end + newline),
                    Err(_) => break,
                },
            };
            if self.first_line {
                self.first_line = false;
                line = line.strip_prefix(b"\xef\xbb\xbf").unwrap_or(line);
            }
            while let [head @ .., b'\r'] = line {
                line = head;
            }
            let number = self.line_no + 1;
            let trimmed = line.trim_ascii_start();
            let mut done = false;
            let mut skip = false;
            if !state.in_comment {
                if line.first() == Some(&b'%') {
                    skip = true; // escape line
                } else if in_movetext && trimmed.first() == Some(&b'[') {
                    // The next game's tags: left for the next call.
                    self.gathered_pending = consume == 0;
                    break;
                } else if trimmed.is_empty() {
                    skip = true;
                }
            }
            if !skip {
                if !started {
                    started = true;
                    first_line_no = number;
                    visitor.begin_game();
                }
                if !state.in_comment && !in_movetext && trimmed.first() == Some(&b'[') {
                    parse_tag_line(line, visitor);
                } else {
                    if !in_movetext {
                        in_movetext = true;
                        visitor.begin_movetext();
                    }
                    // Checked as UTF-8 once, the whole line.
                    done =
                        tokenize_line(&text(line), number, &mut state, &mut self.comment, visitor);
                }
            }
            self.line_no = number;
            if consume > 0 {
                self.input.consume(consume);
            }
            if done {
                break;
            }
        }
        if !started {
            return None;
        }
        if !in_movetext {
            visitor.begin_movetext();
        }
        if state.in_comment && state.skip_from.is_none() && visitor.wants_comments() {
            visitor.comment(self.comment.trim());
        }
        self.games += 1;
        Some(visitor.end_game(first_line_no))
    }
}

/// Tokenizes one movetext line for the visitor; `true` when the game's
/// result token (outside comments and variations) ends the game.
///
/// It scans bytes: every delimiter is ASCII, so the tokens it cuts fall on
/// character boundaries.
fn tokenize_line<V: Visitor>(
    line: &str,
    line_no: usize,
    state: &mut Movetext,
    comment: &mut String,
    visitor: &mut V,
) -> bool {
    let bytes = line.as_bytes();
    let wants_comments = visitor.wants_comments();
    let mut i = 0;
    if state.in_comment {
        match memchr_byte(b'}', bytes) {
            Some(end) => {
                state.in_comment = false;
                if wants_comments {
                    comment.push_str(&line[..end]);
                    if state.skip_from.is_none() {
                        visitor.comment(comment.trim());
                    }
                    comment.clear();
                }
                i = end + 1;
            }
            None => {
                if wants_comments {
                    comment.push_str(line);
                    comment.push('\n');
                }
                return false;
            }
        }
    }
    while let Some(&byte) = bytes.get(i) {
        if byte == b' ' {
            // Most often one space between tokens.
            i += 1;
            continue;
        }
        match byte {
            b' ' | b'\t' | b'\x0b' | b'\x0c' | b'\r' | b'\n' => i += 1,
            b'{' => {
                let body = &bytes[i + 1..];
                match memchr_byte(b'}', body) {
                    Some(end) => {
                        if wants_comments && state.skip_from.is_none() {
                            visitor.comment(line[i + 1..i + 1 + end].trim());
                        }
                        i += end + 2;
                    }
                    None => {
                        comment.clear();
                        if wants_comments {
                            comment.push_str(&line[i + 1..]);
                            comment.push('\n');
                        }
                        state.in_comment = true;
                        return false;
                    }
                }
            }
            b';' => {
                if wants_comments && state.skip_from.is_none() {
                    visitor.comment(line[i + 1..].trim());
                }
                return false;
            }
            b'(' => {
                state.depth += 1;
                if state.skip_from.is_none() && visitor.begin_variation() == Skip::Yes {
                    state.skip_from = Some(state.depth);
                }
                i += 1;
            }
            b')' => {
                if state.skip_from == Some(state.depth) {
                    state.skip_from = None;
                } else if state.skip_from.is_none() && state.depth > 0 {
                    visitor.end_variation();
                }
                state.depth = state.depth.saturating_sub(1);
                i += 1;
            }
            _ => {
                let end = token_end(&bytes[i..]).max(1);
                let token = &line[i..i + end];
                i += end;
                if state.skip_from.is_some() {
                    continue;
                }
                match token_kind(token.as_bytes()) {
                    TokenKind::Move => visitor.san(token, line_no),
                    TokenKind::MoveNumber => {}
                    TokenKind::Other => {
                        if matches!(token, "1-0" | "0-1" | "1/2-1/2" | "*") {
                            if state.depth == 0 {
                                visitor.outcome(token);
                                return true;
                            }
                            continue;
                        }
                        visit_token(token, line_no, state.depth, visitor);
                    }
                }
            }
        }
    }
    false
}

/// What a token is at first sight: most are moves or move numbers.
enum TokenKind {
    /// Starts with a letter and ends with a letter or digit: a move
    /// without glued annotations.
    Move,
    /// Digits, then one or more dots.
    MoveNumber,
    /// Anything else (results, NAGs, null moves, glued numbers …).
    Other,
}

#[inline]
fn token_kind(token: &[u8]) -> TokenKind {
    match (token.first(), token.last()) {
        (Some(first), Some(last))
            if first.is_ascii_alphabetic() && last.is_ascii_alphanumeric() =>
        {
            TokenKind::Move
        }
        (Some(b'0'..=b'9'), Some(b'.')) => {
            let digits = token.iter().take_while(|b| b.is_ascii_digit()).count();
            if token[digits..].iter().all(|&b| b == b'.') {
                TokenKind::MoveNumber
            } else {
                TokenKind::Other
            }
        }
        _ => TokenKind::Other,
    }
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

/// The bytes as text: borrowed when they are UTF-8 (at once when they are
/// ASCII, as almost all PGN is), else with U+FFFD for what is not.
#[allow(unsafe_code)]
fn text(bytes: &[u8]) -> std::borrow::Cow<'_, str> {
    if bytes.is_ascii() {
        // SAFETY: ASCII is UTF-8. (The check is twice as fast as a UTF-8
        // check, and a PGN reader checks every line.)
        return std::borrow::Cow::Borrowed(unsafe { std::str::from_utf8_unchecked(bytes) });
    }
    match std::str::from_utf8(bytes) {
        Ok(s) => std::borrow::Cow::Borrowed(s),
        Err(_) => String::from_utf8_lossy(bytes),
    }
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
    // Null moves as programs write them (`0000` is no move number).
    if matches!(token, "--" | "0000" | "@@@@" | "Z0") {
        visitor.san(token, line);
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

fn parse_tag_line<V: Visitor>(line: &[u8], visitor: &mut V) {
    // Possibly several tags on one line: [A "x"] [B "y"].
    let mut rest = line.trim_ascii();
    loop {
        // Most often the line begins with its tag's bracket.
        let open = match rest.first() {
            Some(b'[') => 0,
            _ => match memchr_byte(b'[', rest) {
                Some(open) => open,
                None => break,
            },
        };
        rest = &rest[open + 1..];
        let name_end = rest
            .iter()
            .position(|&b| TAG_NAME_ENDS[b as usize])
            .unwrap_or(rest.len());
        let name = text(&rest[..name_end]);
        rest = rest[name_end..].trim_ascii_start();
        let wanted = !name.is_empty() && visitor.wants_tag(&name);
        if !wanted && memchr_byte(b'[', rest).is_none() {
            // No other tag on the line: its value need not be read.
            return;
        }
        let Some(quoted) = rest.strip_prefix(b"\"") else {
            return;
        };
        // The value ends at the first `"` not escaped by a backslash.
        let (mut end, mut escaped) = (None, false);
        let mut i = 0;
        while let Some(at) = find_any(&quoted[i..], [b'"', b'\\']) {
            if quoted[i + at] == b'"' {
                end = Some(i + at);
                break;
            }
            escaped = true;
            i += at + 2;
            if i >= quoted.len() {
                break;
            }
        }
        let raw = &quoted[..end.unwrap_or(quoted.len())];
        rest = &quoted[end.map_or(quoted.len(), |e| e + 1)..];
        if let Some(close) = memchr_byte(b']', rest) {
            rest = &rest[close + 1..];
        }
        if !wanted {
            continue;
        }
        if escaped {
            let mut value = Vec::with_capacity(raw.len());
            let mut bytes = raw.iter();
            while let Some(&b) = bytes.next() {
                if b != b'\\' {
                    value.push(b);
                } else if let Some(&next) = bytes.next() {
                    value.push(next);
                }
            }
            visitor.tag(&name, &text(&value));
        } else {
            visitor.tag(&name, &text(raw));
        }
    }
}

/// Reads every game of a PGN text with a [`GameBuilder`](super::GameBuilder):
/// each item is a game or the error that stopped it (reading goes on with
/// the next game).
pub fn read_games<R: BufRead>(input: R) -> impl Iterator<Item = Result<super::PgnGame, PgnError>> {
    read_games_with(input, super::GameBuilder::new())
}

/// [`read_games`], with each game's variations, comments and glyphs kept
/// ([`GameBuilder::with_variations`](super::GameBuilder::with_variations)).
pub fn read_games_with_variations<R: BufRead>(
    input: R,
) -> impl Iterator<Item = Result<super::PgnGame, PgnError>> {
    read_games_with(input, super::GameBuilder::with_variations())
}

fn read_games_with<R: BufRead>(
    input: R,
    mut builder: super::GameBuilder,
) -> impl Iterator<Item = Result<super::PgnGame, PgnError>> {
    let mut reader = Reader::new(input);
    std::iter::from_fn(move || {
        let number = reader.games() + 1;
        builder.set_game_number(number);
        reader.read_game(&mut builder)
    })
}
