//! The position: board, side to move, Zobrist key, and making and unmaking moves.

use core::fmt;

use crate::attacks::{self, PAWN_ATTACKERS, TRANSPOSED};
use crate::bitboard::Bitboard;
use crate::types::{Color, Move, Piece, PieceKind, Square};
use crate::zobrist;

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

// ----------------------------------------------------------------------------------------------
// Making and unmaking moves (and null moves), keeping the bitboards, the transposed occupancy
// and the Zobrist key in step.

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

// ----------------------------------------------------------------------------------------------
// What attacks what: the points a piece reaches, attackers and protectors of a point, checks,
// the static exchange of a capture and whether the side to move has any move left.

impl Position {
    /// Where the piece on `from` could move by its own rules, ignoring checks to its own king
    /// (empty if the point is empty).
    #[must_use]
    pub fn pseudo_targets(&self, from: Square) -> Bitboard {
        let Some(p) = self.piece_at(from) else {
            return Bitboard::EMPTY;
        };
        let own = self.colors[p.color.index()];
        let enemy = self.colors[(!p.color).index()];
        let t = match p.kind {
            PieceKind::King => attacks::king_steps(from),
            PieceKind::Advisor => attacks::advisor_steps(from),
            PieceKind::Elephant => attacks::elephant_moves(from, self.occ),
            PieceKind::Horse => attacks::horse_moves(from, self.occ),
            PieceKind::Rook => attacks::rook_attacks(from, self.occ, self.occ_t),
            PieceKind::Cannon => {
                let (r, c) = attacks::slides(from, self.occ, self.occ_t);
                (r & !self.occ) | (c & enemy)
            }
            PieceKind::Pawn => attacks::pawn_steps_of(p.color, from),
        };
        Bitboard(t & !own)
    }

    /// The pieces of `by` that attack `sq`, with the board occupied as `occ`/`occ_t` and only the
    /// pieces of `by` inside `alive` counted. The enemy king counts as a rook along the file
    /// (flying general).
    #[inline(always)]
    pub(crate) fn attackers_with(
        &self,
        sq: Square,
        occ: u128,
        occ_t: u128,
        by: Color,
        alive: u128,
    ) -> u128 {
        let base = by.index() * 7;
        let (rook, cannon) = attacks::slides(sq, occ, occ_t);
        let p = &self.pieces;
        ((rook & (p[base + PieceKind::Rook as usize] | p[base + PieceKind::King as usize]))
            | (cannon & p[base + PieceKind::Cannon as usize])
            | (attacks::horse_attackers(sq, occ) & p[base + PieceKind::Horse as usize])
            | (PAWN_ATTACKERS[by.index()][sq.index()] & p[base + PieceKind::Pawn as usize]))
            & alive
    }

    /// The pieces of `by` that could capture on `sq` if an enemy piece stood there, with the board
    /// occupied as `occ`/`occ_t`: what "protected" means for the chase rule. Unlike
    /// [`Position::attackers_to`], the king counts by its palace steps, advisors and elephants
    /// count, and the facing-king rule does not.
    pub(crate) fn protectors(&self, sq: Square, by: Color, occ: u128, occ_t: u128) -> u128 {
        let base = by.index() * 7;
        let p = &self.pieces;
        let (rook, cannon) = attacks::slides(sq, occ, occ_t);
        (rook & p[base + PieceKind::Rook as usize])
            | (cannon & p[base + PieceKind::Cannon as usize])
            | (attacks::horse_attackers(sq, occ) & p[base + PieceKind::Horse as usize])
            | (PAWN_ATTACKERS[by.index()][sq.index()] & p[base + PieceKind::Pawn as usize])
            | (attacks::advisor_steps(sq) & p[base + PieceKind::Advisor as usize])
            | (attacks::elephant_moves(sq, occ) & p[base + PieceKind::Elephant as usize])
            | (attacks::king_steps(sq) & p[base + PieceKind::King as usize])
    }

    /// The pieces of `by` attacking `sq` on the current board.
    #[must_use]
    pub fn attackers_to(&self, sq: Square, by: Color) -> Bitboard {
        Bitboard(self.attackers_with(sq, self.occ, self.occ_t, by, u128::MAX))
    }

