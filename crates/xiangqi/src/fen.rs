//! FEN in the dialect of Pikafish and WXF: `rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1`.
//!
//! Ranks run from Black's back rank (9) down to Red's (0), files `a` to `i` left to right.
//! Upper case is Red. On input `r` is accepted as well as `w` for Red to move, `E`/`H` as well as
//! `B`/`N`, and the castling, en-passant and move-counter fields may be missing.

use core::fmt;

use crate::position::Position;
use crate::types::{Color, Piece, PieceKind, Square};

/// Why a FEN was refused. Each variant is one kind of mistake, with a message a person can read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// The text is empty.
    Empty,
    /// The board field does not have 10 ranks separated by `/`; holds the count found.
    WrongRankCount(usize),
    /// A rank does not add up to 9 files. Holds the rank (9 = first in the FEN) and the files counted.
    BadRankWidth {
        /// The rank, 9 for the first one written.
        rank: u8,
        /// How many files it described.
        files: usize,
    },
    /// A character that is neither a piece letter nor a digit 1-9.
    UnknownPiece(char),
    /// There is no side-to-move field.
    MissingSideToMove,
    /// The side-to-move field is not `w`, `r` or `b`.
    BadSideToMove(String),
    /// A move counter is not a number.
    BadMoveCounter(String),
    /// A colour has no king.
    MissingKing(Color),
    /// A colour has more than one king.
    TooManyKings(Color),
    /// A king or advisor stands outside the points its palace allows it.
    OutsidePalace {
        /// The piece.
        piece: Piece,
        /// Where it stands.
        square: Square,
    },
    /// An elephant stands off the seven points it can reach on its own side.
    ElephantOffPoints(Square),
    /// A pawn stands behind its starting rank (ranks 0-2 for Red, 7-9 for Black).
    PawnBehindStart(Square),
    /// A pawn that has not crossed the river stands on a file it could never have reached
    /// (pawns start on files a, c, e, g, i and only move sideways after crossing).
    PawnOffFile(Square),
    /// More pieces of one kind than a side starts with.
    TooManyPieces {
        /// The piece.
        piece: Piece,
        /// How many were found.
        count: u32,
    },
    /// The side not to move is in check: its king could be taken.
    OpponentInCheck,
    /// The two kings face each other on one file with nothing between them.
    KingsFacing,
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Empty => write!(f, "the FEN is empty"),
            FenError::WrongRankCount(n) => write!(
                f,
                "the board has {n} ranks; a xiangqi board has 10, separated by '/'"
            ),
            FenError::BadRankWidth { rank, files } => {
                write!(
                    f,
                    "rank {rank} describes {files} files; every rank must add up to 9"
                )
            }
            FenError::UnknownPiece(c) => {
                write!(
                    f,
                    "unknown piece letter {c:?}; expected one of K A B N R C P (E and H also accepted), or a digit"
                )
            }
            FenError::MissingSideToMove => write!(
                f,
                "the side to move is missing after the board (expected 'w' or 'b')"
            ),
            FenError::BadSideToMove(s) => write!(
                f,
                "bad side to move {s:?}; expected 'w' (or 'r') for Red, 'b' for Black"
            ),
            FenError::BadMoveCounter(s) => {
                write!(f, "bad move counter {s:?}; expected a whole number")
            }
            FenError::MissingKing(c) => write!(f, "{c} has no king"),
            FenError::TooManyKings(c) => write!(f, "{c} has more than one king"),
            FenError::OutsidePalace { piece, square } => write!(
                f,
                "{} {} on {square} is outside its palace (or off the palace points it can reach)",
                piece.color, piece.kind
            ),
            FenError::ElephantOffPoints(sq) => {
                write!(
                    f,
                    "the elephant on {sq} stands on a point elephants can never reach"
                )
            }
            FenError::PawnBehindStart(sq) => {
                write!(f, "the pawn on {sq} stands behind its starting rank")
            }
            FenError::PawnOffFile(sq) => {
                write!(
                    f,
                    "the pawn on {sq} has not crossed the river but stands off the files a, c, e, g, i"
                )
            }
            FenError::TooManyPieces { piece, count } => write!(
                f,
                "{} has {count} pieces of kind {}; at most {} allowed",
                piece.color,
                piece.kind,
                piece.kind.max_count()
            ),
            FenError::OpponentInCheck => {
                write!(
                    f,
                    "the side not to move is in check, so its king could be taken"
                )
            }
            FenError::KingsFacing => write!(
                f,
                "the kings face each other on one file with nothing between them"
            ),
        }
    }
}

impl std::error::Error for FenError {}

/// The seven points an elephant of `color` can stand on.
fn elephant_point(color: Color, sq: Square) -> bool {
    let (f, r) = (sq.file().index(), sq.rank().index());
    let r = if color == Color::Red { r } else { 9 - r };
    matches!(
        (f, r),
        (2, 0) | (6, 0) | (0, 2) | (4, 2) | (8, 2) | (2, 4) | (6, 4)
    )
}

fn advisor_point(color: Color, sq: Square) -> bool {
    let (f, r) = (sq.file().index(), sq.rank().index());
    let r = if color == Color::Red { r } else { 9 - r };
    matches!((f, r), (3, 0) | (5, 0) | (4, 1) | (3, 2) | (5, 2))
}

fn parse_counter(s: Option<&str>, default: u32) -> Result<u32, FenError> {
    match s {
        None | Some("-") => Ok(default),
        Some(t) => t
            .parse::<u32>()
            .map_err(|_| FenError::BadMoveCounter(t.to_owned())),
    }
}

