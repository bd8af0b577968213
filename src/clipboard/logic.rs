//! Copying and pasting: the requests go to the clipboard thread; what it answers becomes a notice,
//! or (a paste) the command that opens the text in replay.

use bevy::prelude::*;
use xiangqi::notation::Notation;

use super::ClipboardNotice;
use crate::clipboard::ClipboardRequest;
use crate::core::commands::Command;
use crate::core::game::{CoreSet, Game};
use crate::core::notice::Notice;
use crate::core::settings::Settings;
use crate::storage::clipboard::{Clipboard, Done, Memory};

pub(super) fn plugin(app: &mut App) {
    // Headless (tests, tools): a clipboard in memory; the windowed game puts the desktop's in
    // first (`AppPlugin`).
    if !app.world().contains_resource::<Clipboard>() {
        app.insert_resource(Clipboard::start(Memory::default()));
    }
    app.add_systems(
        Update,
        (ask, answer)
            .chain()
            .in_set(CoreSet::Input)
            .before(crate::core::opening::OpeningSystems),
    );
}

/// Sends each request to the clipboard thread.
fn ask(
    mut requests: MessageReader<ClipboardRequest>,
    clipboard: Res<Clipboard>,
    game: Res<Game>,
    settings: Res<Settings>,
    mut notices: MessageWriter<Notice>,
) {
    for request in requests.read() {
        match request {
            ClipboardRequest::CopyPosition => {
                clipboard.set(game.record.position().to_fen());
                notices.write(Notice(ClipboardNotice::Copied { record: false }.into()));
            }
            ClipboardRequest::CopyRecord => {
                let notation: Notation = settings.notation();
                clipboard.set(xiangqi::pgn::write(&game.record, notation));
                notices.write(Notice(ClipboardNotice::Copied { record: true }.into()));
            }
            ClipboardRequest::Paste => clipboard.get(),
        }
    }
}

/// Collects what the clipboard thread did.
fn answer(
    clipboard: Res<Clipboard>,
    mut commands: MessageWriter<Command>,
    mut notices: MessageWriter<Notice>,
) {
    for done in clipboard.finished() {
        match done {
            Done::Set(Ok(())) => {}
            Done::Set(Err(e)) | Done::Got(Err(e)) => {
                notices.write(Notice(ClipboardNotice::Failed(e).into()));
            }
            // Read on the storage thread: a text that does not read says so before any question
            // about the game in progress; one that reads is opened like a record.
            Done::Got(Ok(text)) => {
                commands.write(Command::OpenText(text));
            }
        }
    }
}
