//! The review's marks: a green arrow on the board for the better move at the move stepped onto,
//! and each move's sign (?!, ?, ??, !!) in the move list.

use bevy::prelude::*;

use crate::core::game::{CoreSet, Game};
use crate::core::phase::Phase;
use crate::view::marks::spawn_arrow;

use super::logic::Review;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Update, sign_the_moves.run_if(resource_changed::<Review>));
    app.add_systems(
        Update,
        mark_better_move
            .run_if(
                resource_changed::<Review>
                    .or_eager(resource_changed::<Game>)
                    .or_eager(state_changed::<Phase>),
            )
            .after(CoreSet::Views),
    );
}

/// The review's better move for the move just stepped onto: a green arrow.
#[derive(Component, Clone)]
struct BetterMark;

fn mark_better_move(
    mut commands: Commands,
    review: Res<Review>,
    game: Res<Game>,
    phase: Res<State<Phase>>,
    old: Query<Entity, With<BetterMark>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    for e in &old {
        commands.entity(e).despawn();
    }
    if *phase.get() != Phase::Replaying {
        return;
    }
    let Some(mv) = review.better_move(game.record.ply()) else {
        return;
    };
    let green = Color::srgba(0.2, 0.85, 0.35, 0.9);
    spawn_arrow(
        &mut commands,
        &mut meshes,
        &mut materials,
        mv,
        green,
        BetterMark,
    );
}

/// The review's judgement of each move shows as its sign in the move list.
fn sign_the_moves(review: Res<Review>, mut signs: ResMut<crate::ui::move_list::ListSigns>) {
    let new: Vec<&'static str> = review.result.as_ref().map_or_else(Vec::new, |r| {
        r.moves
            .iter()
            .map(|m| crate::ui::text::mark_sign(m.mark))
            .collect()
    });
    if signs.0 != new {
        signs.0 = new;
    }
}
