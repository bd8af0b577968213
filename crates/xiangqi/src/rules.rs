//! How a game ends: outcomes, and the repetition rules for perpetual check and perpetual chase.
//!
//! # The rulebook
//!
//! Chuhan follows the Asian rules as simplified for computer play in xqbase's computer league
//! rules (电脑象棋联赛规则, 2007 revision, sections 4.4-4.5 and 5.1-5.7), as ElephantEye applies
//! them:
//!
//! - A repetition is adjudicated when the same position (same pieces, same side to move) occurs
//!   for the fourth time ([`REPETITION_OCCURRENCES`]). The moves from its first occurrence to now
//!   are judged.
//! - A side **checks perpetually** if every one of its moves in that stretch gives check.
//! - A side **chases perpetually** if none of its moves gives check and every one of them chases
//!   the same enemy piece (followed as it moves).
//! - Perpetual check loses; otherwise perpetual chase loses; when both sides do the same thing
//!   (both check, or both chase) or neither does, the game is drawn. A side that alternates checks
//!   and chases is neither (将捉交替, drawn).
//!
//! # What counts as a chase (捉)
//!
//! Only the piece that just moved is considered (no discovered attacks), and only these attacks,
//! whether or not the attacker is pinned and whether or not the protector could really recapture:
//!
//! | attacker | chases |
//! | --- | --- |
//! | horse | a rook; an unprotected cannon; an unprotected pawn across the river |
//! | cannon | a rook; an unprotected horse; an unprotected pawn across the river |
//! | rook | an unprotected horse or cannon; an unprotected pawn across the river |
//!
//! Kings, advisors, elephants and pawns never chase; kings, advisors and elephants are never
//! chased (an attack on the king is a check); pawns that have not crossed the river are never
//! chased; attacks on a piece of the same kind (an offer to exchange) are not chases. A piece is
//! protected if one of its own pieces could move onto its square once the attacker had taken it.

use core::fmt;

use crate::attacks;
use crate::position::Position;
use crate::types::{Color, Move, PieceKind, Square};

/// The occurrence of one position at which a repetition is adjudicated.
pub const REPETITION_OCCURRENCES: usize = 4;

/// Plies without a capture after which the game is drawn (60 moves by each side).
pub const NO_CAPTURE_DRAW_PLIES: u32 = 120;

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Outcome {
    /// One side won.
    Win {
        /// The winner.
        winner: Color,
        /// Why.
        reason: WinReason,
    },
    /// Nobody won.
    Draw {
        /// Why.
        reason: DrawReason,
    },
}

/// Why a game was won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum WinReason {
    /// The loser was in check with no legal move (将死).
    Checkmate,
    /// The loser was not in check but had no legal move (困毙).
    Stalemate,
    /// The loser checked perpetually (长将).
    PerpetualCheck,
    /// The loser chased one piece perpetually (长捉).
    PerpetualChase,
    /// The loser resigned (认输).
    Resignation,
    /// The loser's clock ran out (超时).
    Timeout,
}

/// Why a game was drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum DrawReason {
    /// A position repeated without a losing perpetual check or chase.
    Repetition,
    /// 60 moves by each side without a capture.
    NoCaptureLimit,
    /// Neither side has a piece that can cross the river (only kings, advisors, elephants).
    NoAttackingPieces,
    /// The players agreed.
    Agreement,
    /// A clock ran out while the other side had nothing left that can mate (no rook, horse,
    /// cannon or pawn).
    TimeoutNoMatingMaterial,
}

impl Outcome {
    /// The PGN result token: `1-0`, `0-1` or `1/2-1/2`.
    #[must_use]
    pub fn pgn_result(self) -> &'static str {
        match self {
            Outcome::Win {
                winner: Color::Red, ..
            } => "1-0",
            Outcome::Win {
                winner: Color::Black,
                ..
            } => "0-1",
            Outcome::Draw { .. } => "1/2-1/2",
        }
    }

    /// The winner, if any.
    #[must_use]
    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw { .. } => None,
        }
    }

    /// A short Chinese description, e.g. `红方胜（将死）`.
    #[must_use]
    pub fn chinese(self) -> String {
        match self {
            Outcome::Win { winner, reason } => {
                let side = if winner == Color::Red {
                    "红方胜"
                } else {
                    "黑方胜"
                };
                let why = match reason {
                    WinReason::Checkmate => "将死",
                    WinReason::Stalemate => "困毙",
                    WinReason::PerpetualCheck => "对方长将",
                    WinReason::PerpetualChase => "对方长捉",
                    WinReason::Resignation => "对方认输",
                    WinReason::Timeout => "对方超时",
                };
                format!("{side}（{why}）")
            }
            Outcome::Draw { reason } => {
                let why = match reason {
                    DrawReason::Repetition => "重复局面",
                    DrawReason::NoCaptureLimit => "六十回合无吃子",
                    DrawReason::NoAttackingPieces => "双方无进攻子力",
                    DrawReason::Agreement => "双方议和",
                    DrawReason::TimeoutNoMatingMaterial => "超时，对方无进攻子力",
                };
                format!("和棋（{why}）")
            }
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { winner, reason } => {
                let why = match reason {
                    WinReason::Checkmate => "checkmate",
                    WinReason::Stalemate => "stalemate: the loser has no legal move",
                    WinReason::PerpetualCheck => "the loser checked perpetually",
                    WinReason::PerpetualChase => "the loser chased perpetually",
                    WinReason::Resignation => "resignation",
                    WinReason::Timeout => "the loser ran out of time",
                };
                write!(f, "{winner} wins ({why})")
            }
            Outcome::Draw { reason } => {
                let why = match reason {
                    DrawReason::Repetition => "repetition",
                    DrawReason::NoCaptureLimit => "60 moves each without a capture",
                    DrawReason::NoAttackingPieces => "neither side can attack",
                    DrawReason::Agreement => "agreement",
                    DrawReason::TimeoutNoMatingMaterial => {
                        "time ran out, but the other side cannot mate"
                    }
                };
                write!(f, "draw ({why})")
            }
        }
    }
}

