//! Piece entities: views of the game resource's position.

use bevy::prelude::*;
use xiangqi::{Color as Side, GameRecord, Piece, PieceKind, Position, Square};

use crate::board::square_to_world;

/// The game in play: the record (and through it the position). Piece entities mirror it.
#[derive(Resource)]
pub struct Game {
    /// Moves so far, from the start position.
    pub record: GameRecord,
}

impl Default for Game {
    fn default() -> Game {
        Game {
            record: GameRecord::new(Position::startpos()),
        }
    }
}

/// A piece on the board, standing on `square`.
#[derive(Component, Clone, Copy, Debug)]
pub struct PieceView {
    /// Where it stands.
    pub square: Square,
    /// What it is.
    pub piece: Piece,
}

/// Disc size.
const RADIUS: f32 = 0.42;
const HEIGHT: f32 = 0.22;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Game>();
    app.add_systems(Startup, spawn_pieces);
    app.add_systems(
        Update,
        (
            apply_moves,
            lift_selected.run_if(resource_changed::<crate::input::Selection>),
        )
            .chain(),
    );
}

/// The face texture of `piece`.
fn face_texture(piece: Piece) -> String {
    let side = match piece.color {
        Side::Red => "red",
        Side::Black => "black",
    };
    let kind = match piece.kind {
        PieceKind::King => "king",
        PieceKind::Advisor => "advisor",
        PieceKind::Elephant => "elephant",
        PieceKind::Horse => "horse",
        PieceKind::Rook => "rook",
        PieceKind::Cannon => "cannon",
        PieceKind::Pawn => "pawn",
    };
    format!("textures/piece-{side}-{kind}.png")
}

fn spawn_pieces(
    mut commands: Commands,
    game: Res<Game>,
    assets: Res<AssetServer>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let disc = meshes.add(Cylinder::new(RADIUS, HEIGHT));
    // A flat disc facing up; the texture's top points away from Red's side (upright for the
    // player at the bottom).
    let face = meshes.add(Circle::new(RADIUS * 0.92));
    let wood = materials.add(StandardMaterial {
        base_color: Color::srgb(0.93, 0.82, 0.62),
        perceptual_roughness: 0.6,
        ..default()
    });
    let mut faces = std::collections::HashMap::new();
    let pos = game.record.position();
    for sq in Square::ALL {
        let Some(piece) = pos.piece_at(sq) else {
            continue;
        };
        commands
            .spawn((
                PieceView { square: sq, piece },
                Mesh3d(disc.clone()),
                MeshMaterial3d(wood.clone()),
                Transform::from_translation(square_to_world(sq) + Vec3::Y * HEIGHT / 2.0),
            ))
            .with_children(|c| {
                let material = faces
                    .entry(piece.index())
                    .or_insert_with(|| {
                        materials.add(StandardMaterial {
                            base_color_texture: Some(assets.load(face_texture(piece))),
                            perceptual_roughness: 0.55,
                            ..default()
                        })
                    })
                    .clone();
                c.spawn((
                    Mesh3d(face.clone()),
                    MeshMaterial3d(material),
                    Transform::from_xyz(0.0, HEIGHT / 2.0 + 0.002, 0.0)
                        .with_rotation(Quat::from_rotation_x(-std::f32::consts::FRAC_PI_2)),
                ));
            });
    }
}

/// Plays requested moves through the rules library and moves the piece entities to match.
fn apply_moves(
    mut commands: Commands,
    mut requests: MessageReader<crate::input::MoveRequested>,
    mut game: ResMut<Game>,
    mut views: Query<(Entity, &mut PieceView, &mut Transform)>,
) {
    for &crate::input::MoveRequested(m) in requests.read() {
        if let Err(e) = game.record.play(m) {
            warn!("move {m} refused: {e}");
            continue;
        }
        for (e, view, _) in &views {
            if view.square == m.to() {
                commands.entity(e).despawn();
            }
        }
        for (_, mut view, mut t) in &mut views {
            if view.square == m.from() {
                view.square = m.to();
                t.translation = square_to_world(m.to()) + Vec3::Y * HEIGHT / 2.0;
            }
        }
    }
}

/// Lifts the selected piece off the board; sets the others down.
fn lift_selected(
    selection: Res<crate::input::Selection>,
    mut views: Query<(&PieceView, &mut Transform)>,
) {
    for (view, mut t) in &mut views {
        let lifted = selection.0 == Some(view.square);
        t.translation.y = HEIGHT / 2.0 + if lifted { 0.3 } else { 0.0 };
    }
}
