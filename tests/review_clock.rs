//! Game review, clocks and the external engine, driven headless through `Command` messages.

mod common;

use std::path::{Path, PathBuf};
use std::time::Duration;

use bevy::prelude::*;
use chuhan::clock::ClockRequest;
use chuhan::clock::logic::Clock;
use chuhan::core::commands::Command;
use chuhan::core::game::{Game, Players};
use chuhan::core::notice::NoticeKind;
use chuhan::core::phase::{Dialog, Phase};
use chuhan::core::settings::Settings;
use chuhan::core::setup::TimeControl;
use chuhan::review::ReviewRequest;
use chuhan::review::logic::Review;
use common::{START, advance, app_in, mv, new_game, notices, scratch_dir, send, wait_for};
use xiangqi::{Color as Side, DrawReason, Outcome, WinReason};
use xiangqi_engine::Limits;
use xiangqi_engine::analysis::review::Mark;

/// A shallow budget so the debug build reviews quickly.
fn shallow(app: &mut App, depth: u32) {
    app.world_mut().resource_mut::<Review>().per_move = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
}

/// The review once it is done (two minutes at most).
fn reviewed(app: &mut App) -> xiangqi_engine::analysis::review::GameReview {
    assert!(wait_for(app, 120, |app| {
        app.world().resource::<Review>().result.is_some()
    }));
    let review = app.world().resource::<Review>().result.clone();
    review.expect("a review")
}

fn shared_record() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/xiangqi/tests/data/pgn");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("crates/xiangqi/tests/data/pgn")
        .map(|e| e.expect("an entry").path())
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("01."))
        })
        .collect();
    files.pop().expect("the first championship game")
}

#[test]
fn a_shared_record_is_reviewed_and_reopens_with_its_review_without_analysing() {
    let dir = scratch_dir();
    let mut app = app_in(&dir);
    send(&mut app, Command::OpenRecord(shared_record()));
    let moves = app.world().resource::<Game>().record.all_moves().len();
    assert_eq!(moves, 26, "the record opened");
    assert!(app.world().resource::<Review>().result.is_none());
    shallow(&mut app, 4);
    send(&mut app, ReviewRequest::Start);
    assert!(app.world().resource::<Review>().progress.is_some());
    let review = reviewed(&mut app);
    assert_eq!(review.moves.len(), moves, "one mark per move");
    assert!(review.summary(true).accuracy > 0.0);
    // Saved with the record: PGN comments and the RON file.
    send(&mut app, Command::SaveRecord);
    let saved: Vec<PathBuf> = std::fs::read_dir(dir.join("records"))
        .expect("the records folder")
        .map(|e| e.expect("an entry").path())
        .collect();
    assert_eq!(saved.len(), 2, "{saved:?}");
    for path in saved {
        let text = std::fs::read_to_string(&path).expect("the saved file");
        assert_eq!(
            text.matches("[%review ").count(),
            moves,
            "{}",
            path.display()
        );
        // Reopened in a fresh game: the review is there at once, and nothing is analysed.
        let mut again = app_in(&scratch_dir());
        send(&mut again, Command::OpenRecord(path.clone()));
        let r = again.world().resource::<Review>();
        assert_eq!(r.result.as_ref(), Some(&review), "{}", path.display());
        assert!(!r.is_running() && r.progress.is_none());
        // Asking again does not start a search either.
        send(&mut again, ReviewRequest::Start);
        assert!(!again.world().resource::<Review>().is_running());
    }
}

#[test]
fn a_blunder_in_a_finished_game_is_marked_and_cancel_stops_a_review() {
    let mut app = app_in(&scratch_dir());
    // 1. 炮二平五 马８进７ 2. 炮五进四?? (the cannon takes a pawn and the horse takes it back).
    new_game(
        &mut app,
        START,
        &["h2e2", "h9g7", "e2e6", "g7e6"],
        Players::TWO_PLAYERS,
    );
    // Not while the game is played.
    send(&mut app, ReviewRequest::Start);
    assert!(notices(&mut app).contains(&chuhan::review::ReviewNotice::NothingToReview.into()));
    send(&mut app, Command::Resign);
    assert_eq!(
        *app.world().resource::<State<Phase>>().get(),
        Phase::GameOver
    );
    shallow(&mut app, 5);
    send(&mut app, ReviewRequest::Start);
    app.update();
    assert_eq!(
        *app.world().resource::<State<Phase>>().get(),
        Phase::Replaying
    );
    let review = reviewed(&mut app);
    assert_eq!(review.moves[2].mark, Mark::Blunder, "{:?}", review.moves[2]);
    assert!(review.moves[2].loss > 0.2);
    let better = app.world().resource::<Review>().better_move(3);
    assert!(
        better.is_some_and(|m| m != mv("e2e6")),
        "an arrow for a better move"
    );
    // A new record drops the review; a running one can be cancelled.
    new_game(&mut app, START, &["h2e2", "h9g7"], Players::TWO_PLAYERS);
    send(&mut app, Command::Resign);
    app.world_mut().resource_mut::<Review>().per_move = Limits {
        infinite: true,
        ..Limits::default()
    };
    send(&mut app, ReviewRequest::Start);
    assert!(app.world().resource::<Review>().is_running());
    send(&mut app, ReviewRequest::Cancel);
    let r = app.world().resource::<Review>();
    assert!(!r.is_running() && r.result.is_none() && r.progress.is_none());
}

