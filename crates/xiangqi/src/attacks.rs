//! Precomputed move and attack tables, built at compile time.
//!
//! Sliders (rook, cannon) use rank and file occupancy lookups: the 9 bits of a rank are a
//! contiguous slice of the row-major occupancy, and the 10 bits of a file a contiguous slice of a
//! transposed (file-major) occupancy kept alongside it.

use crate::types::{Color, Square};

mod sliders;
pub(crate) use sliders::{rook_attacks, slides};

const fn on_board(f: i32, r: i32) -> bool {
    f >= 0 && f < 9 && r >= 0 && r < 10
}

const fn bit(f: i32, r: i32) -> u128 {
    1u128 << (r * 9 + f)
}

const fn in_palace(f: i32, r: i32) -> bool {
    f >= 3 && f <= 5 && (r <= 2 || r >= 7)
}

/// King steps within the palace the square belongs to (empty off the palaces).
pub(crate) static KING_STEPS: [u128; 90] = {
    let mut t = [0u128; 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        if in_palace(f, r) {
            let d = [(1, 0), (-1, 0), (0, 1), (0, -1)];
            let mut i = 0;
            while i < 4 {
                let (nf, nr) = (f + d[i].0, r + d[i].1);
                if on_board(nf, nr) && in_palace(nf, nr) && (nr <= 2) == (r <= 2) {
                    t[s] |= bit(nf, nr);
                }
                i += 1;
            }
        }
        s += 1;
    }
    t
};

/// Advisor steps along the palace diagonals (empty off the advisor points).
pub(crate) static ADVISOR_STEPS: [u128; 90] = {
    let mut t = [0u128; 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        let rr = if r >= 7 { r - 7 } else { r };
        // advisor points: corners and centre of the palace
        if in_palace(f, r) && (f + rr) % 2 == 1 {
            let d = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
            let mut i = 0;
            while i < 4 {
                let (nf, nr) = (f + d[i].0, r + d[i].1);
                if on_board(nf, nr) && in_palace(nf, nr) && (nr <= 2) == (r <= 2) {
                    t[s] |= bit(nf, nr);
                }
                i += 1;
            }
        }
        s += 1;
    }
    t
};

