//! The game without a window: `MinimalPlugins` plus the core plugin, driven by picks and moves
//! as clicks and drags would drive it.

#[path = "../common/mod.rs"]
mod common;

use std::time::Duration;

use bevy::prelude::*;
use chuhan::core::game::{Game, MovePlayed, MoveRefused, MoveRequested, NewGame, Players};
use chuhan::core::pieces::{PieceView, Taken};
use chuhan::core::selection::{Marker, Pick, Selection};
use xiangqi::{Color as Side, GameRecord, Move, Outcome, PlayError, Position, Square, WinReason};
use xiangqi_engine::Level;

use common::{app_in, mv, new_game, scratch_dir, send};

mod rules;

fn sq(s: &str) -> Square {
    s.parse().expect("a square")
}

/// A headless game with `players`, from `fen`, after its first update.
fn app_with(players: Players, fen: &str) -> App {
    let mut app = app_in(&scratch_dir());
    app.world_mut()
        .resource_mut::<chuhan::core::settings::Settings>()
        .level = Level::Beginner;
    new_game(&mut app, fen, &[], players);
    app
}

fn pick(app: &mut App, p: Pick) {
    app.world_mut().write_message(p);
    app.update();
}

fn markers(app: &mut App) -> Vec<Square> {
    let mut q = app.world_mut().query::<&Marker>();
    let mut v: Vec<Square> = q.iter(app.world()).map(|m| m.square).collect();
    v.sort_by_key(|s| s.index());
    v
}

fn views(app: &mut App) -> Vec<(Square, xiangqi::Piece)> {
    let mut q = app.world_mut().query::<&PieceView>();
    let mut v: Vec<_> = q.iter(app.world()).map(|p| (p.square, p.piece)).collect();
    v.sort_by_key(|(s, _)| s.index());
    v
}

/// The pieces of a position, as the views should show them.
fn pieces_of(pos: &Position) -> Vec<(Square, xiangqi::Piece)> {
    Square::ALL
        .iter()
        .filter_map(|&s| pos.piece_at(s).map(|p| (s, p)))
        .collect()
}

fn game(app: &App) -> &Game {
    app.world().resource::<Game>()
}

fn refusals(app: &mut App) -> Vec<MoveRefused> {
    app.world_mut()
        .resource_mut::<Messages<MoveRefused>>()
        .drain()
        .collect()
}

#[test]
fn views_mirror_the_start_position() {
    let mut app = app_with(Players::TWO_PLAYERS, Position::START_FEN);
    assert_eq!(views(&mut app).len(), 32);
    let expected = pieces_of(game(&app).record.position());
    assert_eq!(views(&mut app), expected);
}

#[test]
fn selecting_a_piece_shows_exactly_its_legal_destinations() {
    let mut app = app_with(Players::TWO_PLAYERS, Position::START_FEN);
    let pos = game(&app).record.position().clone();
    for from in ["h2", "b0", "e3", "c0", "a0", "e0", "d0"] {
        pick(&mut app, Pick::Click(Some(sq(from))));
        assert_eq!(app.world().resource::<Selection>().0, Some(sq(from)));
        let mut expected: Vec<Square> = pos
            .legal_moves()
            .iter()
            .filter(|m| m.from() == sq(from))
            .map(|m| m.to())
            .collect();
        expected.sort_by_key(|s| s.index());
        assert!(!expected.is_empty());
        assert_eq!(markers(&mut app), expected, "destinations of {from}");
    }
    // The cannon on h2 has 12 moves, one of them the capture on h9.
    pick(&mut app, Pick::Click(Some(sq("h2"))));
    let mut q = app.world_mut().query::<&Marker>();
    let captures: Vec<Square> = q
        .iter(app.world())
        .filter(|m| m.capture)
        .map(|m| m.square)
        .collect();
    assert_eq!(captures, vec![sq("h9")]);
    // Clicking the selected piece again, or off the board, deselects.
    pick(&mut app, Pick::Click(Some(sq("h2"))));
    assert_eq!(app.world().resource::<Selection>().0, None);
    assert!(markers(&mut app).is_empty());
    pick(&mut app, Pick::Click(Some(sq("b0"))));
    pick(&mut app, Pick::Click(None));
    assert!(markers(&mut app).is_empty());
    // Black's pieces cannot be selected on Red's turn.
    pick(&mut app, Pick::Click(Some(sq("h7"))));
    assert_eq!(app.world().resource::<Selection>().0, None);
}