/// The squares of the enemy pieces that the piece which just made `m` chases in `after` (the
/// position after `m`). Empty if the move gives check: a check is not a chase.
#[must_use]
pub fn chased_by(after: &Position, m: Move) -> crate::Bitboard {
    let to = m.to();
    let Some(mover) = after.piece_at(to) else {
        return crate::Bitboard::EMPTY;
    };
    let them = after.side_to_move();
    if mover.color == them || after.is_check() {
        return crate::Bitboard::EMPTY;
    }
    let occ = after.occ;
    let attacked = match mover.kind {
        PieceKind::Horse => attacks::horse_moves(to, occ),
        PieceKind::Rook => attacks::rook_attacks(to, occ, after.occ_t),
        PieceKind::Cannon => attacks::slides(to, occ, after.occ_t).1,
        _ => 0,
    } & after.colors[them.index()];
    let mut chased = 0u128;
    for t in crate::Bitboard(attacked) {
        let Some(target) = after.piece_at(t) else {
            continue;
        };
        let counts = match target.kind {
            PieceKind::King | PieceKind::Advisor | PieceKind::Elephant => false,
            k if k == mover.kind => false,
            PieceKind::Pawn if t.on_side_of(target.color) => false,
            PieceKind::Rook => true,
            _ => {
                // protected: could a piece of `them` retake on `t` once the mover stood there?
                let occ = occ & !(1u128 << to.index());
                let occ_t = after.occ_t & !attacks::TRANSPOSED[to.index()];
                after.protectors(t, them, occ, occ_t) == 0
            }
        };
        if counts {
            chased |= 1u128 << t.index();
        }
    }
    crate::Bitboard(chased)
}

/// Judges a repetition: `start` is the position at the first occurrence of the repeated position
/// and `moves` the moves played from there to its latest occurrence. Returns the outcome under
/// the rules in the module documentation (perpetual check or chase loses, otherwise a draw).
///
/// The engine calls this too, so it never walks into a loss by rule.
#[must_use]
pub fn judge_repetition(start: &Position, moves: &[Move]) -> Outcome {
    // Follow each piece through the stretch by an identity: the square it stood on at `start`.
    let mut ids = [u8::MAX; 90];
    for sq in Square::ALL {
        if start.piece_at(sq).is_some() {
            ids[sq.index()] = sq.index() as u8;
        }
    }
    let mut checks = [true; 2];
    let mut chase = [u128::MAX; 2];
    let mut moved = [false; 2];
    let mut pos = start.clone();
    for &m in moves {
        let mover = pos.side_to_move();
        let c = mover.index();
        moved[c] = true;
        ids[m.to().index()] = ids[m.from().index()];
        ids[m.from().index()] = u8::MAX;
        pos.make_move(m);
        if pos.is_check() {
            chase[c] = 0;
        } else {
            checks[c] = false;
            let mut targets = 0u128;
            for t in chased_by(&pos, m) {
                let id = ids[t.index()];
                if id != u8::MAX {
                    targets |= 1u128 << id;
                }
            }
            chase[c] &= targets;
        }
    }
    let level = |c: usize| {
        if !moved[c] {
            0
        } else if checks[c] {
            2
        } else if chase[c] != 0 {
            1
        } else {
            0
        }
    };
    let (red, black) = (level(0), level(1));
    let reason = |lvl| {
        if lvl == 2 {
            WinReason::PerpetualCheck
        } else {
            WinReason::PerpetualChase
        }
    };
    if red > black {
        Outcome::Win {
            winner: Color::Black,
            reason: reason(red),
        }
    } else if black > red {
        Outcome::Win {
            winner: Color::Red,
            reason: reason(black),
        }
    } else {
        Outcome::Draw {
            reason: DrawReason::Repetition,
        }
    }
}

/// Whether `color` has a rook, horse, cannon or pawn: a piece that can cross the river, so
/// that it can still mate (kings, advisors and elephants alone never can).
#[must_use]
pub fn has_attacking_pieces(pos: &Position, color: Color) -> bool {
    [
        PieceKind::Horse,
        PieceKind::Rook,
        PieceKind::Cannon,
        PieceKind::Pawn,
    ]
    .iter()
    .any(|&k| !pos.pieces(crate::Piece::new(color, k)).is_empty())
}

/// Whether neither side has a rook, horse, cannon or pawn left: nothing can cross the river.
#[must_use]
pub fn no_attacking_pieces(pos: &Position) -> bool {
    Color::ALL.iter().all(|&c| !has_attacking_pieces(pos, c))
}

/// The result when `flagged`'s clock runs out in `pos`: a loss, or a draw when the other side has
/// nothing that could ever mate.
#[must_use]
pub fn on_time(pos: &Position, flagged: Color) -> Outcome {
    if has_attacking_pieces(pos, !flagged) {
        Outcome::Win {
            winner: !flagged,
            reason: WinReason::Timeout,
        }
    } else {
        Outcome::Draw {
            reason: DrawReason::TimeoutNoMatingMaterial,
        }
    }
}
