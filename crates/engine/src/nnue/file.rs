//! The network file: `SAKKNNUE`, a version, the hidden size, (versions 2
//! and 3) the number of output buckets and (version 3) the layout of king
//! buckets, then every weight little-endian. A network of one output
//! bucket and one set of input weights is written as version 1, one of
//! several output buckets as version 2, as before king buckets were, so
//! that each network has exactly one encoding (its [`QuantNet::hash`] names
//! it in `id name` and `bench`).

use std::fmt;

use super::features::{KingBuckets, INPUTS};
use super::net::{QuantNet, MAX_BUCKETS, MAX_OUT_WEIGHT};

/// Why bytes are not a network.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NetError {
    /// The file does not start with `SAKKNNUE` and version 1, 2 or 3.
    NotANet,
    /// A hidden size of 0 or over 4,096.
    BadHidden(u32),
    /// A number of output buckets of 0 or over [`MAX_BUCKETS`], or of 1 in
    /// version 2, the format of several (a net of one output bucket and one
    /// set of input weights has one encoding, version 1).
    BadBuckets(u32),
    /// A layout of king buckets version 3 does not know, or the layout of
    /// one (written as version 1 or 2).
    BadKings(u32),
    /// An output weight beyond ±[`MAX_OUT_WEIGHT`].
    OutputWeight(i16),
    /// The file's length does not match its hidden size and buckets.
    WrongLength {
        /// The length the header implies.
        expected: usize,
        /// The length found.
        found: usize,
    },
}

impl fmt::Display for NetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetError::NotANet => {
                write!(
                    f,
                    "not a sakk network (no SAKKNNUE header, version 1, 2 or 3)"
                )
            }
            NetError::BadHidden(h) => write!(f, "hidden size {h}: must be 1 to 4096"),
            NetError::BadBuckets(b) => {
                write!(
                    f,
                    "{b} output buckets: must be 1 to {MAX_BUCKETS} (2 to {MAX_BUCKETS} in version 2)"
                )
            }
            NetError::BadKings(k) => {
                write!(f, "{k} king buckets in version 3: must be 8")
            }
            NetError::OutputWeight(w) => {
                write!(f, "output weight {w}: must be within ±{MAX_OUT_WEIGHT}")
            }
            NetError::WrongLength { expected, found } => {
                write!(f, "{found} bytes where the header implies {expected}")
            }
        }
    }
}

impl std::error::Error for NetError {}

const MAGIC: &[u8; 8] = b"SAKKNNUE";
/// The format of a network of one output bucket (the header: magic,
/// version, hidden size).
const VERSION_SINGLE: u32 = 1;
/// The format of a network of several (the header has their number after
/// the hidden size).
const VERSION_BUCKETED: u32 = 2;
/// The format of a network of king buckets (the header has their layout,
/// [`KingBuckets::id`], after the output buckets).
const VERSION_KINGS: u32 = 3;

