//! Any bytes as a UCI move: no panic, and a move that is found is legal and
//! writes back to UCI that reads as the same move.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sakk::{Position, Uci};

const FENS: [&str; 3] = [
    sakk::STARTING_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "1n5k/P7/8/8/8/8/8/K7 w - - 0 1",
];

fuzz_target!(|data: &[u8]| {
    let _ = Uci::from_ascii(data);
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for fen in FENS {
        let Ok(pos) = Position::from_fen(fen) else {
            return;
        };
        if let Ok(m) = pos.parse_uci(text) {
            assert!(pos.is_legal(m));
            assert_eq!(pos.parse_uci(&pos.uci(m).to_string()), Ok(m));
        }
    }
});
