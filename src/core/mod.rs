//! The game without a window: the record and its players, picks and moves, piece entities and
//! their animation, the computer, hints, commands, replay, the phase of the game, the settings
//! and the autosave. Runs headless (the tests drive it with `MinimalPlugins`); uses storage for
//! files; never names a view, UI or dev module.

use bevy::prelude::*;

pub mod autosave;
pub mod carving;
pub mod choices;
pub mod commands;
pub mod computer;
pub mod engine_task;
#[cfg(target_arch = "wasm32")]
mod engine_worker;
pub mod game;
pub mod geometry;
pub mod i18n;
pub mod move_list;
pub mod notice;
pub mod opening;
pub mod phase;
pub mod pictograms;
pub mod pieces;
pub mod record_edit;
pub mod replay;
pub mod selection;
pub mod settings;
pub mod setup;
pub mod typing;
pub mod watched;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        game::plugin,
        phase::plugin,
        selection::plugin,
        pieces::plugin,
        computer::plugin,
        commands::plugin,
        move_list::plugin,
        notice::plugin,
        settings::plugin,
        autosave::plugin,
        engine_task::plugin,
        watched::plugin,
        opening::plugin,
    ));
}
