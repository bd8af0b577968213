//! Records opened and saved on the storage thread: the frame loop goes on while a file is read
//! or written, the player is told when a read takes a while, and what was read opens once it is
//! in; files over the stated size are refused with a notice.

mod common;

use std::time::{Duration, Instant};

use bevy::prelude::*;
use chuhan::core::commands::Command;
use chuhan::core::game::{Game, NewGame, Players};
use chuhan::core::notice::NoticeKind;
use chuhan::core::phase::Phase;
use common::{app_in, notices, scratch_dir, send};

fn phase(app: &App) -> Phase {
    *app.world().resource::<State<Phase>>().get()
}

/// A record file that holds the storage thread until the test writes to it: a named pipe, whose
/// opening blocks until a writer comes.
#[cfg(unix)]
#[test]
fn a_slow_read_does_not_hold_the_frame_loop_and_opens_when_it_is_in() {
    let dir = scratch_dir();
    let pipe = dir.join("slow.pgn");
    let made = std::process::Command::new("mkfifo")
        .arg(&pipe)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    let mut app = app_in(&dir);
    app.world_mut()
        .write_message(Command::OpenRecord(pipe.clone()));
    // While the storage thread waits for the file, frames go on and the game takes commands.
    let started = Instant::now();
    let mut seen = Vec::new();
    while started.elapsed() < Duration::from_millis(700) {
        app.update();
        seen.extend(notices(&mut app));
        std::thread::sleep(Duration::from_millis(10));
    }
    let record = xiangqi::GameRecord::from_fen(common::START).expect("FEN");
    app.world_mut().write_message(NewGame {
        record,
        players: Players::TWO_PLAYERS,
        puzzle: None,
    });
    app.update();
    assert_eq!(phase(&app), Phase::Playing);
    assert!(
        seen.contains(&NoticeKind::Reading("slow.pgn".into())),
        "the player is told the read takes a while: {seen:?}"
    );
    // The file comes in: the record opens in replay.
    std::fs::write(&pipe, "[Event \"slow\"]\n1. h2e2 h9g7 2. h0g2 *\n").expect("write the pipe");
    assert!(common::wait_for(&mut app, 10, |app| phase(app) == Phase::Replaying));
    assert_eq!(app.world().resource::<Game>().record.len(), 3);
}

#[test]
fn a_record_over_the_limit_is_refused_with_its_size_named() {
    let dir = scratch_dir();
    let big = dir.join("big.pgn");
    let file = std::fs::File::create(&big).expect("create");
    // Sparse: 17 MB that take no room.
    file.set_len(17 * 1024 * 1024).expect("set_len");
    let mut app = app_in(&dir);
    send(&mut app, Command::OpenRecord(big));
    let got = notices(&mut app);
    assert!(
        matches!(got.as_slice(), [NoticeKind::BadRecord(e)] if e.contains("16")),
        "{got:?}"
    );
    assert_ne!(phase(&app), Phase::Replaying);
}

#[test]
fn saving_is_answered_by_the_storage_thread() {
    let dir = scratch_dir();
    let mut app = app_in(&dir);
    common::new_game(
        &mut app,
        common::START,
        &["h2e2", "h9g7"],
        Players::TWO_PLAYERS,
    );
    notices(&mut app);
    // Asked on one frame; the file is written off the frame loop, the notice follows.
    send(&mut app, Command::SaveRecord);
    let got = notices(&mut app);
    let [NoticeKind::Saved(path)] = got.as_slice() else {
        panic!("{got:?}");
    };
    let back = chuhan::storage::records::read_record(std::path::Path::new(path)).expect("reads");
    assert_eq!(back.record.len(), 2);
    // A records folder that cannot be made: the failure is a notice, the game goes on.
    let blocked = scratch_dir();
    std::fs::write(blocked.join("records"), "a file where the folder goes").expect("write");
    app.insert_resource(chuhan::storage::files::Dirs::in_one(&blocked));
    send(&mut app, Command::SaveRecord);
    let got = notices(&mut app);
    assert!(
        matches!(got.as_slice(), [NoticeKind::WriteFailed(_)]),
        "{got:?}"
    );
    assert_eq!(app.world().resource::<Game>().record.len(), 2);
}
