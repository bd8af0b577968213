//! The clock menu's commands: the time control of new games (at once for a game with no move
//! yet) and the player's own control.

use bevy::prelude::*;

use crate::core::clock::Clock;
use crate::core::commands::Command;
use crate::core::game::{CoreSet, Game};
use crate::core::phase::Phase;
use crate::core::settings::Settings;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, choose.in_set(CoreSet::Input));
}

/// The clock menu: the control for new games (at once for a game with no move yet), and the
/// player's own control.
fn choose(
    mut commands: MessageReader<Command>,
    mut settings: ResMut<Settings>,
    phase: Res<State<Phase>>,
    mut game: ResMut<Game>,
    mut clock: ResMut<Clock>,
) {
    for c in commands.read() {
        let control = match c {
            Command::SetTimeControl(tc) => *tc,
            Command::AdjustCustomClock(adjust) => {
                settings.custom_clock = adjust.apply(settings.custom_clock);
                settings.custom_clock
            }
            _ => continue,
        };
        settings.time_control = control;
        if *phase.get() == Phase::Playing && game.record.ply() == 0 {
            *clock = Clock::new(control);
            for tag in ["TimeControl", "RedClock", "BlackClock"] {
                game.record.remove_tag(tag);
            }
            clock.to_tags(&mut game.record);
        }
    }
}
