//! Hints (提示): the engine's move for the player, searched off the frame loop on an engine of its
//! own, shown as an arrow by the view's marks. (A puzzle answers a hint itself.)

use bevy::prelude::*;

pub mod logic;
pub mod marks;
pub mod panel;

/// The player asks for a hint.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct HintRequested;

/// Hints.
pub(crate) fn plugin(app: &mut App) {
    app.add_message::<HintRequested>();
    app.add_plugins(logic::plugin);
}
