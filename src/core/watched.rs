//! The seats of a watched game (the computer on both sides): each side's level or the external
//! engine, and whether the game is paused. Kept in the core because the computer and the clock
//! follow it; the `watch` feature changes it.

use bevy::prelude::*;
use xiangqi::Color as Side;
use xiangqi_engine::Level;

use crate::core::game::{Controller, Game, Players};

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

/// Whether the game in play is watched: the computer plays both sides.
#[must_use]
pub fn watching(game: &Game) -> bool {
    game.players == COMPUTERS
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Watch>();
}
