//! What the game's headless tests share: a scratch folder, the game without a window
//! (`MinimalPlugins` and the core), new games, commands, notices, and waiting for searches.
//! Each test file that wants it says `mod common;` (not every file uses every helper).
#![allow(dead_code, reason = "each test file uses only some of the helpers")]

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use bevy::prelude::*;
use chuhan::core::game::{NewGame, Players};
use chuhan::core::notice::{Notice, NoticeKind};
use xiangqi::{GameRecord, Move};

/// The start position.
pub const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// A fresh, empty folder of its own under the system's temp folder.
pub fn scratch_dir() -> PathBuf {
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("chuhan-test-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

/// The game without a window, its files in `dir`, after its first update.
pub fn app_in(dir: &Path) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, chuhan::CorePlugin));
    app.insert_resource(chuhan::storage::files::Dirs::in_one(dir));
    app.update();
    app
}

/// A test data file, by its path under `crates/xiangqi/tests/data`.
pub fn data(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("crates/xiangqi/tests/data")
        .join(path)
}

/// A move in ICCS.
pub fn mv(s: &str) -> Move {
    s.parse().expect("a move")
}

/// Starts a game from `fen` after `moves`.
pub fn new_game(app: &mut App, fen: &str, moves: &[&str], players: Players) {
    let mut record = GameRecord::from_fen(fen).expect("a FEN");
    for m in moves {
        record.play(mv(m)).expect("a legal move");
    }
    app.world_mut().write_message(NewGame {
        record,
        players,
        puzzle: None,
    });
    app.update();
}

/// Sends a message (a command, a feature's request, a setting's change) and runs one update,
/// then, while a record is being read or saved on the storage thread, waits for it and updates
/// again (10 s at most), so that what was asked is done when it returns.
pub fn send<M: Message>(app: &mut App, message: M) {
    app.world_mut().write_message(message);
    app.update();
    settle_storage(app);
}

/// Waits for the reads and saves under way on the storage thread and updates until their answers
/// are taken in (10 s at most).
pub fn settle_storage(app: &mut App) {
    use chuhan::core::opening::Opening;
    let deadline = Instant::now() + Duration::from_secs(10);
    while app.world().resource::<Opening>().in_flight() && Instant::now() < deadline {
        app.world()
            .resource::<chuhan::storage::writer::Writer>()
            .flush();
        app.update();
    }
}

/// The notices written since the last call.
pub fn notices(app: &mut App) -> Vec<NoticeKind> {
    app.world_mut()
        .resource_mut::<Messages<Notice>>()
        .drain()
        .map(|n| n.0)
        .collect()
}

/// Runs one update in which exactly `by` of game time passes (Bevy's manual time), then goes
/// back to real time: clocks are tested without sleeping.
pub fn advance(app: &mut App, by: Duration) {
    use bevy::time::TimeUpdateStrategy;
    app.insert_resource(TimeUpdateStrategy::ManualDuration(by));
    app.update();
    app.insert_resource(TimeUpdateStrategy::Automatic);
}

/// Updates until `done` holds (`secs` of real time at most: it waits for search threads).
pub fn wait_for(app: &mut App, secs: u64, mut done: impl FnMut(&mut App) -> bool) -> bool {
    let deadline = Instant::now() + Duration::from_secs(secs);
    while Instant::now() < deadline {
        app.update();
        if done(app) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    false
}

/// Writes an executable shell script (a fake UCI engine) into `dir`. The executable is made by
/// `install`, a program of its own: had this process held it open for writing, a child forked
/// meanwhile by another test thread would inherit that descriptor and starting the script could
/// fail with "Text file busy".
pub fn script(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    let source = dir.join(format!("{name}.text"));
    std::fs::write(&source, text).expect("the script");
    let made = std::process::Command::new("install")
        .args(["-m", "755"])
        .arg(&source)
        .arg(&path)
        .status()
        .expect("install runs");
    assert!(made.success(), "install {}", path.display());
    path
}

/// Whether the engine helps now: a hint searched or shown, and whether the analysis is open.
pub fn engine_help(app: &App) -> (bool, bool) {
    let hint = app.world().resource::<chuhan::hints::logic::HintState>();
    let analysis = app.world().resource::<chuhan::analysis::logic::Analysis>();
    (hint.is_thinking() || hint.shown.is_some(), analysis.shown)
}