#[test]
fn a_move_by_clicks_updates_the_position_and_the_piece() {
    let mut app = app_with(Players::TWO_PLAYERS, Position::START_FEN);
    pick(&mut app, Pick::Click(Some(sq("h2"))));
    pick(&mut app, Pick::Click(Some(sq("e2"))));
    let record = &game(&app).record;
    assert_eq!(record.moves(), &[mv("h2e2")]);
    assert_eq!(record.position().side_to_move(), Side::Black);
    let expected = pieces_of(game(&app).record.position());
    assert_eq!(views(&mut app), expected);
    assert!(markers(&mut app).is_empty());
    // The cannon's entity now stands on e2.
    assert!(
        views(&mut app)
            .iter()
            .any(|(s, p)| *s == sq("e2") && p.fen_char() == 'C')
    );
}

#[test]
fn a_capture_sets_the_taken_piece_beside_the_board() {
    let mut app = app_with(Players::TWO_PLAYERS, Position::START_FEN);
    pick(&mut app, Pick::DragStart(sq("h2")));
    pick(
        &mut app,
        Pick::Drop {
            from: sq("h2"),
            to: Some(sq("h9")),
        },
    );
    assert_eq!(game(&app).record.moves(), &[mv("h2h9")]);
    assert_eq!(views(&mut app).len(), 31);
    let mut q = app.world_mut().query::<&Taken>();
    let taken: Vec<_> = q
        .iter(app.world())
        .map(|t| (t.piece.fen_char(), t.slot))
        .collect();
    assert_eq!(taken, vec![('n', 0)]);
    let expected = pieces_of(game(&app).record.position());
    assert_eq!(views(&mut app), expected);
}

#[test]
fn an_illegal_request_changes_nothing() {
    let mut app = app_with(Players::TWO_PLAYERS, Position::START_FEN);
    let before = views(&mut app);
    // By click: the horse on b0 cannot step to b1.
    pick(&mut app, Pick::Click(Some(sq("b0"))));
    pick(&mut app, Pick::Click(Some(sq("b1"))));
    let mut refused = refusals(&mut app);
    // By drag: the rook cannot jump its own pawn.
    pick(&mut app, Pick::DragStart(sq("a0")));
    pick(
        &mut app,
        Pick::Drop {
            from: sq("a0"),
            to: Some(sq("a4")),
        },
    );
    refused.extend(refusals(&mut app));
    // Asked directly: a move of the other side, and a move from an empty point.
    app.world_mut().write_message(MoveRequested(mv("h7e7")));
    app.world_mut().write_message(MoveRequested(mv("e4e5")));
    app.update();
    refused.extend(refusals(&mut app));
    let moves: Vec<Move> = refused.iter().map(|r| r.mv).collect();
    assert_eq!(moves, vec![mv("b0b1"), mv("a0a4"), mv("h7e7"), mv("e4e5")]);
    assert!(
        refused
            .iter()
            .all(|r| matches!(r.error, PlayError::Illegal(_)))
    );
    assert!(game(&app).record.is_empty());
    assert_eq!(views(&mut app), before);
    // A drag dropped back on its own point, or off the board, asks for nothing.
    pick(&mut app, Pick::DragStart(sq("h2")));
    pick(
        &mut app,
        Pick::Drop {
            from: sq("h2"),
            to: Some(sq("h2")),
        },
    );
    pick(
        &mut app,
        Pick::Drop {
            from: sq("h2"),
            to: None,
        },
    );
    assert!(refusals(&mut app).is_empty());
    assert!(game(&app).record.is_empty());
}

