//! Chuhan (楚汉): a 3D xiangqi game.
//!
//! [`CorePlugin`] is the game without a window: the record, picks, moves, piece entities and their
//! animation, the computer opponent. It runs headless (the tests drive it with `MinimalPlugins`).
//! [`AppPlugin`] adds the window, rendering, picking, camera, sound and text.

use bevy::prelude::*;

pub mod ai;
pub mod audio;
pub mod board;
pub mod camera;
pub mod files;
pub mod game;
pub mod hud;
pub mod input;
pub mod pieces;
pub mod screenshot;
pub mod session;
pub mod text;

/// The game's logic: needs no GPU, window or assets.
pub struct CorePlugin;

impl Plugin for CorePlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((
            game::plugin,
            input::plugin,
            pieces::plugin,
            ai::plugin,
            session::plugin,
        ));
    }
}

/// The whole game in a window.
pub struct AppPlugin;

impl Plugin for AppPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(DefaultPlugins.set(WindowPlugin {
            primary_window: Some(Window {
                title: "楚汉 Chuhan".into(),
                resolution: (1280, 720).into(),
                ..default()
            }),
            ..default()
        }));
        app.add_plugins((
            CorePlugin,
            board::plugin,
            pieces::view_plugin,
            input::view_plugin,
            camera::plugin,
            audio::plugin,
            hud::plugin,
            screenshot::plugin,
        ));
    }
}
