//! Any bytes as PGN: no panic; every game that is read writes back to PGN
//! that reads as the same moves.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sakk::pgn::{read_games, write_game, ExportOptions};

fuzz_target!(|data: &[u8]| {
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
