//! Menus and buttons without a window: every command of the session, driven headless through
//! `Command` messages as the HUD sends them.

#[path = "../common/mod.rs"]
mod common;

use std::path::{Path, PathBuf};
use std::time::Duration;

use bevy::prelude::*;
use chuhan::core::autosave::ResumeOffer;
use chuhan::core::commands::Command;
use chuhan::core::game::{Game, Players};
use chuhan::core::notice::NoticeKind;
use chuhan::core::phase::Phase;
use chuhan::core::replay::Step;
use chuhan::core::selection::Pick;
use chuhan::core::settings::SettingChange;
use chuhan::core::settings::Settings;
use chuhan::core::setup::Setup;
use chuhan::hints::HintRequested;
use chuhan::hints::logic::HintState;
use common::{app_in, notices, scratch_dir, send};
use xiangqi::{Color as Side, GameRecord, Handicap, Position, Square};
use xiangqi_engine::Level;

mod files;
mod lifecycle;

/// Sends a command that may end the game in progress, and confirms it if asked.
fn leave(app: &mut App, c: Command) {
    send(app, c);
    if pending(app).is_some() {
        send(app, Command::Confirm(true));
    }
}

/// Updates until the hint shows (at most 5 s).
fn wait_for_hint(app: &mut App) -> Option<xiangqi::Move> {
    for _ in 0..1000 {
        app.update();
        if let Some(m) = app.world().resource::<HintState>().shown {
            return Some(m);
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    None
}

fn phase(app: &App) -> Phase {
    *app.world().resource::<State<Phase>>().get()
}

fn game(app: &App) -> &Game {
    app.world().resource::<Game>()
}

/// Clicks `from` then `to`; what the move queued on the storage thread (the autosave) is
/// written before it returns, so an app started next reads it.
fn click(app: &mut App, from: &str, to: &str) {
    for s in [from, to] {
        let sq: Square = s.parse().expect("a square");
        app.world_mut().write_message(Pick::Click(Some(sq)));
        app.update();
    }
    app.world()
        .resource::<chuhan::storage::writer::Writer>()
        .flush();
}

/// Updates until the record reaches `ply` (the computer has moved) or gives up.
fn wait_for_ply(app: &mut App, ply: usize) -> bool {
    for _ in 0..2000 {
        if game(app).record.ply() == ply {
            return true;
        }
        app.update();
        std::thread::sleep(Duration::from_millis(5));
    }
    false
}

#[test]
fn new_games_in_each_mode() {
    let dir = scratch_dir();
    let mut app = app_in(&dir);
    app.world_mut()
        .resource_mut::<chuhan::core::settings::Settings>()
        .level = Level::Rookie;
    for players in [
        Players::HUMAN_RED,
        Players::TWO_PLAYERS,
        Players::HUMAN_BLACK,
    ] {
        leave(&mut app, Command::NewGame(Setup::Standard(players)));
        assert_eq!(game(&app).players, players);
        assert_eq!(game(&app).record.start(), &Position::startpos());
        assert!(game(&app).record.len() <= 1);
        assert_eq!(
            app.world().resource::<Settings>().setup,
            Setup::Standard(players)
        );
    }
    // Computer first: it opens as Red.
    assert!(wait_for_ply(&mut app, 1), "the computer did not open");
    let record = &game(&app).record;
    assert_eq!(
        Position::startpos()
            .piece_at(record.moves()[0].from())
            .map(|p| p.color),
        Some(Side::Red)
    );
    // I play first: nothing happens until I move.
    leave(
        &mut app,
        Command::NewGame(Setup::Standard(Players::HUMAN_RED)),
    );
    for _ in 0..20 {
        app.update();
    }
    assert!(game(&app).record.is_empty());
}

#[test]
fn each_handicap_starts_from_its_setup_with_the_giver_to_move() {
    let dir = scratch_dir();
    let mut app = app_in(&dir);
    for handicap in Handicap::ALL {
        for player_gives in [true, false] {
            send(
                &mut app,
                Command::NewGame(Setup::Handicap {
                    handicap,
                    player_gives,
                }),
            );
            let g = game(&app);
            let start = g.record.start();
            assert_eq!(start, &handicap.position(Side::Red), "{handicap:?}");
            // The giver plays Red and moves first.
            assert_eq!(start.side_to_move(), Side::Red);
            let expected = if player_gives {
                Players::HUMAN_RED
            } else {
                Players::HUMAN_BLACK
            };
            assert_eq!(
                g.players, expected,
                "{handicap:?} given by the player: {player_gives}"
            );
            // The pieces given are missing from Red's side only.
            let count = |side| {
                Square::ALL
                    .iter()
                    .filter(|&&s| start.piece_at(s).is_some_and(|p| p.color == side))
                    .count()
            };
            let given = match handicap {
                Handicap::LeftHorse | Handicap::RightHorse => 1,
                Handicap::TwoHorses => 2,
                Handicap::NinePieces => 9,
            };
            assert_eq!((count(Side::Red), count(Side::Black)), (16 - given, 16));
        }
    }
    let left = Handicap::LeftHorse.position(Side::Red);
    assert!(left.piece_at("b0".parse().expect("sq")).is_none());
    assert!(left.piece_at("h0".parse().expect("sq")).is_some());
}

#[test]
fn undo_takes_back_the_reply_and_the_move_and_redo_replays_both() {
    let dir = scratch_dir();
    let mut app = app_in(&dir);
    leave(
        &mut app,
        Command::NewGame(Setup::Standard(Players::HUMAN_RED)),
    );
    app.world_mut()
        .resource_mut::<chuhan::core::settings::Settings>()
        .level = Level::Rookie;
    click(&mut app, "h2", "e2");
    assert!(wait_for_ply(&mut app, 2), "no reply");
    let after_two = game(&app).record.position().clone();
    click(&mut app, "b0", "c2");
    assert!(wait_for_ply(&mut app, 4), "no second reply");
    send(&mut app, Command::Undo);
    assert_eq!(game(&app).record.ply(), 2);
    assert_eq!(game(&app).record.position(), &after_two);
    send(&mut app, Command::Undo);
    assert_eq!(game(&app).record.ply(), 0);
    assert_eq!(game(&app).record.position(), &Position::startpos());
    // Nothing more to take back.
    send(&mut app, Command::Undo);
    assert_eq!(notices(&mut app), vec![NoticeKind::NothingToUndo]);
    send(&mut app, Command::Redo);
    assert_eq!(game(&app).record.ply(), 2);
    assert_eq!(game(&app).record.position(), &after_two);
    send(&mut app, Command::Redo);
    assert_eq!(game(&app).record.ply(), 4);
    // The computer does not move after a redo puts the player to move.
    for _ in 0..30 {
        app.update();
    }
    assert_eq!(game(&app).record.ply(), 4);
    // Two players: undo takes back one move.
    leave(
        &mut app,
        Command::NewGame(Setup::Standard(Players::TWO_PLAYERS)),
    );
    click(&mut app, "h2", "e2");
    click(&mut app, "h9", "g7");
    send(&mut app, Command::Undo);
    assert_eq!(game(&app).record.ply(), 1);
}

#[test]
fn hint_gives_a_legal_move() {
    let dir = scratch_dir();
    let mut app = app_in(&dir);
    leave(
        &mut app,
        Command::NewGame(Setup::Standard(Players::TWO_PLAYERS)),
    );
    click(&mut app, "h2", "e2");
    send(&mut app, HintRequested);
    let hint = wait_for_hint(&mut app).expect("a hint within 5 s");
    assert!(game(&app).record.position().is_legal(hint), "{hint}");
    // The hint goes when the position changes.
    app.world_mut()
        .write_message(chuhan::core::game::MoveRequested(hint));
    app.update();
    app.update();
    assert_eq!(app.world().resource::<HintState>().shown, None);
}

/// Frames in which the hint resource was marked changed (what the hint marks rebuild on).
#[derive(Resource, Default)]
struct HintChanges(usize);

#[test]
fn a_shown_hint_is_not_rebuilt_every_frame() {
    let dir = scratch_dir();
    let mut app = app_in(&dir);
    app.init_resource::<HintChanges>();
    app.add_systems(
        PostUpdate,
        |hint: Res<HintState>, mut n: ResMut<HintChanges>| {
            if hint.is_changed() {
                n.0 += 1;
            }
        },
    );
    leave(
        &mut app,
        Command::NewGame(Setup::Standard(Players::TWO_PLAYERS)),
    );
    send(&mut app, HintRequested);
    assert!(wait_for_hint(&mut app).is_some(), "a hint within 5 s");
    app.update();
    let before = app.world().resource::<HintChanges>().0;
    for _ in 0..30 {
        app.update();
    }
    assert_eq!(
        app.world().resource::<HintChanges>().0,
        before,
        "the hint changed while shown"
    );
    // Idle frames with no hint at all touch nothing either.
    click(&mut app, "h2", "e2");
    app.update();
    let before = app.world().resource::<HintChanges>().0;
    for _ in 0..30 {
        app.update();
    }
    assert_eq!(app.world().resource::<HintChanges>().0, before);
}

fn pending(app: &App) -> Option<Command> {
    app.world()
        .resource::<chuhan::core::commands::PendingConfirm>()
        .0
        .clone()
}
