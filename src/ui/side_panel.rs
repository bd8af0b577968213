//! The buttons beside the board: undo, redo, hint, analysis, draw offer, review, save and restore a position, reset the view.

use bevy::prelude::*;

use crate::core::commands::Command;
use crate::ui::actions::Action;
use crate::ui::text::Key;
use crate::ui::theme::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn);
}

pub(super) fn spawn(mut commands: Commands, ui: Res<UiFont>) {
    let ui = ui.clone();
    // Buttons beside the board, bottom left.
    commands
        .spawn(Node {
            position_type: PositionType::Absolute,
            left: px(14),
            bottom: px(14),
            flex_direction: FlexDirection::Column,
            row_gap: px(6),
            ..default()
        })
        .with_children(|c| {
            for (action, key) in [
                (Action::Command(Command::Undo), Key::Undo),
                (Action::Command(Command::Redo), Key::Redo),
                (Action::Command(Command::Hint), Key::Hint),
                (Action::Command(Command::ToggleAnalysis), Key::Analysis),
                (Action::Command(Command::OfferDraw), Key::OfferDraw),
                (Action::Command(Command::Review), Key::Review),
                (Action::Command(Command::SavePosition), Key::SavePosition),
                (
                    Action::Command(Command::RestorePosition),
                    Key::RestorePosition,
                ),
                (Action::ResetView, Key::ResetView),
            ] {
                c.spawn(button(action, label(key), &ui, 19.0));
            }
        });
}
