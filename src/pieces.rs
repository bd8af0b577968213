//! Piece entities: views of the game resource's position.

use bevy::prelude::*;
use xiangqi::{Color as Side, GameRecord, Piece, Position, Square};

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
}

fn spawn_pieces(
    mut commands: Commands,
    game: Res<Game>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let disc = meshes.add(Cylinder::new(RADIUS, HEIGHT));
    let face = meshes.add(Cylinder::new(RADIUS * 0.8, 0.01));
    let wood = materials.add(StandardMaterial {
        base_color: Color::srgb(0.93, 0.82, 0.62),
        perceptual_roughness: 0.6,
        ..default()
    });
    let ink = |side: Side| match side {
        Side::Red => Color::srgb(0.75, 0.1, 0.08),
        Side::Black => Color::srgb(0.08, 0.08, 0.08),
    };
    let rings = [
        materials.add(StandardMaterial {
            base_color: ink(Side::Red),
            ..default()
        }),
        materials.add(StandardMaterial {
            base_color: ink(Side::Black),
            ..default()
        }),
    ];
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
                c.spawn((
                    Mesh3d(face.clone()),
                    MeshMaterial3d(rings[piece.color.index()].clone()),
                    Transform::from_xyz(0.0, HEIGHT / 2.0 + 0.001, 0.0),
                ));
            });
    }
}
