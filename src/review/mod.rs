//! Review (复盘分析): every position of a finished game or an opened record searched on an engine
//! of its own, the moves marked, the accuracy of each side, kept in the record's comments. `logic`
//! is headless; `panel` draws the progress, the graph and the better line.

use bevy::prelude::*;

pub mod logic;
pub mod marks;
pub mod panel;

/// What the review buttons ask for.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReviewRequest {
    /// Review the finished game or the record in replay.
    Start,
    /// Stop the review running.
    Cancel,
}

/// The review without its panel.
pub(crate) fn plugin(app: &mut App) {
    app.add_message::<ReviewRequest>();
    app.add_plugins(logic::plugin);
}

/// What the review tells the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReviewNotice {
    /// A review needs a finished game or a record.
    NothingToReview,
}

impl From<ReviewNotice> for crate::core::notice::NoticeKind {
    fn from(n: ReviewNotice) -> Self {
        match n {
            ReviewNotice::NothingToReview => {
                crate::core::notice::Said::notice(crate::msg!("review-nothing-to-review"))
            }
        }
    }
}
