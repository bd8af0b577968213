//! Chuhan (楚汉): the game binary.

use bevy::prelude::*;

fn main() -> AppExit {
    App::new().add_plugins(chuhan::AppPlugin).run()
}
