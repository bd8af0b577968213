//! Clicks: select a piece of the side to move, show its legal destinations, play a move. Every
//! request goes through `MoveRequested` and the rules library decides.

use bevy::prelude::*;
use xiangqi::{Move, Square};

use crate::board::{BoardSurface, world_to_square};
use crate::pieces::{Game, PieceView};

/// The selected point, if any.
#[derive(Resource, Default, Debug, PartialEq, Eq)]
pub struct Selection(pub Option<Square>);

/// A move asked for by a click (or by the computer).
#[derive(Message, Clone, Copy, Debug)]
pub struct MoveRequested(pub Move);

/// A destination marker of the selected piece.
#[derive(Component)]
pub struct Marker(pub Square);

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(MeshPickingPlugin);
    app.init_resource::<Selection>();
    app.add_message::<MoveRequested>();
    app.add_systems(Update, show_markers.run_if(resource_changed::<Selection>));
    app.add_observer(on_click);
}

/// One observer for every click on the board, a piece or a marker: works out the point clicked.
fn on_click(
    click: On<Pointer<Click>>,
    pieces: Query<&PieceView>,
    markers: Query<&Marker>,
    parents: Query<&ChildOf>,
    surfaces: Query<(), With<BoardSurface>>,
    game: Res<Game>,
    mut selection: ResMut<Selection>,
    mut requests: MessageWriter<MoveRequested>,
) {
    if click.button != PointerButton::Primary {
        return;
    }
    let target = click.entity;
    let root = parents.get(target).map_or(target, ChildOf::parent);
    let point = if let Ok(p) = pieces.get(root) {
        Some(p.square)
    } else if let Ok(m) = markers.get(target) {
        Some(m.0)
    } else if surfaces.contains(target) {
        click.hit.position.and_then(world_to_square)
    } else {
        return;
    };
    // Only the original target decides (the click also bubbles to parents).
    if click.original_event_target() != target {
        return;
    }
    let pos = game.record.position();
    let Some(sq) = point else {
        selection.0 = None;
        return;
    };
    let own = pos
        .piece_at(sq)
        .is_some_and(|p| p.color == pos.side_to_move());
    if own && game.record.outcome().is_none() {
        selection.0 = if selection.0 == Some(sq) {
            None
        } else {
            Some(sq)
        };
        return;
    }
    if let Some(from) = selection.0 {
        requests.write(MoveRequested(Move::new(from, sq)));
    }
    selection.0 = None;
}

fn show_markers(
    mut commands: Commands,
    selection: Res<Selection>,
    game: Res<Game>,
    old: Query<Entity, With<Marker>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    for e in &old {
        commands.entity(e).despawn();
    }
    let Some(from) = selection.0 else {
        return;
    };
    let pos = game.record.position();
    let quiet = materials.add(StandardMaterial {
        base_color: Color::srgba(0.1, 0.6, 0.2, 0.85),
        alpha_mode: AlphaMode::Blend,
        unlit: true,
        ..default()
    });
    let capture = materials.add(StandardMaterial {
        base_color: Color::srgba(0.85, 0.15, 0.1, 0.9),
        alpha_mode: AlphaMode::Blend,
        unlit: true,
        ..default()
    });
    let dot = meshes.add(Circle::new(0.14));
    let ring = meshes.add(Annulus::new(0.44, 0.52));
    for m in pos.legal_moves().iter().filter(|m| m.from() == from) {
        let to = m.to();
        let is_capture = pos.piece_at(to).is_some();
        let (mesh, mat, y) = if is_capture {
            (ring.clone(), capture.clone(), 0.24)
        } else {
            (dot.clone(), quiet.clone(), 0.012)
        };
        commands.spawn((
            Marker(to),
            Mesh3d(mesh),
            MeshMaterial3d(mat),
            Transform::from_translation(crate::board::square_to_world(to) + Vec3::Y * y)
                .with_rotation(Quat::from_rotation_x(-std::f32::consts::FRAC_PI_2)),
        ));
    }
}
