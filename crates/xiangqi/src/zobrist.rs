//! Zobrist keys, generated at compile time from a fixed seed so keys are stable across builds
//! (an opening book or a saved hash can rely on them).

use crate::types::{Piece, Square};

const fn splitmix64(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

const KEYS: ([[u64; 90]; 14], u64) = {
    let mut t = [[0u64; 90]; 14];
    let mut state = 0x6368_7568_616e_0001; // "chuhan" + 1
    let mut p = 0;
    while p < 14 {
        let mut s = 0;
        while s < 90 {
            let (ns, v) = splitmix64(state);
            state = ns;
            t[p][s] = v;
            s += 1;
        }
        p += 1;
    }
    let (_, side) = splitmix64(state);
    (t, side)
};

static PIECE_SQUARE: [[u64; 90]; 14] = KEYS.0;

/// The key toggled when Black is to move.
pub(crate) const SIDE: u64 = KEYS.1;

/// The key of `piece` standing on `sq`.
#[inline(always)]
pub(crate) fn piece_key(piece: Piece, sq: Square) -> u64 {
    PIECE_SQUARE[piece.index()][sq.index()]
}
