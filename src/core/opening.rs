//! Opening and saving records off the frame loop: [`Command::OpenRecord`],
//! [`Command::OpenText`] and the saves become tasks of the storage thread; what it answers
//! becomes a notice, or [`Command::OpenLoaded`], which opens the record read (after asking, when
//! a game is in progress). A file that does not read says so before any question is asked.

use std::path::{Path, PathBuf};
use std::time::Duration;

use bevy::platform::time::Instant;

use bevy::prelude::*;

use crate::core::commands::{Command, CommandSystems, Loaded};
use crate::core::game::{CoreSet, Game};
use crate::core::notice::{Notice, NoticeKind};
use crate::core::settings::Settings;
use crate::storage::files::Dirs;
use crate::storage::handed::hand_to_player;
use crate::storage::records::{RecordFormat, now_stamp};
use crate::storage::writer::{Finished, Task, Writer};

/// How long a read may take before the player is told it is under way.
const ANNOUNCE_AFTER: Duration = Duration::from_millis(400);

/// The reads and saves handed to the storage thread and not yet answered.
#[derive(Resource, Default)]
pub struct Opening {
    /// The number the next read gets.
    next: u64,
    /// The read whose answer is awaited (a newer one replaces it; the older answer is dropped).
    waiting: Option<Waiting>,
    /// Saves not yet answered.
    saves: usize,
}

struct Waiting {
    ticket: u64,
    since: Instant,
    what: String,
    pasted: bool,
    announced: bool,
    /// A file handed over by the player, removed if it does not read.
    handed: Option<PathBuf>,
}

impl Opening {
    /// Whether a read or a save is under way.
    #[must_use]
    pub fn in_flight(&self) -> bool {
        self.waiting.is_some() || self.saves > 0
    }

    fn wait_for(&mut self, what: String, pasted: bool) -> u64 {
        self.next += 1;
        self.waiting = Some(Waiting {
            ticket: self.next,
            since: Instant::now(),
            what,
            pasted,
            announced: false,
            handed: None,
        });
        self.next
    }
}

/// The set the opening systems run in (before the commands are handled, so that a record read
/// opens in the frame it arrives).
#[derive(SystemSet, Clone, Debug, PartialEq, Eq, Hash)]
pub struct OpeningSystems;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Opening>();
    #[cfg(target_arch = "wasm32")]
    app.add_systems(
        Update,
        picked_files
            .in_set(CoreSet::Input)
            .in_set(OpeningSystems)
            .before(hand_over),
    );
    app.add_systems(
        Update,
        (hand_over, collect)
            .chain()
            .in_set(CoreSet::Input)
            .in_set(OpeningSystems)
            .before(CommandSystems),
    );
}

/// Hands each read and save asked for to the storage thread.
fn hand_over(
    mut commands: MessageReader<Command>,
    mut opening: ResMut<Opening>,
    writer: Res<Writer>,
    game: Res<Game>,
    settings: Res<Settings>,
    dirs: Res<Dirs>,
) {
    for command in commands.read() {
        match command {
            Command::OpenRecord(path) => {
                let ticket = opening.wait_for(name_of(path), false);
                writer.run(Task::Open(ticket, path.clone()));
            }
            Command::OpenHanded(path) => {
                let ticket = opening.wait_for(name_of(path), false);
                if let Some(w) = opening.waiting.as_mut() {
                    w.handed = Some(path.clone());
                }
                writer.run(Task::Open(ticket, path.clone()));
            }
            Command::OpenText(text) => {
                let ticket = opening.wait_for(String::new(), true);
                writer.run(Task::Read(ticket, text.clone()));
            }
            Command::SaveRecord | Command::SaveRecordAs(_) => {
                let format = match command {
                    Command::SaveRecordAs(f) => *f,
                    _ => RecordFormat::RonAndPgn,
                };
                let (date, time) = now_stamp();
                let record = game.record_for_saving(&date, settings.level);
                opening.saves += 1;
                writer.run(Task::Save {
                    record: Box::new(record),
                    dir: dirs.records(),
                    stem: format!("chuhan-{date}-{time}"),
                    format,
                    notation: settings.notation(),
                });
            }
            _ => {}
        }
    }
}

/// Turns what the storage thread did into notices and [`Command::OpenLoaded`].
fn collect(
    mut opening: ResMut<Opening>,
    mut loaded: ResMut<Loaded>,
    writer: Res<Writer>,
    mut commands: MessageWriter<Command>,
    mut notices: MessageWriter<Notice>,
) {
    for finished in writer.finished() {
        match finished {
            Finished::Saved(result) => {
                opening.saves = opening.saves.saturating_sub(1);
                notices.write(Notice(match result {
                    Ok(path) => match hand_to_player(&path) {
                        Ok(()) => NoticeKind::Saved(path.display().to_string()),
                        Err(e) => NoticeKind::WriteFailed(e),
                    },
                    Err(e) => NoticeKind::WriteFailed(e.to_string()),
                }));
            }
            Finished::Opened(ticket, result) | Finished::Read(ticket, result) => {
                if opening.waiting.as_ref().is_none_or(|w| w.ticket != ticket) {
                    continue; // A newer read replaced this one.
                }
                let (pasted, handed) = opening
                    .waiting
                    .take()
                    .map_or((false, None), |w| (w.pasted, w.handed));
                if let (Err(_), Some(path)) = (&result, &handed) {
                    // Written by the same thread, after the read: in order with it.
                    writer.remove(path.clone());
                }
                match result {
                    Ok(opened) => {
                        loaded.0 = Some((ticket, opened));
                        commands.write(Command::OpenLoaded(ticket));
                    }
                    Err(e) if pasted => {
                        notices.write(Notice(NoticeKind::BadPaste(e)));
                    }
                    Err(e) => {
                        notices.write(Notice(NoticeKind::BadRecord(e)));
                    }
                }
            }
        }
    }
    if let Some(w) = opening.waiting.as_mut()
        && !w.announced
        && w.since.elapsed() >= ANNOUNCE_AFTER
    {
        w.announced = true;
        notices.write(Notice(NoticeKind::Reading(w.what.clone())));
    }
}

/// In a browser, files the player picked in the browser's dialog (kept in the page's records
/// folder): each opens as a record from there.
#[cfg(target_arch = "wasm32")]
fn picked_files(mut commands: MessageWriter<Command>, mut notices: MessageWriter<Notice>) {
    for picked in crate::storage::device_files::chosen() {
        match picked {
            Ok(path) => {
                commands.write(Command::OpenHanded(path));
            }
            Err(e) => {
                notices.write(Notice(NoticeKind::BadRecord(e)));
            }
        }
    }
}

fn name_of(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}
