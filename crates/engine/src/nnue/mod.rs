//! The efficiently updatable neural network evaluation (NNUE): its training
//! data, the trainer and the network itself.
//!
//! The data: self-play positions with their search scores and their games'
//! results, 32 bytes each ([`packed`]), written by `sakk tune datagen
//! --format packed`.

use std::sync::{Arc, OnceLock};

pub mod features;
pub mod file;
pub mod net;
pub mod packed;
pub mod simd;
pub mod stack;
pub mod train;

/// The network built into the binary and the engine's default evaluation:
/// `nets/sakk-14.nnue`, net 14 of the recipe in BENCHMARKS.md: net 13 (net
/// 5, of 9.99 million positions, given eight output buckets and fine-tuned
/// eight times on its successors' self-play) fine-tuned on 8.16 million
/// positions of its own, net 12's and net 11's self-play with the game's
/// result weighing a tenth of the target, which beat net 13 by +30.0 Elo
/// (+12.0 … +48.2) in 825 games at 20,000 nodes a move (its sequential
/// test accepted, LLR 2.97), net 13 itself ahead of nets 12, 11, 10, 9, 8,
/// 7, 6, 5 and 4 and the hand-made evaluation. The hand-made evaluation
/// stays available for comparison (UCI option `UseNNUE false`); `EvalFile`
/// loads another network.
pub static EMBEDDED_BYTES: &[u8] = include_bytes!("../../nets/sakk-14.nnue");

/// The built-in network, read once.
///
/// # Errors
/// The built-in file is not a network (a broken build).
pub fn embedded() -> Result<Arc<net::QuantNet>, net::NetError> {
    static NET: OnceLock<Result<Arc<net::QuantNet>, net::NetError>> = OnceLock::new();
    NET.get_or_init(|| net::QuantNet::from_bytes(EMBEDDED_BYTES).map(Arc::new))
        .clone()
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_built_in_network_reads() {
        let net = match super::embedded() {
            Ok(n) => n,
            Err(e) => panic!("{e}"),
        };
        assert_eq!((net.hidden, net.buckets), (128, 8));
        assert_eq!(format!("{:016x}", net.hash()), "c472dfd9be1e64c1");
    }
}
