//! A quick click at a low frame rate: the pointer moved onto something, pressed and released, all
//! within one frame. bevy_picking sends the click only for what the pointer hovered the frame
//! before, so without `chuhan::view::clicks` such a click never arrives (a player's first clicks
//! on the software renderer were lost that way). The picking plugins run for real here; a stand-in
//! backend says what lies under the pointer: `left` left of x = 100, `right` beyond.

use bevy::camera::NormalizedRenderTarget;
use bevy::picking::PickingSystems;
use bevy::picking::backend::{HitData, PointerHits};
use bevy::picking::events::{Click, Pointer};
use bevy::picking::pointer::{
    Location, PointerAction, PointerButton, PointerId, PointerInput, PointerLocation,
};
use bevy::picking::{InteractionPlugin, PickingPlugin};
use bevy::prelude::*;

#[derive(Resource)]
struct Targets {
    left: Entity,
    right: Entity,
}

#[derive(Resource, Default)]
struct Clicked(Vec<Entity>);

fn backend(
    targets: Res<Targets>,
    pointers: Query<(&PointerId, &PointerLocation)>,
    mut hits: MessageWriter<PointerHits>,
) {
    for (id, at) in &pointers {
        let Some(location) = at.location() else {
            continue;
        };
        let e = if location.position.x < 100.0 {
            targets.left
        } else {
            targets.right
        };
        let hit = HitData::new(Entity::PLACEHOLDER, 1.0, None, None);
        hits.write(PointerHits::new(*id, vec![(e, hit)], 0.0));
    }
}

fn app(rescue: bool) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, PickingPlugin, InteractionPlugin));
    if rescue {
        app.add_plugins(chuhan::view::clicks::plugin);
    }
    // The mouse's pointer (PointerInputPlugin spawns it with a window; there is none here).
    app.world_mut().spawn(PointerId::Mouse);
    let left = app.world_mut().spawn_empty().id();
    let right = app.world_mut().spawn_empty().id();
    app.insert_resource(Targets { left, right });
    app.init_resource::<Clicked>();
    app.add_systems(PreUpdate, backend.in_set(PickingSystems::Backend));
    app.add_observer(|click: On<Pointer<Click>>, mut clicked: ResMut<Clicked>| {
        clicked.0.push(click.entity);
    });
    app
}

fn send(app: &mut App, x: f32, action: PointerAction) {
    let location = Location {
        target: NormalizedRenderTarget::None {
            width: 1280,
            height: 720,
        },
        position: Vec2::new(x, 50.0),
    };
    app.world_mut()
        .write_message(PointerInput::new(PointerId::Mouse, location, action));
}

/// Over `left` for a frame, then onto `right`, pressed and released, in one frame.
fn quick_click(app: &mut App) {
    send(app, 50.0, PointerAction::Move { delta: Vec2::ZERO });
    app.update();
    app.update();
    send(
        app,
        300.0,
        PointerAction::Move {
            delta: Vec2::new(250.0, 0.0),
        },
    );
    send(app, 300.0, PointerAction::Press(PointerButton::Primary));
    send(app, 300.0, PointerAction::Release(PointerButton::Primary));
    app.update();
    app.update();
}

#[test]
fn a_move_press_and_release_in_one_frame_is_a_click() {
    let mut app = app(true);
    quick_click(&mut app);
    let right = app.world().resource::<Targets>().right;
    assert_eq!(app.world().resource::<Clicked>().0, [right]);
}

/// What the game would get without the rescue: nothing (this is why it exists; if bevy_picking
/// ever sends this click itself, the test says so and the rescue can go).
#[test]
fn bevy_picking_alone_drops_that_click() {
    let mut app = app(false);
    quick_click(&mut app);
    assert!(app.world().resource::<Clicked>().0.is_empty());
}

/// A slow click (press in one frame, release in a later one) is bevy_picking's own, sent once.
#[test]
fn a_slow_click_is_sent_once() {
    let mut app = app(true);
    send(&mut app, 300.0, PointerAction::Move { delta: Vec2::ZERO });
    app.update();
    send(
        &mut app,
        300.0,
        PointerAction::Press(PointerButton::Primary),
    );
    app.update();
    send(
        &mut app,
        300.0,
        PointerAction::Release(PointerButton::Primary),
    );
    app.update();
    app.update();
    let right = app.world().resource::<Targets>().right;
    assert_eq!(app.world().resource::<Clicked>().0, [right]);
}
