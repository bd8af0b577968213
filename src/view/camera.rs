//! The camera: orbits the board with the right mouse button (or a left drag on empty space),
//! zooms with the wheel, eases toward where it is asked to be, and resets with `R` or `Home`.
//! It looks from Black's side when the player plays Black.

use std::f32::consts::PI;

use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll, MouseScrollUnit};
use bevy::prelude::*;
use xiangqi::Color as Side;

use crate::core::game::{BoardReset, Game};
use crate::core::settings::Settings;
use crate::view::board::{BoardSurface, Table};
use crate::view::portrait::Framing;

/// Where the camera is (`current`) and where it is going (`goal`); while `flat`, the camera looks
/// straight down with an orthographic projection (`view::flat`) and the orbit waits, unchanged,
/// for the way back.
#[derive(Component, Clone, Copy, Debug)]
pub struct Orbit {
    /// The view now.
    pub current: View,
    /// The view it eases toward.
    pub goal: View,
    /// The flat view (2D) is shown instead.
    pub flat: bool,
}

/// The camera's systems (the flat view's run after them).
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CameraSystems;

/// A view of the board: angles around the board's centre and distance from it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct View {
    /// Turn around the vertical axis; 0 looks from Red's side.
    pub yaw: f32,
    /// Angle above the board, in radians.
    pub pitch: f32,
    /// Distance from the centre.
    pub distance: f32,
}

/// Lowest and highest pitch: never under the table, never quite straight down.
const PITCH: (f32, f32) = (0.35, 1.45);
/// Nearest and farthest distance: the whole board stays in view.
const DISTANCE: (f32, f32) = (8.0, 24.0);
/// Radians per pixel of drag.
const TURN_SPEED: f32 = 0.006;

impl View {
    /// The default view from `side`.
    #[must_use]
    pub fn home(side: Side) -> View {
        View {
            yaw: if side == Side::Black { PI } else { 0.0 },
            pitch: 0.93,
            distance: 15.0,
        }
    }

    /// The view kept within the limits.
    #[must_use]
    pub fn clamped(self) -> View {
        View {
            yaw: self.yaw,
            pitch: self.pitch.clamp(PITCH.0, PITCH.1),
            distance: self.distance.clamp(DISTANCE.0, DISTANCE.1),
        }
    }

    /// The camera transform for this view in a wide window.
    #[must_use]
    pub fn transform(self) -> Transform {
        self.transform_around(Framing::default().focus())
    }

    /// The camera transform for this view around `focus` (seen from Red's side; see
    /// [`Framing::focus`]).
    #[must_use]
    pub fn transform_around(self, focus: Vec3) -> Transform {
        let (sy, cy) = self.yaw.sin_cos();
        let (sp, cp) = self.pitch.sin_cos();
        let offset = Vec3::new(sy * cp, sp, cy * cp) * self.distance;
        let focus = Quat::from_rotation_y(self.yaw) * focus;
        Transform::from_translation(focus + offset).looking_at(focus, Vec3::Y)
    }

    /// This view moved `t` (0 to 1) of the way to `goal`, by the shorter way round.
    #[must_use]
    pub fn toward(self, goal: View, t: f32) -> View {
        let mut dyaw = (goal.yaw - self.yaw) % (2.0 * PI);
        if dyaw > PI {
            dyaw -= 2.0 * PI;
        } else if dyaw < -PI {
            dyaw += 2.0 * PI;
        }
        View {
            yaw: self.yaw + dyaw * t,
            pitch: self.pitch + (goal.pitch - self.pitch) * t,
            distance: self.distance + (goal.distance - self.distance) * t,
        }
    }
}

/// Whether a new game opens with the camera's short move onto the board (off in scripted and
/// driven runs, where the board must stand still for the script; `dev` turns it off).
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Intros(pub bool);

impl Default for Intros {
    fn default() -> Intros {
        Intros(true)
    }
}

/// The camera is on its opening move: it eases slower than usual, and a click or a touch ends it.
#[derive(Component, Clone, Copy, Debug)]
pub struct Intro;

/// How fast the opening move eases (per second; the usual is 9).
const INTRO_RATE: f32 = 2.4;

