//! Any bytes as PGN: no panic; every game that is read writes back to PGN
//! that reads as the same moves; the checker (`sakk pgn check`) agrees with
//! the builder on which games have errors and on their lengths.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sakk::pgn::{check_games, read_games, write_game, ExportOptions};

fuzz_target!(|data: &[u8]| {
    for (built, checked) in read_games(data).zip(check_games(data)).take(20) {
        match (built, checked) {
            (Ok(b), Ok(c)) => assert_eq!(b.moves.len(), c.plies),
            (Err(b), Err(c)) => assert_eq!(b, c),
            (b, c) => panic!("{b:?} / {c:?}"),
        }
    }
    for game in read_games(data).take(20) {
        let Ok(game) = game else {
            continue;
        };
        let text = write_game(&game, &ExportOptions::default());
        let again: Vec<_> = read_games(text.as_bytes()).collect();
        assert_eq!(again.len(), 1, "{text}");
        match &again[0] {
            Ok(g) => assert_eq!(g.moves, game.moves, "{text}"),
            Err(e) => panic!("{e}\n{text}"),
        }
    }
});
