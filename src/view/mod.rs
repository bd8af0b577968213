//! The 3D scene and the window: the embedded assets, the window's icon and place, the board and table, how the pieces look, marks on the board, the pointer, the
//! camera and the sounds. Reads the core; sends it picks and commands.

use bevy::prelude::*;

pub mod assets;
pub mod audio;
pub mod board;
pub mod camera;
pub mod clicks;
pub mod display;
pub mod flat;
pub mod graphics;
pub mod lathe;
pub mod light;
pub mod marks;
#[cfg(target_arch = "wasm32")]
mod page;
pub mod pieces;
pub mod pinch;
pub mod pointer;
pub mod portrait;
pub mod themes;
pub mod unlit;
pub mod window;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        assets::plugin,
        window::plugin,
        board::plugin,
        pieces::plugin,
        marks::plugin,
        pointer::plugin,
        clicks::plugin,
        camera::plugin,
        flat::plugin,
        audio::plugin,
        graphics::plugin,
        light::plugin,
        themes::plugin,
        display::plugin,
        portrait::plugin,
    ));
    app.add_plugins((pinch::plugin, unlit::plugin));
    #[cfg(target_arch = "wasm32")]
    app.add_plugins(page::plugin);
}