impl Position {
    /// Reads a FEN. See the module documentation for the accepted dialect.
    ///
    /// ```
    /// use xiangqi::{FenError, Position};
    /// let pos = Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1")?;
    /// assert_eq!(pos.legal_moves().len(), 44);
    /// assert_eq!(Position::from_fen("9/9 w"), Err(FenError::WrongRankCount(2)));
    /// # Ok::<(), FenError>(())
    /// ```
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        let mut fields = fen.split_whitespace();
        let board_field = fields.next().ok_or(FenError::Empty)?;
        let ranks: Vec<&str> = board_field.split('/').collect();
        if ranks.len() != 10 {
            return Err(FenError::WrongRankCount(ranks.len()));
        }
        let mut board = [None; 90];
        for (i, text) in ranks.iter().enumerate() {
            let rank = 9 - i as u8;
            let mut file = 0usize;
            for c in text.chars() {
                if let Some(d) = c.to_digit(10).filter(|d| (1..=9).contains(d)) {
                    file += d as usize;
                } else {
                    let piece = Piece::from_fen_char(c).ok_or(FenError::UnknownPiece(c))?;
                    if file < 9 {
                        board[rank as usize * 9 + file] = Some(piece);
                    }
                    file += 1;
                }
            }
            if file != 9 {
                return Err(FenError::BadRankWidth { rank, files: file });
            }
        }
        let side = match fields.next() {
            None => return Err(FenError::MissingSideToMove),
            Some("w" | "r" | "W" | "R") => Color::Red,
            Some("b" | "B") => Color::Black,
            Some(s) => return Err(FenError::BadSideToMove(s.to_owned())),
        };
        // Castling and en passant fields are always '-' in xiangqi; skip them if present.
        let rest: Vec<&str> = fields.collect();
        let skip = rest
            .iter()
            .take(2)
            .take_while(|f| f.parse::<u32>().is_err())
            .count();
        let counters = &rest[skip..];
        let halfmove = parse_counter(counters.first().copied(), 0)?;
        let fullmove = parse_counter(counters.get(1).copied(), 1)?;
        Position::from_board(board, side, halfmove, fullmove)
    }

    /// The position with these pieces (indexed by [`Square::index`]), `side` to move and these
    /// move counters, if the rules allow it: exactly one king a side in its palace, advisors,
    /// elephants and pawns on points they can reach, no more pieces of a kind than a set holds,
    /// the kings not facing each other and the side not to move not in check.
    ///
    /// # Errors
    /// The first rule the board breaks, as a [`FenError`].
    pub fn from_board(
        board: [Option<Piece>; 90],
        side: Color,
        halfmove: u32,
        fullmove: u32,
    ) -> Result<Position, FenError> {
        validate(&board)?;
        let pos = Position::from_validated_board(board, side, halfmove, fullmove);
        let (red, black) = (pos.king(Color::Red), pos.king(Color::Black));
        if red.file() == black.file() {
            let (low, high) = (
                red.rank().index().min(black.rank().index()),
                red.rank().index().max(black.rank().index()),
            );
            let file = red.file().index();
            let between = (low + 1..high).any(|r| board[r as usize * 9 + file as usize].is_some());
            if !between {
                return Err(FenError::KingsFacing);
            }
        }
        if pos.attackers_to(pos.king(!side), side).any() {
            return Err(FenError::OpponentInCheck);
        }
        Ok(pos)
    }

    /// Writes the position as a FEN (always with `w`/`b`, `- -` and both counters).
    #[must_use]
    pub fn to_fen(&self) -> String {
        let mut s = String::with_capacity(90);
        for rank in (0..10).rev() {
            let mut empty = 0;
            for file in 0..9 {
                match self.board[rank * 9 + file] {
                    Some(p) => {
                        if empty > 0 {
                            s.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        s.push(p.fen_char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                s.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                s.push('/');
            }
        }
        s.push(' ');
        s.push(self.side.fen_char());
        s.push_str(&format!(" - - {} {}", self.halfmove_clock, self.fullmoves));
        s
    }
}

fn validate(board: &[Option<Piece>; 90]) -> Result<(), FenError> {
    let mut counts = [0u32; 14];
    for sq in Square::ALL {
        let Some(p) = board[sq.index()] else { continue };
        counts[p.index()] += 1;
        let c = p.color;
        match p.kind {
            PieceKind::King if !sq.in_palace_of(c) => {
                return Err(FenError::OutsidePalace {
                    piece: p,
                    square: sq,
                });
            }
            PieceKind::Advisor if !advisor_point(c, sq) => {
                return Err(FenError::OutsidePalace {
                    piece: p,
                    square: sq,
                });
            }
            PieceKind::Elephant if !elephant_point(c, sq) => {
                return Err(FenError::ElephantOffPoints(sq));
            }
            PieceKind::Pawn => {
                let rel_rank = if c == Color::Red {
                    sq.rank().index()
                } else {
                    9 - sq.rank().index()
                };
                if rel_rank < 3 {
                    return Err(FenError::PawnBehindStart(sq));
                }
                if rel_rank < 5 && sq.file().index() % 2 == 1 {
                    return Err(FenError::PawnOffFile(sq));
                }
            }
            _ => {}
        }
    }
    for color in Color::ALL {
        let king = counts[Piece::new(color, PieceKind::King).index()];
        if king == 0 {
            return Err(FenError::MissingKing(color));
        }
        if king > 1 {
            return Err(FenError::TooManyKings(color));
        }
        for kind in PieceKind::ALL {
            let piece = Piece::new(color, kind);
            let count = counts[piece.index()];
            if count > kind.max_count() {
                return Err(FenError::TooManyPieces { piece, count });
            }
        }
    }
    Ok(())
}

impl core::str::FromStr for Position {
    type Err = FenError;
    fn from_str(s: &str) -> Result<Position, FenError> {
        Position::from_fen(s)
    }
}
