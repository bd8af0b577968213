//! The hint's mark on the board: a gold arrow from the piece to its destination.

use bevy::prelude::*;

use crate::core::game::CoreSet;
use crate::view::marks::spawn_arrow;

use super::logic::HintState;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        mark_hint
            .run_if(resource_changed::<HintState>)
            .after(CoreSet::Views),
    );
}

/// The engine's suggested move: a gold arrow from the piece to its destination.
#[derive(Component, Clone)]
struct HintMark;

fn mark_hint(
    mut commands: Commands,
    hint: Res<HintState>,
    old: Query<Entity, With<HintMark>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    for e in &old {
        commands.entity(e).despawn();
    }
    let Some(mv) = hint.shown else {
        return;
    };
    let gold = Color::srgba(1.0, 0.78, 0.1, 0.9);
    spawn_arrow(
        &mut commands,
        &mut meshes,
        &mut materials,
        mv,
        gold,
        HintMark,
    );
}
