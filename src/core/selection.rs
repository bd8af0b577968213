//! Picking points on the board: select a piece of the side to move, show its legal destinations,
//! ask for a move. Works on `Pick` messages and runs headless; the view's pointer module turns
//! clicks and drags into them. Every move goes through `MoveRequested`: the rules decide.

use std::f32::consts::FRAC_PI_2;

use bevy::prelude::*;
use xiangqi::{Move, Square};

use crate::core::game::{BoardReset, CoreSet, Game, MovePlayed, MoveRequested};
use crate::core::geometry::{HEIGHT, square_to_world};
use crate::core::phase::{Dialog, Phase};

/// The selected point, if any.
#[derive(Resource, Default, Debug, PartialEq, Eq)]
pub struct Selection(pub Option<Square>);

/// What the player did on the board.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pick {
    /// A click on a point (`None`: off the board's points).
    Click(Option<Square>),
    /// The start of a drag on a point.
    DragStart(Square),
    /// The end of a drag that started on `from`, over `to`.
    Drop {
        /// Where the drag started.
        from: Square,
        /// Where it ended (`None`: off the board's points).
        to: Option<Square>,
    },
}

/// A legal destination of the selected piece.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Marker {
    /// The destination.
    pub square: Square,
    /// Whether moving there captures.
    pub capture: bool,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Selection>();
    app.add_message::<Pick>();
    app.add_systems(
        Update,
        handle_picks
            .in_set(CoreSet::Input)
            .run_if(in_state(Phase::Playing).and_then(in_state(Dialog::None))),
    );
    app.add_systems(
        Update,
        (clear_selection, update_markers)
            .chain()
            .in_set(CoreSet::Views),
    );
}

/// Turns picks into a selection or a move request.
fn handle_picks(
    mut picks: MessageReader<Pick>,
    game: Res<Game>,
    mut selection: ResMut<Selection>,
    mut requests: MessageWriter<MoveRequested>,
) {
    for &pick in picks.read() {
        let pos = game.record.position();
        let may_move = game.human_to_move();
        let own = |sq: Square| {
            may_move
                && pos
                    .piece_at(sq)
                    .is_some_and(|p| p.color == pos.side_to_move())
        };
        match pick {
            Pick::Click(None) => selection.0 = None,
            Pick::Click(Some(sq)) if own(sq) => {
                selection.0 = if selection.0 == Some(sq) {
                    None
                } else {
                    Some(sq)
                };
            }
            Pick::Click(Some(sq)) => {
                if let Some(from) = selection.0.take() {
                    requests.write(MoveRequested(Move::new(from, sq)));
                }
            }
            Pick::DragStart(sq) => {
                if own(sq) {
                    selection.0 = Some(sq);
                }
            }
            Pick::Drop { from, to } => match to {
                Some(to) if to != from && selection.0 == Some(from) => {
                    selection.0 = None;
                    requests.write(MoveRequested(Move::new(from, to)));
                }
                _ => {}
            },
        }
    }
}

/// A move played or a new board clears the selection.
fn clear_selection(
    mut played: MessageReader<MovePlayed>,
    mut resets: MessageReader<BoardReset>,
    game: Res<Game>,
    phase: Res<State<Phase>>,
    mut selection: ResMut<Selection>,
) {
    let changed = played.read().count() + resets.read().count() > 0;
    let may_move = *phase.get() == Phase::Playing && game.human_to_move();
    if (changed || !may_move) && selection.0.is_some() {
        selection.0 = None;
    }
}

/// Keeps one marker entity on each legal destination of the selected piece.
fn update_markers(
    mut commands: Commands,
    selection: Res<Selection>,
    game: Res<Game>,
    old: Query<Entity, With<Marker>>,
) {
    if !selection.is_changed() && !game.is_changed() {
        return;
    }
    for e in &old {
        commands.entity(e).despawn();
    }
    let Some(from) = selection.0 else {
        return;
    };
    let pos = game.record.position();
    for m in pos.legal_moves().iter().filter(|m| m.from() == from) {
        let capture = pos.piece_at(m.to()).is_some();
        let y = if capture { HEIGHT + 0.02 } else { 0.012 };
        commands.spawn((
            Marker {
                square: m.to(),
                capture,
            },
            Transform::from_translation(square_to_world(m.to()) + Vec3::Y * y)
                .with_rotation(Quat::from_rotation_x(-FRAC_PI_2)),
        ));
    }
}
