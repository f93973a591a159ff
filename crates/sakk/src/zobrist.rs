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
