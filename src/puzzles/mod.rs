//! Puzzles (残局挑战): the shipped set by tier, a puzzle played against the best defence with the
//! player's moves judged off the frame loop, hints, and stars kept in the settings. `logic` is
//! headless; `panel` draws the list and the puzzle bar.

use bevy::prelude::*;
use xiangqi_engine::puzzle::Tier;

pub mod logic;
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
