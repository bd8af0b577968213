//! Watching the computer play itself (电脑对弈): each side plays at a level of its own or is the
//! external engine, on the game's clock; the game can be paused and resumed, and it is saved as a
//! record when it ends. A watched game is a game whose two sides are both the computer.
//!
//! [`logic`] runs headless; [`panel`] is the bar over the board while a game is watched.

use bevy::prelude::*;
use xiangqi::Color as Side;

pub use crate::core::watched::{COMPUTERS, Seat, Watch};

pub mod logic;
pub mod panel;

/// What the player asks of a watched game.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum WatchRequest {
    /// A new game from the start position with the computer on both sides.
    Start,
    /// The seat of a side (from its next move on).
    SetSeat(Side, Seat),
    /// The next seat for a side: each level in turn, then the external engine when one is set.
    CycleSeat(Side),
    /// Pause or resume: searches and the clocks stop while paused.
    TogglePause,
}

/// The watched games' requests and rules.
pub(crate) fn plugin(app: &mut App) {
    app.add_message::<WatchRequest>();
    app.add_plugins(logic::plugin);
}
