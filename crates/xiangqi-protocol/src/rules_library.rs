//! The protocol's sides and rulebooks as the rules library's and back (feature `xiangqi`): the one
//! place the server and the game take these conversions from.

use xiangqi::{DrawReason, Outcome, WinReason};

use crate::{EndReason, GameResult, Rules, Side};

impl From<Outcome> for GameResult {
    fn from(outcome: Outcome) -> GameResult {
        match outcome.winner() {
            Some(winner) => GameResult::win(winner.into()),
            None => GameResult::Draw,
        }
    }
}

impl From<Outcome> for EndReason {
    fn from(outcome: Outcome) -> EndReason {
        match outcome {
            Outcome::Win { reason, .. } => match reason {
                WinReason::Checkmate => EndReason::Checkmate,
                WinReason::Stalemate => EndReason::Stalemate,
                WinReason::PerpetualCheck => EndReason::PerpetualCheck,
                WinReason::PerpetualChase => EndReason::PerpetualChase,
                WinReason::CheckAndChase => EndReason::CheckAndChase,
                WinReason::Resignation => EndReason::Resignation,
                WinReason::Timeout => EndReason::Timeout,
                WinReason::Abandoned => EndReason::Abandoned,
            },
            Outcome::Draw { reason } => match reason {
                DrawReason::Repetition => EndReason::Repetition,
                DrawReason::BothPerpetual => EndReason::BothPerpetual,
                DrawReason::NoCaptureLimit => EndReason::NoCaptureLimit,
                DrawReason::NoAttackingPieces => EndReason::NoAttackingPieces,
                DrawReason::Agreement => EndReason::Agreement,
                DrawReason::TimeoutNoMatingMaterial => EndReason::TimeoutNoMatingMaterial,
                DrawReason::Abandoned => EndReason::AbandonedDraw,
            },
        }
    }
}

/// The rules library's outcome a finished game's result and reason stand for: `None` for an
/// abort, an unknown reason, or a reason that does not go with the result.
#[must_use]
pub fn outcome_of(result: GameResult, reason: EndReason) -> Option<Outcome> {
    let winner = match result {
        GameResult::RedWins => Some(xiangqi::Color::Red),
        GameResult::BlackWins => Some(xiangqi::Color::Black),
        GameResult::Draw => None,
        GameResult::Aborted => return None,
    };
    let win = |reason| winner.map(|winner| Outcome::Win { winner, reason });
    let draw = |reason| winner.is_none().then_some(Outcome::Draw { reason });
    match reason {
        EndReason::Checkmate => win(WinReason::Checkmate),
        EndReason::Stalemate => win(WinReason::Stalemate),
        EndReason::PerpetualCheck => win(WinReason::PerpetualCheck),
        EndReason::PerpetualChase => win(WinReason::PerpetualChase),
        EndReason::CheckAndChase => win(WinReason::CheckAndChase),
        EndReason::Resignation => win(WinReason::Resignation),
        EndReason::Timeout => win(WinReason::Timeout),
        EndReason::Abandoned => win(WinReason::Abandoned),
        EndReason::Repetition => draw(DrawReason::Repetition),
        EndReason::BothPerpetual => draw(DrawReason::BothPerpetual),
        EndReason::NoCaptureLimit => draw(DrawReason::NoCaptureLimit),
        EndReason::NoAttackingPieces => draw(DrawReason::NoAttackingPieces),
        EndReason::Agreement => draw(DrawReason::Agreement),
        EndReason::TimeoutNoMatingMaterial => draw(DrawReason::TimeoutNoMatingMaterial),
        EndReason::AbandonedDraw => draw(DrawReason::Abandoned),
        EndReason::Aborted | EndReason::Unknown => None,
    }
}

impl From<Side> for xiangqi::Color {
    fn from(side: Side) -> xiangqi::Color {
        match side {
            Side::Red => xiangqi::Color::Red,
            Side::Black => xiangqi::Color::Black,
        }
    }
}

impl From<xiangqi::Color> for Side {
    fn from(color: xiangqi::Color) -> Side {
        match color {
            xiangqi::Color::Red => Side::Red,
            xiangqi::Color::Black => Side::Black,
        }
    }
}

impl From<Rules> for xiangqi::Rulebook {
    fn from(rules: Rules) -> xiangqi::Rulebook {
        match rules {
            Rules::Asian => xiangqi::Rulebook::Asian,
            Rules::League => xiangqi::Rulebook::League,
        }
    }
}

impl From<xiangqi::Rulebook> for Rules {
    fn from(rulebook: xiangqi::Rulebook) -> Rules {
        match rulebook {
            xiangqi::Rulebook::Asian => Rules::Asian,
            xiangqi::Rulebook::League => Rules::League,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every outcome of the rules library goes to a result and a reason and back again.
    #[test]
    fn outcomes_convert_both_ways() {
        use xiangqi::Color;
        let mut outcomes = Vec::new();
        for reason in [
            WinReason::Checkmate,
            WinReason::Stalemate,
            WinReason::PerpetualCheck,
            WinReason::PerpetualChase,
            WinReason::CheckAndChase,
            WinReason::Resignation,
            WinReason::Timeout,
            WinReason::Abandoned,
        ] {
            for winner in [Color::Red, Color::Black] {
                outcomes.push(Outcome::Win { winner, reason });
            }
        }
        for reason in [
            DrawReason::Repetition,
            DrawReason::BothPerpetual,
            DrawReason::NoCaptureLimit,
            DrawReason::NoAttackingPieces,
            DrawReason::Agreement,
            DrawReason::TimeoutNoMatingMaterial,
            DrawReason::Abandoned,
        ] {
            outcomes.push(Outcome::Draw { reason });
        }
        for o in outcomes {
            let (result, reason) = (GameResult::from(o), EndReason::from(o));
            assert_eq!(result.as_str(), o.pgn_result());
            assert_eq!(outcome_of(result, reason), Some(o));
        }
        assert_eq!(outcome_of(GameResult::Aborted, EndReason::Aborted), None);
        assert_eq!(outcome_of(GameResult::Draw, EndReason::Checkmate), None);
        assert_eq!(outcome_of(GameResult::RedWins, EndReason::Unknown), None);
    }

    #[test]
    fn sides_and_rulebooks_convert_both_ways() {
        for side in [Side::Red, Side::Black] {
            assert_eq!(Side::from(xiangqi::Color::from(side)), side);
        }
        assert_eq!(xiangqi::Color::from(Side::Red), xiangqi::Color::Red);
        assert_eq!(xiangqi::Color::from(Side::Black), xiangqi::Color::Black);
        for rules in [Rules::Asian, Rules::League] {
            assert_eq!(Rules::from(xiangqi::Rulebook::from(rules)), rules);
        }
        assert_eq!(
            xiangqi::Rulebook::from(Rules::League),
            xiangqi::Rulebook::League
        );
        assert_eq!(
            xiangqi::Rulebook::from(Rules::Asian),
            xiangqi::Rulebook::Asian
        );
    }
}
