//! Notices: what the status area tells the player (a refused move, a saved record, a file that
//! could not be read). The UI words them in the player's language.

use bevy::prelude::*;

use crate::core::game::{CoreSet, MoveRefused};

/// A message for the notice line.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct Notice(pub NoticeKind);

/// What a notice says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoticeKind {
    /// A position set up by hand breaks a rule (摆棋): it cannot be played.
    PositionRefused(xiangqi::FenError),
    /// A move the rules refused.
    Illegal(String),
    /// The game is over; no more moves.
    GameOver,
    /// A settings file could not be read; defaults are used.
    BadSettings(String),
    /// A record could not be opened.
    BadRecord(String),
    /// A record (its file's name; empty for a pasted text) is being read: it takes a while.
    Reading(String),
    /// A pasted text could not be read (why).
    BadPaste(String),
    /// The position (FEN) or the record (PGN) was put on the clipboard.
    Copied {
        /// The record, not only the position.
        record: bool,
    },
    /// The clipboard could not be used (why).
    ClipboardFailed(String),
    /// A record was opened, but this many parts of it could not be read and were left out (the
    /// first of them, in words).
    PartlyRead { skipped: usize, first: String },
    /// A file could not be written.
    WriteFailed(String),
    /// A record was saved.
    Saved(String),
    /// The position was saved for 复盘.
    PositionSaved,
    /// Nothing saved yet to restore.
    NothingSaved,
    /// Nothing to take back (悔棋).
    NothingToUndo,
    /// Nothing taken back to play again (重做).
    NothingToRedo,
    /// The analysis is off in a game against the computer (the settings can allow it).
    AnalysisOffInPlay,
    /// The computer accepted the draw offered.
    DrawAccepted,
    /// The computer declined the draw offered.
    DrawDeclined,
    /// No draw can be offered now.
    NoDrawOffer,
    /// The external engine could not be started, or died or stopped answering (why); the
    /// built-in engine plays instead.
    EngineFallback(String),
    /// A variation would nest deeper than the record formats keep.
    NestedTooDeep,
    /// A review needs a finished game or a record.
    NothingToReview,
    /// A puzzle move that does not keep the win: taken back, try again.
    PuzzleWrong,
    /// The puzzle is solved, with this many stars.
    PuzzleSolved(u8),
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<Notice>();
    app.add_systems(Update, notice_refusals.after(CoreSet::Views));
}

fn notice_refusals(mut refused: MessageReader<MoveRefused>, mut notices: MessageWriter<Notice>) {
    if let Some(r) = refused.read().last() {
        notices.write(Notice(match r.error {
            xiangqi::PlayError::GameOver(_) => NoticeKind::GameOver,
            xiangqi::PlayError::Illegal(_) => NoticeKind::Illegal(r.mv.to_string()),
            xiangqi::PlayError::NestedTooDeep => NoticeKind::NestedTooDeep,
        }));
    }
}
