//! The buttons under real picking (bevy_picking's pointers, hover map and interaction), with
//! a stand-in backend that says what lies under a pointer: the button left of x = 100,
//! nothing beyond.

use bevy::camera::NormalizedRenderTarget;
use bevy::picking::backend::{HitData, PointerHits};
use bevy::picking::pointer::{Location, PointerLocation};
use bevy::picking::{InteractionPlugin, PickingPlugin, PickingSystems};

use super::*;

#[derive(Resource)]
struct TheButton(Entity);

fn backend(
    button: Res<TheButton>,
    pointers: Query<(&PointerId, &PointerLocation)>,
    mut hits: MessageWriter<PointerHits>,
) {
    for (id, at) in &pointers {
        let Some(location) = at.location() else {
            continue;
        };
        let over = if location.position.x < 100.0 {
            vec![(button.0, HitData::new(Entity::PLACEHOLDER, 1.0, None, None))]
        } else {
            Vec::new()
        };
        hits.write(PointerHits::new(*id, over, 0.0));
    }
}

fn app() -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, PickingPlugin, InteractionPlugin));
    app.add_message::<Command>();
    app.insert_resource(Dirs {
        config: PathBuf::from("config"),
        data: PathBuf::from("data"),
    });
    app.add_plugins(plugin);
    let button = app
        .world_mut()
        .spawn((Action::OpenMenu(Menu::Game), BackgroundColor(BUTTON)))
        .id();
    app.insert_resource(TheButton(button));
    app.add_systems(PreUpdate, backend.in_set(PickingSystems::Backend));
    app.update();
    app
}

fn location(x: f32) -> Location {
    Location {
        target: NormalizedRenderTarget::None {
            width: 390,
            height: 844,
        },
        position: Vec2::new(x, 50.0),
    }
}

/// A finger as the window reports it: a pointer of its own, spawned where it comes down,
/// pressed, then (a frame later, or in the same frame) released where it lifts.
fn tap(app: &mut App, id: u64, x: f32, one_frame: bool) {
    let pointer = PointerId::Touch(id);
    let touch = app
        .world_mut()
        .spawn((pointer, PointerLocation::new(location(x))))
        .id();
    app.world_mut().write_message(PointerInput::new(
        pointer,
        location(x),
        PointerAction::Press(PointerButton::Primary),
    ));
    if !one_frame {
        app.update();
    }
    app.world_mut().write_message(PointerInput::new(
        pointer,
        location(x),
        PointerAction::Release(PointerButton::Primary),
    ));
    app.update();
    app.world_mut().despawn(touch);
    app.update();
}

fn open(app: &App) -> Option<Menu> {
    app.world().resource::<OpenMenu>().0
}

#[test]
fn a_tap_on_a_button_acts_as_a_click_does() {
    let mut app = app();
    tap(&mut app, 7, 50.0, false);
    assert_eq!(open(&app), Some(Menu::Game), "a tap opens the menu");
    tap(&mut app, 8, 50.0, true);
    assert_eq!(open(&app), None, "a quick tap in one frame closes it again");
}

#[test]
fn a_finger_that_comes_down_on_a_button_and_lifts_elsewhere_does_nothing() {
    let mut app = app();
    let pointer = PointerId::Touch(3);
    let touch = app
        .world_mut()
        .spawn((pointer, PointerLocation::new(location(50.0))))
        .id();
    app.world_mut().write_message(PointerInput::new(
        pointer,
        location(50.0),
        PointerAction::Press(PointerButton::Primary),
    ));
    app.update();
    app.world_mut()
        .entity_mut(touch)
        .insert(PointerLocation::new(location(300.0)));
    app.world_mut().write_message(PointerInput::new(
        pointer,
        location(300.0),
        PointerAction::Release(PointerButton::Primary),
    ));
    app.update();
    app.update();
    assert_eq!(open(&app), None);
}

#[test]
fn a_cancelled_touch_forgets_its_press() {
    let mut app = app();
    let pointer = PointerId::Touch(4);
    app.world_mut()
        .spawn((pointer, PointerLocation::new(location(50.0))));
    for action in [
        PointerAction::Press(PointerButton::Primary),
        PointerAction::Cancel,
        PointerAction::Release(PointerButton::Primary),
    ] {
        app.world_mut()
            .write_message(PointerInput::new(pointer, location(50.0), action));
        app.update();
    }
    assert_eq!(open(&app), None);
}

#[test]
fn the_mouse_still_clicks() {
    let mut app = app();
    app.world_mut()
        .spawn((PointerId::Mouse, PointerLocation::new(location(50.0))));
    for action in [
        PointerAction::Press(PointerButton::Primary),
        PointerAction::Release(PointerButton::Primary),
    ] {
        app.world_mut()
            .write_message(PointerInput::new(PointerId::Mouse, location(50.0), action));
        app.update();
    }
    assert_eq!(open(&app), Some(Menu::Game));
}

/// 悔棋 with nothing to take back is drawn disabled, its words faint, and a tap on it does
/// nothing; a move makes it able, and taking the move back disables it again.
#[test]
fn a_button_that_cannot_act_is_drawn_disabled_and_deaf_until_it_can() {
    let mut app = app();
    app.init_resource::<Game>();
    let button = app.world().resource::<TheButton>().0;
    let words = app
        .world_mut()
        .spawn((Text::new("悔棋"), TextColor(INK)))
        .id();
    app.world_mut()
        .entity_mut(button)
        .insert((EnabledWhen(Game::can_undo), Interaction::None))
        .add_child(words);
    app.update();
    app.update();
    let disabled = |app: &App| app.world().get::<Disabled>(button).is_some();
    let ink = |app: &App| app.world().get::<TextColor>(words).expect("words").0;
    let colour = |app: &App| {
        app.world()
            .get::<BackgroundColor>(button)
            .expect("a colour")
            .0
    };
    assert!(disabled(&app), "no move to take back");
    assert_eq!(ink(&app), INK_FAINT);
    assert_eq!(colour(&app), BUTTON_DISABLED);
    tap(&mut app, 1, 50.0, false);
    assert_eq!(open(&app), None, "a disabled button does nothing");

    let mv: xiangqi::Move = "h2e2".parse().expect("a move");
    assert!(
        app.world_mut()
            .resource_mut::<Game>()
            .record
            .play(mv)
            .is_ok()
    );
    app.update();
    app.update();
    assert!(!disabled(&app), "a move to take back");
    assert_eq!(ink(&app), INK);
    assert_eq!(colour(&app), BUTTON);
    tap(&mut app, 2, 50.0, false);
    assert_eq!(open(&app), Some(Menu::Game), "it acts");

    app.world_mut().resource_mut::<Game>().record.undo();
    app.update();
    app.update();
    assert!(disabled(&app), "taken back: nothing left");
}
