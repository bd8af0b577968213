//! How pieces move on the board: a move glides and its sound waits for the landing; a taken piece
//! flies to its tray on a motion of its own and ends there, upright; with animations off (a
//! setting) nothing moves in between, the pieces are placed at once and the landing is said at
//! once; moves that come faster than the glides (a replay run forward) are placed at once too.

mod common;

use std::time::Duration;

use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use chuhan::core::game::{MoveRequested, Players};
use chuhan::core::pieces::{
    LandingSound, Motion, PieceLanded, PieceView, Taken, rest_position, taken_position, tray,
};
use chuhan::core::settings::Settings;
use common::*;
use xiangqi::{Color as Side, Piece, PieceKind, Square};

/// The game with time stepped by hand, 20 ms an update.
fn app() -> App {
    let dir = scratch_dir();
    let mut app = app_in(&dir);
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        20,
    )));
    app
}

fn sq(s: &str) -> Square {
    s.parse().expect("a square")
}

fn landings(app: &mut App) -> Vec<LandingSound> {
    app.world_mut()
        .resource_mut::<Messages<PieceLanded>>()
        .drain()
        .map(|PieceLanded(s)| s)
        .collect()
}

fn piece_on(app: &mut App, at: Square) -> (Entity, Transform, bool) {
    let mut q = app
        .world_mut()
        .query::<(Entity, &PieceView, &Transform, Has<Motion>)>();
    q.iter(app.world())
        .find(|(_, v, _, _)| v.square == at)
        .map(|(e, _, t, m)| (e, *t, m))
        .expect("a piece there")
}

fn taken(app: &mut App) -> Vec<(Taken, Transform, bool)> {
    let mut q = app.world_mut().query::<(&Taken, &Transform, Has<Motion>)>();
    q.iter(app.world()).map(|(t, tr, m)| (*t, *tr, m)).collect()
}

/// Whether `at` lies over the floor of `capturer`'s tray.
fn in_tray(capturer: Side, at: Vec3) -> bool {
    let (centre, size) = tray(capturer);
    (at.x - centre.x).abs() <= size.x / 2.0 && (at.z - centre.z).abs() <= size.y / 2.0
}

#[test]
fn a_capture_glides_the_taker_and_flies_the_taken_piece_into_its_tray() {
    let mut app = app();
    // Red's cannon takes the central pawn: h2e2 h9g7 e2e6.
    new_game(&mut app, START, &["h2e2", "h9g7"], Players::TWO_PLAYERS);
    landings(&mut app);
    app.world_mut().write_message(MoveRequested(mv("e2e6")));
    app.update();
    // Under way: the cannon glides, the pawn waits and then flies with its own motion.
    let (_, cannon, moving) = piece_on(&mut app, sq("e6"));
    assert!(moving, "the cannon glides");
    assert_ne!(cannon.translation, rest_position(sq("e6")));
    let flying = taken(&mut app);
    assert_eq!(flying.len(), 1);
    assert!(flying[0].2, "the pawn is on its way");
    assert!(landings(&mut app).is_empty(), "no sound before the landing");
    let mut heights = Vec::new();
    let mut tilted = false;
    let mut heard = Vec::new();
    for _ in 0..100 {
        app.update();
        let (t, tr, _) = taken(&mut app)[0];
        heights.push(tr.translation.y);
        tilted |= tr.rotation.angle_between(Quat::IDENTITY) > 0.3;
        heard.extend(landings(&mut app));
        assert_eq!(t.piece, Piece::new(Side::Black, PieceKind::Pawn));
    }
    assert_eq!(
        heard,
        vec![LandingSound::Capture],
        "one sound, at the landing"
    );
    let (_, cannon, moving) = piece_on(&mut app, sq("e6"));
    assert!(!moving);
    assert!((cannon.translation - rest_position(sq("e6"))).length() < 1e-3);
    // Its own motion: it rose well above the pieces and turned on the way.
    let top = heights.iter().copied().fold(f32::MIN, f32::max);
    assert!(top > rest_position(sq("e6")).y + 1.0, "it rose to {top}");
    assert!(tilted, "it tilted in flight");
    // It ends in Red's tray, in its slot, upright, at rest.
    let (t, tr, moving) = taken(&mut app)[0];
    assert!(!moving);
    assert_eq!(tr.translation, taken_position(t.piece, t.slot));
    assert!(in_tray(Side::Red, tr.translation), "{:?}", tr.translation);
    assert!(tr.rotation.angle_between(Quat::IDENTITY) < 1e-3);
}

