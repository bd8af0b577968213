//! The window as the desktop sees it: its icon, full screen on F11, and its size, place and full
//! screen kept in the settings and restored at the next start. (Its title and application id,
//! `chuhan`, matching the desktop entry, are set where the window is made, in `lib.rs`.)

use std::time::Duration;

use bevy::ecs::system::NonSendMarker;
use bevy::prelude::*;
use bevy::window::{
    MonitorSelection, PrimaryWindow, WindowMode, WindowMoved, WindowPosition, WindowResized,
};

use crate::core::settings::{Settings, WindowPlace};

/// The window keeps the size it was made with and is not remembered: scripted runs (screenshots
/// and measurements) take their pictures at a known size.
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct FixedWindow;

/// How long the window must rest before its new place is kept (a drag sends many events).
const SETTLE: Duration = Duration::from_millis(500);

pub(super) fn plugin(app: &mut App) {
    app.add_systems(PostStartup, restore_place);
    app.add_systems(Update, (set_icon, toggle_full_screen, remember_place));
}

/// The place the settings keep, on the primary window.
fn restore_place(
    settings: Res<Settings>,
    fixed: Option<Res<FixedWindow>>,
    mut windows: Query<&mut Window, With<PrimaryWindow>>,
) {
    let Ok(mut window) = windows.single_mut() else {
        return;
    };
    if fixed.is_some() {
        return;
    }
    let place = settings.window;
    if let Some((w, h)) = place.size
        && w >= 320
        && h >= 240
    {
        window.resolution.set_physical_resolution(w, h);
    }
    if let Some((x, y)) = place.position {
        window.position = WindowPosition::At(IVec2::new(x, y));
    }
    if place.fullscreen {
        window.mode = WindowMode::BorderlessFullscreen(MonitorSelection::Current);
    }
}

/// F11: full screen, or back to the window.
fn toggle_full_screen(
    keys: Res<ButtonInput<KeyCode>>,
    mut windows: Query<&mut Window, With<PrimaryWindow>>,
    mut settings: ResMut<Settings>,
) {
    if !keys.just_pressed(KeyCode::F11) {
        return;
    }
    let Ok(mut window) = windows.single_mut() else {
        return;
    };
    let full = matches!(window.mode, WindowMode::Windowed);
    window.mode = if full {
        WindowMode::BorderlessFullscreen(MonitorSelection::Current)
    } else {
        WindowMode::Windowed
    };
    settings.window.fullscreen = full;
}

/// Keeps the window's size and place once it has rested for [`SETTLE`] after a move or resize.
fn remember_place(
    mut moved: MessageReader<WindowMoved>,
    mut resized: MessageReader<WindowResized>,
    windows: Query<&Window, With<PrimaryWindow>>,
    fixed: Option<Res<FixedWindow>>,
    time: Res<Time<Real>>,
    mut settle_at: Local<Option<Duration>>,
    mut settings: ResMut<Settings>,
) {
    let changed = moved.read().count() + resized.read().count() > 0;
    if fixed.is_some() {
        return;
    }
    let now = time.elapsed();
    if changed {
        *settle_at = Some(now + SETTLE);
        return;
    }
    if settle_at.is_none_or(|at| now < at) {
        return;
    }
    *settle_at = None;
    let Ok(window) = windows.single() else {
        return;
    };
    if !matches!(window.mode, WindowMode::Windowed) {
        // Full screen: the size and place to come back to are the windowed ones kept before.
        return;
    }
    let place = WindowPlace {
        size: Some((
            window.resolution.physical_width(),
            window.resolution.physical_height(),
        )),
        position: match window.position {
            WindowPosition::At(p) => Some((p.x, p.y)),
            _ => settings.window.position,
        },
        fullscreen: false,
    };
    if settings.window != place {
        settings.window = place;
    }
}

/// The window icon (X11 and Windows; on Wayland the desktop takes it from the desktop entry
/// named by the application id). Set once, when the window exists.
fn set_icon(
    windows: Query<Entity, With<PrimaryWindow>>,
    mut done: Local<bool>,
    _main_thread: NonSendMarker,
) {
    if *done {
        return;
    }
    let Ok(entity) = windows.single() else {
        return;
    };
    let Some(icon) = icon() else {
        *done = true;
        return;
    };
    bevy::winit::WINIT_WINDOWS.with_borrow(|winit_windows| {
        if let Some(window) = winit_windows.get_window(entity) {
            window.set_window_icon(Some(icon));
            *done = true;
        }
    });
}

