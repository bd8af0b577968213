//! Notices: what the status area tells the player (a refused move, a saved record, a file that
//! could not be read). The UI words them in the player's language.

use bevy::prelude::*;

use crate::core::game::{CoreSet, MoveRefused};
use crate::core::i18n::Msg;

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
    /// The external engine could not be started, or died or stopped answering (why); the
    /// built-in engine plays instead.
    EngineFallback(String),
    /// In a browser: the computer's worker failed. `unreachable`: the engine could not be
    /// fetched from the server (the network or the server is down); otherwise it stopped (why).
    /// `again`: another worker is being started and the search runs again there; otherwise the
    /// computer gave up on this search.
    ComputerFailed {
        why: String,
        unreachable: bool,
        again: bool,
    },
    /// A variation would nest deeper than the record formats keep.
    NestedTooDeep,
    /// A notice a feature words itself (each feature keeps its own notices in its folder: see
    /// `Said`).
    Said(Said),
}

/// A notice made by the feature that gives it: a message, said in the language of the moment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Said(pub Msg);

impl Said {
    /// A notice saying `msg`.
    #[must_use]
    pub fn notice(msg: Msg) -> NoticeKind {
        NoticeKind::Said(Said(msg))
    }
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
