//! Pointer events as bevy_picking sends them, triggered by hand on a headless game: what a click,
//! a piece drag and a drag that turns the view ask of the game.

use std::time::Duration;

use bevy::camera::NormalizedRenderTarget;
use bevy::picking::backend::HitData;
use bevy::picking::events::{Click, Drag, DragEnd, DragStart, Pointer, Press};
use bevy::picking::pointer::{Location, PointerButton, PointerId};
use bevy::prelude::*;
use chuhan::core::game::{Game, NewGame, Players};
use chuhan::core::geometry::square_to_world;
use chuhan::core::pieces::PieceView;
use chuhan::core::selection::{Pick, Selection};
use chuhan::view::board::BoardSurface;
use xiangqi::Square;

fn sq(s: &str) -> Square {
    s.parse().expect("a square")
}

fn app() -> (App, Entity) {
    // A folder of its own for each test: the tests run side by side, and one's saved game would
    // be offered to the next.
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("chuhan-pointer-test-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        chuhan::CorePlugin,
        chuhan::view::pointer::pointer_plugin,
    ));
    app.insert_resource(chuhan::storage::files::Dirs::in_one(&dir));
    app.update();
    app.world_mut()
        .write_message(NewGame::standard(Players::TWO_PLAYERS));
    app.update();
    let board = app.world_mut().spawn(BoardSurface).id();
    (app, board)
}

fn location() -> Location {
    Location {
        target: NormalizedRenderTarget::None {
            width: 1280,
            height: 720,
        },
        position: Vec2::new(640.0, 360.0),
    }
}

/// Where the pointer meets the board over `square`.
fn hit(square: &str) -> HitData {
    HitData::new(
        Entity::PLACEHOLDER,
        1.0,
        Some(square_to_world(sq(square))),
        Some(Vec3::Y),
    )
}

fn press(app: &mut App, on: Entity, square: &str) {
    let e = Press {
        button: PointerButton::Primary,
        hit: hit(square),
        count: 1,
    };
    app.world_mut()
        .trigger(Pointer::new(PointerId::Mouse, location(), e, on));
}

fn drag_start(app: &mut App, on: Entity, square: &str) {
    let e = DragStart {
        button: PointerButton::Primary,
        hit: hit(square),
    };
    app.world_mut()
        .trigger(Pointer::new(PointerId::Mouse, location(), e, on));
}

/// The pointer moved `by` pixels (in all) from where the drag started.
fn drag(app: &mut App, on: Entity, by: f32) {
    let e = Drag {
        button: PointerButton::Primary,
        distance: Vec2::new(by, 0.0),
        delta: Vec2::new(by, 0.0),
    };
    app.world_mut()
        .trigger(Pointer::new(PointerId::Mouse, location(), e, on));
}

fn release_click(app: &mut App, on: Entity, square: &str) {
    let e = Click {
        button: PointerButton::Primary,
        hit: hit(square),
        duration: Duration::from_millis(400),
        count: 1,
    };
    app.world_mut()
        .trigger(Pointer::new(PointerId::Mouse, location(), e, on));
}

fn drag_end(app: &mut App, on: Entity) {
    let e = DragEnd {
        button: PointerButton::Primary,
        distance: Vec2::new(200.0, 0.0),
    };
    app.world_mut()
        .trigger(Pointer::new(PointerId::Mouse, location(), e, on));
}

#[test]
fn a_drag_that_turns_the_view_never_plays_a_move() {
    let (mut app, board) = app();
    app.world_mut().write_message(Pick::Click(Some(sq("h2"))));
    app.update();
    assert_eq!(app.world().resource::<Selection>().0, Some(sq("h2")));
    // A left drag over the board (turning the view) released over e2, a legal point for the
    // selected cannon: bevy_picking sends a click there after the drag.
    press(&mut app, board, "a5");
    drag_start(&mut app, board, "a5");
    drag(&mut app, board, 200.0);
    release_click(&mut app, board, "e2");
    drag_end(&mut app, board);
    app.update();
    app.update();
    assert!(app.world().resource::<Game>().record.is_empty());
    assert_eq!(app.world().resource::<Selection>().0, Some(sq("h2")));
    // A plain click on e2 then plays the move.
    press(&mut app, board, "e2");
    release_click(&mut app, board, "e2");
    app.update();
    app.update();
    assert_eq!(app.world().resource::<Game>().record.len(), 1);
}