/// The embedded 256-pixel icon as a winit icon.
fn icon() -> Option<winit::window::Icon> {
    let bytes = crate::view::assets::bytes("icons/chuhan-256.png")?;
    let image = match image::load_from_memory_with_format(bytes, image::ImageFormat::Png) {
        Ok(image) => image.into_rgba8(),
        Err(e) => {
            warn!("window icon: {e}");
            return None;
        }
    };
    let (w, h) = image.dimensions();
    winit::window::Icon::from_rgba(image.into_raw(), w, h)
        .map_err(|e| warn!("window icon: {e}"))
        .ok()
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use bevy::prelude::*;
    use bevy::time::TimeUpdateStrategy;
    use bevy::window::{PrimaryWindow, WindowMode, WindowPosition, WindowResized};

    use crate::core::settings::{Settings, WindowPlace};

    /// The window systems over a window entity, as a desktop would have it, with `place` kept.
    fn window_app(place: WindowPlace) -> (App, Entity) {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins);
        app.add_message::<WindowResized>()
            .add_message::<super::WindowMoved>();
        app.init_resource::<ButtonInput<KeyCode>>();
        app.insert_resource(Settings {
            window: place,
            ..Settings::default()
        });
        let window = app
            .world_mut()
            .spawn((
                Window {
                    resolution: (1280, 720).into(),
                    ..default()
                },
                PrimaryWindow,
            ))
            .id();
        app.add_plugins(super::plugin);
        app.update();
        (app, window)
    }

    fn window(app: &App, e: Entity) -> &Window {
        app.world().get::<Window>(e).expect("the window")
    }

    fn press_f11(app: &mut App) {
        let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        keys.press(KeyCode::F11);
        app.update();
        let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        keys.release(KeyCode::F11);
        keys.clear();
    }

    #[test]
    fn the_kept_place_is_restored_at_start() {
        let (app, e) = window_app(WindowPlace {
            size: Some((1600, 900)),
            position: Some((100, 50)),
            fullscreen: false,
        });
        let w = window(&app, e);
        assert_eq!(
            (
                w.resolution.physical_width(),
                w.resolution.physical_height()
            ),
            (1600, 900)
        );
        assert_eq!(w.position, WindowPosition::At(IVec2::new(100, 50)));
        assert_eq!(w.mode, WindowMode::Windowed);
        let (app, e) = window_app(WindowPlace {
            fullscreen: true,
            ..WindowPlace::default()
        });
        assert!(matches!(
            window(&app, e).mode,
            WindowMode::BorderlessFullscreen(_)
        ));
    }

    #[test]
    fn f11_toggles_full_screen_and_the_settings_keep_it() {
        let (mut app, e) = window_app(WindowPlace::default());
        press_f11(&mut app);
        assert!(matches!(
            window(&app, e).mode,
            WindowMode::BorderlessFullscreen(_)
        ));
        assert!(app.world().resource::<Settings>().window.fullscreen);
        press_f11(&mut app);
        assert_eq!(window(&app, e).mode, WindowMode::Windowed);
        assert!(!app.world().resource::<Settings>().window.fullscreen);
    }

    #[test]
    fn a_resized_window_is_kept_once_it_rests() {
        let (mut app, e) = window_app(WindowPlace::default());
        app.world_mut()
            .get_mut::<Window>(e)
            .expect("the window")
            .resolution
            .set_physical_resolution(1000, 700);
        app.world_mut().write_message(WindowResized {
            window: e,
            width: 1000.0,
            height: 700.0,
        });
        app.update();
        // Still being dragged: nothing kept yet.
        assert_eq!(app.world().resource::<Settings>().window.size, None);
        app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
            600,
        )));
        app.update();
        app.update();
        assert_eq!(
            app.world().resource::<Settings>().window.size,
            Some((1000, 700))
        );
    }
}