/// Where the opening move starts from: low over the table, further off and turned a little
/// round, so the camera sweeps up onto the player's side of the board.
#[must_use]
pub fn intro_start(goal: View) -> View {
    View {
        yaw: goal.yaw + 0.7,
        pitch: 0.42,
        distance: 23.0,
    }
}

/// Ask the camera to go back to the default view of the side at the bottom.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct ResetView;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<ResetView>();
    app.init_resource::<Framing>();
    app.init_resource::<Intros>();
    app.add_systems(Startup, spawn_camera);
    app.add_systems(
        Update,
        (
            restore_view,
            follow_players,
            drag_and_zoom,
            reset_view,
            open_new_game,
            skip_intro,
            ease_camera,
            keep_view,
        )
            .chain()
            .in_set(CameraSystems),
    );
    app.add_observer(drag_empty_space);
}

fn spawn_camera(mut commands: Commands) {
    let home = View::home(Side::Red);
    commands.spawn((
        Camera3d::default(),
        home.transform(),
        Orbit {
            current: home,
            goal: home,
            flat: false,
        },
    ));
}

/// The first frame: the view kept in the settings, if any.
fn restore_view(
    settings: Option<Res<Settings>>,
    mut done: Local<bool>,
    mut orbits: Query<&mut Orbit>,
) {
    if *done {
        return;
    }
    *done = true;
    if let Some(view) = settings.and_then(|s| kept_view(&s)) {
        for mut orbit in &mut orbits {
            orbit.goal = view;
        }
    }
}

/// The view kept in the settings, within the limits.
fn kept_view(settings: &Settings) -> Option<View> {
    settings.camera.map(|(yaw, pitch, distance)| {
        View {
            yaw,
            pitch,
            distance,
        }
        .clamped()
    })
}

/// Keeps the settled view in the settings (the settings are written when they change).
fn keep_view(orbits: Query<&Orbit>, settings: Option<ResMut<Settings>>) {
    let Some(mut settings) = settings else {
        return;
    };
    if let Some(orbit) = orbits.iter().next()
        && orbit.current == orbit.goal
    {
        let v = orbit.goal;
        let camera = Some((v.yaw, v.pitch, v.distance));
        if settings.camera != camera {
            settings.camera = camera;
        }
    }
}

/// A new game turns the board so the player's side is at the bottom; so does the first board
/// when it is Black's and no view was kept (the camera starts on Red's side).
fn follow_players(
    mut resets: MessageReader<BoardReset>,
    game: Res<Game>,
    settings: Option<Res<Settings>>,
    mut bottom: Local<Option<Side>>,
    mut views: MessageWriter<ResetView>,
) {
    if resets.read().count() == 0 {
        return;
    }
    let side = game.players.bottom_side();
    let turn = match *bottom {
        Some(b) => b != side,
        None => side == Side::Black && settings.is_none_or(|s| kept_view(&s).is_none()),
    };
    if turn {
        views.write(ResetView);
    }
    *bottom = Some(side);
}

/// A new game opens with the camera's short move onto the board (when animations are on and the
/// board is seen in 3D).
fn open_new_game(
    mut commands: Commands,
    mut new_games: MessageReader<crate::core::game::NewGame>,
    intros: Res<Intros>,
    settings: Option<Res<Settings>>,
    mut orbits: Query<(Entity, &mut Orbit)>,
) {
    if new_games.read().count() == 0 || !intros.0 {
        return;
    }
    if settings.is_some_and(|s| !s.animations) {
        return;
    }
    for (e, mut orbit) in &mut orbits {
        if orbit.flat {
            continue;
        }
        orbit.current = intro_start(orbit.goal);
        commands.entity(e).insert(Intro);
    }
}

/// A click, a touch or a key ends the opening move: the camera is at once where it was going.
fn skip_intro(
    mut commands: Commands,
    mouse: Res<ButtonInput<MouseButton>>,
    keys: Option<Res<ButtonInput<KeyCode>>>,
    touches: Option<Res<Touches>>,
    mut orbits: Query<(Entity, &mut Orbit), With<Intro>>,
) {
    let skipped = mouse.get_just_pressed().next().is_some()
        || keys.is_some_and(|k| k.get_just_pressed().next().is_some())
        || touches.is_some_and(|t| t.any_just_pressed());
    for (e, mut orbit) in &mut orbits {
        if skipped {
            orbit.current = orbit.goal;
        }
        if skipped || orbit.current == orbit.goal {
            commands.entity(e).remove::<Intro>();
        }
    }
}

