//! How a game ends: outcomes, and the repetition rules for perpetual check and perpetual chase.
//!
//! Two rulebooks judge repetitions ([`Rulebook`]): the computer-league rules, the default for
//! engine matches, and the Asian (AXF) rules that people, the xiangqi websites and the strongest
//! engines play by.
//!
//! # The computer-league rules ([`Rulebook::League`])
//!
//! The Asian rules as simplified for computer play in xqbase's computer league rules
//! (电脑象棋联赛规则, 2007 revision, sections 4.4-4.5 and 5.1-5.7), as ElephantEye applies them:
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
//! What counts as a chase (捉): only the piece that just moved is considered (no discovered
//! attacks), and only these attacks, whether or not the attacker is pinned and whether or not the
//! protector could really recapture:
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
//! The no-capture limit is 60 moves by each side ([`NO_CAPTURE_DRAW_PLIES`]).
//!
//! # The Asian rules ([`Rulebook::Asian`])
//!
//! The Asian Xiangqi Federation's rules on perpetual attack (长打), as human tournaments, the
//! xiangqi websites, Fairy-Stockfish and Pikafish judge them:
//!
//! - A repetition is adjudicated at the **third** occurrence of a position; the moves from its
//!   first occurrence are judged.
//! - Each move is a **check** (将), a **chase** (捉) of the pieces it newly chases (below), or
//!   **idle** (闲).
//! - A side whose moves are all checks checks perpetually (长将) and loses; all chases of one and
//!   the same piece (followed as it moves, whichever piece attacks it) is a perpetual chase (长捉)
//!   and loses; checks mixed with chases of one and the same piece (一将一捉, 一将一抽 and the
//!   like) lose too (一将一捉).
//! - When both sides perpetually attack in any of these ways the game is drawn (双方长打); when
//!   neither does it is drawn (循环不变作和). A side with a single idle move in the cycle
//!   does not perpetually attack; a side that chases a different piece each time does not either
//!   (its chases share no piece).
//! - The no-capture limit is kept at 60 moves by each side, as in the league rulebook (the
//!   Chinese rules' 自然限着; Pikafish uses the same limit).
//!
//! A move **chases** a piece when, in the position after it, one of the mover's pieces (the one
//! that moved, or one it uncovered, or one whose capture it made possible by pinning a protector)
//! could capture that piece and this attack was not already a chase before the move. An attack
//! is a chase when all of these hold:
//!
//! - the attacker is not the king, nor a pawn that has not crossed the river (those may attack
//!   freely); the target is not the king (that is a check), nor a pawn that has not crossed;
//! - the capture would be legal: a **pinned attacker does not chase**;
//! - the target is **not truly protected**: no piece of its side could legally retake after the
//!   capture (a pinned protector, or a king that would step into an attack, does not protect);
//!   except that a target of a higher rank than its attacker is chased even when protected: a
//!   rook by a horse or cannon, a rook, horse or cannon by an advisor, elephant or crossed pawn;
//! - an attack on a piece of the attacker's own kind that could capture the attacker back is an
//!   offer to exchange, not a chase (a horse whose leg is blocked the other way cannot, so it
//!   is chased).
//!
//! Where the rules leave room for reading, the choices are these: a crossed pawn chases (the
//! Chinese rules allow only the king and uncrossed pawns to attack at will; Fairy-Stockfish and
//! Pikafish let no pawn chase); a horse and a cannon count as different pieces for the exchange
//! exception (as in both engines); when one side checks perpetually and the other chases
//! perpetually the game is drawn as any other 双方长打 (Fairy-Stockfish and Pikafish make the
//! checking side lose). The cases in `crates/xiangqi/tests/data/repetition_cases.txt` are
//! judged by both rulebooks and, beside them, by Fairy-Stockfish.

use core::fmt;

use crate::attacks;
use crate::position::Position;
use crate::types::{Color, Move, PieceKind, Square};

mod asian;
mod outcome;
pub use outcome::{DrawReason, Outcome, WinReason};

/// Which rules judge repetitions and the no-capture limit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Rulebook {
    /// xqbase's computer-league rules (计算机规则): the default, and the rules of engine matches.
    #[default]
    League,
    /// The Asian rules (亚洲规则) that people play by.
    Asian,
}

/// A rulebook name that is not one of [`Rulebook::ALL`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownRulebook(pub String);

impl fmt::Display for UnknownRulebook {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown rulebook {:?}: expected league (计算机规则) or asian (亚洲规则)",
            self.0
        )
    }
}

impl std::error::Error for UnknownRulebook {}

impl Rulebook {
    /// Both rulebooks.
    pub const ALL: [Rulebook; 2] = [Rulebook::League, Rulebook::Asian];

    /// The English name, as the `Rules` tag and the engine option write it: `League`, `Asian`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Rulebook::League => "League",
            Rulebook::Asian => "Asian",
        }
    }

    /// The Chinese name: 计算机规则, 亚洲规则.
    #[must_use]
    pub fn chinese(self) -> &'static str {
        match self {
            Rulebook::League => "计算机规则",
            Rulebook::Asian => "亚洲规则",
        }
    }

    /// The occurrence of a position at which a repetition is adjudicated: 4 (league), 3 (Asian).
    #[must_use]
    pub fn repetition_occurrences(self) -> usize {
        match self {
            Rulebook::League => REPETITION_OCCURRENCES,
            Rulebook::Asian => 3,
        }
    }

    /// Plies without a capture after which the game is drawn: 120 (60 moves by each side) in both.
    #[must_use]
    pub fn no_capture_plies(self) -> u32 {
        NO_CAPTURE_DRAW_PLIES
    }

    /// Judges a repetition: `start` is the position at the first occurrence of the repeated
    /// position and `moves` the moves played from there to its latest occurrence.
    #[must_use]
    pub fn judge_repetition(self, start: &Position, moves: &[Move]) -> Outcome {
        match self {
            Rulebook::League => judge_repetition(start, moves),
            Rulebook::Asian => asian::judge(start, moves),
        }
    }
}

impl fmt::Display for Rulebook {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl core::str::FromStr for Rulebook {
    type Err = UnknownRulebook;

    /// `league` or `asian` in any case, or the Chinese names (计算机规则, 亚洲规则).
    fn from_str(s: &str) -> Result<Rulebook, UnknownRulebook> {
        let t = s.trim();
        Rulebook::ALL
            .into_iter()
            .find(|r| t.eq_ignore_ascii_case(r.name()) || t == r.chinese())
            .ok_or_else(|| UnknownRulebook(s.to_owned()))
    }
}

/// The occurrence of one position at which a repetition is adjudicated.
pub const REPETITION_OCCURRENCES: usize = 4;

/// Plies without a capture after which the game is drawn (60 moves by each side).
pub const NO_CAPTURE_DRAW_PLIES: u32 = 120;

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

/// Judges a repetition by the computer-league rules ([`Rulebook::League`]): `start` is the
/// position at the first occurrence of the repeated position and `moves` the moves played from
/// there to its latest occurrence. Returns the outcome under the rules in the module
/// documentation (perpetual check or chase loses, otherwise a draw).
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