impl QuantNet {
    /// The network as bytes: `SAKKNNUE`, version and hidden size (u32
    /// little-endian), in versions 2 and 3 the number of output buckets, in
    /// version 3 the layout of king buckets; then the first layer's weights
    /// and biases, the output's weights (i16 little-endian) and its biases
    /// (i32). A network of one set of input weights is written as version 1
    /// (one output bucket) or 2, as before king buckets were.
    pub fn to_bytes(&self) -> Vec<u8> {
        let (version, header) = match (self.kings, self.buckets) {
            (KingBuckets::One, 1) => (VERSION_SINGLE, 16),
            (KingBuckets::One, _) => (VERSION_BUCKETED, 20),
            _ => (VERSION_KINGS, 24),
        };
        let weights = self.ft_w.len() + self.ft_b.len() + self.out_w.len();
        let mut out = Vec::with_capacity(header + 2 * weights + 4 * self.out_b.len());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&version.to_le_bytes());
        out.extend_from_slice(&(self.hidden as u32).to_le_bytes());
        if version != VERSION_SINGLE {
            out.extend_from_slice(&(self.buckets as u32).to_le_bytes());
        }
        if version == VERSION_KINGS {
            out.extend_from_slice(&self.kings.id().to_le_bytes());
        }
        for v in self.ft_w.iter().chain(&self.ft_b).chain(&self.out_w) {
            out.extend_from_slice(&v.to_le_bytes());
        }
        for b in &self.out_b {
            out.extend_from_slice(&b.to_le_bytes());
        }
        out
    }

    /// Reads a network written by [`QuantNet::to_bytes`].
    ///
    /// # Errors
    /// [`NetError`] for anything else.
    pub fn from_bytes(bytes: &[u8]) -> Result<QuantNet, NetError> {
        let word = |at: usize| -> Option<u32> {
            let w = bytes.get(at..at + 4)?;
            Some(u32::from_le_bytes([w[0], w[1], w[2], w[3]]))
        };
        if bytes.get(..8) != Some(MAGIC.as_slice()) {
            return Err(NetError::NotANet);
        }
        let version = word(8).ok_or(NetError::NotANet)?;
        let (hidden_word, buckets_word, header) = match version {
            VERSION_SINGLE => (word(12).ok_or(NetError::NotANet)?, 1, 16),
            VERSION_BUCKETED => (
                word(12).ok_or(NetError::NotANet)?,
                word(16).ok_or(NetError::NotANet)?,
                20,
            ),
            VERSION_KINGS => (
                word(12).ok_or(NetError::NotANet)?,
                word(16).ok_or(NetError::NotANet)?,
                24,
            ),
            _ => return Err(NetError::NotANet),
        };
        let hidden = hidden_word as usize;
        if hidden == 0 || hidden > 4096 {
            return Err(NetError::BadHidden(hidden_word));
        }
        let buckets = buckets_word as usize;
        // Version 1 has one bucket; version 2, two or more; version 3, any.
        let fewest = if version == VERSION_BUCKETED { 2 } else { 1 };
        if !(fewest..=MAX_BUCKETS).contains(&buckets) {
            return Err(NetError::BadBuckets(buckets_word));
        }
        let kings = if version == VERSION_KINGS {
            let id = word(20).ok_or(NetError::NotANet)?;
            match KingBuckets::from_id(id) {
                Some(k) if k != KingBuckets::One => k,
                _ => return Err(NetError::BadKings(id)),
            }
        } else {
            KingBuckets::One
        };
        let inputs = kings.count() * INPUTS;
        let count = inputs * hidden + hidden + buckets * 2 * hidden;
        let expected = header + 2 * count + 4 * buckets;
        if bytes.len() != expected {
            return Err(NetError::WrongLength {
                expected,
                found: bytes.len(),
            });
        }
        let mut values = bytes[header..header + 2 * count]
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]));
        let ft_w: Vec<i16> = values.by_ref().take(inputs * hidden).collect();
        let ft_b: Vec<i16> = values.by_ref().take(hidden).collect();
        let out_w: Vec<i16> = values.collect();
        if let Some(&w) = out_w.iter().find(|w| w.abs() > MAX_OUT_WEIGHT) {
            return Err(NetError::OutputWeight(w));
        }
        let out_b = bytes[header + 2 * count..]
            .chunks_exact(4)
            .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        Ok(QuantNet {
            hidden,
            buckets,
            kings,
            ft_w,
            ft_b,
            out_w,
            out_b,
        })
    }

    /// A short fingerprint of the network (FNV-1a of its bytes), for `id
    /// name` and `bench`.
    pub fn hash(&self) -> u64 {
        self.to_bytes()
            .iter()
            .fold(0xcbf2_9ce4_8422_2325, |h: u64, &b| {
                (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nnue::net::FloatNet;

    #[test]
    fn bucketed_nets_round_trip_and_single_ones_keep_their_format() {
        let Some(float) = FloatNet::new(16, 1).bucketed(8) else {
            panic!("not bucketed")
        };
        let q = float.quantize();
        let bytes = q.to_bytes();
        assert_eq!(&bytes[8..12], &2u32.to_le_bytes());
        assert_eq!(bytes.len(), 20 + 2 * (INPUTS * 16 + 16 + 8 * 32) + 4 * 8);
        assert_eq!(QuantNet::from_bytes(&bytes), Ok(q.clone()));
        let mut none = bytes.clone();
        none[16..20].copy_from_slice(&0u32.to_le_bytes());
        assert_eq!(QuantNet::from_bytes(&none), Err(NetError::BadBuckets(0)));
        let mut many = bytes.clone();
        many[16..20].copy_from_slice(&9u32.to_le_bytes());
        assert_eq!(QuantNet::from_bytes(&many), Err(NetError::BadBuckets(9)));
        // One bucket in version 2 (of the right length): refused, so that
        // each net has one encoding.
        let Some(two) = FloatNet::new(16, 1).bucketed(2) else {
            panic!("not bucketed")
        };
        let mut one = two.quantize().to_bytes();
        one[16..20].copy_from_slice(&1u32.to_le_bytes());
        one.truncate(one.len() - 2 * 32 - 4);
        assert_eq!(QuantNet::from_bytes(&one), Err(NetError::BadBuckets(1)));
        assert!(matches!(
            QuantNet::from_bytes(&bytes[..bytes.len() - 4]),
            Err(NetError::WrongLength { .. })
        ));
        assert_eq!(QuantNet::from_bytes(&bytes[..18]), Err(NetError::NotANet));
        // One bucket: version 1, as the built-in net is written.
        let single = FloatNet::new(16, 1).quantize().to_bytes();
        assert_eq!(&single[8..12], &1u32.to_le_bytes());
        assert_eq!(single.len(), 16 + 2 * (INPUTS * 16 + 16 + 32) + 4);
        let builtin = match crate::nnue::embedded() {
            Ok(q) => q,
            Err(e) => panic!("{e}"),
        };
        assert_eq!(builtin.to_bytes(), crate::nnue::EMBEDDED_BYTES);
    }

    #[test]
    fn king_bucketed_nets_round_trip_as_version_3() {
        for buckets in [1, 8] {
            let Some(float) = FloatNet::new(16, 1)
                .bucketed(buckets)
                .and_then(|n| n.king_bucketed(KingBuckets::Eight))
            else {
                panic!("not bucketed")
            };
            let q = float.quantize();
            let bytes = q.to_bytes();
            assert_eq!(&bytes[8..12], &3u32.to_le_bytes());
            assert_eq!(&bytes[20..24], &8u32.to_le_bytes());
            assert_eq!(
                bytes.len(),
                24 + 2 * (8 * INPUTS * 16 + 16 + buckets * 32) + 4 * buckets
            );
            assert_eq!(QuantNet::from_bytes(&bytes), Ok(q.clone()));
            assert_ne!(
                q.hash(),
                FloatNet::new(16, 1)
                    .bucketed(buckets)
                    .map(|n| n.quantize().hash())
                    .unwrap_or(0)
            );
            for bad in [0u32, 1, 2, 9] {
                let mut wrong = bytes.clone();
                wrong[20..24].copy_from_slice(&bad.to_le_bytes());
                assert_eq!(QuantNet::from_bytes(&wrong), Err(NetError::BadKings(bad)));
            }
            for bad in [0u32, 9] {
                let mut wrong = bytes.clone();
                wrong[16..20].copy_from_slice(&bad.to_le_bytes());
                assert_eq!(QuantNet::from_bytes(&wrong), Err(NetError::BadBuckets(bad)));
            }
            assert!(matches!(
                QuantNet::from_bytes(&bytes[..bytes.len() - 2]),
                Err(NetError::WrongLength { .. })
            ));
            assert_eq!(QuantNet::from_bytes(&bytes[..22]), Err(NetError::NotANet));
        }
    }

    #[test]
    fn damaged_headers_and_lengths_are_refused_without_panicking() {
        let Some(float) = FloatNet::new(4, 1).king_bucketed(KingBuckets::Eight) else {
            panic!("not bucketed")
        };
        let good = float.quantize().to_bytes();
        let mut rng = crate::rng::Rng::new(7);
        for _ in 0..3000 {
            let mut bytes = good.clone();
            for _ in 0..=rng.below(3) {
                let at = rng.below(28);
                bytes[at] = (rng.next_u64() & 0xff) as u8;
            }
            if rng.below(2) == 0 {
                bytes.truncate(rng.below(bytes.len() + 1));
            }
            if let Ok(net) = QuantNet::from_bytes(&bytes) {
                // Whatever reads is a net that writes back to those bytes.
                assert_eq!(net.to_bytes(), bytes);
            }
        }
    }

    #[test]
    fn nets_round_trip_and_bad_files_are_named() {
        let q = FloatNet::new(16, 1).quantize();
        let bytes = q.to_bytes();
        assert_eq!(QuantNet::from_bytes(&bytes), Ok(q.clone()));
        assert_eq!(QuantNet::from_bytes(b"nonsense"), Err(NetError::NotANet));
        assert!(matches!(
            QuantNet::from_bytes(&bytes[..bytes.len() - 1]),
            Err(NetError::WrongLength { .. })
        ));
        let mut huge = bytes.clone();
        huge[12..16].copy_from_slice(&100_000u32.to_le_bytes());
        assert_eq!(
            QuantNet::from_bytes(&huge),
            Err(NetError::BadHidden(100_000))
        );
        assert_ne!(q.hash(), FloatNet::new(16, 2).quantize().hash());
    }
}
