//! Puzzles (残局挑战): the shipped set by tier, a puzzle played against the best defence with the
//! player's moves judged off the frame loop, hints, and stars kept in the settings. `logic` is
//! headless; `panel` draws the list and the puzzle bar.

use bevy::prelude::*;
use xiangqi_engine::puzzle::Tier;

pub mod logic;
pub mod marks;
pub mod panel;

/// What the puzzle list and bar ask for.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleRequest {
    /// Show the list at a tier, or hide it (`None`).
    Show(Option<Tier>),
    /// Play the puzzle with this number.
    Start(u32),
    /// Start the current puzzle again.
    Retry,
    /// The next puzzle of the set.
    Next,
}

/// The puzzles without their panels.
pub(crate) fn plugin(app: &mut App) {
    app.add_message::<PuzzleRequest>();
    app.add_plugins(logic::plugin);
}

/// What a puzzle tells the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleNotice {
    /// A move that does not keep the win: taken back, try again.
    Wrong,
    /// Solved, with this many stars.
    Solved(u8),
}

impl From<PuzzleNotice> for crate::core::notice::NoticeKind {
    fn from(n: PuzzleNotice) -> Self {
        use crate::core::notice::Said;
        match n {
            PuzzleNotice::Wrong => Said::notice(crate::msg!("puzzle-wrong-notice")),
            PuzzleNotice::Solved(stars) => {
                Said::notice(crate::msg!("puzzle-solved", stars = stars))
            }
        }
    }
}
