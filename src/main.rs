//! Chuhan (楚汉): the game binary.

use bevy::prelude::*;

fn main() -> AppExit {
    let _ = chuhan::dev::screenshot::LAUNCHED.set(std::time::Instant::now());
    App::new().add_plugins(chuhan::AppPlugin).run()
}