/// Runs updates until a move is played or `limit` updates pass; returns the moves seen.
fn wait_for_move(app: &mut App, limit: usize) -> Option<(usize, MovePlayed)> {
    for i in 0..limit {
        app.update();
        let played: Vec<MovePlayed> = app
            .world_mut()
            .resource_mut::<Messages<MovePlayed>>()
            .drain()
            .collect();
        if let Some(&m) = played.first() {
            return Some((i, m));
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    None
}

#[test]
fn the_computer_replies_legally_within_a_bounded_number_of_updates() {
    let mut app = app_with(Players::HUMAN_RED, Position::START_FEN);
    pick(&mut app, Pick::Click(Some(sq("h2"))));
    pick(&mut app, Pick::Click(Some(sq("e2"))));
    let before = game(&app)
        .record
        .position_at(1)
        .cloned()
        .expect("after h2e2");
    app.world_mut()
        .resource_mut::<Messages<MovePlayed>>()
        .drain()
        .count();
    let (updates, reply) = wait_for_move(&mut app, 1000).expect("the computer moved");
    assert!(before.is_legal(reply.mv), "{} is not legal", reply.mv);
    assert_eq!(reply.piece.color, Side::Black);
    assert_eq!(game(&app).record.moves(), &[mv("h2e2"), reply.mv]);
    let expected = pieces_of(game(&app).record.position());
    assert_eq!(views(&mut app), expected);
    println!("reply {} after {updates} updates", reply.mv);
}

#[test]
fn the_computer_opens_when_the_player_takes_black_and_picks_wait_for_it() {
    let mut app = app_with(Players::HUMAN_BLACK, Position::START_FEN);
    // Red is the computer's: the player cannot move Red's pieces.
    pick(&mut app, Pick::Click(Some(sq("h2"))));
    assert_eq!(app.world().resource::<Selection>().0, None);
    let (_, opening) = wait_for_move(&mut app, 1000).expect("the computer opened");
    assert_eq!(opening.piece.color, Side::Red);
    // Now the player may select a Black piece.
    pick(&mut app, Pick::Click(Some(sq("b9"))));
    assert_eq!(app.world().resource::<Selection>().0, Some(sq("b9")));
}

#[test]
fn a_new_game_while_the_computer_thinks_drops_its_search() {
    let mut app = app_with(Players::HUMAN_BLACK, Position::START_FEN);
    app.world_mut()
        .resource_mut::<chuhan::core::settings::Settings>()
        .level = Level::Master;
    app.world_mut()
        .write_message(NewGame::standard(Players::HUMAN_BLACK));
    app.update();
    // Restart at once as two players: the computer's search is stopped and nothing is played.
    app.world_mut()
        .write_message(NewGame::standard(Players::TWO_PLAYERS));
    app.update();
    let mut freed = None;
    for i in 0..200 {
        app.update();
        if app
            .world()
            .resource::<chuhan::core::computer::Thinking>()
            .engine_free()
        {
            freed = Some(i);
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    assert!(freed.is_some(), "the stopped search still holds the engine");
    assert!(game(&app).record.is_empty());
    assert!(
        !app.world()
            .resource::<chuhan::core::computer::Thinking>()
            .is_thinking()
    );
}

/// 大师 thinks for up to 5 s a move. Restarting while it thinks, with the computer to move again
/// in the new game, must stop the old search at once: the new game's first move (at 傻瓜, a
/// search of milliseconds) comes within a second, not after the old search's 5 s.
#[test]
fn a_stopped_search_frees_the_engine_for_the_next_one() {
    let mut app = app_with(Players::HUMAN_BLACK, Position::START_FEN);
    app.world_mut()
        .resource_mut::<chuhan::core::settings::Settings>()
        .level = Level::Master;
    // Red without its right horse: out of the opening book, so 大师 searches.
    let record = GameRecord::from_fen(
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKAB1R w - - 0 1",
    )
    .expect("a FEN");
    app.world_mut().write_message(NewGame {
        record,
        players: Players::HUMAN_BLACK,
        puzzle: None,
    });
    // Let the master search get going.
    for _ in 0..20 {
        app.update();
        std::thread::sleep(Duration::from_millis(5));
    }
    assert!(
        app.world()
            .resource::<chuhan::core::computer::Thinking>()
            .is_thinking()
    );
    app.world_mut()
        .resource_mut::<chuhan::core::settings::Settings>()
        .level = Level::Idiot;
    app.world_mut()
        .write_message(NewGame::standard(Players::HUMAN_BLACK));
    app.world_mut()
        .resource_mut::<Messages<MovePlayed>>()
        .drain()
        .count();
    let started = std::time::Instant::now();
    let (_, first) = wait_for_move(&mut app, 2000).expect("the new game's first move");
    assert_eq!(first.piece.color, Side::Red);
    assert!(
        started.elapsed() < Duration::from_millis(1500),
        "the first move of the new game waited {:?} for the old search",
        started.elapsed()
    );
    assert_eq!(game(&app).record.len(), 1);
}

/// A result collected in the frame a new game arrives was searched for the old game: it must not
/// be played in the new one (here the same opening move, legal in both).
#[test]
fn no_move_from_before_a_new_game_is_played_in_it() {
    let mut app = app_with(Players::TWO_PLAYERS, Position::START_FEN);
    app.world_mut()
        .write_message(NewGame::standard(Players::TWO_PLAYERS));
    app.world_mut().write_message(MoveRequested(mv("h2e2")));
    app.update();
    assert!(
        game(&app).record.is_empty(),
        "{:?}",
        game(&app).record.moves()
    );
    // A move asked for afterwards is played as usual.
    app.world_mut().write_message(MoveRequested(mv("h2e2")));
    app.update();
    assert_eq!(game(&app).record.len(), 1);
}
