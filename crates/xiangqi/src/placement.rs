//! Setting up a position by hand (摆棋): a [`Placement`] is a board of pieces and a side to move
//! that may break the rules while it is being set up; [`Placement::position`] checks it by the
//! same rules as a FEN and names the first one broken.
//!
//! ```
//! use xiangqi::{Color, FenError, Piece, PieceKind, Square};
//! use xiangqi::placement::Placement;
//! let mut setup = Placement::empty();
//! assert_eq!(setup.position(), Err(FenError::MissingKing(Color::Red)));
//! setup.put("e0".parse()?, Piece::new(Color::Red, PieceKind::King));
//! setup.put("d9".parse()?, Piece::new(Color::Black, PieceKind::King));
//! setup.put("a4".parse()?, Piece::new(Color::Red, PieceKind::Rook));
//! assert!(setup.position().is_ok());
//! # Ok::<(), xiangqi::ParseSquareError>(())
//! ```

use crate::fen::FenError;
use crate::position::Position;
use crate::types::{Color, Piece, Square};

/// A board being set up: any pieces on any points, and the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Placement {
    board: [Option<Piece>; 90],
    side: Color,
}

impl Default for Placement {
    fn default() -> Placement {
        Placement::empty()
    }
}

impl Placement {
    /// An empty board, Red to move.
    #[must_use]
    pub fn empty() -> Placement {
        Placement {
            board: [None; 90],
            side: Color::Red,
        }
    }

    /// The pieces and side to move of `position`.
    #[must_use]
    pub fn of(position: &Position) -> Placement {
        let mut board = [None; 90];
        for sq in Square::ALL {
            board[sq.index()] = position.piece_at(sq);
        }
        Placement {
            board,
            side: position.side_to_move(),
        }
    }

    /// What stands on `sq`.
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// Every piece with its point, from a0 to i9.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        Square::ALL
            .into_iter()
            .filter_map(|sq| self.piece_at(sq).map(|p| (sq, p)))
    }

    /// Sets `piece` on `sq`; returns what stood there.
    pub fn put(&mut self, sq: Square, piece: Piece) -> Option<Piece> {
        self.board[sq.index()].replace(piece)
    }

    /// Takes the piece off `sq`; returns it.
    pub fn remove(&mut self, sq: Square) -> Option<Piece> {
        self.board[sq.index()].take()
    }

    /// Moves what stands on `from` to `to` (replacing what stood there); returns whether there
    /// was a piece to move.
    pub fn shift(&mut self, from: Square, to: Square) -> bool {
        match self.remove(from) {
            Some(p) => {
                self.put(to, p);
                true
            }
            None => false,
        }
    }

    /// The side to move.
    #[must_use]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// Sets the side to move.
    pub fn set_side_to_move(&mut self, side: Color) {
        self.side = side;
    }

    /// How many pieces of `piece` stand on the board.
    #[must_use]
    pub fn count(&self, piece: Piece) -> u32 {
        self.board.iter().filter(|p| **p == Some(piece)).count() as u32
    }

    /// The position, if the rules allow it (move counters 0 and 1).
    ///
    /// # Errors
    /// The first rule broken (see [`Position::from_board`]).
    pub fn position(&self) -> Result<Position, FenError> {
        Position::from_board(self.board, self.side, 0, 1)
    }
}
