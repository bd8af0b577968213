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
pub mod engine_task;
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
            // Closing the window asks first when a game is in progress (`Command::Quit`).
            close_when_requested: false,
            ..default()
        }));
        app.add_systems(Update, ask_to_close);
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

/// The window's close button quits as the menu does (asking first during a game).
fn ask_to_close(
    mut requests: MessageReader<bevy::window::WindowCloseRequested>,
    mut commands: MessageWriter<session::Command>,
) {
    if requests.read().count() > 0 {
        commands.write(session::Command::Quit);
    }
}
