//! Drawing and writing the pictures off the frame loop, and saying where they went.

use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::mpsc::{Receiver, Sender, channel};

use bevy::prelude::*;

use crate::core::game::{CoreSet, Game};
use crate::core::notice::{Notice, NoticeKind};
use crate::core::settings::Settings;
use crate::pictures::PictureRequest;
use crate::pictures::render;
use crate::storage::files::{Dirs, write_atomic};
use crate::storage::handed::hand_to_player;
use crate::storage::records::now_stamp;

/// The ends of the channel the picture threads answer on.
#[derive(Resource)]
struct Drawn {
    send: Sender<Result<PathBuf, String>>,
    done: Mutex<Receiver<Result<PathBuf, String>>>,
}

pub(super) fn plugin(app: &mut App) {
    let (send, done) = channel();
    app.insert_resource(Drawn {
        send,
        done: Mutex::new(done),
    });
    app.add_systems(Update, (draw, report).in_set(CoreSet::Input));
}

/// Starts a thread for each request: it draws the picture and writes it (atomically) as
/// `chuhan-DATE-TIME.png` or `.gif` in the records folder.
fn draw(
    mut requests: MessageReader<PictureRequest>,
    game: Res<Game>,
    settings: Res<Settings>,
    dirs: Res<Dirs>,
    drawn: Res<Drawn>,
) {
    for &request in requests.read() {
        let record = game.record.clone();
        let bottom = game.players.bottom_side();
        let set = settings.piece_set;
        let dir = dirs.records();
        let send = drawn.send.clone();
        let (date, time) = now_stamp();
        crate::storage::background::spawn("chuhan-picture", move || {
            let (bytes, ext) = match request {
                PictureRequest::Diagram => (
                    render::diagram_png(record.position(), record.last_move(), bottom, set),
                    "png",
                ),
                PictureRequest::Animation => (render::animation_gif(&record, bottom, set), "gif"),
            };
            let path = dir.join(format!("chuhan-{date}-{time}.{ext}"));
            let result = bytes.and_then(|b| {
                write_atomic(&path, &b).map_err(|e| e.to_string())?;
                Ok(path)
            });
            let _ = send.send(result);
        });
    }
}

/// Says where each finished picture went, or why it was not written.
fn report(drawn: Res<Drawn>, mut notices: MessageWriter<Notice>) {
    let Ok(done) = drawn.done.lock() else { return };
    for result in done.try_iter() {
        notices.write(Notice(
            match result.and_then(|path| {
                hand_to_player(&path)?;
                Ok(path)
            }) {
                Ok(path) => NoticeKind::Saved(path.display().to_string()),
                Err(e) => NoticeKind::WriteFailed(e),
            },
        ));
    }
}