fn drag_and_zoom(
    buttons: Res<ButtonInput<MouseButton>>,
    motion: Res<AccumulatedMouseMotion>,
    scroll: Res<AccumulatedMouseScroll>,
    mut orbits: Query<&mut Orbit>,
) {
    let turn = if buttons.pressed(MouseButton::Right) {
        motion.delta
    } else {
        Vec2::ZERO
    };
    let lines = match scroll.unit {
        MouseScrollUnit::Line => scroll.delta.y,
        MouseScrollUnit::Pixel => scroll.delta.y / 40.0,
    };
    if turn == Vec2::ZERO && lines == 0.0 {
        return;
    }
    for mut orbit in orbits.iter_mut().filter(|o| !o.flat) {
        let goal = &mut orbit.goal;
        goal.yaw -= turn.x * TURN_SPEED;
        goal.pitch += turn.y * TURN_SPEED;
        goal.distance *= 0.9f32.powf(lines);
        *goal = goal.clamped();
    }
}

/// A left drag on the board or table (not on a piece) turns the view too.
fn drag_empty_space(
    drag: On<Pointer<Drag>>,
    surfaces: Query<(), Or<(With<BoardSurface>, With<Table>)>>,
    mut orbits: Query<&mut Orbit>,
) {
    if drag.button != PointerButton::Primary || drag.original_event_target() != drag.entity {
        return;
    }
    if !surfaces.contains(drag.entity) {
        return;
    }
    for mut orbit in orbits.iter_mut().filter(|o| !o.flat) {
        let goal = &mut orbit.goal;
        goal.yaw -= drag.delta.x * TURN_SPEED;
        goal.pitch += drag.delta.y * TURN_SPEED;
        *goal = goal.clamped();
    }
}

fn reset_view(
    keys: Res<ButtonInput<KeyCode>>,
    mut requests: MessageReader<ResetView>,
    game: Res<Game>,
    mut orbits: Query<&mut Orbit>,
) {
    let asked = requests.read().count() > 0;
    if asked || keys.any_just_pressed([KeyCode::KeyR, KeyCode::Home]) {
        for mut orbit in &mut orbits {
            orbit.goal = View::home(game.players.bottom_side());
        }
    }
}

/// Eases the camera toward its goal (critically damped: fast, no overshoot); places it again
/// when the window turns.
fn ease_camera(
    time: Res<Time>,
    framing: Res<Framing>,
    mut cameras: Query<(&mut Orbit, &mut Transform, Has<Intro>)>,
) {
    for (mut orbit, mut transform, intro) in &mut cameras {
        let rate = if intro { INTRO_RATE } else { 9.0 };
        let t = 1.0 - (-time.delta_secs() * rate).exp();
        if orbit.flat {
            continue;
        }
        if orbit.current == orbit.goal {
            if framing.is_changed() {
                *transform = orbit.current.transform_around(framing.focus());
            }
            continue;
        }
        let next = orbit.current.toward(orbit.goal, t);
        let close = (next.yaw - orbit.goal.yaw).abs() < 1e-4
            && (next.pitch - orbit.goal.pitch).abs() < 1e-4
            && (next.distance - orbit.goal.distance).abs() < 1e-3;
        orbit.current = if close { orbit.goal } else { next };
        *transform = orbit.current.transform_around(framing.focus());
    }
}

#[cfg(test)]
mod tests {
    use std::f32::consts::FRAC_PI_2;

    use super::*;

    #[test]
    fn views_stay_above_the_table_and_near_the_board() {
        let wild = View {
            yaw: 1.0,
            pitch: -2.0,
            distance: 500.0,
        }
        .clamped();
        assert!(wild.pitch >= PITCH.0 && wild.distance <= DISTANCE.1);
        for pitch in [PITCH.0, PITCH.1] {
            for distance in [DISTANCE.0, DISTANCE.1] {
                let t = View {
                    yaw: 0.7,
                    pitch,
                    distance,
                }
                .transform();
                assert!(t.translation.y > 2.0, "camera too low: {t:?}");
            }
        }
        assert!(PITCH.1 < FRAC_PI_2);
    }

