//! The clipboard (复制 / 粘贴): copy the shown position as a FEN or the game as a PGN (in the
//! chosen notation); paste a FEN, a PGN, a DhtmlXQ block or a move list, opened in replay like a
//! record. The clipboard itself is used off the frame loop (`storage::clipboard`).

use bevy::prelude::*;

pub mod logic;
pub mod panel;

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

/// What the clipboard tells the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClipboardNotice {
    /// The position (FEN), or the record (PGN), was put on the clipboard.
    Copied {
        /// The record, not only the position.
        record: bool,
    },
    /// The clipboard could not be used (why).
    Failed(String),
}

impl From<ClipboardNotice> for crate::core::notice::NoticeKind {
    fn from(n: ClipboardNotice) -> Self {
        use crate::core::notice::Said;
        match n {
            ClipboardNotice::Copied { record: false } => {
                Said::notice(crate::msg!("clipboard-copied-position"))
            }
            ClipboardNotice::Copied { record: true } => {
                Said::notice(crate::msg!("clipboard-copied-record"))
            }
            ClipboardNotice::Failed(e) => Said::notice(crate::msg!("clipboard-failed", error = e)),
        }
    }
}
