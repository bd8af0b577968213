//! Tools for developers: the scripted screenshot and frame-measuring mode.

use bevy::prelude::*;

pub mod commands;
pub mod drive;
pub mod hide;
pub mod lighting;
pub mod measure;
pub mod offscreen;
pub mod probe;
pub mod screenshot;
pub mod vars;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        screenshot::plugin,
        hide::plugin,
        lighting::plugin,
        drive::plugin,
    ));
}
