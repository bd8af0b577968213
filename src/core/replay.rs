//! Stepping through a record in replay: one move on or back (the pieces glide), or a jump.

use crate::core::game::{Game, MovePlayed, MoveTakenBack};

/// A step through a record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The start.
    First,
    /// One move back.
    Previous,
    /// One move on.
    Next,
    /// The end.
    Last,
    /// After this many moves.
    To(usize),
    /// Into the alternative `index` to the move at `ply` (after its first move).
    Variation(usize, usize),
}

/// What a step did, for the view to show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stepped {
    /// One move played on (the piece glides there).
    On(MovePlayed),
    /// One move taken back (the piece glides back).
    Back(MoveTakenBack),
    /// A jump: the board is set up again.
    Jumped,
}

/// Moves the record's current point by `step`; `None` when it could not move.
pub fn step_through(game: &mut Game, step: Step) -> Option<Stepped> {
    match step {
        Step::Next => {
            let before = game.record.position().clone();
            let mv = game.record.redo()?;
            let piece = before.piece_at(mv.from())?;
            Some(Stepped::On(MovePlayed {
                mv,
                piece,
                captured: before.piece_at(mv.to()),
                check: game.record.position().is_check(),
            }))
        }
        Step::Previous => {
            let mv = game.record.undo()?;
            let captured = game.record.position().piece_at(mv.to());
            Some(Stepped::Back(MoveTakenBack { mv, captured }))
        }
        Step::First => game.record.goto(0).then_some(Stepped::Jumped),
        Step::Last => {
            let end = game.record.len();
            game.record.goto(end).then_some(Stepped::Jumped)
        }
        Step::To(ply) => game.record.goto(ply).then_some(Stepped::Jumped),
        Step::Variation(ply, index) => game
            .record
            .enter_variation(ply, index)
            .then_some(Stepped::Jumped),
    }
}
