//! Chuhan (楚汉): the game binary.

// A release build on Windows is a window program: no console opens beside it (debug builds keep
// theirs, for the log).
#![cfg_attr(all(windows, not(debug_assertions)), windows_subsystem = "windows")]

use bevy::prelude::*;

fn main() -> AppExit {
    let _ = chuhan::dev::screenshot::LAUNCHED.set(std::time::Instant::now());
    App::new().add_plugins(chuhan::AppPlugin).run()
}
