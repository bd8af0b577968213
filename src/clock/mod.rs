//! Clocks (用时): the time control of a game, both sides' time running, flag falls, the computer
//! playing by its clock, the clock kept in the record; the menu's choice of control and the
//! player's own. `logic` and `custom` are headless; `panel` draws the two clocks.

use bevy::prelude::*;

use crate::core::setup::{ClockAdjust, TimeControl};

pub mod custom;
pub mod logic;
pub mod panel;

/// What the clock menu asks for.
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub enum ClockRequest {
    /// The time control of new games (applies at once to a game with no move yet).
    SetTimeControl(TimeControl),
    /// Change the player's own time control.
    AdjustCustom(ClockAdjust),
}

/// The clock without its panel.
pub(crate) fn plugin(app: &mut App) {
    app.add_message::<ClockRequest>();
    app.add_plugins((logic::plugin, custom::plugin));
}
