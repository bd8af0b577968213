//! Chuhan (楚汉): a 3D xiangqi game. `AppPlugin` adds the feature plugins.

use bevy::prelude::*;

mod ai;
mod board;
mod input;
mod pieces;
mod screenshot;

/// The whole game.
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
            board::plugin,
            pieces::plugin,
            input::plugin,
            ai::plugin,
            screenshot::plugin,
        ));
    }
}
