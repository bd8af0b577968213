//! An external engine that dies during a game: the player is told, the built-in engine takes
//! over at once for the computer's moves, hints and the review, and the dead engine is never
//! searched on again. And 重做 with nothing to redo says so.
#![cfg(unix)]

mod common;

use bevy::prelude::*;
use chuhan::core::commands::Command;
use chuhan::core::computer::Thinking;
use chuhan::core::game::{Game, Players};
use chuhan::core::notice::NoticeKind;
use chuhan::core::settings::Settings;
use chuhan::hints::HintRequested;
use chuhan::hints::logic::HintState;
use chuhan::review::ReviewRequest;
use chuhan::review::logic::Review;
use common::{START, app_in, new_game, notices, scratch_dir, send, wait_for};
use xiangqi_engine::Limits;

/// A UCI engine that shakes hands, then dies when it is asked to search. Each start is logged.
const DYING: &str = r#"#!/bin/sh
echo started >> "$(dirname "$0")/starts.txt"
while IFS= read -r line; do
  case "$line" in
    uci) echo "id name DyingFish"; echo "uciok" ;;
    isready) echo "readyok" ;;
    go*) exit 3 ;;
    quit) exit 0 ;;
  esac
done
"#;

/// A UCI engine whose every move is illegal (the rook through its own pawn).
const ILLEGAL: &str = r#"#!/bin/sh
while IFS= read -r line; do
  case "$line" in
    uci) echo "id name IllegalFish"; echo "uciok" ;;
    isready) echo "readyok" ;;
    go*) echo "bestmove a0a5" ;;
    quit) exit 0 ;;
  esac
done
"#;

/// The game with the dying engine chosen in the settings.
fn app_with_dying_engine() -> (App, std::path::PathBuf) {
    app_with_engine(DYING)
}

/// The game with the engine `script` chosen in the settings.
fn app_with_engine(script: &str) -> (App, std::path::PathBuf) {
    let dir = scratch_dir();
    let engine = common::script(&dir, "engine.sh", script);
    let mut app = app_in(&dir);
    {
        let mut s = app.world_mut().resource_mut::<Settings>();
        s.engine.path = engine.display().to_string();
        s.engine.enabled = true;
    }
    app.update();
    (app, dir)
}

fn fell_back(seen: &[NoticeKind]) -> bool {
    seen.iter()
        .any(|n| matches!(n, NoticeKind::EngineFallback(e) if e.contains("stopped")))
}

#[test]
fn a_dead_external_engine_gives_a_notice_and_the_built_in_engine_plays_on() {
    let (mut app, dir) = app_with_dying_engine();
    new_game(&mut app, START, &[], Players::HUMAN_BLACK);
    let mut seen = Vec::new();
    let moved = wait_for(&mut app, 30, |app| {
        seen.extend(notices(app));
        app.world().resource::<Game>().record.len() == 1
    });
    assert!(moved, "the computer never moved; notices: {seen:?}");
    assert!(
        fell_back(&seen),
        "no notice of the engine's death: {seen:?}"
    );
    // A while later: no search was started again and again (the old code started one on the
    // dead engine every frame, and never moved), and the dead program was started once.
    let searches = app.world().resource::<Thinking>().searches_started();
    assert!(searches <= 2, "{searches} searches for one move");
    for _ in 0..50 {
        app.update();
    }
    assert_eq!(
        app.world().resource::<Thinking>().searches_started(),
        searches
    );
    let starts = std::fs::read_to_string(dir.join("starts.txt")).expect("the start log");
    assert_eq!(starts.lines().count(), 1, "{starts}");
    // The next move of the computer is the built-in engine's too, with no second notice.
    let reply = {
        let game = app.world().resource::<Game>();
        let pos = game.record.position();
        *pos.legal_moves().first().expect("a legal reply")
    };
    app.world_mut()
        .write_message(chuhan::core::game::MoveRequested(reply));
    let mut later = Vec::new();
    assert!(wait_for(&mut app, 30, |app| {
        later.extend(notices(app));
        app.world().resource::<Game>().record.len() == 3
    }));
    assert!(!fell_back(&later), "{later:?}");
    assert_eq!(
        app.world().resource::<Thinking>().searches_started(),
        searches + 1
    );
}

#[test]
fn an_illegal_move_from_an_external_engine_is_refused_and_the_built_in_engine_plays() {
    let (mut app, _dir) = app_with_engine(ILLEGAL);
    new_game(&mut app, START, &[], Players::HUMAN_BLACK);
    let mut seen = Vec::new();
    let moved = wait_for(&mut app, 30, |app| {
        seen.extend(notices(app));
        app.world().resource::<Game>().record.len() == 1
    });
    assert!(moved, "the computer never moved; notices: {seen:?}");
    assert!(
        seen.iter()
            .any(|n| matches!(n, NoticeKind::EngineFallback(e) if e.contains("not a legal move"))),
        "no notice of the illegal move: {seen:?}"
    );
    let played = app.world().resource::<Game>().record.all_moves()[0];
    assert_ne!(played.to_string(), "a0a5");
    // One search on the external engine and one on the built-in engine: not the same search
    // started again and again.
    assert!(app.world().resource::<Thinking>().searches_started() <= 2);
}

#[test]
fn a_hint_from_a_dead_external_engine_comes_from_the_built_in_engine() {
    let (mut app, _dir) = app_with_dying_engine();
    new_game(&mut app, START, &["h2e2"], Players::TWO_PLAYERS);
    send(&mut app, HintRequested);
    let mut seen = Vec::new();
    let shown = wait_for(&mut app, 30, |app| {
        seen.extend(notices(app));
        app.world().resource::<HintState>().shown.is_some()
    });
    assert!(shown, "no hint; notices: {seen:?}");
    assert!(fell_back(&seen), "{seen:?}");
    let hint = app.world().resource::<HintState>().shown.expect("a hint");
    assert!(
        app.world()
            .resource::<Game>()
            .record
            .position()
            .is_legal(hint)
    );
}

#[test]
fn a_review_on_a_dead_external_engine_is_done_by_the_built_in_engine() {
    let (mut app, _dir) = app_with_dying_engine();
    new_game(
        &mut app,
        START,
        &["h2e2", "h9g7", "e2e6", "g7e6"],
        Players::TWO_PLAYERS,
    );
    send(&mut app, Command::Resign);
    app.world_mut().resource_mut::<Review>().per_move = Limits {
        depth: Some(3),
        ..Limits::default()
    };
    send(&mut app, ReviewRequest::Start);
    let mut seen = Vec::new();
    let done = wait_for(&mut app, 60, |app| {
        seen.extend(notices(app));
        app.world().resource::<Review>().result.is_some()
    });
    assert!(done, "no review; notices: {seen:?}");
    assert!(fell_back(&seen), "{seen:?}");
    let review = app.world().resource::<Review>().result.clone();
    assert_eq!(review.expect("a review").moves.len(), 4);
}

#[test]
fn redo_with_nothing_to_redo_says_so() {
    let mut app = app_in(&scratch_dir());
    new_game(&mut app, START, &["h2e2", "h9g7"], Players::TWO_PLAYERS);
    notices(&mut app);
    send(&mut app, Command::Redo);
    assert_eq!(notices(&mut app), [NoticeKind::NothingToRedo]);
    send(&mut app, Command::Undo);
    notices(&mut app);
    send(&mut app, Command::Redo);
    assert_eq!(notices(&mut app), []);
    assert_eq!(app.world().resource::<Game>().record.len(), 2);
}
