//! `sakk pgn check FILE` and `sakk pgn export [--lang en|hu] FILE`.

use std::fs::File;
use std::io::{BufRead, BufReader, Read, Write};

use sakk::pgn::{
    check_games, read_games, write_game, CheckedGame, ExportOptions, PgnError, ResultTag,
    ResultToken,
};
use sakk::{Effort, GameResult, Lang, Mateability, Position};

use crate::Failure;

fn open(path: &str) -> Result<Box<dyn BufRead>, Failure> {
    if path == "-" {
        return Ok(Box::new(BufReader::new(std::io::stdin())));
    }
    open_file(path).map(|f| Box::new(BufReader::with_capacity(BUFFER, f)) as Box<dyn BufRead>)
}

/// The read buffer: large, since the reader reads lines in place in it and
/// gathers only those that straddle its end; small enough to stay in the
/// processor's second-level cache between the read and the reading (1 MiB
/// read a file of short games 1% slower).
const BUFFER: usize = 128 << 10;

/// The file at `path`; a directory is refused.
fn open_file(path: &str) -> Result<File, Failure> {
    if std::path::Path::new(path).is_dir() {
        return Err(Failure::usage(format!(
            "{path} is a directory: give a PGN file (or - for standard input)"
        )));
    }
    File::open(path).map_err(|e| Failure::usage(format!("cannot open {path}: {e}")))
}

/// The problems of a game that was read without a move error: no result
/// token, a `Result` tag that says otherwise, and a result that the final
/// position contradicts — a checkmate ends the game with its own result, a
/// dead position (FIDE 5.2.2) as a draw, and a side that cannot checkmate
/// by any series of legal moves does not win (on time, 6.9, or by the
/// other's resignation, 5.1.2 since 2023).
fn result_problems(number: usize, game: &CheckedGame, prove_dead: bool) -> Vec<String> {
    let mut problems = Vec::new();
    let line = game.line;
    let Some(token) = game.result else {
        problems.push(format!(
            "game {number}, line {line}: no result token (1-0, 0-1, 1/2-1/2 or *) ends the movetext"
        ));
        return problems;
    };
    if let Some(tag) = &game.result_tag {
        if *tag != ResultTag::Token(token) {
            problems.push(format!(
                "game {number}, line {line}: the Result tag says {tag} but the movetext ends with {token}"
            ));
        }
    }
    if let Some(why) = final_position_problem(&game.end, token, prove_dead) {
        problems.push(format!("game {number}, line {line}: {why}"));
    }
    problems
}

/// What the final position says against the result, if anything: a mate
/// against any other result (`*` included); a decisive result only by the
/// proofs cheap enough for
/// every game of a file (under a microsecond): the material and a wall of
/// blocked pawns; with `prove_dead`, also the full proof (milliseconds to
/// seconds) where the final position passes the screen
/// ([`Position::may_be_dead`]).
fn final_position_problem(end: &Position, token: ResultToken, prove_dead: bool) -> Option<String> {
    if end.is_checkmate() {
        let automatic = GameResult::wins(!end.turn());
        return (token != ResultToken::Decided(automatic)).then(|| {
            format!("the game ends in checkmate ({automatic}) but the result is {token}")
        });
    }
    let ResultToken::Decided(result) = token else {
        return None;
    };
    let winner = result.winner()?;
    if end.has_insufficient_material() || end.is_blocked_dead() {
        return Some(format!(
            "the game ends in a dead position (1/2-1/2: neither side can checkmate) but the result is {token}"
        ));
    }
    let cannot_mate = || {
        format!("the result is {token}, but {winner} cannot checkmate by any series of legal moves, which makes it a draw")
    };
    if !end.can_checkmate(winner) {
        return Some(cannot_mate());
    }
    // The winner's search first: most often it finds a mate at once, and
    // the loser's is asked only when the winner cannot mate.
    if prove_dead
        && end.may_be_dead()
        && end.mateability(winner, Effort::Full) == Mateability::CannotMate
    {
        if end.mateability(!winner, Effort::Full) == Mateability::CannotMate {
            return Some(format!(
                "the game ends in a dead position (1/2-1/2: neither side can checkmate, shown by the full proof) but the result is {token}"
            ));
        }
        return Some(cannot_mate());
    }
    None
}

