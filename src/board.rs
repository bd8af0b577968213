//! The board on the table: wood, grid, river, palace lines; the camera and lights.

use bevy::prelude::*;
use xiangqi::Square;

/// Distance between neighbouring points, in world units.
pub const SPACING: f32 = 1.0;

/// The world position of a board point (the board's surface at y = 0).
#[must_use]
pub fn square_to_world(sq: Square) -> Vec3 {
    let x = (sq.file().index() as f32 - 4.0) * SPACING;
    let z = (4.5 - sq.rank().index() as f32) * SPACING;
    Vec3::new(x, 0.0, z)
}

/// The point nearest to a world position on the board, if it is within half a point of one.
#[must_use]
pub fn world_to_square(p: Vec3) -> Option<Square> {
    let file = (p.x / SPACING + 4.0).round();
    let rank = (4.5 - p.z / SPACING).round();
    let near = (p.x / SPACING + 4.0 - file).abs() < 0.5 && (4.5 - p.z / SPACING - rank).abs() < 0.5;
    if near {
        Square::from_coords(file as i32, rank as i32)
    } else {
        None
    }
}

/// The board's playing surface (clicks on it pick the nearest point).
#[derive(Component)]
pub struct BoardSurface;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_board);
}

fn spawn_board(
    mut commands: Commands,
    assets: Res<AssetServer>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let wood = materials.add(StandardMaterial {
        base_color: Color::srgb(0.80, 0.62, 0.38),
        perceptual_roughness: 0.7,
        ..default()
    });
    let ink = materials.add(StandardMaterial {
        base_color: Color::srgb(0.15, 0.08, 0.04),
        unlit: true,
        ..default()
    });
    let table = materials.add(StandardMaterial {
        base_color: Color::srgb(0.25, 0.16, 0.10),
        perceptual_roughness: 0.9,
        ..default()
    });
    commands.spawn((
        Mesh3d(meshes.add(Cuboid::new(40.0, 0.5, 40.0))),
        MeshMaterial3d(table),
        Transform::from_xyz(0.0, -0.55, 0.0),
    ));
    commands.spawn((
        BoardSurface,
        Mesh3d(meshes.add(Cuboid::new(10.0, 0.3, 11.0))),
        MeshMaterial3d(wood),
        Transform::from_xyz(0.0, -0.15, 0.0),
    ));
    let line = 0.04;
    // Rank lines.
    for r in 0..10 {
        let z = (4.5 - r as f32) * SPACING;
        commands.spawn((
            Mesh3d(meshes.add(Cuboid::new(8.0 * SPACING + line, 0.01, line))),
            MeshMaterial3d(ink.clone()),
            Transform::from_xyz(0.0, 0.005, z),
        ));
    }
    // File lines: the outer two cross the river, the inner ones stop at it.
    for f in 0..9 {
        let x = (f as f32 - 4.0) * SPACING;
        if f == 0 || f == 8 {
            commands.spawn((
                Mesh3d(meshes.add(Cuboid::new(line, 0.01, 9.0 * SPACING + line))),
                MeshMaterial3d(ink.clone()),
                Transform::from_xyz(x, 0.005, 0.0),
            ));
        } else {
            for side in [-1.0f32, 1.0] {
                commands.spawn((
                    Mesh3d(meshes.add(Cuboid::new(line, 0.01, 4.0 * SPACING + line))),
                    MeshMaterial3d(ink.clone()),
                    Transform::from_xyz(x, 0.005, side * 2.5 * SPACING),
                ));
            }
        }
    }
    // Palace diagonals.
    let diag = (2.0f32 * 2.0 + 2.0 * 2.0).sqrt() * SPACING;
    for cz in [3.5f32, -3.5] {
        for angle in [45.0f32, -45.0] {
            commands.spawn((
                Mesh3d(meshes.add(Cuboid::new(diag, 0.01, line))),
                MeshMaterial3d(ink.clone()),
                Transform::from_xyz(0.0, 0.005, cz * SPACING)
                    .with_rotation(Quat::from_rotation_y(angle.to_radians())),
            ));
        }
    }
    // 楚河 汉界 written in the river.
    commands.spawn((
        Mesh3d(meshes.add(Rectangle::new(8.0 * SPACING, 1.0 * SPACING))),
        MeshMaterial3d(materials.add(StandardMaterial {
            base_color_texture: Some(assets.load("textures/river.png")),
            alpha_mode: AlphaMode::Blend,
            perceptual_roughness: 0.8,
            ..default()
        })),
        Transform::from_xyz(0.0, 0.006, 0.0)
            .with_rotation(Quat::from_rotation_x(-std::f32::consts::FRAC_PI_2)),
    ));
    commands.spawn((
        DirectionalLight {
            shadow_maps_enabled: true,
            illuminance: 8000.0,
            ..default()
        },
        Transform::from_xyz(4.0, 12.0, 6.0).looking_at(Vec3::ZERO, Vec3::Y),
    ));
    commands.spawn((
        Camera3d::default(),
        Transform::from_xyz(0.0, 12.0, 9.0).looking_at(Vec3::new(0.0, 0.0, 0.5), Vec3::Y),
    ));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn world_and_squares_round_trip() {
        for sq in Square::ALL {
            assert_eq!(world_to_square(square_to_world(sq)), Some(sq));
            assert_eq!(
                world_to_square(square_to_world(sq) + Vec3::new(0.3, 0.0, -0.3)),
                Some(sq)
            );
        }
        assert_eq!(world_to_square(Vec3::new(4.6, 0.0, 0.0)), None);
    }
}