/// The piece entity standing on `square`.
fn piece_on(app: &mut App, square: &str) -> Entity {
    let mut pieces = app.world_mut().query::<(Entity, &PieceView)>();
    pieces
        .iter(app.world())
        .find(|(_, p)| p.square == sq(square))
        .map(|(e, _)| e)
        .expect("a piece there")
}

/// bevy_picking starts a drag at the first movement of any size: a click whose pointer trembled by
/// two pixels between press and release (a real hand, or a slow frame gathering both) is still a
/// click, on the board and on a piece.
#[test]
fn a_click_with_a_tremor_is_still_a_click() {
    let (mut app, board) = app();
    // The cannon picked up by a trembling click on it.
    let cannon = piece_on(&mut app, "h2");
    press(&mut app, cannon, "h2");
    drag_start(&mut app, cannon, "h2");
    drag(&mut app, cannon, 2.0);
    release_click(&mut app, cannon, "h2");
    drag_end(&mut app, cannon);
    app.update();
    assert_eq!(app.world().resource::<Selection>().0, Some(sq("h2")));
    // Its target clicked with a tremor too: the move is played.
    press(&mut app, board, "e2");
    drag_start(&mut app, board, "e2");
    drag(&mut app, board, 3.0);
    release_click(&mut app, board, "e2");
    drag_end(&mut app, board);
    app.update();
    app.update();
    assert_eq!(app.world().resource::<Game>().record.len(), 1);
    // A piece dragged past the slop is a drag: dropped on its own point, nothing is played and
    // the click bevy_picking sends at the release does not count.
    let knight = piece_on(&mut app, "b9");
    press(&mut app, knight, "b9");
    drag_start(&mut app, knight, "b9");
    drag(&mut app, knight, 40.0);
    release_click(&mut app, knight, "b9");
    drag_end(&mut app, knight);
    app.update();
    app.update();
    assert_eq!(app.world().resource::<Game>().record.len(), 1);
    assert_eq!(app.world().resource::<Selection>().0, Some(sq("b9")));
}

/// A piece still gliding (the opponent's move coming in) lets the pointer through, disc and face:
/// a quick click on a point behind it landed on it before (on the point it was going to, or on
/// nothing when it had glided away by the release), and the player's click was lost (the
/// browser check met this). At rest it takes clicks again.
#[test]
fn a_gliding_piece_lets_clicks_through() {
    let (mut app, _board) = app();
    let cannon = piece_on(&mut app, "h2");
    let face = app.world_mut().spawn(ChildOf(cannon)).id();
    app.update();
    let ignored = |app: &App, e: Entity| {
        app.world()
            .get::<Pickable>(e)
            .is_some_and(|p| !p.is_hoverable && !p.should_block_lower)
    };
    assert!(!ignored(&app, cannon) && !ignored(&app, face));
    app.world_mut().write_message(Pick::Click(Some(sq("h2"))));
    app.update();
    app.world_mut().write_message(Pick::Click(Some(sq("e2"))));
    app.update();
    app.update();
    assert_eq!(app.world().resource::<Game>().record.len(), 1);
    assert!(
        app.world()
            .get::<chuhan::core::pieces::Motion>(cannon)
            .is_some(),
        "the cannon glides"
    );
    assert!(ignored(&app, cannon) && ignored(&app, face));
    // Two seconds later (frames of 100 ms), at rest on e2.
    app.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
        Duration::from_millis(100),
    ));
    for _ in 0..20 {
        app.update();
    }
    assert!(
        app.world()
            .get::<chuhan::core::pieces::Motion>(cannon)
            .is_none(),
        "the glide never ended"
    );
    app.update();
    assert!(!ignored(&app, cannon) && !ignored(&app, face));
}
