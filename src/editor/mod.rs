//! The position editor (摆棋): set up any position on the board from the current one, the start
//! position or an empty board, with the pieces of both sides in the trays to drag on, a piece
//! dragged off the board removed, the side to move chosen, the board turned, and each change
//! undoable. The rules library checks the position ([`xiangqi::placement::Placement`]) and names
//! the rule it breaks; an accepted position can be played against the computer (either side),
//! between two players, analysed, watched, or saved as a record with a `[FEN]` tag.
//!
//! [`logic`] runs headless (the tests drive it with [`EditorRequest`]s); [`pointer`] turns drags
//! and clicks on the board and the trays into requests; [`panel`] is the editor's panel (and adds
//! the pointer with it, over the view).

use bevy::prelude::*;
use xiangqi::{Piece, Square};

use crate::core::game::Players;

pub mod logic;
pub mod panel;
pub mod pointer;

/// Where the editor starts from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Start {
    /// The position on the board now.
    Current,
    /// The usual start position.
    Standard,
    /// An empty board.
    Empty,
}

/// What the editor does with an accepted position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Finish {
    /// A game from it with these players (against the computer, two players, or the computer
    /// on both sides).
    Play(Players),
    /// Opens it for study with the analysis shown.
    Analyse,
    /// Saves it as a record (with its `[FEN]` tag) and stays in the editor.
    Save,
}

/// What the player asks of the editor.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum EditorRequest {
    /// Open the editor (or start over inside it) from this position.
    Open(Start),
    /// Set `piece` on the point (what stood there goes).
    Put(Square, Piece),
    /// Take the piece off the point.
    Remove(Square),
    /// Move a piece from one point to another (what stood there goes).
    Shift(Square, Square),
    /// Take up a piece from the tray to set it down by clicking points (`None`: put it back).
    Hold(Option<Piece>),
    /// A click on a point: sets the piece held there, or with nothing held takes off the piece
    /// standing there.
    Point(Square),
    /// The other side moves first.
    ToggleSide,
    /// Turn the board round (the other side at the bottom).
    Flip,
    /// Take back the last change.
    Undo,
    /// Leave the editor with the position.
    Finish(Finish),
    /// Leave the editor, back to the game as it was.
    Cancel,
}

/// The editor's requests and their handling.
pub(crate) fn plugin(app: &mut App) {
    app.add_message::<EditorRequest>();
    app.add_plugins(logic::plugin);
}
