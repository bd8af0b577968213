//! Watched games, headless: the seats and pause follow the requests, a watched game's record
//! names who plays each side, and it is saved when it ends.

use bevy::prelude::*;
use xiangqi::Color as Side;
use xiangqi_engine::Level;

use crate::core::commands::Command;
use crate::core::game::{CoreSet, Game, GameEnded, NewGame};
use crate::core::settings::Settings;
use crate::core::setup::Setup;
use crate::core::watched::watching;
use crate::watch::{COMPUTERS, Seat, Watch, WatchRequest};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, handle_requests.in_set(CoreSet::Input));
    app.add_systems(
        Update,
        (name_the_sides, save_at_the_end)
            .chain()
            .in_set(CoreSet::Apply)
            .after(crate::core::game::ApplySystems),
    );
}

/// The seat after `seat`: each level in turn, then the external engine when one is set.
#[must_use]
pub fn next_seat(seat: Seat, external: bool) -> Seat {
    let levels = Level::ALL;
    match seat {
        Seat::Level(l) => match levels.iter().position(|&x| x == l) {
            Some(i) if i + 1 < levels.len() => Seat::Level(levels[i + 1]),
            _ if external => Seat::External,
            _ => Seat::Level(levels[0]),
        },
        Seat::External => Seat::Level(levels[0]),
    }
}

/// The name a seat plays under in the record.
#[must_use]
pub fn seat_name(seat: Seat, settings: &Settings) -> String {
    match seat {
        Seat::Level(l) => format!("Chuhan {}", l.chinese_name()),
        Seat::External if settings.engine.in_use() => {
            let path = settings.engine.path.trim();
            path.rsplit(['/', '\\']).next().unwrap_or(path).to_owned()
        }
        Seat::External => format!("Chuhan {}", settings.level.chinese_name()),
    }
}

fn handle_requests(
    mut requests: MessageReader<WatchRequest>,
    mut watch: ResMut<Watch>,
    game: Res<Game>,
    settings: Res<Settings>,
    mut commands: MessageWriter<Command>,
) {
    for &request in requests.read() {
        match request {
            WatchRequest::Start => {
                commands.write(Command::NewGame(Setup::Standard(COMPUTERS)));
            }
            WatchRequest::SetSeat(side, seat) => watch.seats[side.index()] = seat,
            WatchRequest::CycleSeat(side) => {
                let seat = next_seat(watch.seat(side), settings.engine.in_use());
                watch.seats[side.index()] = seat;
            }
            WatchRequest::TogglePause => {
                if watching(&game) {
                    watch.paused = !watch.paused;
                }
            }
        }
    }
}

/// A watched game's record names the seats (again when a seat changes during it); a new game is
/// not paused.
fn name_the_sides(
    mut new_games: MessageReader<NewGame>,
    mut watch: ResMut<Watch>,
    settings: Res<Settings>,
    mut game: ResMut<Game>,
) {
    let new = new_games.read().count() > 0;
    if new {
        watch.paused = false;
        watch.saved = false;
    }
    if !watching(&game) || !(new || watch.is_changed()) {
        return;
    }
    for (side, tag) in [(Side::Red, "Red"), (Side::Black, "Black")] {
        let name = seat_name(watch.seat(side), &settings);
        if game.record.tag(tag) != Some(name.as_str()) {
            game.record.set_tag(tag, &name);
        }
    }
}

/// A watched game is saved as a record when it ends (once).
fn save_at_the_end(
    mut ended: MessageReader<GameEnded>,
    mut watch: ResMut<Watch>,
    game: Res<Game>,
    mut commands: MessageWriter<Command>,
) {
    if ended.read().count() > 0 && watching(&game) && !watch.saved {
        watch.saved = true;
        commands.write(Command::SaveRecord);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_cycle_through_the_levels_and_the_external_engine_when_set() {
        let mut seat = Seat::Level(Level::ALL[0]);
        let mut seen = vec![seat];
        for _ in 0..Level::ALL.len() {
            seat = next_seat(seat, true);
            seen.push(seat);
        }
        assert_eq!(seen.last(), Some(&Seat::External));
        assert_eq!(next_seat(Seat::External, true), Seat::Level(Level::ALL[0]));
        assert_eq!(
            next_seat(Seat::Level(Level::Master), false),
            Seat::Level(Level::ALL[0]),
            "without an external engine the levels wrap round"
        );
    }
}