/// Leaves Red a millisecond and lets it run out.
fn run_out_red_clock(app: &mut App) {
    app.world_mut().resource_mut::<Clock>().left[0] = Duration::from_millis(1);
    advance(app, Duration::from_millis(5));
}

#[test]
fn a_flag_fall_loses_or_draws_when_the_other_side_cannot_mate() {
    let mut app = app_in(&scratch_dir());
    app.world_mut().resource_mut::<Settings>().time_control = TimeControl::PRESETS[1];
    new_game(&mut app, START, &[], Players::TWO_PLAYERS);
    assert_eq!(
        app.world().resource::<Clock>().control,
        TimeControl::PRESETS[1]
    );
    run_out_red_clock(&mut app);
    app.update();
    let outcome = app.world().resource::<Game>().outcome();
    assert_eq!(
        outcome,
        Some(Outcome::Win {
            winner: Side::Black,
            reason: WinReason::Timeout
        })
    );
    assert_eq!(
        *app.world().resource::<State<Phase>>().get(),
        Phase::GameOver
    );
    // Black has a king and advisors only: Red's flag fall is a draw.
    new_game(
        &mut app,
        "3akab2/9/9/9/9/9/9/9/4A4/R3K4 w - - 0 1",
        &[],
        Players::TWO_PLAYERS,
    );
    run_out_red_clock(&mut app);
    assert_eq!(
        app.world().resource::<Game>().outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::TimeoutNoMatingMaterial
        })
    );
}

#[test]
fn clocks_take_increments_pause_for_dialogs_and_are_kept_in_the_record_and_autosave() {
    let dir = scratch_dir();
    let mut app = app_in(&dir);
    new_game(&mut app, START, &[], Players::HUMAN_RED);
    // Chosen in the clock menu before the first move: it applies to this game.
    send(
        &mut app,
        ClockRequest::SetTimeControl(TimeControl::PRESETS[2]),
    );
    assert_eq!(
        app.world().resource::<Clock>().control,
        TimeControl::PRESETS[2]
    );
    app.world_mut().resource_mut::<Clock>().left[0] = Duration::from_secs(100);
    app.world_mut()
        .write_message(chuhan::core::game::MoveRequested(mv("h2e2")));
    app.update();
    let red = app.world().resource::<Clock>().left(Side::Red);
    assert!(
        red > Duration::from_secs(104) && red <= Duration::from_secs(105),
        "{red:?}"
    );
    let record = app.world().resource::<Game>().record.clone();
    assert_eq!(record.tag("TimeControl"), Some("600+5"));
    assert_eq!(
        Clock::from_tags(&record).map(|c| c.control),
        Some(TimeControl::PRESETS[2])
    );
    // The autosave keeps it.
    assert!(wait_for(&mut app, 5, |_| {
        std::fs::read_to_string(dir.join("autosave.ron")).is_ok_and(|t| t.contains("600+5"))
    }));
    // A question over the board against the computer stops the clock (once it has answered).
    assert!(wait_for(&mut app, 30, |app| {
        app.world().resource::<Game>().record.len() == 2
    }));
    send(
        &mut app,
        Command::NewGame(chuhan::core::setup::Setup::default()),
    );
    app.update();
    assert_eq!(
        *app.world().resource::<State<Dialog>>().get(),
        Dialog::Confirm
    );
    app.update();
    let before = app.world().resource::<Clock>().clone();
    advance(&mut app, Duration::from_secs(3));
    let after = app.world().resource::<Clock>().clone();
    assert!(after.paused);
    assert_eq!(before.left, after.left);
    // The computer searches by its clock.
    let limits = after.limits(Side::Black);
    assert_eq!(limits.time, Some(after.left(Side::Black)));
    assert_eq!(limits.increment, Duration::from_secs(5));
}

