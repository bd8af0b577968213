//! Chuhan (楚汉): the game binary.

// A release build on Windows is a window program: no console opens beside it (debug builds keep
// theirs, for the log).
#![cfg_attr(all(windows, not(debug_assertions)), windows_subsystem = "windows")]

use bevy::prelude::*;
use chuhan::view::display::{self, Display};

fn main() -> AppExit {
    let _ = chuhan::dev::screenshot::LAUNCHED.set(bevy::platform::time::Instant::now());
    display::explain_failures();
    let software_renderer = match display::check() {
        Ok(Display::Fine) => false,
        Ok(Display::SoftwareOnly(why)) => {
            eprintln!("chuhan: {why}; drawing with the software renderer");
            true
        }
        Err(words) => {
            eprintln!("chuhan: {words}");
            return AppExit::error();
        }
    };
    App::new()
        .add_plugins(chuhan::AppPlugin { software_renderer })
        .run()
}
