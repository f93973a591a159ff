//! Any bytes as SAN in every language, against a few positions: no panic,
//! and a move that is found writes back to SAN that reads as the same move.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sakk::{Lang, Position, San};

const FENS: [&str; 4] = [
    sakk::STARTING_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "1n5k/P7/8/8/8/8/8/K7 w - - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
];

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for fen in FENS {
        let Ok(pos) = Position::from_fen(fen) else {
            return;
        };
        for lang in Lang::ALL {
            let _ = San::parse(text, lang);
            if let Ok(m) = pos.parse_san(text, lang) {
                assert!(pos.is_legal(m));
                let written = pos.san(m).display(lang).to_string();
                assert_eq!(pos.parse_san(&written, lang), Ok(m), "{text} -> {written}");
            }
        }
    }
});