    #[test]
    fn easing_takes_the_short_way_round() {
        let from = View {
            yaw: 0.1,
            pitch: 0.9,
            distance: 15.0,
        };
        let goal = View {
            yaw: 2.0 * PI - 0.1,
            ..from
        };
        let half = from.toward(goal, 0.5);
        assert!((half.yaw - 0.0).abs() < 1e-5, "{half:?}");
    }

    /// A headless game with the camera, its files in `dir`.
    fn app_in(dir: &std::path::Path) -> App {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, crate::CorePlugin));
        app.add_plugins(bevy::input::InputPlugin);
        app.add_plugins(plugin);
        app.insert_resource(crate::storage::files::Dirs::in_one(dir));
        app
    }

    fn goal(app: &mut App) -> View {
        let mut orbits = app.world_mut().query::<&Orbit>();
        orbits.single(app.world()).expect("the camera").goal
    }

    #[test]
    fn a_first_game_as_black_starts_from_blacks_side_and_red_from_reds() {
        for (players, side) in [
            ("(red: Computer, black: Human)", Side::Black),
            ("(red: Human, black: Computer)", Side::Red),
        ] {
            let dir = std::env::temp_dir().join(format!(
                "chuhan-camera-test-{}-{side:?}",
                std::process::id()
            ));
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::create_dir_all(&dir).expect("a scratch folder");
            // The last setup: the player had Black (or Red); no view kept.
            std::fs::write(
                dir.join("settings.ron"),
                format!("(setup: Standard({players}))"),
            )
            .expect("the settings");
            let mut app = app_in(&dir);
            for _ in 0..3 {
                app.update();
            }
            assert_eq!(goal(&mut app), View::home(side), "{players}");
        }
    }

    /// A new game opens with the camera's short move; a click ends it at once; with animations
    /// off there is none.
    #[test]
    fn a_new_game_opens_with_a_camera_move_that_a_click_skips() {
        use crate::core::game::{NewGame, Players};
        let dir = std::env::temp_dir().join(format!("chuhan-intro-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a scratch folder");
        let mut app = app_in(&dir);
        app.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
            std::time::Duration::from_millis(20),
        ));
        app.update();
        let new_game = |app: &mut App| {
            app.world_mut().write_message(NewGame {
                record: xiangqi::GameRecord::new(xiangqi::Position::startpos()),
                players: Players::TWO_PLAYERS,
                puzzle: None,
            });
            app.update();
        };
        let orbit = |app: &mut App| {
            let mut q = app.world_mut().query::<(&Orbit, Has<Intro>)>();
            let (o, intro) = q.single(app.world()).expect("the camera");
            (*o, intro)
        };
        new_game(&mut app);
        let (o, intro) = orbit(&mut app);
        assert!(intro, "the opening move is under way");
        assert!(o.current.distance > o.goal.distance + 5.0, "{o:?}");
        // It lasts more than a glance, and ends on the player's view.
        for _ in 0..10 {
            app.update();
        }
        assert!(orbit(&mut app).1, "still moving after 0.2 s");
        for _ in 0..200 {
            app.update();
        }
        let (o, intro) = orbit(&mut app);
        assert!(!intro && o.current == o.goal, "{o:?}");
        // A click skips it.
        new_game(&mut app);
        assert!(orbit(&mut app).1);
        let click = |app: &mut App, state| {
            app.world_mut()
                .write_message(bevy::input::mouse::MouseButtonInput {
                    button: MouseButton::Left,
                    state,
                    window: Entity::PLACEHOLDER,
                });
            app.update();
        };
        click(&mut app, bevy::input::ButtonState::Pressed);
        let (o, intro) = orbit(&mut app);
        assert!(!intro && o.current == o.goal, "skipped by the click");
        click(&mut app, bevy::input::ButtonState::Released);
        // Animations off: none.
        app.world_mut().resource_mut::<Settings>().animations = false;
        new_game(&mut app);
        let (o, intro) = orbit(&mut app);
        assert!(!intro && o.current == o.goal);
    }

    #[test]
    fn black_home_view_looks_from_the_other_end() {
        let red = View::home(Side::Red).transform().translation;
        let black = View::home(Side::Black).transform().translation;
        assert!(red.z > 0.0 && black.z < 0.0);
    }
}
