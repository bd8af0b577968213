//! Driving the real window from outside (`CHUHAN_DRIVE=DIR`), for tests with real mouse events
//! (`xdotool` under Xvfb): every few frames the game writes `DIR/buttons.txt`, one visible button
//! a line as `x y text` (its centre in window pixels, then its words), so a script can click a
//! button by its words; `DIR/points.txt`, each point of the board as `e2 x y` (where the camera
//! shows it, in window pixels), so that a script clicks pieces; and when a script writes a path
//! into `DIR/shot`, the next frame is saved there as a PNG (`DIR/shot` is then removed). Nothing
//! happens without the variable.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};
use bevy::ui::UiGlobalTransform;

use super::screenshot::save_png;

/// The folder the script and the game share.
#[derive(Resource)]
struct Drive(PathBuf);

pub(super) fn plugin(app: &mut App) {
    let Some(dir) = std::env::var_os("CHUHAN_DRIVE").filter(|d| !d.is_empty()) else {
        return;
    };
    app.insert_resource(Drive(PathBuf::from(dir)));
    app.add_systems(Last, (list_buttons, list_points, shoot));
}

/// The visible buttons and their words, every tenth frame.
fn list_buttons(
    drive: Res<Drive>,
    mut frame: Local<u32>,
    buttons: Query<
        (
            &ComputedNode,
            &UiGlobalTransform,
            &InheritedVisibility,
            &Children,
        ),
        With<Button>,
    >,
    texts: Query<&Text>,
    windows: Query<&Window>,
) {
    *frame += 1;
    if !(*frame).is_multiple_of(10) {
        return;
    }
    let scale = windows.iter().next().map_or(1.0, Window::scale_factor);
    let mut lines = String::new();
    for (node, at, visible, children) in &buttons {
        if !visible.get() || node.size().x <= 0.0 {
            continue;
        }
        let words: String = children
            .iter()
            .filter_map(|c| texts.get(c).ok())
            .map(|t| t.0.replace('\n', " "))
            .collect();
        let centre = at.translation / scale;
        lines.push_str(&format!("{:.0} {:.0} {words}\n", centre.x, centre.y));
    }
    let tmp = drive.0.join("buttons.tmp");
    if std::fs::write(&tmp, lines).is_ok() {
        let _ = std::fs::rename(&tmp, drive.0.join("buttons.txt"));
    }
}

/// Where each point of the board shows, every tenth frame.
fn list_points(
    drive: Res<Drive>,
    mut frame: Local<u32>,
    cameras: Query<(&Camera, &GlobalTransform), With<Camera3d>>,
) {
    *frame += 1;
    if !(*frame).is_multiple_of(10) {
        return;
    }
    let Some((camera, at)) = cameras.iter().find(|(c, _)| c.is_active) else {
        return;
    };
    let mut lines = String::new();
    for i in 0..90 {
        let Some(sq) = xiangqi::Square::try_from_index(i) else {
            continue;
        };
        let world = crate::core::geometry::square_to_world(sq);
        if let Ok(p) = camera.world_to_viewport(at, world) {
            lines.push_str(&format!("{sq} {:.0} {:.0}\n", p.x, p.y));
        }
    }
    let tmp = drive.0.join("points.tmp");
    if std::fs::write(&tmp, lines).is_ok() {
        let _ = std::fs::rename(&tmp, drive.0.join("points.txt"));
    }
}

/// A screenshot when the script asks for one.
fn shoot(drive: Res<Drive>, mut commands: Commands) {
    let request = drive.0.join("shot");
    let Ok(path) = std::fs::read_to_string(&request) else {
        return;
    };
    let _ = std::fs::remove_file(&request);
    let path = path.trim().to_owned();
    commands.spawn(Screenshot::primary_window()).observe(
        move |captured: On<ScreenshotCaptured>| match save_png(&captured, &path) {
            Ok(()) => info!("screenshot saved to {path}"),
            Err(e) => error!("cannot save screenshot {path}: {e}"),
        },
    );
}
