//! PGN variations: read into a tree of moves, written back with it, and
//! read again into the same tree.

use proptest::prelude::*;
use sakk::pgn::{
    read_games, read_games_with_variations, write_game, ExportOptions, PgnGame, PgnMove, Variation,
    MAX_VARIATION_DEPTH,
};
use sakk::Position;

const ANNOTATED: &str = "[Event \"Study\"]
[Result \"*\"]

{Before} 1. e4 $1 e5 2. Nf3 (2. Bc4 {the bishop} Nf6 (2... Bc5 3. Qh5 $2) 3. d3) (2. f4 $5) 2... Nc6
3. Bb5 ( { Or } 3. Bc4 Bc5 ) a6 *
";

fn one(text: &str) -> PgnGame {
    let mut games = read_games_with_variations(text.as_bytes());
    match games.next() {
        Some(Ok(g)) => g,
        Some(Err(e)) => panic!("{e}"),
        None => panic!("no game"),
    }
}

fn sans(moves: &[PgnMove]) -> Vec<String> {
    moves.iter().map(|m| m.san.to_string()).collect()
}

#[test]
fn variations_hang_from_the_move_they_replace() {
    let g = one(ANNOTATED);
    assert_eq!(sans(&g.moves), ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]);
    assert_eq!(g.moves[0].nags, [1]);
    assert_eq!(g.comment.as_deref(), Some("Before"));
    let nf3 = &g.moves[2];
    assert_eq!(nf3.variations.len(), 2);
    let bc4 = &nf3.variations[0];
    assert_eq!(sans(&bc4.moves), ["Bc4", "Nf6", "d3"]);
    assert_eq!(bc4.moves[0].comments, ["the bishop"]);
    assert_eq!(sans(&bc4.moves[1].variations[0].moves), ["Bc5", "Qh5"]);
    assert_eq!(bc4.moves[1].variations[0].moves[1].nags, [2]);
    assert_eq!(sans(&nf3.variations[1].moves), ["f4"]);
    let bb5 = &g.moves[4];
    assert_eq!(bb5.variations[0].comment.as_deref(), Some("Or"));
    assert_eq!(sans(&bb5.variations[0].moves), ["Bc4", "Bc5"]);
    // The plain reader skips them, as before.
    let plain = read_games(ANNOTATED.as_bytes()).next();
    let Some(Ok(plain)) = plain else {
        panic!("the plain reader failed")
    };
    assert!(plain.moves.iter().all(|m| m.variations.is_empty()));
    assert_eq!(sans(&plain.moves), sans(&g.moves));
}

#[test]
fn variations_are_written_with_move_numbers_and_read_back() {
    let g = one(ANNOTATED);
    let text = write_game(&g, &ExportOptions::default());
    assert!(text.lines().all(|l| l.len() < 80), "{text}");
    // The movetext, its line breaks as spaces.
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains(
            "{ Before } 1. e4 $1 1... e5 2. Nf3 ( 2. Bc4 { the bishop } 2... Nf6 ( 2... Bc5 3. Qh5 $2 ) 3. d3 )"
        ),
        "{text}"
    );
    assert!(
        flat.contains("( 2. f4 $5 ) 2... Nc6 3. Bb5 ( { Or } 3. Bc4 Bc5 ) 3... a6 *"),
        "{text}"
    );
    let again = one(&text);
    assert_eq!(again.moves, g.moves);
    assert_eq!(again.comment, g.comment);
}

#[test]
fn an_illegal_move_in_a_variation_is_named() {
    let text = "[Event \"x\"]\n\n1. e4 e5 2. Nf3 (2. Nf6) Nc6 *\n";
    let Some(Err(e)) = read_games_with_variations(text.as_bytes()).next() else {
        panic!("read")
    };
    assert_eq!(e.game, 1);
    assert_eq!(e.line, 3);
    assert!(
        e.message().contains("move 2. Nf6 (ply 3)"),
        "{}",
        e.message()
    );
    // Without variations, the same text reads.
    assert!(matches!(read_games(text.as_bytes()).next(), Some(Ok(_))));
}

#[test]
fn a_variation_needs_a_move_before_it() {
    let text = "[Event \"x\"]\n\n(1. d4) 1. e4 *\n";
    let Some(Err(e)) = read_games_with_variations(text.as_bytes()).next() else {
        panic!("read")
    };
    assert!(e.message().contains("no move before it"), "{}", e.message());
}

