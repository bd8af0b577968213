//! Xiangqi (Chinese chess, 中国象棋) rules: board types, positions, legal move generation, FEN,
//! Zobrist hashing and handicap setups.
//!
//! Squares are named as in ICCS/UCI and Pikafish: files `a`-`i` from Red's left, ranks `0`-`9`
//! from Red's side. Every legal rule is applied: the horse's leg (蹩马腿), the elephant's eye
//! (塞象眼) and river, the palace, cannon screens, pawns crossing the river, and the flying general
//! (the kings may never face each other on an open file). A side with no legal move loses.
//!
//! ```
//! use xiangqi::{Move, Position};
//!
//! let mut pos = Position::startpos();
//! assert_eq!(pos.legal_moves().len(), 44);
//! let central_cannon: Move = "h2e2".parse()?;
//! pos.play(central_cannon)?;
//! assert_eq!(pos.to_fen(), "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1");
//! assert!(pos.play("h2e2".parse()?).is_err()); // Black has no piece there
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod attacks;
mod bitboard;
pub mod cbr;
pub mod dhtml;
mod fen;
mod handicap;
mod movegen;
pub mod notation;
pub mod paste;
pub mod pgn;
pub mod placement;
mod position;
mod record;
#[cfg(feature = "serde")]
pub mod ron;
mod rules;
mod types;
pub mod xqf;
mod zobrist;

pub use bitboard::{Bitboard, Squares};
pub use fen::FenError;
pub use handicap::Handicap;
pub use movegen::{GenKind, MAX_MOVES, MoveList};
pub use position::{IllegalMove, IllegalReason, NoMovesOutcome, Position, Undo};
pub use record::{GameRecord, MAX_VARIATION_NESTING, Mark, PlayError, RULES_TAG, Variation};
pub use rules::{
    DrawReason, NO_CAPTURE_DRAW_PLIES, Outcome, REPETITION_OCCURRENCES, Rulebook, UnknownRulebook,
    WinReason, chased_by, has_attacking_pieces, judge_repetition, no_attacking_pieces, on_time,
};
pub use types::{Color, File, Move, ParseSquareError, Piece, PieceKind, Rank, Square};

/// Counts the leaf nodes of the legal move tree to `depth` plies (the last ply counted from the
/// legal move list, as Pikafish and Stockfish do).
#[must_use]
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut nodes = 0;
    for &m in &moves {
        let undo = pos.make_move(m);
        nodes += perft(pos, depth - 1);
        pos.unmake_move(m, undo);
    }
    nodes
}
