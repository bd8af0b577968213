//! Driving the real window from outside (`CHUHAN_DRIVE=DIR`), for tests with real mouse events
//! (`xdotool` under Xvfb): at the end of each frame in which one changed, the game writes
//! `DIR/buttons.txt`, one visible button a line as `x y text` (its centre in window pixels, then
//! its words), so a script can click a button by its words, and `DIR/button-sizes.txt` the same
//! buttons as `width height text` (window pixels); `DIR/points.txt`, each point of the
//! board as `e2 x y` (where the camera shows it, in window pixels), so that a script clicks
//! pieces; `DIR/texts.txt`, every visible text, a line each (to check the interface's language);
//! `DIR/state.txt`, what a script waits on (`plies N`, `selected e2` while a piece is picked up;
//! `seek N` for each of the player's own open seeks;
//! in an online game the player's `side red`
//! or `side black`, and `claim_at MS`: when the claim against a gone opponent opens, in
//! milliseconds since the Unix epoch); and when a
//! script writes a path into `DIR/shot`, the next frame is saved there as a PNG (`DIR/shot` is
//! then removed). Nothing happens without the variable. In a browser page (`?CHUHAN_DRIVE=1`) the
//! same texts are kept on the page's `window.chuhanDrive` object under the same names, for a
//! WebDriver script to read (it takes its own screenshots).

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};
use bevy::ui::UiGlobalTransform;

use super::screenshot::save_png;

/// The folder the script and the game share.
#[derive(Resource)]
struct Drive(PathBuf);

pub(super) fn plugin(app: &mut App) {
    if let Some(dir) = crate::dev::vars::var("CHUHAN_DRIVE") {
        drive(app, PathBuf::from(dir));
    }
}

/// The lists written to (or kept on the page for) `dir`, and the screenshots it asks for.
fn drive(app: &mut App, dir: PathBuf) {
    app.insert_resource(Drive(dir));
    app.add_systems(
        Last,
        (list_buttons, list_points, list_texts, list_state, shoot),
    );
}

/// What was last written under each name: a list is written again only when it changed, but then
/// in the same frame, so that a script never reads a layout older than the last frame drawn (one
/// written on a timer could be seconds old on a slow start, and a click went where a button had
/// been before the interface's scale followed the window).
#[derive(Default)]
struct Written(String);

impl Written {
    /// Writes `lines` under `name` unless they are what was written last.
    fn update(&mut self, drive: &Drive, name: &str, lines: String) {
        if self.0 != lines {
            write(drive, name, &lines);
            self.0 = lines;
        }
    }
}

/// Writes `name` in the drive's folder whole (a temporary file renamed over it); in a page, sets
/// `window.chuhanDrive[name]`.
#[cfg(target_arch = "wasm32")]
fn write(_: &Drive, name: &str, lines: &str) {
    use wasm_bindgen::JsValue;
    let Some(window) = web_sys::window() else {
        return;
    };
    let key = JsValue::from_str("chuhanDrive");
    let shared = match js_sys::Reflect::get(&window, &key) {
        Ok(v) if v.is_object() => v,
        _ => {
            let v: JsValue = js_sys::Object::new().into();
            let _ = js_sys::Reflect::set(&window, &key, &v);
            v
        }
    };
    let _ = js_sys::Reflect::set(&shared, &JsValue::from_str(name), &JsValue::from_str(lines));
}

/// Writes `name` in the drive's folder whole (a temporary file renamed over it); in a page, sets
/// `window.chuhanDrive[name]`.
#[cfg(not(target_arch = "wasm32"))]
fn write(drive: &Drive, name: &str, lines: &str) {
    let tmp = drive.0.join(format!("{name}.tmp"));
    if std::fs::write(&tmp, lines).is_ok() {
        let _ = std::fs::rename(&tmp, drive.0.join(name));
    }
}

/// Every visible text of the interface, a line each.
fn list_texts(
    drive: Res<Drive>,
    texts: Query<(&Text, &InheritedVisibility, &ComputedNode)>,
    mut written: Local<Written>,
) {
    let mut lines = String::new();
    for (text, visible, node) in &texts {
        if visible.get() && node.size().x > 0.0 && !text.0.trim().is_empty() {
            lines.push_str(&text.0.replace('\n', " "));
            lines.push('\n');
        }
    }
    written.update(&drive, "texts.txt", lines);
}

