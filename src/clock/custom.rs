//! The clock menu's requests: the time control of new games (at once for a game with no move
//! yet) and the player's own control.

use bevy::prelude::*;

use crate::clock::ClockRequest;
use crate::clock::logic::Clock;
use crate::core::game::{CoreSet, Game};
use crate::core::phase::Phase;
use crate::core::settings::Settings;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Update, choose.in_set(CoreSet::Input));
}

/// The clock menu: the control for new games (at once for a game with no move yet), and the
/// player's own control.
fn choose(
    mut requests: MessageReader<ClockRequest>,
    mut settings: ResMut<Settings>,
    phase: Res<State<Phase>>,
    mut game: ResMut<Game>,
    mut clock: ResMut<Clock>,
) {
    for r in requests.read() {
        let control = match r {
            ClockRequest::SetTimeControl(tc) => *tc,
            ClockRequest::AdjustCustom(adjust) => {
                settings.custom_clock = adjust.apply(settings.custom_clock);
                settings.custom_clock
            }
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
