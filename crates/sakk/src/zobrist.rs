//! Zobrist hashing keys, generated at compile time from a fixed seed.

use crate::types::{Color, File, Role, Square};

const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (state, z ^ (z >> 31))
}

const N_KEYS: usize = 2 * 6 * 64 + 64 + 8 + 1;

const KEYS: [u64; N_KEYS] = {
    let mut keys = [0u64; N_KEYS];
    let mut state = 0x5341_4b4b_2d5a_4f42;
    let mut i = 0;
    while i < N_KEYS {
        let (s, k) = splitmix(state);
        state = s;
        keys[i] = k;
        i += 1;
    }
    keys
};

const CASTLING_BASE: usize = 2 * 6 * 64;
const EP_BASE: usize = CASTLING_BASE + 64;
const TURN_INDEX: usize = EP_BASE + 8;

/// The key of a piece on a square.
#[inline]
pub(crate) fn piece(color: Color, role: Role, sq: Square) -> u64 {
    KEYS[(color.index() * 6 + role.index()) * 64 + sq.index()]
}

/// The key of a castling right, by the square of its rook.
#[inline]
pub(crate) fn castling(rook: Square) -> u64 {
    KEYS[CASTLING_BASE + rook.index()]
}

/// The key of an en passant file.
#[inline]
pub(crate) fn en_passant(file: File) -> u64 {
    KEYS[EP_BASE + file.index()]
}

/// The key toggled when Black is to move.
#[inline]
pub(crate) fn black_to_move() -> u64 {
    KEYS[TURN_INDEX]
}

/// A hasher for tables keyed by Zobrist keys: the key is already uniformly
/// random, so it is its own hash (the standard hasher, SipHash, spent more
/// time than the lookups of the openings table and the searches' sets).
#[derive(Clone, Copy, Default)]
pub(crate) struct KeyHasher(u64);

impl core::hash::Hasher for KeyHasher {
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }

    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        // Only `u64` keys are hashed with it; anything else is folded in.
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    #[inline]
    fn write_u64(&mut self, key: u64) {
        self.0 = key;
    }
}

/// Builds [`KeyHasher`]s.
pub(crate) type BuildKeyHasher = core::hash::BuildHasherDefault<KeyHasher>;

/// A map keyed by Zobrist keys.
pub(crate) type KeyMap<V> = std::collections::HashMap<u64, V, BuildKeyHasher>;

/// A set of Zobrist keys.
pub(crate) type KeySet = std::collections::HashSet<u64, BuildKeyHasher>;

#[cfg(test)]
mod tests {
    use super::*;
    use core::hash::{BuildHasher, Hasher};

    #[test]
    fn a_key_is_its_own_hash() {
        let key = piece(Color::White, Role::Queen, Square::D1);
        assert_eq!(BuildKeyHasher::default().hash_one(key), key);
        let mut set = KeySet::default();
        assert!(set.insert(key));
        assert!(!set.insert(key));
        let mut map = KeyMap::default();
        map.insert(key, 1);
        map.insert(key ^ 1, 2);
        assert_eq!((map.get(&key), map.get(&(key ^ 1))), (Some(&1), Some(&2)));
        // Bytes are folded in, not dropped.
        let mut h = KeyHasher::default();
        h.write(b"ab");
        assert_ne!(h.finish(), KeyHasher::default().finish());
    }
}
