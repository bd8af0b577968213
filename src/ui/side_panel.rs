//! The buttons beside the board: undo, redo, hint, analysis, draw offer, review, save and restore a position, reset the view.

use bevy::prelude::*;

use crate::analysis::AnalysisRequest;
use crate::core::commands::Command;
use crate::draw::DrawRequest;
use crate::hints::HintRequested;
use crate::review::ReviewRequest;

use crate::ui::actions::send;
use crate::ui::text::Key;
use crate::ui::theme::*;
use crate::view::camera::ResetView;
use crate::view::flat::ToggleFlat;

/// The buttons beside the board (hidden while a position is set up: they act on the game).
#[derive(Component)]
struct SidePanel;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn);
    app.add_systems(
        Update,
        hide_while_editing.run_if(state_changed::<crate::core::phase::Phase>),
    );
}

fn hide_while_editing(
    phase: Res<State<crate::core::phase::Phase>>,
    mut panels: Query<&mut Node, With<SidePanel>>,
) {
    for mut node in &mut panels {
        node.display = if *phase.get() == crate::core::phase::Phase::Editing {
            Display::None
        } else {
            Display::Flex
        };
    }
}

pub(super) fn spawn(mut commands: Commands, ui: Res<UiFont>) {
    let ui = ui.clone();
    // Buttons beside the board, bottom left.
    commands
        .spawn((
            SidePanel,
            Node {
                position_type: PositionType::Absolute,
                left: px(14),
                bottom: px(14),
                flex_direction: FlexDirection::Column,
                row_gap: px(6),
                ..default()
            },
        ))
        .with_children(|c| {
            for (action, key) in [
                (send(Command::Undo), Key::Undo),
                (send(Command::Redo), Key::Redo),
                (send(HintRequested), Key::Hint),
                (send(AnalysisRequest::Toggle), Key::Analysis),
                (send(DrawRequest::Offer), Key::OfferDraw),
                (send(ReviewRequest::Start), Key::Review),
                (send(Command::SavePosition), Key::SavePosition),
                (send(Command::RestorePosition), Key::RestorePosition),
                (send(ToggleFlat), Key::FlatView),
                (send(ResetView), Key::ResetView),
            ] {
                c.spawn(button(action, label(key), &ui, 19.0));
            }
        });
}