const DIAG: [(i32, i32); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
const ORTH: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

/// For each square and diagonal direction: the elephant's eye (`.0`) and its destination (`.1`),
/// both zero where the move leaves the board or crosses the river.
pub(crate) static ELEPHANT: [[(u128, u128); 4]; 90] = {
    let mut t = [[(0u128, 0u128); 4]; 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        let mut i = 0;
        while i < 4 {
            let (nf, nr) = (f + 2 * DIAG[i].0, r + 2 * DIAG[i].1);
            if on_board(nf, nr) && (nr <= 4) == (r <= 4) {
                t[s][i] = (bit(f + DIAG[i].0, r + DIAG[i].1), bit(nf, nr));
            }
            i += 1;
        }
        s += 1;
    }
    t
};

/// For each square and orthogonal direction: the horse's leg (`.0`) and the two destinations past
/// it (`.1`); both zero where no destination is on the board.
pub(crate) static HORSE: [[(u128, u128); 4]; 90] = {
    let mut t = [[(0u128, 0u128); 4]; 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        let mut i = 0;
        while i < 4 {
            let (df, dr) = ORTH[i];
            let mut tgt = 0u128;
            // two destinations: straight step then a diagonal step either way
            let (a, b) = if df != 0 {
                ((f + 2 * df, r + 1), (f + 2 * df, r - 1))
            } else {
                ((f + 1, r + 2 * dr), (f - 1, r + 2 * dr))
            };
            if on_board(a.0, a.1) {
                tgt |= bit(a.0, a.1);
            }
            if on_board(b.0, b.1) {
                tgt |= bit(b.0, b.1);
            }
            if tgt != 0 {
                t[s][i] = (bit(f + df, r + dr), tgt);
            }
            i += 1;
        }
        s += 1;
    }
    t
};

/// For each square and diagonal direction: the leg square next to the target (`.0`) and the two
/// squares from which a horse attacks the target through that leg (`.1`).
pub(crate) static HORSE_ATTACKERS: [[(u128, u128); 4]; 90] = {
    let mut t = [[(0u128, 0u128); 4]; 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        let mut i = 0;
        while i < 4 {
            let (df, dr) = DIAG[i];
            let mut src = 0u128;
            if on_board(f + 2 * df, r + dr) {
                src |= bit(f + 2 * df, r + dr);
            }
            if on_board(f + df, r + 2 * dr) {
                src |= bit(f + df, r + 2 * dr);
            }
            if src != 0 {
                t[s][i] = (bit(f + df, r + dr), src);
            }
            i += 1;
        }
        s += 1;
    }
    t
};

const fn pawn_steps(color: usize, f: i32, r: i32) -> u128 {
    let fwd = if color == 0 { 1 } else { -1 };
    let mut m = 0u128;
    if on_board(f, r + fwd) {
        m |= bit(f, r + fwd);
    }
    let crossed = if color == 0 { r >= 5 } else { r <= 4 };
    if crossed {
        if on_board(f - 1, r) {
            m |= bit(f - 1, r);
        }
        if on_board(f + 1, r) {
            m |= bit(f + 1, r);
        }
    }
    m
}

/// Pawn steps for each colour and square.
pub(crate) static PAWN_STEPS: [[u128; 90]; 2] = {
    let mut t = [[0u128; 90]; 2];
    let mut c = 0;
    while c < 2 {
        let mut s = 0;
        while s < 90 {
            t[c][s] = pawn_steps(c, (s % 9) as i32, (s / 9) as i32);
            s += 1;
        }
        c += 1;
    }
    t
};

/// For each colour and square: the squares from which a pawn of that colour attacks the square.
pub(crate) static PAWN_ATTACKERS: [[u128; 90]; 2] = {
    let mut t = [[0u128; 90]; 2];
    let mut c = 0;
    while c < 2 {
        let mut s: usize = 0;
        while s < 90 {
            let steps = pawn_steps(c, (s % 9) as i32, (s / 9) as i32);
            let mut d = 0;
            while d < 90 {
                if steps & (1u128 << d) != 0 {
                    t[c][d] |= 1u128 << s;
                }
                d += 1;
            }
            s += 1;
        }
        c += 1;
    }
    t
};

/// The bit of each square in the transposed (file-major, `file * 10 + rank`) occupancy.
pub(crate) static TRANSPOSED: [u128; 90] = {
    let mut t = [0u128; 90];
    let mut s = 0;
    while s < 90 {
        t[s] = 1u128 << ((s % 9) * 10 + s / 9);
        s += 1;
    }
    t
};

/// Squares strictly between two squares on one rank or file (empty otherwise).
pub(crate) static BETWEEN: [[u128; 90]; 90] = {
    let mut t = [[0u128; 90]; 90];
    let mut a = 0;
    while a < 90 {
        let mut b = 0;
        while b < 90 {
            let (fa, ra, fb, rb) = (
                (a % 9) as i32,
                (a / 9) as i32,
                (b % 9) as i32,
                (b / 9) as i32,
            );
            if a != b && (fa == fb || ra == rb) {
                let df = if fb > fa {
                    1
                } else if fb < fa {
                    -1
                } else {
                    0
                };
                let dr = if rb > ra {
                    1
                } else if rb < ra {
                    -1
                } else {
                    0
                };
                let (mut f, mut r) = (fa + df, ra + dr);
                while f != fb || r != rb {
                    t[a][b] |= bit(f, r);
                    f += df;
                    r += dr;
                }
            }
            b += 1;
        }
        a += 1;
    }
    t
};

/// The rank and the file through each square, the square itself excluded.
pub(crate) static LINES: [u128; 90] = {
    let mut t = [0u128; 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        let mut i = 0;
        while i < 9 {
            if i != f {
                t[s] |= bit(i, r);
            }
            i += 1;
        }
        let mut j = 0;
        while j < 10 {
            if j != r {
                t[s] |= bit(f, j);
            }
            j += 1;
        }
        s += 1;
    }
    t
};

/// The union of the targets of `table` whose blocking point is empty in `occ` (a leaper whose
/// path can be blocked: horse legs, elephant eyes).
#[inline(always)]
fn unblocked(table: &[(u128, u128); 4], occ: u128) -> u128 {
    table.iter().fold(
        0,
        |m, &(block, target)| if occ & block == 0 { m | target } else { m },
    )
}

/// Horse destinations from `sq` given the occupancy (legs checked).
#[inline(always)]
pub(crate) fn horse_moves(sq: Square, occ: u128) -> u128 {
    unblocked(&HORSE[sq.index()], occ)
}

/// Squares from which a horse would attack `sq` given the occupancy (legs checked).
#[inline(always)]
pub(crate) fn horse_attackers(sq: Square, occ: u128) -> u128 {
    unblocked(&HORSE_ATTACKERS[sq.index()], occ)
}

/// Elephant destinations from `sq` given the occupancy (eyes checked; never across the river).
#[inline(always)]
pub(crate) fn elephant_moves(sq: Square, occ: u128) -> u128 {
    unblocked(&ELEPHANT[sq.index()], occ)
}

/// King steps from `sq` (inside its palace).
#[inline(always)]
pub(crate) fn king_steps(sq: Square) -> u128 {
    KING_STEPS[sq.index()]
}

/// Advisor steps from `sq`.
#[inline(always)]
pub(crate) fn advisor_steps(sq: Square) -> u128 {
    ADVISOR_STEPS[sq.index()]
}

/// Pawn steps of `color` from `sq`.
#[inline(always)]
pub(crate) fn pawn_steps_of(color: Color, sq: Square) -> u128 {
    PAWN_STEPS[color.index()][sq.index()]
}