/// Checks every game; prints one line per problem, then `games: N, errors: M`.
/// Exit status 1 when there are problems. Only what a check needs is kept
/// of each game ([`check_games`]): it runs at the reader's speed. With more
/// than one thread (the default: one per core) a file is read in blocks of
/// 64 MiB, each cut at game boundaries into pieces checked at once; the
/// report is the same, in the same order.
pub fn check(path: &str, threads: Option<usize>, prove_dead: bool) -> Result<(), Failure> {
    let threads = threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from))
        .max(1);
    let mut out = std::io::stdout().lock();
    let mut tally = Tally {
        prove_dead,
        ..Tally::default()
    };
    if path == "-" {
        for game in check_games(open(path)?) {
            tally.report(&mut out, game);
        }
    } else if threads == 1 {
        // The file's own reader, not a boxed one: the reader's calls for
        // each line are inlined.
        let file = BufReader::with_capacity(BUFFER, open_file(path)?);
        for game in check_games(file) {
            tally.report(&mut out, game);
        }
    } else {
        let file = open_file(path)?;
        check_parallel(file, BLOCK, threads, &mut tally, &mut out)
            .map_err(|e| Failure::other(format!("cannot read {path}: {e}")))?;
    }
    let _ = writeln!(out, "games: {}, errors: {}", tally.games, tally.errors);
    let _ = out.flush();
    if tally.errors > 0 {
        std::process::exit(1);
    }
    Ok(())
}

/// How much of a file the parallel check reads at a time.
const BLOCK: usize = 64 << 20;

/// The report so far: games and errors counted, and the lines before the
/// piece being reported.
#[derive(Default)]
struct Tally {
    /// Whether a decisive result is questioned with the full dead-position
    /// proof too.
    prove_dead: bool,
    games: usize,
    errors: usize,
    line_offset: usize,
}

impl Tally {
    fn report(&mut self, out: &mut impl Write, game: Result<CheckedGame, PgnError>) {
        self.games += 1;
        let problems = match game {
            Ok(g) => result_problems(self.games, &g, self.prove_dead),
            Err(e) => vec![e.to_string()],
        };
        for p in problems {
            self.errors += 1;
            let _ = writeln!(out, "{p}");
        }
    }

    /// Reports a game of a piece: its number and lines counted from the
    /// piece's start, made the file's.
    fn report_shifted(&mut self, out: &mut impl Write, game: Result<CheckedGame, PgnError>) {
        let shift = self.line_offset;
        let game = match game {
            Ok(mut g) => {
                g.line += shift;
                Ok(g)
            }
            Err(mut e) => {
                e.line += shift;
                e.game = self.games + 1;
                Err(e)
            }
        };
        self.report(out, game);
    }
}

/// The parallel check: `input` read `block` bytes at a time, each block up
/// to its last game boundary cut into pieces for `threads` threads, the
/// games reported in order.
fn check_parallel(
    mut input: impl Read,
    block: usize,
    threads: usize,
    tally: &mut Tally,
    out: &mut impl Write,
) -> std::io::Result<()> {
    let mut buffer: Vec<u8> = Vec::new();
    let mut eof = false;
    while !eof {
        let n = (&mut input).take(block as u64).read_to_end(&mut buffer)?;
        eof = n < block;
        // Up to the last game boundary (all of it at the end).
        let cut = if eof {
            buffer.len()
        } else {
            match last_boundary(&buffer) {
                Some(c) if c > 0 => c,
                _ => continue, // one game longer than a block: read on
            }
        };
        let pieces = split(&buffer[..cut], threads);
        for (results, lines) in check_pieces(&pieces, threads) {
            for game in results {
                tally.report_shifted(out, game);
            }
            tally.line_offset += lines;
        }
        buffer.drain(..cut);
    }
    Ok(())
}

/// Where games begin: a `[` at the start of a line after an empty line
/// (the tag section of the next game).
fn boundaries(text: &[u8]) -> impl Iterator<Item = usize> + '_ {
    text.windows(3).enumerate().filter_map(|(i, w)| {
        let after_blank = w[0] == b'\n' && (w[1] == b'\n' || (w[1] == b'\r' && w[2] == b'\n'));
        if !after_blank {
            return None;
        }
        let start = if w[1] == b'\n' { i + 2 } else { i + 3 };
        (text.get(start) == Some(&b'[')).then_some(start)
    })
}

