//! Marks on the board: the last move's two points and a ring under a king in check, and the
//! shapes features draw their own marks with ([`ring_at`], [`spawn_arrow`]: the hint's arrow, the
//! review's better move, the puzzle's ring are drawn by those features' `marks.rs`).

use std::f32::consts::FRAC_PI_2;

use bevy::prelude::*;
use xiangqi::Square;

use crate::core::game::{CoreSet, Game};
use crate::core::geometry::HEIGHT;
use crate::core::geometry::square_to_world;
use crate::core::phase::Phase;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (mark_last_move.run_if(resource_changed::<Game>.or_eager(state_changed::<Phase>)),)
            .after(CoreSet::Views),
    );
}

/// The two marks of the last move (where it came from and where it went).
#[derive(Component)]
struct LastMoveMark;

/// The red ring under a king in check.
#[derive(Component)]
struct CheckMark;

/// A flat ring on the board at `sq`, ignored by picking.
pub(crate) fn ring_at(
    sq: Square,
    y: f32,
    mesh: &Handle<Mesh>,
    material: &Handle<StandardMaterial>,
) -> impl Bundle {
    (
        Mesh3d(mesh.clone()),
        MeshMaterial3d(material.clone()),
        Transform::from_translation(square_to_world(sq) + Vec3::Y * y)
            .with_rotation(Quat::from_rotation_x(-FRAC_PI_2)),
        Pickable::IGNORE,
    )
}

/// Rings on the board: blue on the last move's two points, red under a king in check.
fn mark_last_move(
    mut commands: Commands,
    game: Res<Game>,
    phase: Res<State<Phase>>,
    old: Query<Entity, Or<(With<LastMoveMark>, With<CheckMark>)>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut cached: Local<Option<[(Handle<Mesh>, Handle<StandardMaterial>); 2]>>,
) {
    for e in &old {
        commands.entity(e).despawn();
    }
    // The editor's board is not the game's: no last move or check to mark.
    if *phase.get() == Phase::Editing {
        return;
    }
    let [last, check] = cached.get_or_insert_with(|| {
        let mut ring = |inner: f32, outer: f32, color: Color, emissive: LinearRgba| {
            (
                meshes.add(Annulus::new(inner, outer).mesh().resolution(40)),
                materials.add(StandardMaterial {
                    base_color: color,
                    emissive,
                    alpha_mode: AlphaMode::Blend,
                    unlit: true,
                    ..default()
                }),
            )
        };
        [
            ring(
                0.40,
                0.47,
                Color::srgba(0.1, 0.35, 0.9, 0.9),
                LinearRgba::BLACK,
            ),
            ring(
                0.44,
                0.62,
                Color::srgba(1.0, 0.1, 0.05, 0.85),
                LinearRgba::rgb(2.0, 0.1, 0.0),
            ),
        ]
    });
    if let Some(mv) = game.record.last_move() {
        for sq in [mv.from(), mv.to()] {
            commands.spawn((LastMoveMark, ring_at(sq, 0.011, &last.0, &last.1)));
        }
    }
    let pos = game.record.position();
    if pos.is_check() {
        let king = pos.king(pos.side_to_move());
        commands.spawn((CheckMark, ring_at(king, 0.013, &check.0, &check.1)));
    }
}

/// An arrow on the board from `mv`'s piece to its destination, with a ring there.
pub(crate) fn spawn_arrow(
    commands: &mut Commands,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<StandardMaterial>,
    mv: xiangqi::Move,
    color: Color,
    marker: impl Component + Clone,
) {
    let gold = materials.add(StandardMaterial {
        base_color: color,
        alpha_mode: AlphaMode::Blend,
        unlit: true,
        ..default()
    });
    let (a, b) = (square_to_world(mv.from()), square_to_world(mv.to()));
    let d = b - a;
    let length = d.length();
    let yaw = Quat::from_rotation_y(-d.z.atan2(d.x));
    let lift = Vec3::Y * (HEIGHT + 0.06);
    // The shaft, from the piece's edge to the arrow head.
    let shaft = (length - 0.55).max(0.1);
    commands.spawn((
        marker.clone(),
        Mesh3d(meshes.add(Cuboid::new(shaft, 0.02, 0.12))),
        MeshMaterial3d(gold.clone()),
        Transform::from_translation(a + d / length * (shaft / 2.0) + lift).with_rotation(yaw),
        Pickable::IGNORE,
    ));
    // The head: a flat triangle pointing at the destination.
    let head = meshes.add(Triangle2d::new(
        Vec2::new(0.0, 0.0),
        Vec2::new(-0.45, 0.25),
        Vec2::new(-0.45, -0.25),
    ));
    commands.spawn((
        marker.clone(),
        Mesh3d(head),
        MeshMaterial3d(gold.clone()),
        Transform::from_translation(b - d / length * 0.1 + lift)
            .with_rotation(yaw * Quat::from_rotation_x(-FRAC_PI_2)),
        Pickable::IGNORE,
    ));
    commands.spawn((
        marker.clone(),
        Mesh3d(meshes.add(Annulus::new(0.44, 0.52).mesh().resolution(40))),
        MeshMaterial3d(gold),
        Transform::from_translation(b + Vec3::Y * 0.014)
            .with_rotation(Quat::from_rotation_x(-FRAC_PI_2)),
        Pickable::IGNORE,
    ));
}
