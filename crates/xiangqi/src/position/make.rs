//! Making and unmaking moves (and null moves), keeping the bitboards, the transposed occupancy
//! and the Zobrist key in step.

use super::*;

impl Position {
    /// Plays `m`, which must be legal here (as from [`Position::legal_moves`]), and returns what
    /// [`Position::unmake_move`] needs to take it back. For the search: no legality check.
    ///
    /// An illegal move leaves the position in an unspecified (but memory-safe) state; a move from
    /// an empty point does nothing.
    #[inline]
    pub fn make_move(&mut self, m: Move) -> Undo {
        let (from, to) = (m.from(), m.to());
        let moved = self.board[from.index()];
        let captured = self.board[to.index()];
        let undo = Undo {
            moved,
            captured,
            key: self.key,
            halfmove_clock: self.halfmove_clock,
        };
        let Some(piece) = moved else {
            debug_assert!(false, "make_move from an empty square: {m}");
            return undo;
        };
        let fb = 1u128 << from.index();
        let tb = 1u128 << to.index();
        let mut key = self.key
            ^ zobrist::SIDE
            ^ zobrist::piece_key(piece, from)
            ^ zobrist::piece_key(piece, to);
        if let Some(cap) = captured {
            self.pieces[cap.index()] ^= tb;
            self.colors[cap.color.index()] ^= tb;
            key ^= zobrist::piece_key(cap, to);
            self.halfmove_clock = 0;
        } else {
            self.occ ^= tb;
            self.occ_t ^= TRANSPOSED[to.index()];
            self.halfmove_clock = self.halfmove_clock.saturating_add(1);
        }
        self.occ ^= fb;
        self.occ_t ^= TRANSPOSED[from.index()];
        self.pieces[piece.index()] ^= fb | tb;
        self.colors[piece.color.index()] ^= fb | tb;
        self.board[from.index()] = None;
        self.board[to.index()] = Some(piece);
        if piece.kind == PieceKind::King {
            self.kings[piece.color.index()] = to;
        }
        if self.side == Color::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.side = !self.side;
        self.key = key;
        undo
    }

    /// Takes back `m`, which must be the last move made with [`Position::make_move`] and `undo`
    /// what it returned.
    #[inline]
    pub fn unmake_move(&mut self, m: Move, undo: Undo) {
        let Some(piece) = undo.moved else {
            return;
        };
        let (from, to) = (m.from(), m.to());
        let fb = 1u128 << from.index();
        let tb = 1u128 << to.index();
        self.side = !self.side;
        if self.side == Color::Black {
            self.fullmoves -= 1;
        }
        if piece.kind == PieceKind::King {
            self.kings[piece.color.index()] = from;
        }
        self.board[from.index()] = Some(piece);
        self.board[to.index()] = undo.captured;
        self.pieces[piece.index()] ^= fb | tb;
        self.colors[piece.color.index()] ^= fb | tb;
        self.occ ^= fb;
        self.occ_t ^= TRANSPOSED[from.index()];
        if let Some(cap) = undo.captured {
            self.pieces[cap.index()] ^= tb;
            self.colors[cap.color.index()] ^= tb;
        } else {
            self.occ ^= tb;
            self.occ_t ^= TRANSPOSED[to.index()];
        }
        self.key = undo.key;
        self.halfmove_clock = undo.halfmove_clock;
    }

    /// Passes the turn without moving (a null move, for the search's null-move pruning). Undo it
    /// with [`Position::unmake_null_move`]. Never call it while in check.
    #[inline]
    pub fn make_null_move(&mut self) -> Undo {
        let undo = Undo {
            moved: None,
            captured: None,
            key: self.key,
            halfmove_clock: self.halfmove_clock,
        };
        self.key ^= zobrist::SIDE;
        self.side = !self.side;
        self.halfmove_clock = self.halfmove_clock.saturating_add(1);
        undo
    }

    /// Takes back [`Position::make_null_move`].
    #[inline]
    pub fn unmake_null_move(&mut self, undo: Undo) {
        self.side = !self.side;
        self.key = undo.key;
        self.halfmove_clock = undo.halfmove_clock;
    }
}
