//! The replay bar: first, previous, next, last, and play on from here; there while replaying.

use bevy::prelude::*;

use crate::core::commands::Command;
use crate::core::phase::Phase;
use crate::core::replay::Step;
use crate::ui::actions::send;
use crate::ui::text::Key;
use crate::ui::theme::*;

#[derive(Component)]
struct ReplayBar;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Phase::Replaying), spawn);
}

pub(super) fn spawn(mut commands: Commands, ui: Res<UiFont>) {
    let ui = ui.clone();
    // The replay bar, bottom centre.
    commands
        .spawn((
            ReplayBar,
            DespawnOnExit(Phase::Replaying),
            Node {
                position_type: PositionType::Absolute,
                bottom: px(14),
                width: percent(100),
                justify_content: JustifyContent::Center,
                column_gap: px(6),
                ..default()
            },
        ))
        .with_children(|c| {
            for (step, key) in [
                (Command::Step(Step::First), Key::First),
                (Command::Step(Step::Previous), Key::Previous),
                (Command::Step(Step::Next), Key::Next),
                (Command::Step(Step::Last), Key::Last),
                (Command::ContinueHere, Key::ContinueHere),
            ] {
                c.spawn(button(send(step), label(key), &ui, size::BODY));
            }
        });
}