/// The moves played, and when a claim against a gone opponent opens.
fn list_state(
    drive: Res<Drive>,
    game: Res<crate::core::game::Game>,
    online: Option<Res<crate::online::Online>>,
    selection: Res<crate::core::selection::Selection>,
    mut written: Local<Written>,
) {
    let mut lines = format!("plies {}\n", game.record.len());
    if let Some(sq) = selection.0 {
        lines.push_str(&format!("selected {sq}\n"));
    }
    // The player's own open seeks (`seek 12`): a script sends their link to another player.
    if let Some(o) = online.as_ref()
        && let Some(me) = o.session.me.as_ref()
    {
        for seek in o.session.lobby.seeks.iter().filter(|s| s.name == me.name) {
            lines.push_str(&format!("seek {}\n", seek.id));
        }
    }
    let online_game = online.as_ref().and_then(|o| o.game());
    if let Some(side) = online_game.and_then(|g| g.my_side()) {
        let side = match side {
            xiangqi_protocol::Side::Red => "red",
            xiangqi_protocol::Side::Black => "black",
        };
        lines.push_str(&format!("side {side}\n"));
    }
    if let Some(at) = online_game.and_then(|g| g.claim_at) {
        let left = at.saturating_duration_since(bevy::platform::time::Instant::now());
        // The wall clock: the system's, or the page's (std has none in a browser).
        #[cfg(target_arch = "wasm32")]
        let wall = std::time::Duration::from_millis(js_sys::Date::now() as u64);
        #[cfg(not(target_arch = "wasm32"))]
        let wall = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default();
        let epoch = wall + left;
        lines.push_str(&format!("claim_at {}\n", epoch.as_millis()));
    }
    written.update(&drive, "state.txt", lines);
}

/// The visible buttons and their words.
fn list_buttons(
    drive: Res<Drive>,
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
    mut written: Local<Written>,
    mut sizes_written: Local<Written>,
) {
    let scale = windows.iter().next().map_or(1.0, Window::scale_factor);
    let mut lines = String::new();
    let mut sizes = String::new();
    for (node, at, visible, children) in &buttons {
        if !visible.get() || node.size().x <= 0.0 {
            continue;
        }
        // A button's texts (a card's several lines) read as one line, a space between.
        let words: String = children
            .iter()
            .filter_map(|c| texts.get(c).ok())
            .map(|t| t.0.replace('\n', " "))
            .collect::<Vec<_>>()
            .join(" ");
        let centre = at.translation / scale;
        lines.push_str(&format!("{:.0} {:.0} {words}\n", centre.x, centre.y));
        let size = node.size() / scale;
        sizes.push_str(&format!("{:.0} {:.0} {words}\n", size.x, size.y));
    }
    written.update(&drive, "buttons.txt", lines);
    sizes_written.update(&drive, "button-sizes.txt", sizes);
}

/// Where each point of the board shows.
fn list_points(
    drive: Res<Drive>,
    cameras: Query<(&Camera, &GlobalTransform), With<Camera3d>>,
    mut written: Local<Written>,
) {
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
    written.update(&drive, "points.txt", lines);
}

/// A screenshot when the script asks for one (not in a page: no files there).
fn shoot(drive: Res<Drive>, mut commands: Commands) {
    let request = drive.0.join("shot");
    if cfg!(target_arch = "wasm32") {
        return;
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A button that moves (the interface's scale following the window in the second frame) is
    /// listed where it is in the very next frame, not up to a quarter of a second later: a script
    /// clicked where the first frame had it, and the click missed.
    #[test]
    fn a_button_is_listed_where_the_last_frame_put_it() {
        let dir = std::env::temp_dir().join(format!("chuhan-drive-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let mut app = App::new();
        // Frames of 16 ms, as a player's.
        app.add_plugins(bevy::time::TimePlugin)
            .insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
                std::time::Duration::from_millis(16),
            ))
            .init_resource::<crate::core::game::Game>()
            .init_resource::<crate::core::selection::Selection>();
        drive(&mut app, dir.clone());
        let node = ComputedNode {
            size: Vec2::new(80.0, 30.0),
            ..default()
        };
        let button = app
            .world_mut()
            .spawn((
                Button,
                node,
                InheritedVisibility::VISIBLE,
                UiGlobalTransform::from_xy(440.0, 18.0),
            ))
            .with_child(Text::new("联网对弈"))
            .id();
        app.update();
        let read = || std::fs::read_to_string(dir.join("buttons.txt")).unwrap();
        assert_eq!(read(), "440 18 联网对弈\n");
        app.world_mut()
            .entity_mut(button)
            .insert(UiGlobalTransform::from_xy(304.0, 12.0));
        app.update();
        assert_eq!(read(), "304 12 联网对弈\n");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
