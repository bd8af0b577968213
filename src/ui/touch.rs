//! Buttons a finger can hit: on a touch screen every button is at least [`TOUCH_TARGET`] pixels
//! tall on the screen (the 44-48 px that Apple's and Google's touch guidelines ask for), whatever
//! the interface's scale, with its words centred in it. The menu bar grows with its buttons, and
//! the panels laid out below it ([`BAR`]) move down as much, so that nothing hides under it. A screen is a touch screen once a touch
//! has been seen, or from the start where the system says so (a browser's
//! `navigator.maxTouchPoints`; `CHUHAN_TOUCH=1` on the desktop).

use bevy::input::touch::TouchInput;
use bevy::prelude::*;

/// The least height of a button on a touch screen, in the screen's logical pixels.
pub const TOUCH_TARGET: f32 = 44.0;

/// Whether the game is played by touch.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TouchScreen(pub bool);

/// The menu bar's height in the layout (design pixels): panels placed at or below it move down
/// as much as the bar grows.
pub const BAR: f32 = 36.0;

/// The menu bar (it grows with its buttons on a touch screen).
#[derive(Component)]
pub(crate) struct MenuBar;

/// A button made taller for a finger (its height follows the interface's scale).
#[derive(Component)]
struct TouchSized;

/// A panel below the bar, and where the layout put its top (design pixels).
#[derive(Component)]
struct BelowBar(f32);

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(TouchScreen(touch_at_start()));
    // After the frame's panels are spawned and docked, before the layout: a panel never shows
    // for a frame at its unmoved place (a tap aimed there would miss).
    app.add_systems(
        PostUpdate,
        (notice_touch, size_buttons, make_room)
            .chain()
            .after(super::docking::Docking)
            .before(bevy::ui::UiSystems::Layout),
    );
}

/// Whether the system says, before any touch, that the screen is one.
fn touch_at_start() -> bool {
    #[cfg(target_arch = "wasm32")]
    {
        let navigator = js_sys::Reflect::get(&js_sys::global(), &"navigator".into()).ok();
        navigator
            .and_then(|n| js_sys::Reflect::get(&n, &"maxTouchPoints".into()).ok())
            .and_then(|m| m.as_f64())
            .is_some_and(|m| m > 0.0)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::env::var("CHUHAN_TOUCH").is_ok_and(|v| v == "1")
    }
}

fn notice_touch(mut touches: MessageReader<TouchInput>, mut screen: ResMut<TouchScreen>) {
    if touches.read().next().is_some() && !screen.0 {
        screen.0 = true;
    }
}

/// Every button lower than a finger needs (in the screen's pixels) is made that tall.
fn size_buttons(
    screen: Res<TouchScreen>,
    scale: Res<UiScale>,
    mut buttons: Query<(Entity, &mut Node, Has<TouchSized>), With<Button>>,
    mut commands: Commands,
) {
    if !screen.0 {
        return;
    }
    let least = TOUCH_TARGET / scale.0.max(0.05);
    for (entity, mut node, sized) in &mut buttons {
        let lower = match node.min_height {
            Val::Auto => true,
            Val::Px(h) => sized || h < least,
            _ => false,
        };
        if lower && node.min_height != Val::Px(least) {
            node.min_height = Val::Px(least);
            node.align_items = AlignItems::Center;
        }
        if lower && !sized {
            commands.entity(entity).insert(TouchSized);
        }
    }
}

