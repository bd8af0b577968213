//! How a game ends: the outcome, the reasons for a win or a draw, and their names.

use super::{Color, fmt};

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
    /// The loser mixed checks with chases of one piece (一将一捉; Asian rules only).
    CheckAndChase,
    /// The loser resigned (认输).
    Resignation,
    /// The loser's clock ran out (超时).
    Timeout,
    /// The loser left an online game and the winner claimed it (对方离开).
    Abandoned,
}

/// Why a game was drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum DrawReason {
    /// A position repeated without a losing perpetual check or chase (循环不变作和).
    Repetition,
    /// Both sides attacked perpetually (双方长打; Asian rules only).
    BothPerpetual,
    /// 60 moves by each side without a capture.
    NoCaptureLimit,
    /// Neither side has a piece that can cross the river (only kings, advisors, elephants).
    NoAttackingPieces,
    /// The players agreed.
    Agreement,
    /// A clock ran out while the other side had nothing left that can mate (no rook, horse,
    /// cannon or pawn).
    TimeoutNoMatingMaterial,
    /// A player left an online game and the other claimed a draw.
    Abandoned,
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
                    WinReason::CheckAndChase => "对方一将一捉",
                    WinReason::Resignation => "对方认输",
                    WinReason::Timeout => "对方超时",
                    WinReason::Abandoned => "对方离开",
                };
                format!("{side}（{why}）")
            }
            Outcome::Draw { reason } => {
                let why = match reason {
                    DrawReason::Repetition => "循环不变作和",
                    DrawReason::BothPerpetual => "双方长打",
                    DrawReason::NoCaptureLimit => "六十回合无吃子",
                    DrawReason::NoAttackingPieces => "双方无进攻子力",
                    DrawReason::Agreement => "双方议和",
                    DrawReason::TimeoutNoMatingMaterial => "超时，对方无进攻子力",
                    DrawReason::Abandoned => "对方离开，判和",
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
                    WinReason::CheckAndChase => "the loser alternated checks and chases",
                    WinReason::Resignation => "resignation",
                    WinReason::Timeout => "the loser ran out of time",
                    WinReason::Abandoned => "the loser left the game",
                };
                write!(f, "{winner} wins ({why})")
            }
            Outcome::Draw { reason } => {
                let why = match reason {
                    DrawReason::Repetition => "repetition",
                    DrawReason::BothPerpetual => "repetition: both sides attacked perpetually",
                    DrawReason::NoCaptureLimit => "60 moves each without a capture",
                    DrawReason::NoAttackingPieces => "neither side can attack",
                    DrawReason::Agreement => "agreement",
                    DrawReason::TimeoutNoMatingMaterial => {
                        "time ran out, but the other side cannot mate"
                    }
                    DrawReason::Abandoned => "a player left the game",
                };
                write!(f, "draw ({why})")
            }
        }
    }
}
