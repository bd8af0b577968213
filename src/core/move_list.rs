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
    /// The alternatives to the moves of the current line, in ply order.
    pub branches: Vec<BranchText>,
    /// Whether the current line is the main line.
    pub on_main_line: bool,
    /// The start, moves, line and notation the texts were written for.
    written_for: Option<WrittenFor>,
}

/// The start, the current line's moves and choices, and the notation.
type WrittenFor = (Position, Vec<Move>, Vec<(usize, usize)>, Notation);

/// An alternative to a move of the current line, written out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BranchText {
    /// The ply of the move it replaces.
    pub ply: usize,
    /// Its place among the continuations there (0: the main line).
    pub index: usize,
    /// Its first moves.
    pub text: String,
}

/// Moves of a variation written in the list.
const BRANCH_MOVES: usize = 2;

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
    let choices = record.line_choices();
    let current = list
        .written_for
        .as_ref()
        .is_some_and(|(start, moves, line, n)| {
            start == record.start()
                && moves == record.all_moves()
                && *line == choices
                && *n == notation
        });
    if !current {
        list.texts = record.move_texts(notation);
        list.branches = branch_texts(record, notation);
        list.on_main_line = choices.is_empty();
        list.written_for = Some((
            record.start().clone(),
            record.all_moves().to_vec(),
            choices,
            notation,
        ));
    }
}

/// The alternatives along the current line, each with its first moves.
fn branch_texts(record: &xiangqi::GameRecord, notation: Notation) -> Vec<BranchText> {
    if !record.has_variations() {
        return Vec::new();
    }
    let mut out = Vec::new();
    for ply in 0..record.len() {
        let Some(start) = record.position_at(ply) else {
            break;
        };
        for v in record.variations_at(ply) {
            let mut pos = start.clone();
            let mut words = Vec::new();
            for &m in v.moves.iter().take(BRANCH_MOVES) {
                words.push(notation.format(&pos, m).unwrap_or_else(|_| m.to_string()));
                if pos.play(m).is_err() {
                    break;
                }
            }
            if v.moves.len() > BRANCH_MOVES {
                words.push("…".to_owned());
            }
            out.push(BranchText {
                ply,
                index: v.index,
                text: words.join(" "),
            });
        }
    }
    out
}
