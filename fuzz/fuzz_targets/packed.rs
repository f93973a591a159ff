//! Any 32 bytes as a packed training position: no panic, and what reads
//! packs back to the same bytes (the encoding is canonical).
#![no_main]

use libfuzzer_sys::fuzz_target;
use sakk_engine::nnue::packed::{pack, unpack, PACKED_SIZE};

fuzz_target!(|data: &[u8]| {
    let mut bytes = [0u8; PACKED_SIZE];
    let n = data.len().min(PACKED_SIZE);
    bytes[..n].copy_from_slice(&data[..n]);
    if let Ok(sample) = unpack(&bytes) {
        assert_eq!(pack(&sample), Ok(bytes));
    }
});
