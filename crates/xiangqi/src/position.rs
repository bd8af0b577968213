//! The position: board, side to move, Zobrist key, and making and unmaking moves.

use core::fmt;

use crate::attacks::{self, PAWN_ATTACKERS, TRANSPOSED};
use crate::bitboard::Bitboard;
use crate::types::{Color, Move, Piece, PieceKind, Square};
use crate::zobrist;

mod make;
mod reach;

/// A legal xiangqi position: where the pieces stand, whose turn it is, the move counters and the
/// Zobrist key.
///
/// Built from a FEN ([`Position::from_fen`]) or as [`Position::startpos`], so it is always valid:
/// one king of each colour in its palace, pieces on points they can reach, the side not to move
/// not in check.
#[derive(Clone, PartialEq, Eq)]
pub struct Position {
    pub(crate) board: [Option<Piece>; 90],
    /// Bitboards by piece index ([`Piece::index`]).
    pub(crate) pieces: [u128; 14],
    pub(crate) colors: [u128; 2],
    pub(crate) occ: u128,
    /// Occupancy in file-major order (`file * 10 + rank`), for file lookups.
    pub(crate) occ_t: u128,
    pub(crate) kings: [Square; 2],
    pub(crate) side: Color,
    pub(crate) key: u64,
    pub(crate) halfmove_clock: u32,
    pub(crate) fullmoves: u32,
}

/// What [`Position::make_move`] returns and [`Position::unmake_move`] needs to undo the move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Undo {
    moved: Option<Piece>,
    captured: Option<Piece>,
    key: u64,
    halfmove_clock: u32,
}

impl Undo {
    /// The piece the move captured, if any.
    #[inline]
    #[must_use]
    pub fn captured(&self) -> Option<Piece> {
        self.captured
    }
}

/// A move that is not legal in the position it was offered to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMove {
    /// The move offered.
    pub mv: Move,
    /// Why it was refused.
    pub reason: IllegalReason,
}

/// Why a move was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalReason {
    /// No piece stands on the origin.
    NoPiece,
    /// The piece on the origin belongs to the side not to move.
    NotYourPiece,
    /// The piece cannot move that way (including blocked legs, eyes and cannon screens).
    CannotMoveThere,
    /// The move would leave one's own king attacked, or the two kings facing.
    LeavesKingInCheck,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let why = match self.reason {
            IllegalReason::NoPiece => "there is no piece on its starting point",
            IllegalReason::NotYourPiece => "that piece belongs to the side not to move",
            IllegalReason::CannotMoveThere => "that piece cannot move there",
            IllegalReason::LeavesKingInCheck => {
                "it would leave the king in check or facing the other king"
            }
        };
        write!(f, "illegal move {}: {}", self.mv, why)
    }
}

impl std::error::Error for IllegalMove {}

/// How a game ends when the side to move has no legal move. In xiangqi that side loses, in check
/// (checkmate, 将死) or not (stalemate, 困毙).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NoMovesOutcome {
    /// The side to move is in check and has no legal move.
    Checkmate {
        /// The side that gave mate.
        winner: Color,
    },
    /// The side to move is not in check but has no legal move; it loses all the same.
    Stalemate {
        /// The side that is not stalemated.
        winner: Color,
    },
}

impl NoMovesOutcome {
    /// The side that wins.
    #[must_use]
    pub fn winner(self) -> Color {
        match self {
            NoMovesOutcome::Checkmate { winner } | NoMovesOutcome::Stalemate { winner } => winner,
        }
    }
}

const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

impl Position {
    /// The standard starting position.
    #[must_use]
    pub fn startpos() -> Position {
        match Position::from_fen(START_FEN) {
            Ok(p) => p,
            Err(_) => unreachable!("the start FEN is valid"),
        }
    }

    /// The FEN of the standard starting position.
    pub const START_FEN: &'static str = START_FEN;

