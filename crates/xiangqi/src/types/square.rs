//! Points of the board: files, ranks and squares, and reading a square from its name.

use core::fmt;
use core::str::FromStr;

use super::Color;

/// A file (column), `a` to `i` from Red's left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct File(pub(super) u8);

impl File {
    /// Files a-i as numbers 0-8.
    #[must_use]
    pub const fn new(index: u8) -> Option<File> {
        if index < 9 { Some(File(index)) } else { None }
    }
    /// 0 for `a` to 8 for `i`.
    #[inline]
    #[must_use]
    pub const fn index(self) -> u8 {
        self.0
    }
    /// `a` to `i`.
    #[must_use]
    pub const fn char(self) -> char {
        (b'a' + self.0) as char
    }
}

/// A rank (row), 0 on Red's back rank to 9 on Black's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rank(pub(super) u8);

impl Rank {
    /// Ranks 0-9.
    #[must_use]
    pub const fn new(index: u8) -> Option<Rank> {
        if index < 10 { Some(Rank(index)) } else { None }
    }
    /// 0 to 9.
    #[inline]
    #[must_use]
    pub const fn index(self) -> u8 {
        self.0
    }
}

/// One of the 90 points of the board, numbered `rank * 9 + file` (a0 = 0, i0 = 8, a9 = 81, i9 = 89).
///
/// Names follow ICCS/UCI as Pikafish uses them: file letter `a`-`i` from Red's left, rank digit
/// `0`-`9` from Red's side, so Red's king starts on `e0` and Black's on `e9`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(transparent)]
pub struct Square(pub(super) u8);

impl Square {
    /// Number of points.
    pub const COUNT: usize = 90;

    /// Every square, a0 first.
    pub const ALL: [Square; 90] = {
        let mut all = [Square(0); 90];
        let mut i = 0;
        while i < 90 {
            all[i] = Square(i as u8);
            i += 1;
        }
        all
    };

    /// The square at `file`, `rank`.
    #[inline]
    #[must_use]
    pub const fn new(file: File, rank: Rank) -> Square {
        Square(rank.0 * 9 + file.0)
    }

    /// The square at file index 0-8 and rank index 0-9, if both are on the board.
    #[inline]
    #[must_use]
    pub const fn from_coords(file: i32, rank: i32) -> Option<Square> {
        if file >= 0 && file < 9 && rank >= 0 && rank < 10 {
            Some(Square((rank * 9 + file) as u8))
        } else {
            None
        }
    }

    /// The square with index 0-89.
    #[inline]
    #[must_use]
    pub const fn try_from_index(index: usize) -> Option<Square> {
        if index < 90 {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// The square with index `i`, which the caller guarantees is below 90.
    #[inline(always)]
    pub(crate) const fn from_index_unchecked(i: usize) -> Square {
        debug_assert!(i < 90);
        Square(i as u8)
    }

    /// Index 0-89.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file.
    #[inline]
    #[must_use]
    pub const fn file(self) -> File {
        File(self.0 % 9)
    }

    /// The rank.
    #[inline]
    #[must_use]
    pub const fn rank(self) -> Rank {
        Rank(self.0 / 9)
    }

    /// The same point seen from the other side (rotated 180 degrees).
    #[inline]
    #[must_use]
    pub const fn flip(self) -> Square {
        Square(89 - self.0)
    }

    /// The same point reflected left to right (file `a` ↔ `i`, the rank kept).
    #[inline]
    #[must_use]
    pub const fn mirror(self) -> Square {
        Square(self.0 / 9 * 9 + 8 - self.0 % 9)
    }

    /// The square shifted by whole files and ranks, if still on the board.
    #[must_use]
    pub const fn offset(self, dfile: i32, drank: i32) -> Option<Square> {
        Square::from_coords((self.0 % 9) as i32 + dfile, (self.0 / 9) as i32 + drank)
    }

    /// Whether this point lies on `color`'s own half of the board (before the river).
    #[inline]
    #[must_use]
    pub const fn on_side_of(self, color: Color) -> bool {
        match color {
            Color::Red => self.0 < 45,
            Color::Black => self.0 >= 45,
        }
    }

    /// Whether this point lies in `color`'s palace (files d-f, ranks 0-2 or 7-9).
    #[must_use]
    pub const fn in_palace_of(self, color: Color) -> bool {
        let f = self.0 % 9;
        let r = self.0 / 9;
        f >= 3
            && f <= 5
            && match color {
                Color::Red => r <= 2,
                Color::Black => r >= 7,
            }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().char(), self.rank().0)
    }
}

/// Error from parsing a square or a coordinate move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSquareError(pub String);

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "not a square or coordinate move: {:?} (expected e.g. \"e0\" or \"h2e2\")",
            self.0
        )
    }
}

impl std::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let b = s.as_bytes();
        if b.len() == 2 {
            let f = b[0].to_ascii_lowercase();
            if (b'a'..=b'i').contains(&f) && b[1].is_ascii_digit() {
                return Ok(Square((b[1] - b'0') * 9 + (f - b'a')));
            }
        }
        Err(ParseSquareError(s.to_owned()))
    }
}
