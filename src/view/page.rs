//! The web page around the game (web/index.html, in a browser only): its words "loading" are
//! taken away once the game has drawn its first frames, and the time since the page was opened
//! is logged then (the browser tests read it: the time to the board).

use bevy::diagnostic::FrameCount;
use bevy::prelude::*;

/// Frames drawn before the board shows: the scene is made in the first update and drawn in the
/// next; one more lets a slow software renderer present it.
const FRAMES_TO_BOARD: u32 = 3;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Last, uncover.run_if(run_once_after_board));
}

fn run_once_after_board(frames: Res<FrameCount>, mut done: Local<bool>) -> bool {
    if *done || frames.0 < FRAMES_TO_BOARD {
        return false;
    }
    *done = true;
    true
}

fn uncover() {
    let Some(window) = web_sys::window() else {
        return;
    };
    if let Some(words) = window
        .document()
        .and_then(|d| d.get_element_by_id("message"))
    {
        words.remove();
    }
    let opened = window.performance().map_or(0.0, |p| p.now());
    info!(
        "the page shows the board {:.0} ms after it was opened",
        opened
    );
}
