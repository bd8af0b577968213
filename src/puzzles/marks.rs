//! The puzzle's mark on the board: a gold ring under the piece to move when a hint was asked for.

use bevy::prelude::*;

use crate::core::game::CoreSet;
use crate::view::marks::ring_at;

use super::logic::PuzzleState;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        mark_puzzle_hint
            .run_if(resource_changed::<PuzzleState>)
            .after(CoreSet::Views),
    );
}

/// The puzzle's hint: a gold ring under the piece to move.
#[derive(Component)]
struct PuzzleHintMark;

fn mark_puzzle_hint(
    mut commands: Commands,
    state: Res<PuzzleState>,
    old: Query<Entity, With<PuzzleHintMark>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    for e in &old {
        commands.entity(e).despawn();
    }
    let Some(sq) = state.hint else {
        return;
    };
    let mesh = meshes.add(Annulus::new(0.44, 0.64).mesh().resolution(40));
    let material = materials.add(StandardMaterial {
        base_color: Color::srgba(1.0, 0.78, 0.1, 0.95),
        emissive: LinearRgba::rgb(1.5, 1.0, 0.1),
        alpha_mode: AlphaMode::Blend,
        unlit: true,
        ..default()
    });
    commands.spawn((PuzzleHintMark, ring_at(sq, 0.012, &mesh, &material)));
}
