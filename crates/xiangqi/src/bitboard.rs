//! A set of squares as a 128-bit integer (bits 0-89, one per point, `rank * 9 + file`).

use core::fmt;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

use crate::types::Square;

/// A set of squares: bit `i` stands for the square with index `i`. Bits 90-127 are always zero.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
#[repr(transparent)]
pub struct Bitboard(pub u128);

/// The 90 bits that are squares.
const FULL: u128 = (1u128 << 90) - 1;

impl Bitboard {
    /// No squares.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 90 squares.
    pub const FULL: Bitboard = Bitboard(FULL);

    /// The set holding only `sq`.
    #[inline(always)]
    #[must_use]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1u128 << sq.index())
    }

    /// Whether the set is empty.
    #[inline(always)]
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set holds at least one square.
    #[inline(always)]
    #[must_use]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// Whether `sq` is in the set.
    #[inline(always)]
    #[must_use]
    pub const fn contains(self, sq: Square) -> bool {
        (self.0 >> sq.index()) & 1 != 0
    }

    /// Number of squares in the set.
    #[inline(always)]
    #[must_use]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set holds two or more squares.
    #[inline(always)]
    #[must_use]
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The lowest-numbered square, if any.
    #[inline(always)]
    #[must_use]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Square::try_from_index(self.0.trailing_zeros() as usize)
        }
    }

    /// The highest-numbered square, if any.
    #[inline(always)]
    #[must_use]
    pub const fn last(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Square::try_from_index(127 - self.0.leading_zeros() as usize)
        }
    }

    /// The set with `sq` added.
    #[inline(always)]
    #[must_use]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | 1u128 << sq.index())
    }

    /// The set with `sq` removed.
    #[inline(always)]
    #[must_use]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1u128 << sq.index()))
    }
}

impl BitAnd for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn bitand(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 & rhs.0)
    }
}
impl BitOr for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn bitor(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 | rhs.0)
    }
}
impl BitXor for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn bitxor(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 ^ rhs.0)
    }
}
impl Not for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & FULL)
    }
}
impl BitAndAssign for Bitboard {
    #[inline(always)]
    fn bitand_assign(&mut self, rhs: Bitboard) {
        self.0 &= rhs.0;
    }
}
impl BitOrAssign for Bitboard {
    #[inline(always)]
    fn bitor_assign(&mut self, rhs: Bitboard) {
        self.0 |= rhs.0;
    }
}
impl BitXorAssign for Bitboard {
    #[inline(always)]
    fn bitxor_assign(&mut self, rhs: Bitboard) {
        self.0 ^= rhs.0;
    }
}

impl From<Square> for Bitboard {
    #[inline(always)]
    fn from(sq: Square) -> Bitboard {
        Bitboard::from_square(sq)
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        iter.into_iter().fold(Bitboard::EMPTY, Bitboard::with)
    }
}

/// Iterates the squares of a [`Bitboard`] from a0 upward.
#[derive(Clone, Debug)]
pub struct Squares(u128);

impl Iterator for Squares {
    type Item = Square;
    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(Square::from_index_unchecked(i))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Squares {}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = Squares;
    #[inline(always)]
    fn into_iter(self) -> Squares {
        Squares(self.0)
    }
}

impl fmt::Debug for Bitboard {
    /// Draws the board with rank 9 at the top, `X` for members.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f)?;
        for rank in (0..10).rev() {
            for file in 0..9 {
                let bit = (self.0 >> (rank * 9 + file)) & 1;
                f.write_str(if bit != 0 { "X" } else { "." })?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
