//! The record's moves written out for the move list, kept in step with the record (rewritten only
//! when the moves change).

use bevy::prelude::*;
use xiangqi::notation::Notation;
use xiangqi::{Move, Position};

use crate::core::game::{CoreSet, Game};
use crate::core::settings::Settings;

/// The moves of the record in the notation of the settings, kept in step with both.
#[derive(Resource, Clone, Debug, Default)]
pub struct MoveList {
    /// One text per move of the whole record (including moves taken back).
    pub texts: Vec<String>,
    /// The start, moves and notation the texts were written for.
    written_for: Option<(Position, Vec<Move>, Notation)>,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<MoveList>();
    app.add_systems(Update, update_move_list.after(CoreSet::Views));
}

fn update_move_list(game: Res<Game>, settings: Res<Settings>, mut list: ResMut<MoveList>) {
    if !game.is_changed() && !settings.is_changed() {
        return;
    }
    let record = &game.record;
    let notation = settings.notation();
    let current = list.written_for.as_ref().is_some_and(|(start, moves, n)| {
        start == record.start() && moves == record.all_moves() && *n == notation
    });
    if !current {
        list.texts = record.move_texts(notation);
        list.written_for = Some((
            record.start().clone(),
            record.all_moves().to_vec(),
            notation,
        ));
    }
}