#[test]
fn variations_nested_too_deep_are_refused_not_followed() {
    let mut text = String::from("[Event \"x\"]\n\n1. e4 ");
    for _ in 0..=MAX_VARIATION_DEPTH {
        text.push_str("( 1. d4 ");
    }
    text.push_str(&")".repeat(MAX_VARIATION_DEPTH + 1));
    text.push_str(" *\n");
    let Some(Err(e)) = read_games_with_variations(text.as_bytes()).next() else {
        panic!("read")
    };
    assert!(e.message().contains("nested deeper"), "{}", e.message());
    // As deep as allowed reads, and the next game is read too.
    let mut ok = String::from("[Event \"x\"]\n\n1. e4 ");
    for _ in 0..MAX_VARIATION_DEPTH {
        ok.push_str("( 1. d4 ");
    }
    ok.push_str(&")".repeat(MAX_VARIATION_DEPTH));
    ok.push_str(" *\n\n[Event \"y\"]\n\n1. c4 *\n");
    let games: Vec<_> = read_games_with_variations(ok.as_bytes()).collect();
    assert_eq!(games.len(), 2);
    let Ok(g) = &games[0] else {
        panic!("{:?}", games[0])
    };
    let mut depth = 0;
    let mut m = &g.moves[0];
    while let Some(v) = m.variations.first() {
        depth += 1;
        m = &v.moves[0];
    }
    assert_eq!(depth, MAX_VARIATION_DEPTH);
}

#[test]
fn an_unclosed_variation_ends_with_the_game() {
    let text = "[Event \"x\"]\n\n1. e4 e5 (1... c5 2. Nf3 *\n";
    let g = one(text);
    assert_eq!(sans(&g.moves), ["e4", "e5"]);
    assert_eq!(sans(&g.moves[1].variations[0].moves), ["c5", "Nf3"]);
}

/// A random tree of legal moves: a main line of up to `len` moves, each
/// with a variation of its own now and then, to `depth` levels.
fn step(seed: &mut u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed
}

fn random_line(start: Position, seed: &mut u64, len: usize, depth: usize) -> Vec<PgnMove> {
    let mut pos = start;
    let mut line = Vec::new();
    for _ in 0..len {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let mv = legal[(step(seed) % legal.len() as u64) as usize];
        let mut m = PgnMove::new(&pos, mv);
        if step(seed) % 4 == 0 {
            m.nags.push((step(seed) % 7) as u8 + 1);
        }
        if step(seed) % 5 == 0 {
            m.comments.push(format!("note {}", step(seed) % 100));
        }
        if depth > 0 && step(seed) % 3 == 0 {
            let len = 1 + (step(seed) % 5) as usize;
            let moves = random_line(pos, seed, len, depth - 1);
            if moves.first().is_some_and(|f| f.mv != mv) {
                m.variations.push(Variation {
                    comment: (step(seed) % 2 == 0).then(|| "why".to_string()),
                    moves,
                });
            }
        }
        pos = pos.after_unchecked(mv);
        line.push(m);
    }
    line
}

proptest! {
    #[test]
    fn any_tree_written_reads_back_the_same(seed in 1u64.., len in 0usize..40, chess960 in 0u16..960) {
        let mut seed = seed;
        let start = if seed % 2 == 0 { Position::new() } else { Position::chess960(chess960).unwrap_or_default() };
        let mut game = PgnGame::new(start);
        game.moves = random_line(start, &mut seed, len, 3);
        game.result = Some("*".to_string());
        let text = write_game(&game, &ExportOptions::default());
        let again = one(&text);
        prop_assert_eq!(&again.moves, &game.moves, "{}", text);
        prop_assert_eq!(again.start, start);
    }
}

#[test]
fn a_tag_problem_is_reported_at_its_games_first_line() {
    let text = "[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n[FEN \"bad\"]\n\n1. e4 *\n";
    let games: Vec<_> = read_games(text.as_bytes()).collect();
    let Err(e) = &games[1] else {
        panic!("{:?}", games[1])
    };
    assert_eq!((e.game, e.line), (2, 5));
    assert_eq!(e.problem.code(), "pgn_bad_fen");
    let checked: Vec<_> = sakk::pgn::check_games(text.as_bytes()).collect();
    let Err(e) = &checked[1] else {
        panic!("{:?}", checked[1])
    };
    assert_eq!((e.game, e.line), (2, 5));
}