    /// A position from a board that the caller has already validated (see `fen.rs`).
    pub(crate) fn from_validated_board(
        board: [Option<Piece>; 90],
        side: Color,
        halfmove_clock: u32,
        fullmoves: u32,
    ) -> Position {
        let mut pos = Position {
            board: [None; 90],
            pieces: [0; 14],
            colors: [0; 2],
            occ: 0,
            occ_t: 0,
            kings: [Square::ALL[4], Square::ALL[85]],
            side,
            key: 0,
            halfmove_clock,
            // Kept well below u32::MAX, so that a move and its take-back count exactly.
            fullmoves: fullmoves.clamp(1, u32::MAX / 2),
        };
        for sq in Square::ALL {
            if let Some(p) = board[sq.index()] {
                pos.put(p, sq);
                if p.kind == PieceKind::King {
                    pos.kings[p.color.index()] = sq;
                }
            }
        }
        pos.key = pos.compute_key();
        pos
    }

    #[inline(always)]
    fn put(&mut self, p: Piece, sq: Square) {
        let b = 1u128 << sq.index();
        self.board[sq.index()] = Some(p);
        self.pieces[p.index()] |= b;
        self.colors[p.color.index()] |= b;
        self.occ |= b;
        self.occ_t |= TRANSPOSED[sq.index()];
    }

    /// The piece on `sq`, if any.
    #[inline]
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// The side to move.
    #[inline]
    #[must_use]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The 64-bit Zobrist key, kept up to date by every move.
    #[inline]
    #[must_use]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// Plies since the last capture (the FEN half-move clock).
    #[inline]
    #[must_use]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    /// The move number, starting at 1 and rising after each Black move.
    #[inline]
    #[must_use]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmoves
    }

    /// Where `color`'s king stands.
    #[inline]
    #[must_use]
    pub fn king(&self, color: Color) -> Square {
        self.kings[color.index()]
    }

    /// The squares holding `piece`.
    #[inline]
    #[must_use]
    pub fn pieces(&self, piece: Piece) -> Bitboard {
        Bitboard(self.pieces[piece.index()])
    }

    /// The squares holding `color`'s pieces.
    #[inline]
    #[must_use]
    pub fn by_color(&self, color: Color) -> Bitboard {
        Bitboard(self.colors[color.index()])
    }

    /// The squares holding any piece.
    #[inline]
    #[must_use]
    pub fn occupied(&self) -> Bitboard {
        Bitboard(self.occ)
    }

    /// The Zobrist key computed from scratch (what [`Position::key`] must always equal).
    #[must_use]
    pub fn compute_key(&self) -> u64 {
        let mut k = if self.side == Color::Black {
            zobrist::SIDE
        } else {
            0
        };
        for sq in Square::ALL {
            if let Some(p) = self.board[sq.index()] {
                k ^= zobrist::piece_key(p, sq);
            }
        }
        k
    }

    /// Plays `m` after checking that it is legal; the position is unchanged on error.
    pub fn play(&mut self, m: Move) -> Result<Undo, IllegalMove> {
        self.check_legal(m)?;
        Ok(self.make_move(m))
    }

    /// The position after `m`, or why `m` is illegal.
    pub fn after(&self, m: Move) -> Result<Position, IllegalMove> {
        let mut p = self.clone();
        p.play(m)?;
        Ok(p)
    }

    /// Whether `m` is legal here.
    #[must_use]
    pub fn is_legal(&self, m: Move) -> bool {
        self.check_legal(m).is_ok()
    }

    /// `Ok` if `m` is legal here, otherwise the reason it is not.
    pub fn check_legal(&self, m: Move) -> Result<(), IllegalMove> {
        let err = |reason| Err(IllegalMove { mv: m, reason });
        let Some(piece) = self.piece_at(m.from()) else {
            return err(IllegalReason::NoPiece);
        };
        if piece.color != self.side {
            return err(IllegalReason::NotYourPiece);
        }
        if !self.pseudo_targets(m.from()).contains(m.to()) {
            return err(IllegalReason::CannotMoveThere);
        }
        if !self.move_is_safe(m.from(), m.to(), piece.kind == PieceKind::King) {
            return err(IllegalReason::LeavesKingInCheck);
        }
        Ok(())
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::startpos()
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.to_fen())
    }
}

impl fmt::Display for Position {
    /// A text diagram, Black at the top, followed by the FEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..10).rev() {
            write!(f, "{rank} ")?;
            for file in 0..9 {
                let sq = Square::ALL[rank * 9 + file];
                let c = self.board[sq.index()].map_or('.', Piece::fen_char);
                write!(f, " {c}")?;
            }
            writeln!(f)?;
        }
        writeln!(f, "   a b c d e f g h i")?;
        write!(f, "{}", self.to_fen())
    }
}