/// A fake UCI engine: answers the handshake, plays `a3a4` then `c3c4` as Red, logs what it hears.
fn fake_engine(dir: &Path) -> PathBuf {
    let path = dir.join("fake-engine.sh");
    let script = r#"#!/bin/sh
log="$(dirname "$0")/heard.txt"
while IFS= read -r line; do
  echo "$line" >> "$log"
  case "$line" in
    uci) echo "id name FakeFish"; echo "uciok" ;;
    isready) echo "readyok" ;;
    position*) pos="$line" ;;
    go*)
      n=$(echo "$pos" | sed -n 's/.* moves //p' | wc -w)
      case $n in 0) m=a3a4 ;; 2) m=c3c4 ;; *) m=0000 ;; esac
      echo "info depth 1 score cp 12 pv $m"
      echo "bestmove $m" ;;
    quit) exit 0 ;;
  esac
done
"#;
    let dir = path.parent().expect("a folder");
    let name = path.file_name().and_then(|n| n.to_str()).expect("a name");
    common::script(dir, name, script)
}

#[cfg(unix)]
#[test]
fn an_external_engine_plays_the_game_and_quits_with_it() {
    let dir = scratch_dir();
    let engine = fake_engine(&dir);
    let mut app = app_in(&dir);
    {
        let mut s = app.world_mut().resource_mut::<Settings>();
        s.engine.path = engine.display().to_string();
        s.engine.threads = 2;
        s.engine.enabled = true;
    }
    new_game(&mut app, START, &[], Players::HUMAN_BLACK);
    let moves = |app: &App| app.world().resource::<Game>().record.moves().to_vec();
    assert!(wait_for(&mut app, 20, |app| moves(app).len() == 1));
    assert_eq!(moves(&app), [mv("a3a4")]);
    app.world_mut()
        .write_message(chuhan::core::game::MoveRequested(mv("a6a5")));
    assert!(wait_for(&mut app, 20, |app| moves(app).len() == 3));
    assert_eq!(moves(&app)[2], mv("c3c4"));
    assert!(
        !notices(&mut app)
            .iter()
            .any(|n| matches!(n, NoticeKind::EngineFallback(_)))
    );
    // Quitting stops the child.
    app.world_mut().write_message(AppExit::Success);
    app.update();
    let heard = std::fs::read_to_string(dir.join("heard.txt")).expect("the engine's log");
    assert!(heard.contains("setoption name Threads value 2"), "{heard}");
    assert!(heard.lines().any(|l| l == "quit"), "{heard}");
}

#[test]
fn a_missing_external_engine_gives_a_notice_and_the_built_in_engine_plays() {
    let dir = scratch_dir();
    let mut app = app_in(&dir);
    {
        let mut s = app.world_mut().resource_mut::<Settings>();
        s.engine.path = dir.join("no-such-engine").display().to_string();
        s.engine.enabled = true;
    }
    new_game(&mut app, START, &[], Players::HUMAN_BLACK);
    let mut seen = Vec::new();
    assert!(wait_for(&mut app, 30, |app| {
        seen.extend(notices(app));
        app.world().resource::<Game>().record.len() == 1
    }));
    assert!(
        seen.iter()
            .any(|n| matches!(n, NoticeKind::EngineFallback(e) if e.contains("no-such-engine"))),
        "{seen:?}"
    );
}

#[test]
fn the_first_game_at_start_takes_the_time_control_of_the_settings() {
    let dir = scratch_dir();
    std::fs::write(
        dir.join("settings.ron"),
        "(time_control: PerMove(seconds: 30))",
    )
    .expect("the settings");
    let app = app_in(&dir);
    let clock = app.world().resource::<Clock>();
    assert_eq!(clock.control, TimeControl::PerMove { seconds: 30 });
    assert_eq!(clock.left(Side::Red), Duration::from_secs(30));
    let record = &app.world().resource::<Game>().record;
    assert_eq!(record.tag("TimeControl"), Some("1/30"));
}

#[test]
fn an_xqf_record_opens_in_replay() {
    let mut app = app_in(&scratch_dir());
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/xiangqi/tests/data/xqf/SAMPLE.XQF");
    send(&mut app, Command::OpenRecord(path));
    app.update();
    assert_eq!(
        *app.world().resource::<State<Phase>>().get(),
        Phase::Replaying
    );
    let record = &app.world().resource::<Game>().record;
    assert_eq!(record.tag("Black"), Some("聂卫平"));
    assert!(record.all_moves().len() > 50);
}