#[test]
fn with_animations_off_pieces_are_placed_at_once_and_the_landing_is_heard_at_once() {
    let mut app = app();
    app.world_mut().resource_mut::<Settings>().animations = false;
    new_game(&mut app, START, &["h2e2", "h9g7"], Players::TWO_PLAYERS);
    landings(&mut app);
    app.world_mut().write_message(MoveRequested(mv("e2e6")));
    app.update();
    let mut motions = app.world_mut().query::<&Motion>();
    assert_eq!(
        motions.iter(app.world()).count(),
        0,
        "nothing moves in between"
    );
    let (_, cannon, _) = piece_on(&mut app, sq("e6"));
    assert_eq!(cannon.translation, rest_position(sq("e6")));
    let (t, tr, moving) = taken(&mut app)[0];
    assert!(!moving && in_tray(Side::Red, tr.translation));
    assert_eq!(tr.translation, taken_position(t.piece, t.slot));
    assert_eq!(landings(&mut app), vec![LandingSound::Capture]);
    // A quiet move too.
    app.world_mut().write_message(MoveRequested(mv("a9a8")));
    app.update();
    assert_eq!(motions.iter(app.world()).count(), 0);
    assert_eq!(landings(&mut app), vec![LandingSound::Move]);
}

#[test]
fn a_move_that_comes_before_the_last_one_landed_places_both_at_once() {
    let mut app = app();
    new_game(&mut app, START, &[], Players::TWO_PLAYERS);
    app.world_mut().write_message(MoveRequested(mv("h2e2")));
    app.update();
    assert!(piece_on(&mut app, sq("e2")).2, "the first move glides");
    // The reply comes at once (as when a replay runs forward).
    app.world_mut().write_message(MoveRequested(mv("h9g7")));
    app.update();
    let (_, cannon, moving) = piece_on(&mut app, sq("e2"));
    assert!(!moving, "the first glide was cut short");
    assert_eq!(cannon.translation, rest_position(sq("e2")));
    assert!(piece_on(&mut app, sq("g7")).2, "the newest move glides");
}

#[test]
fn a_capture_and_its_recapture_in_one_frame_leave_each_piece_where_the_record_says() {
    let mut app = app();
    new_game(&mut app, START, &["h2e2", "h9g7"], Players::TWO_PLAYERS);
    // The cannon takes the central pawn and the horse takes the cannon back, in one update.
    app.world_mut().write_message(MoveRequested(mv("e2e6")));
    app.world_mut().write_message(MoveRequested(mv("g7e6")));
    app.update();
    app.update();
    let mut views = app.world_mut().query::<&PieceView>();
    let on_board: Vec<PieceView> = views.iter(app.world()).copied().collect();
    assert_eq!(on_board.len(), 30, "two pieces taken");
    let pos = app
        .world()
        .resource::<chuhan::core::game::Game>()
        .record
        .position()
        .clone();
    for v in &on_board {
        assert_eq!(pos.piece_at(v.square), Some(v.piece), "{v:?}");
    }
    let (_, horse, _) = piece_on(&mut app, sq("e6"));
    assert_eq!(horse.translation, rest_position(sq("e6")));
    let mut kinds: Vec<Piece> = taken(&mut app).iter().map(|(t, _, _)| t.piece).collect();
    kinds.sort_by_key(|p| p.index());
    let mut want = vec![
        Piece::new(Side::Black, PieceKind::Pawn),
        Piece::new(Side::Red, PieceKind::Cannon),
    ];
    want.sort_by_key(|p| p.index());
    assert_eq!(kinds, want, "each taken piece once, in its tray");
}

#[test]
fn two_moves_taken_back_in_one_frame_leave_each_piece_where_the_record_says() {
    let mut app = app();
    new_game(
        &mut app,
        START,
        &["h2e2", "h9g7", "e2e6", "g7e6"],
        Players::TWO_PLAYERS,
    );
    app.world_mut()
        .write_message(chuhan::core::commands::Command::Undo);
    app.world_mut()
        .write_message(chuhan::core::commands::Command::Undo);
    app.update();
    app.update();
    let game = app.world().resource::<chuhan::core::game::Game>();
    assert_eq!(game.record.ply(), 2, "both taken back");
    let pos = game.record.position().clone();
    let mut views = app.world_mut().query::<(&PieceView, &Transform)>();
    let on_board: Vec<(PieceView, Transform)> =
        views.iter(app.world()).map(|(v, t)| (*v, *t)).collect();
    assert_eq!(on_board.len(), 32, "nothing taken any more");
    for (v, _) in &on_board {
        assert_eq!(pos.piece_at(v.square), Some(v.piece), "{v:?}");
    }
    assert!(taken(&mut app).is_empty());
    for _ in 0..100 {
        app.update();
    }
    let (_, cannon, _) = piece_on(&mut app, sq("e2"));
    assert!((cannon.translation - rest_position(sq("e2"))).length() < 1e-3);
}
