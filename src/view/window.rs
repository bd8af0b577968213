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
