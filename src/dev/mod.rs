//! Tools for developers: the scripted screenshot and frame-measuring mode.

use bevy::prelude::*;

pub mod commands;
pub mod drive;
pub mod hide;
pub mod lighting;
pub mod measure;
pub mod offscreen;
pub mod probe;
pub mod screenshot;
pub mod vars;

pub(super) fn plugin(app: &mut App) {
    // A scripted or driven run goes straight to its board; `CHUHAN_START=1` shows the start
    // screen all the same (for its screenshots).
    let scripted = [
        "CHUHAN_SCREENSHOT",
        "CHUHAN_FRAME_STATS",
        "CHUHAN_DRIVE",
        "CHUHAN_COMMAND",
    ]
    .iter()
    .any(|v| vars::var(v).is_some());
    if scripted {
        // The camera's opening move would move the board under a script's clicks and pictures.
        app.insert_resource(crate::view::camera::Intros(false));
    }
    if let Some(start) = vars::var("CHUHAN_START") {
        app.insert_resource(crate::ui::start::StartScreen { open: start == "1" });
    } else if scripted {
        app.insert_resource(crate::ui::start::StartScreen::default());
    }
    app.add_plugins((
        screenshot::plugin,
        hide::plugin,
        lighting::plugin,
        drive::plugin,
    ));
}