    /// The enemy pieces giving check to the side to move.
    #[inline]
    #[must_use]
    pub fn checkers(&self) -> Bitboard {
        self.attackers_to(self.kings[self.side.index()], !self.side)
    }

    /// Whether the side to move is in check (including by the facing king).
    #[inline]
    #[must_use]
    pub fn is_check(&self) -> bool {
        self.checkers().any()
    }

    /// Whether moving the side to move's piece from `from` to `to` leaves its king safe. The move
    /// must be pseudo-legal; `king` says whether the moving piece is the king.
    #[inline(always)]
    pub(crate) fn move_is_safe(&self, from: Square, to: Square, king: bool) -> bool {
        let us = self.side;
        let tb = 1u128 << to.index();
        let occ = (self.occ & !(1u128 << from.index())) | tb;
        let occ_t = (self.occ_t & !TRANSPOSED[from.index()]) | TRANSPOSED[to.index()];
        let ksq = if king { to } else { self.kings[us.index()] };
        self.attackers_with(ksq, occ, occ_t, !us, !tb) == 0
    }

    /// Static exchange evaluation of `m`: the material the mover nets if both sides keep
    /// recapturing on the target point with their least valuable piece, each side free to stop.
    /// `values` gives each piece kind's worth, indexed by [`PieceKind::index`]. Pins are
    /// ignored; a king recaptures only when nothing could take it back.
    #[must_use]
    pub fn see(&self, m: Move, values: &[i32; 7]) -> i32 {
        let (from, to) = (m.from(), m.to());
        let Some(mover) = self.piece_at(from) else {
            return 0;
        };
        let tb = 1u128 << to.index();
        let mut occ = (self.occ & !(1u128 << from.index())) | tb;
        let mut occ_t = (self.occ_t & !TRANSPOSED[from.index()]) | TRANSPOSED[to.index()];
        let mut gain = [0i32; 40];
        gain[0] = self.piece_at(to).map_or(0, |p| values[p.kind.index()]);
        let mut attacker = values[mover.kind.index()];
        let mut side = !mover.color;
        let mut d = 0;
        const ORDER: [PieceKind; 7] = [
            PieceKind::Pawn,
            PieceKind::Advisor,
            PieceKind::Elephant,
            PieceKind::Horse,
            PieceKind::Cannon,
            PieceKind::Rook,
            PieceKind::King,
        ];
        loop {
            d += 1;
            gain[d] = attacker - gain[d - 1];
            if (-gain[d - 1]).max(gain[d]) < 0 || d + 1 >= gain.len() {
                break;
            }
            let atk = self.protectors(to, side, occ, occ_t) & occ & !tb;
            if atk == 0 {
                break;
            }
            let mut next = None;
            for kind in ORDER {
                let bb = atk & self.pieces[Piece::new(side, kind).index()];
                if bb != 0 {
                    next = Some((kind, bb.trailing_zeros() as usize));
                    break;
                }
            }
            let Some((kind, sq)) = next else { break };
            if kind == PieceKind::King {
                let occ2 = occ & !(1u128 << sq);
                let occ2_t = occ_t & !TRANSPOSED[sq];
                if self.protectors(to, !side, occ2, occ2_t) & occ2 & !tb != 0 {
                    break;
                }
            }
            occ &= !(1u128 << sq);
            occ_t &= !TRANSPOSED[sq];
            attacker = values[kind.index()];
            side = !side;
        }
        while d > 1 {
            d -= 1;
            gain[d - 1] = -(-gain[d - 1]).max(gain[d]);
        }
        gain[0]
    }

    /// When the side to move has no legal move: who won and how. `None` while moves remain.
    #[must_use]
    pub fn no_moves_outcome(&self) -> Option<NoMovesOutcome> {
        if self.has_legal_move() {
            return None;
        }
        let winner = !self.side;
        Some(if self.is_check() {
            NoMovesOutcome::Checkmate { winner }
        } else {
            NoMovesOutcome::Stalemate { winner }
        })
    }

    /// Whether the side to move has at least one legal move.
    #[must_use]
    pub fn has_legal_move(&self) -> bool {
        !self.legal_moves().is_empty()
    }
}