/// The last game boundary of `text`, if any.
fn last_boundary(text: &[u8]) -> Option<usize> {
    // Search backwards from the end a window at a time.
    let mut end = text.len();
    while end > 0 {
        let begin = end.saturating_sub(1 << 16);
        let from = begin.saturating_sub(3);
        if let Some(b) = boundaries(&text[from..end]).last() {
            return Some(from + b);
        }
        end = begin;
    }
    None
}

/// Cuts `text` at game boundaries into about `n` pieces.
fn split(text: &[u8], n: usize) -> Vec<&[u8]> {
    let mut pieces = Vec::with_capacity(n);
    let mut start = 0;
    for k in 1..n {
        let target = (text.len() * k / n).max(start);
        let next = boundaries(&text[target..]).next().map(|b| target + b);
        if let Some(cut) = next.filter(|&c| c > start) {
            pieces.push(&text[start..cut]);
            start = cut;
        }
    }
    pieces.push(&text[start..]);
    pieces
}

/// Checks the pieces on up to `threads` threads; for each, in order, its
/// games and its number of lines.
type Checked = (Vec<Result<CheckedGame, PgnError>>, usize);

fn check_pieces(pieces: &[&[u8]], threads: usize) -> Vec<Checked> {
    let next = std::sync::atomic::AtomicUsize::new(0);
    let slots: Vec<std::sync::Mutex<Option<Checked>>> =
        pieces.iter().map(|_| std::sync::Mutex::new(None)).collect();
    std::thread::scope(|scope| {
        for _ in 0..threads.min(pieces.len()) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some(piece) = pieces.get(i) else {
                    break;
                };
                let games: Vec<_> = check_games(*piece).collect();
                let lines = piece.iter().filter(|&&b| b == b'\n').count();
                if let Ok(mut slot) = slots[i].lock() {
                    *slot = Some((games, lines));
                }
            });
        }
    });
    slots
        .into_iter()
        .map(|m| {
            m.into_inner()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .unwrap_or_default()
        })
        .collect()
}

/// Writes the games back in export format; games that cannot be read are
/// reported on stderr (one line each) and left out. Exit status 1 if any.
pub fn export(path: &str, lang: Lang) -> Result<(), Failure> {
    let input = open(path)?;
    let mut out = std::io::stdout().lock();
    let mut failed = 0;
    for game in read_games(input) {
        match game {
            Ok(g) => {
                let _ = out.write_all(write_game(&g, &ExportOptions { lang }).as_bytes());
            }
            Err(e) => {
                failed += 1;
                eprintln!("{e}");
            }
        }
    }
    let _ = out.flush();
    if failed > 0 {
        std::process::exit(1);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Games with every kind of problem, at every place in the text.
    fn text() -> String {
        let mut out = String::new();
        for i in 0..60 {
            out.push_str(&format!("[Event \"{i}\"]\n[Result \"1-0\"]\n\n"));
            out.push_str(match i % 6 {
                0 => "1. e4 e5 2. Nf3 Nc6 1-0\n\n",
                1 => "1. e4 e5 2. Ke3 1-0\n\n",
                2 => "1. e4 e5 2. Nf3 Nc6\n\n",
                3 => "1. f3 e5 2. g4 Qh4# 1-0\n\n",
                4 => "1. e4 {a comment\n\nover lines} e5 0-1\n\n",
                _ => "1. d4 d5 2. c4 e6 3. Nc3 Nf6 *\n\n",
            });
        }
        out
    }

    fn sequential(text: &str) -> String {
        let mut out = Vec::new();
        let mut tally = Tally::default();
        for game in check_games(text.as_bytes()) {
            tally.report(&mut out, game);
        }
        format!(
            "{}{} {}",
            String::from_utf8_lossy(&out),
            tally.games,
            tally.errors
        )
    }

    #[test]
    fn the_parallel_check_reports_as_the_sequential_one() {
        let text = text();
        let expected = sequential(&text);
        assert!(
            expected.contains("game 2, line 9: move 2. Ke3"),
            "{expected}"
        );
        for (block, threads) in [(1 << 20, 3), (700, 2), (333, 4), (64, 3)] {
            let mut out = Vec::new();
            let mut tally = Tally::default();
            if let Err(e) = check_parallel(text.as_bytes(), block, threads, &mut tally, &mut out) {
                panic!("{e}");
            }
            let got = format!(
                "{}{} {}",
                String::from_utf8_lossy(&out),
                tally.games,
                tally.errors
            );
            assert_eq!(got, expected, "block {block}, threads {threads}");
        }
    }
}
