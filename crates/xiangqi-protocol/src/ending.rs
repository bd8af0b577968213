//! How a game ended, as both ends name it: the result and the reason, enums serialised as the
//! strings the protocol has always carried (`"1-0"`, `"checkmate"`), so that neither end matches a
//! string the other wrote.

use serde::{Deserialize, Serialize};

/// A finished game's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GameResult {
    /// Red won.
    #[serde(rename = "1-0")]
    RedWins,
    /// Black won.
    #[serde(rename = "0-1")]
    BlackWins,
    /// A draw.
    #[serde(rename = "1/2-1/2")]
    Draw,
    /// Aborted before both sides moved: no result, never rated.
    #[serde(rename = "*")]
    Aborted,
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// Checkmate.
    Checkmate,
    /// The side to move had no legal move (a loss in xiangqi).
    Stalemate,
    /// The loser checked perpetually.
    PerpetualCheck,
    /// The loser chased perpetually.
    PerpetualChase,
    /// The loser checked and chased perpetually.
    CheckAndChase,
    /// The loser resigned.
    Resignation,
    /// The loser's flag fell.
    Timeout,
    /// The loser left and the winner claimed the game.
    Abandoned,
    /// A position came again with neither side at fault.
    Repetition,
    /// Both sides perpetually checked or chased.
    BothPerpetual,
    /// The move limit without a capture.
    NoCaptureLimit,
    /// Neither side has a piece that can attack.
    NoAttackingPieces,
    /// Agreed.
    Agreement,
    /// A flag fell but the other side could not have mated.
    TimeoutNoMatingMaterial,
    /// The opponent left and the other claimed a draw.
    AbandonedDraw,
    /// Aborted before both sides moved.
    Aborted,
    /// A reason a newer server gives that this end does not know.
    #[serde(other)]
    Unknown,
}

impl GameResult {
    /// As written in the protocol and in PGN.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            GameResult::RedWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Aborted => "*",
        }
    }

    /// The result written `text` (as stored), if it is one.
    #[must_use]
    pub fn parse(text: &str) -> Option<GameResult> {
        [Self::RedWins, Self::BlackWins, Self::Draw, Self::Aborted]
            .into_iter()
            .find(|r| r.as_str() == text)
    }

    /// The winner's result.
    #[must_use]
    pub fn win(winner: crate::Side) -> GameResult {
        match winner {
            crate::Side::Red => GameResult::RedWins,
            crate::Side::Black => GameResult::BlackWins,
        }
    }

    /// Who won, if anyone.
    #[must_use]
    pub fn winner(self) -> Option<crate::Side> {
        match self {
            GameResult::RedWins => Some(crate::Side::Red),
            GameResult::BlackWins => Some(crate::Side::Black),
            GameResult::Draw | GameResult::Aborted => None,
        }
    }
}

impl EndReason {
    /// Every reason this end knows, `Unknown` aside.
    pub const ALL: [EndReason; 16] = [
        EndReason::Checkmate,
        EndReason::Stalemate,
        EndReason::PerpetualCheck,
        EndReason::PerpetualChase,
        EndReason::CheckAndChase,
        EndReason::Resignation,
        EndReason::Timeout,
        EndReason::Abandoned,
        EndReason::Repetition,
        EndReason::BothPerpetual,
        EndReason::NoCaptureLimit,
        EndReason::NoAttackingPieces,
        EndReason::Agreement,
        EndReason::TimeoutNoMatingMaterial,
        EndReason::AbandonedDraw,
        EndReason::Aborted,
    ];

    /// As written in the protocol (and stored).
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::PerpetualCheck => "perpetual_check",
            EndReason::PerpetualChase => "perpetual_chase",
            EndReason::CheckAndChase => "check_and_chase",
            EndReason::Resignation => "resignation",
            EndReason::Timeout => "timeout",
            EndReason::Abandoned => "abandoned",
            EndReason::Repetition => "repetition",
            EndReason::BothPerpetual => "both_perpetual",
            EndReason::NoCaptureLimit => "no_capture_limit",
            EndReason::NoAttackingPieces => "no_attacking_pieces",
            EndReason::Agreement => "agreement",
            EndReason::TimeoutNoMatingMaterial => "timeout_no_mating_material",
            EndReason::AbandonedDraw => "abandoned_draw",
            EndReason::Aborted => "aborted",
            EndReason::Unknown => "unknown",
        }
    }

    /// The reason written `text` (as stored); `Unknown` for one this end does not know.
    #[must_use]
    pub fn parse(text: &str) -> EndReason {
        EndReason::ALL
            .into_iter()
            .find(|r| r.as_str() == text)
            .unwrap_or(EndReason::Unknown)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_and_reasons_are_written_as_the_protocol_always_wrote_them() {
        for r in [
            GameResult::RedWins,
            GameResult::BlackWins,
            GameResult::Draw,
            GameResult::Aborted,
        ] {
            let json = serde_json::to_string(&r).unwrap();
            assert_eq!(json, format!("\"{}\"", r.as_str()));
            assert_eq!(GameResult::parse(r.as_str()), Some(r));
        }
        for r in EndReason::ALL {
            let json = serde_json::to_string(&r).unwrap();
            assert_eq!(json, format!("\"{}\"", r.as_str()));
            assert_eq!(serde_json::from_str::<EndReason>(&json).unwrap(), r);
            assert_eq!(EndReason::parse(r.as_str()), r);
        }
        // A reason from a newer server is kept as unknown, not refused.
        let newer: EndReason = serde_json::from_str("\"bare_king\"").unwrap();
        assert_eq!(newer, EndReason::Unknown);
        assert_eq!(GameResult::parse("2-0"), None);
    }
}
