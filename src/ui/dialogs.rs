//! Dialogs over the board: resuming the last game, and leaving a game in progress (features add
//! their own with [`spawn_dialog`]). Each is spawned when its [`Dialog`] state is entered and
//! despawned when it is left.

use bevy::prelude::*;

use crate::core::commands::Command;
use crate::core::phase::Dialog;
use crate::ui::actions::{Action, send};
use crate::ui::text::Key;
use crate::ui::theme::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Dialog::Resume), spawn_resume);
    app.add_systems(OnEnter(Dialog::Confirm), spawn_confirm);
}

/// A question over the whole window with a row of answers (hidden until shown).
pub(crate) fn spawn_dialog(
    commands: &mut Commands,
    ui: &UiFont,
    marker: impl Component,
    question: Key,
    answers: [(Action, Key); 2],
) {
    commands
        .spawn((
            marker,
            Node {
                position_type: PositionType::Absolute,
                width: percent(100),
                height: percent(100),
                justify_content: JustifyContent::Center,
                align_items: AlignItems::Center,
                ..default()
            },
            BackgroundColor(VEIL),
            GlobalZIndex(20),
        ))
        .with_children(|c| {
            c.spawn((
                Node {
                    flex_direction: FlexDirection::Column,
                    align_items: AlignItems::Center,
                    row_gap: px(14),
                    padding: UiRect::all(px(22)),
                    border_radius: BorderRadius::all(px(10)),
                    ..default()
                },
                BackgroundColor(PANEL),
            ))
            .with_children(|d| {
                d.spawn((label(question), font(ui, size::TITLE), TextColor(INK)));
                d.spawn(Node {
                    column_gap: px(12),
                    ..default()
                })
                .with_children(|row| {
                    for (action, key) in answers {
                        row.spawn(button(action, label(key), ui, size::LARGE));
                    }
                });
            });
        });
}

fn spawn_resume(mut commands: Commands, ui: Res<UiFont>) {
    spawn_dialog(
        &mut commands,
        &ui,
        DespawnOnExit(Dialog::Resume),
        Key::Resume,
        [
            (send(Command::Resume(true)), Key::ResumeYes),
            (send(Command::Resume(false)), Key::ResumeNo),
        ],
    );
}

fn spawn_confirm(mut commands: Commands, ui: Res<UiFont>) {
    spawn_dialog(
        &mut commands,
        &ui,
        DespawnOnExit(Dialog::Confirm),
        Key::LeaveGame,
        [
            (send(Command::Confirm(true)), Key::Yes),
            (send(Command::Confirm(false)), Key::No),
        ],
    );
}
