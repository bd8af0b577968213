//! Basic types: colours, piece kinds, squares and moves.

use core::fmt;
use core::str::FromStr;

mod square;
pub use square::{File, ParseSquareError, Rank, Square};

/// A side. Red moves first in the standard game and sits at ranks 0-4.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Color {
    /// 红方, at the bottom of the board (ranks 0-4).
    Red = 0,
    /// 黑方, at the top of the board (ranks 5-9).
    Black = 1,
}

impl Color {
    /// Both colours, Red first.
    pub const ALL: [Color; 2] = [Color::Red, Color::Black];

    /// The other side.
    #[inline]
    #[must_use]
    pub const fn other(self) -> Color {
        match self {
            Color::Red => Color::Black,
            Color::Black => Color::Red,
        }
    }

    /// 0 for Red, 1 for Black.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The FEN letter for the side to move: `w` for Red, `b` for Black.
    #[must_use]
    pub const fn fen_char(self) -> char {
        match self {
            Color::Red => 'w',
            Color::Black => 'b',
        }
    }
}

impl core::ops::Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        self.other()
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Red => "Red",
            Color::Black => "Black",
        })
    }
}

/// The seven kinds of xiangqi piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum PieceKind {
    /// 帅 (Red) / 将 (Black): stays in the palace, steps orthogonally.
    King = 0,
    /// 仕 / 士: stays in the palace, steps diagonally.
    Advisor = 1,
    /// 相 / 象: two points diagonally, blocked by a piece on the eye (塞象眼), never crosses the river.
    Elephant = 2,
    /// 马: one orthogonal then one diagonal step, blocked by a piece on the leg (蹩马腿).
    Horse = 3,
    /// 车: slides orthogonally.
    Rook = 4,
    /// 炮: moves like a rook, captures by jumping over exactly one screen.
    Cannon = 5,
    /// 兵 / 卒: steps forward; also sideways once across the river.
    Pawn = 6,
}

impl PieceKind {
    /// All kinds, in index order.
    pub const ALL: [PieceKind; 7] = [
        PieceKind::King,
        PieceKind::Advisor,
        PieceKind::Elephant,
        PieceKind::Horse,
        PieceKind::Rook,
        PieceKind::Cannon,
        PieceKind::Pawn,
    ];

    /// Index 0-6 in [`PieceKind::ALL`] order.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// How many pieces of this kind one side has at the start (and at most).
    #[must_use]
    pub const fn max_count(self) -> u32 {
        match self {
            PieceKind::King => 1,
            PieceKind::Pawn => 5,
            _ => 2,
        }
    }

    /// The upper-case FEN letter (`K A B N R C P`).
    #[must_use]
    pub const fn fen_char(self) -> char {
        match self {
            PieceKind::King => 'K',
            PieceKind::Advisor => 'A',
            PieceKind::Elephant => 'B',
            PieceKind::Horse => 'N',
            PieceKind::Rook => 'R',
            PieceKind::Cannon => 'C',
            PieceKind::Pawn => 'P',
        }
    }

    /// Reads a FEN letter of either case; `E` and `H` are accepted for elephant and horse.
    #[must_use]
    pub const fn from_fen_char(c: char) -> Option<PieceKind> {
        Some(match c.to_ascii_uppercase() {
            'K' => PieceKind::King,
            'A' => PieceKind::Advisor,
            'B' | 'E' => PieceKind::Elephant,
            'N' | 'H' => PieceKind::Horse,
            'R' => PieceKind::Rook,
            'C' => PieceKind::Cannon,
            'P' => PieceKind::Pawn,
            _ => return None,
        })
    }

    /// The English name, lower case.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            PieceKind::King => "king",
            PieceKind::Advisor => "advisor",
            PieceKind::Elephant => "elephant",
            PieceKind::Horse => "horse",
            PieceKind::Rook => "rook",
            PieceKind::Cannon => "cannon",
            PieceKind::Pawn => "pawn",
        }
    }
}

impl fmt::Display for PieceKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece: a kind and a colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// What it is.
    pub kind: PieceKind,
}

impl Piece {
    /// A piece of `color` and `kind`.
    #[inline]
    #[must_use]
    pub const fn new(color: Color, kind: PieceKind) -> Piece {
        Piece { color, kind }
    }

