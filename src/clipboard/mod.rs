//! The clipboard (复制 / 粘贴): copy the shown position as a FEN or the game as a PGN (in the
//! chosen notation); paste a FEN, a PGN, a DhtmlXQ block or a move list, opened in replay like a
//! record. The clipboard itself is used off the frame loop (`storage::clipboard`).

use bevy::prelude::*;

pub mod logic;

/// What the player asks of the clipboard.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClipboardRequest {
    /// Copy the position shown, as a FEN.
    CopyPosition,
    /// Copy the game as a PGN.
    CopyRecord,
    /// Paste: open what the clipboard holds.
    Paste,
}

/// The clipboard's requests and their answers.
pub(crate) fn plugin(app: &mut App) {
    app.add_message::<ClipboardRequest>();
    app.add_plugins(logic::plugin);
}
