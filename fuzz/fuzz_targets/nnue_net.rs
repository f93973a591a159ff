//! Any bytes as a network file (`EvalFile`, `nnue train --init`): no
//! panic; a network that reads writes back to the same bytes, evaluates a
//! position, and goes to floating point and back (`--init`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use sakk::Position;
use sakk_engine::nnue::net::QuantNet;

fuzz_target!(|data: &[u8]| {
    if let Ok(net) = QuantNet::from_bytes(data) {
        assert_eq!(net.to_bytes(), data);
        let _ = net.evaluate_position(&Position::new());
        // Bare kings: the first output bucket.
        if let Ok(bare) = Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1") {
            let _ = net.evaluate_position(&bare);
        }
        let _ = net.dequantize().quantize();
    }
});