    /// Index 0-13: Red's kinds 0-6, then Black's 7-13.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self.color.index() * 7 + self.kind.index()
    }

    /// The FEN letter: upper case for Red, lower case for Black.
    #[must_use]
    pub const fn fen_char(self) -> char {
        let c = self.kind.fen_char();
        match self.color {
            Color::Red => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }

    /// Reads a FEN letter: upper case is Red, lower case Black.
    #[must_use]
    pub const fn from_fen_char(c: char) -> Option<Piece> {
        let color = if c.is_ascii_uppercase() {
            Color::Red
        } else {
            Color::Black
        };
        match PieceKind::from_fen_char(c) {
            Some(kind) => Some(Piece { color, kind }),
            None => None,
        }
    }

    /// The traditional character: 帥仕相俥傌炮兵 for Red, 將士象車馬砲卒 for Black.
    #[must_use]
    pub const fn traditional_char(self) -> char {
        match (self.color, self.kind) {
            (Color::Red, PieceKind::King) => '帥',
            (Color::Red, PieceKind::Advisor) => '仕',
            (Color::Red, PieceKind::Elephant) => '相',
            (Color::Red, PieceKind::Horse) => '傌',
            (Color::Red, PieceKind::Rook) => '俥',
            (Color::Red, PieceKind::Cannon) => '炮',
            (Color::Red, PieceKind::Pawn) => '兵',
            (Color::Black, PieceKind::King) => '將',
            (Color::Black, PieceKind::Advisor) => '士',
            (Color::Black, PieceKind::Elephant) => '象',
            (Color::Black, PieceKind::Horse) => '馬',
            (Color::Black, PieceKind::Rook) => '車',
            (Color::Black, PieceKind::Cannon) => '砲',
            (Color::Black, PieceKind::Pawn) => '卒',
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.fen_char())
    }
}

/// A move from one point to another, packed in 14 bits (`from | to << 7`).
///
/// A move carries no piece or capture information; the position supplies it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
#[repr(transparent)]
pub struct Move(u16);

impl Move {
    /// A move from `from` to `to`.
    #[inline]
    #[must_use]
    pub const fn new(from: Square, to: Square) -> Move {
        Move(from.0 as u16 | (to.0 as u16) << 7)
    }

    /// The origin.
    #[inline]
    #[must_use]
    pub const fn from(self) -> Square {
        Square((self.0 & 0x7f) as u8)
    }

    /// The destination.
    #[inline]
    #[must_use]
    pub const fn to(self) -> Square {
        Square((self.0 >> 7) as u8)
    }

    /// The packed 14-bit form, for hash tables.
    #[inline]
    #[must_use]
    pub const fn to_u16(self) -> u16 {
        self.0
    }

    /// Unpacks [`Move::to_u16`]; `None` if either square is off the board or they are equal.
    #[must_use]
    pub const fn from_u16(v: u16) -> Option<Move> {
        let from = v & 0x7f;
        let to = (v >> 7) & 0x7f;
        if v >> 14 == 0 && from < 90 && to < 90 && from != to {
            Some(Move(v))
        } else {
            None
        }
    }

    /// The same move seen from the other side (both squares rotated).
    #[must_use]
    pub const fn flip(self) -> Move {
        Move::new(self.from().flip(), self.to().flip())
    }
}

impl fmt::Display for Move {
    /// ICCS/UCI coordinates, e.g. `h2e2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from(), self.to())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from(), self.to())
    }
}

impl FromStr for Move {
    type Err = ParseSquareError;
    /// Reads `h2e2` (UCI/ICCS, either case) or `H2-E2`.
    fn from_str(s: &str) -> Result<Move, ParseSquareError> {
        let err = || ParseSquareError(s.to_owned());
        let t = s.trim();
        let (a, b) = match t.len() {
            4 => (t.get(0..2).ok_or_else(err)?, t.get(2..4).ok_or_else(err)?),
            5 if t.as_bytes()[2] == b'-' => {
                (t.get(0..2).ok_or_else(err)?, t.get(3..5).ok_or_else(err)?)
            }
            _ => return Err(err()),
        };
        let from: Square = a.parse().map_err(|_| err())?;
        let to: Square = b.parse().map_err(|_| err())?;
        if from == to {
            return Err(err());
        }
        Ok(Move::new(from, to))
    }
}
