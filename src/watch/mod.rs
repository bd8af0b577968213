//! Watching the computer play itself (电脑对弈): each side plays at a level of its own or is the
//! external engine, on the game's clock; the game can be paused and resumed, and it is saved as a
//! record when it ends. A watched game is a game whose two sides are both the computer.
//!
//! [`logic`] runs headless; [`panel`] is the bar over the board while a game is watched.

use bevy::prelude::*;
use xiangqi::Color as Side;
use xiangqi_engine::Level;

use crate::core::game::{Controller, Players};

pub mod logic;
pub mod panel;

/// Who plays a side of a watched game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat {
    /// The built-in engine at a level.
    Level(Level),
    /// The external engine chosen in the settings (the built-in one at the game's level when none
    /// is set).
    External,
}

/// The computer on both sides.
pub const COMPUTERS: Players = Players {
    red: Controller::Computer,
    black: Controller::Computer,
};

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

/// The seats of watched games and whether the one in play is paused.
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct Watch {
    /// Red's and Black's seats.
    pub seats: [Seat; 2],
    /// Whether the watched game stands still.
    pub paused: bool,
    /// Whether the game in play was saved when it ended.
    pub saved: bool,
}

impl Default for Watch {
    fn default() -> Watch {
        Watch {
            seats: [Seat::Level(Level::Master), Seat::Level(Level::Amateur)],
            paused: false,
            saved: false,
        }
    }
}

impl Watch {
    /// `side`'s seat.
    #[must_use]
    pub fn seat(&self, side: Side) -> Seat {
        self.seats[side.index()]
    }
}

/// The watched games' requests and rules.
pub(crate) fn plugin(app: &mut App) {
    app.add_message::<WatchRequest>();
    app.init_resource::<Watch>();
    app.add_plugins(logic::plugin);
}
