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
