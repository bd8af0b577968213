//! The 3D scene: the board and table, how the pieces look, marks on the board, the pointer, the
//! camera and the sounds. Reads the core; sends it picks and commands.

use bevy::prelude::*;

pub mod audio;
pub mod board;
pub mod camera;
pub mod graphics;
pub mod marks;
pub mod pieces;
pub mod pointer;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        board::plugin,
        pieces::plugin,
        marks::plugin,
        pointer::plugin,
        camera::plugin,
        audio::plugin,
        graphics::plugin,
    ));
}