/// The bar as tall as its buttons, and each panel placed below the bar (a top-level node whose
/// top is at or below [`BAR`]) moved down as much as the bar grew; a panel that something else
/// put back where the layout had it (the docking of an upright window) is moved again.
fn make_room(
    screen: Res<TouchScreen>,
    scale: Res<UiScale>,
    mut bars: Query<&mut Node, With<MenuBar>>,
    mut panels: Query<
        (Entity, &mut Node, Option<&BelowBar>),
        (Without<ChildOf>, Without<MenuBar>, Without<Button>),
    >,
    mut commands: Commands,
) {
    if !screen.0 {
        return;
    }
    let bar = TOUCH_TARGET / scale.0.max(0.05) + 6.0;
    for mut node in &mut bars {
        if node.height != Val::Px(bar) {
            node.height = Val::Px(bar);
        }
    }
    let grown = (bar - BAR).max(0.0);
    for (entity, mut node, below) in &mut panels {
        let laid = match (below, node.top) {
            (Some(b), _) => b.0,
            (None, Val::Px(top)) if top >= BAR && node.position_type == PositionType::Absolute => {
                commands.entity(entity).insert(BelowBar(top));
                top
            }
            _ => continue,
        };
        match node.top {
            Val::Px(top) if top == laid || (below.is_some() && top != laid + grown) => {
                node.top = Val::Px(laid + grown);
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn app(touch: bool, scale: f32) -> App {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins);
        app.configure_sets(Update, super::super::UiSet::Show);
        app.add_message::<TouchInput>();
        app.insert_resource(UiScale(scale));
        app.add_plugins(plugin);
        app.insert_resource(TouchScreen(touch));
        app
    }

    fn height(app: &App, e: Entity) -> Val {
        app.world().get::<Node>(e).expect("a node").min_height
    }

    #[test]
    fn on_a_touch_screen_every_button_is_a_fingers_height() {
        // A phone: 390x844 lays the interface out at 0.6.
        let mut app = app(true, 0.6);
        let plain = app.world_mut().spawn((Button, Node::default())).id();
        let tall = app
            .world_mut()
            .spawn((
                Button,
                Node {
                    min_height: Val::Px(120.0),
                    ..default()
                },
            ))
            .id();
        app.update();
        let least = TOUCH_TARGET / 0.6;
        assert_eq!(height(&app, plain), Val::Px(least));
        assert_eq!(height(&app, tall), Val::Px(120.0), "a taller button stays");
        // The scale changes (the phone turned): the height follows it.
        app.insert_resource(UiScale(1.0));
        app.update();
        assert_eq!(height(&app, plain), Val::Px(TOUCH_TARGET));
    }

    #[test]
    fn the_bar_grows_with_its_buttons_and_the_panels_below_it_move_down() {
        let mut app = app(true, 0.6);
        let bar = app
            .world_mut()
            .spawn((
                MenuBar,
                Node {
                    position_type: PositionType::Absolute,
                    top: Val::Px(0.0),
                    height: Val::Px(BAR),
                    ..default()
                },
            ))
            .id();
        let below = |top| Node {
            position_type: PositionType::Absolute,
            top: Val::Px(top),
            ..default()
        };
        let status = app.world_mut().spawn(below(44.0)).id();
        let foot = app
            .world_mut()
            .spawn(Node {
                position_type: PositionType::Absolute,
                bottom: Val::Px(14.0),
                ..default()
            })
            .id();
        app.update();
        let tall = TOUCH_TARGET / 0.6 + 6.0;
        assert_eq!(app.world().get::<Node>(bar).unwrap().height, Val::Px(tall));
        assert_eq!(
            app.world().get::<Node>(status).unwrap().top,
            Val::Px(44.0 + tall - BAR)
        );
        assert_eq!(app.world().get::<Node>(foot).unwrap().top, Val::Auto);
        // Put back where the layout had it (an upright window turned wide): moved again, once.
        app.world_mut().get_mut::<Node>(status).unwrap().top = Val::Px(44.0);
        app.update();
        app.update();
        assert_eq!(
            app.world().get::<Node>(status).unwrap().top,
            Val::Px(44.0 + tall - BAR)
        );
    }

    #[test]
    fn with_a_mouse_the_buttons_keep_their_size_until_a_finger_comes() {
        let mut app = app(false, 0.6);
        let plain = app.world_mut().spawn((Button, Node::default())).id();
        app.update();
        assert_eq!(height(&app, plain), Val::Auto);
        app.world_mut().write_message(TouchInput {
            phase: bevy::input::touch::TouchPhase::Started,
            position: Vec2::new(10.0, 10.0),
            window: Entity::PLACEHOLDER,
            force: None,
            id: 1,
        });
        app.update();
        assert_eq!(height(&app, plain), Val::Px(TOUCH_TARGET / 0.6));
    }
}
