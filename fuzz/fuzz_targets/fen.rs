//! Any bytes as FEN, in both castling modes and as `from_any_fen` reads
//! them: no panic, and whatever is accepted writes back to an equal
//! position whose moves all play with a consistent Zobrist key.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sakk::{CastlingMode, Position};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for mode in [CastlingMode::Standard, CastlingMode::Chess960] {
        if let Ok(pos) = Position::from_fen_with_mode(text, mode) {
            let fen = pos.fen();
            let again = Position::from_fen_with_mode(&fen, mode);
            assert_eq!(again, Ok(pos), "{fen}");
            assert_eq!(pos.key(), pos.compute_key());
            for &m in pos.legal_moves().iter() {
                let child = pos.after_unchecked(m);
                assert_eq!(child.key(), child.compute_key(), "{fen} {m}");
                assert!(!child.is_attacked(child.king(pos.turn()), child.turn()));
            }
        }
    }
    if let Ok(pos) = Position::from_any_fen(text) {
        // Read in the mode it chose, its own FEN is the same position.
        let again = Position::from_fen_with_mode(&pos.fen(), pos.castling_mode());
        assert_eq!(again, Ok(pos), "{text}");
    }
});
