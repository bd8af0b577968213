//! The rook's and cannon's lines: for each point of a rank or file and each occupancy of that
//! line, where a rook goes and what a cannon captures.

use crate::types::Square;

/// Builds the slider table for a line of `n` points: for each slider position and occupancy of the
/// line, the rook targets (`.0`: every point up to and including the first piece each way) and the
/// cannon capture targets (`.1`: the second piece each way).
const fn line_table<const N: usize, const OCC: usize>() -> [[(u16, u16); OCC]; N] {
    let mut t = [[(0u16, 0u16); OCC]; N];
    let mut p = 0;
    while p < N {
        let mut occ = 0;
        while occ < OCC {
            let mut rook = 0u16;
            let mut cannon = 0u16;
            let mut dir = 0;
            while dir < 2 {
                let step: i32 = if dir == 0 { 1 } else { -1 };
                let mut q = p as i32 + step;
                let mut screens = 0;
                while q >= 0 && q < N as i32 {
                    let occupied = occ & (1 << q) != 0;
                    if screens == 0 {
                        rook |= 1 << q;
                        if occupied {
                            screens = 1;
                        }
                    } else if occupied {
                        cannon |= 1 << q;
                        break;
                    }
                    q += step;
                }
                dir += 1;
            }
            t[p][occ] = (rook, cannon);
            occ += 1;
        }
        p += 1;
    }
    t
}

/// Slider targets along a rank, indexed by file and the rank's 9-bit occupancy.
static RANK_SLIDES: [[(u16, u16); 512]; 9] = line_table::<9, 512>();
/// Slider targets along a file, indexed by rank and the file's 10-bit occupancy.
static FILE_SLIDES: [[(u16, u16); 1024]; 10] = line_table::<10, 1024>();

/// Spreads a 10-bit rank set onto file `a` of a row-major board (bit `r` to bit `9r`).
static FILE_SPREAD: [u128; 1024] = {
    let mut t = [0u128; 1024];
    let mut m = 0;
    while m < 1024 {
        let mut r = 0;
        while r < 10 {
            if m & (1 << r) != 0 {
                t[m] |= 1u128 << (9 * r);
            }
            r += 1;
        }
        m += 1;
    }
    t
};

/// Rook targets (`.0`) and cannon capture targets (`.1`) from `sq`, given the row-major occupancy
/// `occ` and the transposed occupancy `occ_t` of the same board.
#[inline(always)]
pub(crate) fn slides(sq: Square, occ: u128, occ_t: u128) -> (u128, u128) {
    let s = sq.index();
    let (f, r) = (s % 9, s / 9);
    let rank_occ = (occ >> (9 * r)) as usize & 0x1ff;
    let file_occ = (occ_t >> (10 * f)) as usize & 0x3ff;
    let (rr, rc) = RANK_SLIDES[f][rank_occ];
    let (fr, fc) = FILE_SLIDES[r][file_occ];
    let rook = (rr as u128) << (9 * r) | FILE_SPREAD[fr as usize] << f;
    let cannon = (rc as u128) << (9 * r) | FILE_SPREAD[fc as usize] << f;
    (rook, cannon)
}

/// Rook targets from `sq` (every point up to and including the first piece each way).
#[inline(always)]
pub(crate) fn rook_attacks(sq: Square, occ: u128, occ_t: u128) -> u128 {
    let s = sq.index();
    let (f, r) = (s % 9, s / 9);
    let rank_occ = (occ >> (9 * r)) as usize & 0x1ff;
    let file_occ = (occ_t >> (10 * f)) as usize & 0x3ff;
    (RANK_SLIDES[f][rank_occ].0 as u128) << (9 * r)
        | FILE_SPREAD[FILE_SLIDES[r][file_occ].0 as usize] << f
}
