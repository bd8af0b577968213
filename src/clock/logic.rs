//! Clocks: the time control chosen for new games (untimed, 5+3, 10+5, 15+10, or the player's own:
//! base and increment, or a fixed time per move), both sides' time left, the running one counting
//! down while the game is played. A flag fall ends the game through the rules
//! ([`xiangqi::on_time`]: a loss, or a draw when the other side cannot possibly mate).
//!
//! The clock lives in the record's tags (`TimeControl` as PGN writes it, `RedClock` and
//! `BlackClock` in milliseconds left, updated after every move), so the autosave and a saved
//! record keep it and a resumed game goes on with the time it had. Against the computer the clock
//! stops while a dialog is open; in a replay it does not run.

use std::time::Duration;

use bevy::prelude::*;
use xiangqi::Color as Side;
use xiangqi_engine::Limits;

use crate::core::game::{Controller, CoreSet, Game, GameEnded, MovePlayed, NewGame};
use crate::core::phase::{Dialog, Phase};
use crate::core::settings::Settings;
pub use crate::core::setup::{ClockAdjust, TimeControl};

/// The clocks of the game in play.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct Clock {
    /// The time control.
    pub control: TimeControl,
    /// Time left: Red's, Black's.
    pub left: [Duration; 2],
    /// Whether the clock is stopped by a dialog (against the computer).
    pub paused: bool,
}

impl Clock {
    /// Full clocks for `control`.
    #[must_use]
    pub fn new(control: TimeControl) -> Clock {
        let full = control.initial().unwrap_or_default();
        Clock {
            control,
            left: [full; 2],
            paused: false,
        }
    }

    /// Whether there is a clock.
    #[must_use]
    pub fn is_timed(&self) -> bool {
        self.control != TimeControl::Untimed
    }

    /// `side`'s time left.
    #[must_use]
    pub fn left(&self, side: Side) -> Duration {
        self.left[usize::from(side == Side::Black)]
    }

    fn left_mut(&mut self, side: Side) -> &mut Duration {
        &mut self.left[usize::from(side == Side::Black)]
    }

    /// After `mover` moved: its increment, or the next side's fresh time for the move.
    pub fn moved(&mut self, mover: Side) {
        match self.control {
            TimeControl::Untimed => {}
            TimeControl::Fischer { increment, .. } => {
                *self.left_mut(mover) += Duration::from_secs(increment.into());
            }
            TimeControl::PerMove { seconds } => {
                *self.left_mut(!mover) = Duration::from_secs(seconds.into());
            }
        }
    }

    /// How the engine should spend `side`'s clock (its level still caps it): nothing for an
    /// untimed game.
    #[must_use]
    pub fn limits(&self, side: Side) -> Limits {
        let left = self.left(side);
        match self.control {
            TimeControl::Untimed => Limits::default(),
            TimeControl::Fischer { increment, .. } => Limits {
                time: Some(left),
                increment: Duration::from_secs(increment.into()),
                ..Limits::default()
            },
            // All of it but a margin for the move to reach the board.
            TimeControl::PerMove { .. } => Limits {
                movetime: Some(
                    left.saturating_sub(Duration::from_millis(300))
                        .max(Duration::from_millis(50)),
                ),
                ..Limits::default()
            },
        }
    }

    /// The clock a record's tags describe, if they name a time control.
    #[must_use]
    pub fn from_tags(record: &xiangqi::GameRecord) -> Option<Clock> {
        let control = TimeControl::from_pgn(record.tag("TimeControl")?)?;
        let mut clock = Clock::new(control);
        for (side, tag) in [(Side::Red, "RedClock"), (Side::Black, "BlackClock")] {
            if let Some(ms) = record.tag(tag).and_then(|t| t.parse::<u64>().ok()) {
                *clock.left_mut(side) = Duration::from_millis(ms);
            }
        }
        Some(clock)
    }

    /// Writes the clock into the record's tags.
    pub fn to_tags(&self, record: &mut xiangqi::GameRecord) {
        if !self.is_timed() {
            return;
        }
        record.set_tag("TimeControl", &self.control.pgn());
        for (side, tag) in [(Side::Red, "RedClock"), (Side::Black, "BlackClock")] {
            record.set_tag(tag, &self.left(side).as_millis().to_string());
        }
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Clock>();
    // The first game is set up at start without a `NewGame` (the last setup, or a scripted one).
    app.add_systems(PostStartup, set_for_first_game);
    app.add_systems(
        Update,
        (set_on_new_game, count_moves, run, share_limits)
            .chain()
            .in_set(CoreSet::Apply)
            .after(crate::core::game::ApplySystems)
            .before(crate::core::phase::PhaseSystems),
    );
}

/// The engine's time limits follow the clock (the core reads them without naming the clock).
fn share_limits(clock: Res<Clock>, mut limits: ResMut<crate::core::computer::TimeLimits>) {
    if clock.is_changed() {
        limits.0 = [clock.limits(Side::Red), clock.limits(Side::Black)];
    }
}

fn set_for_first_game(settings: Res<Settings>, mut game: ResMut<Game>, mut clock: ResMut<Clock>) {
    // Puzzles are never timed.
    *clock = if game.puzzle.is_some() {
        Clock::new(TimeControl::Untimed)
    } else {
        Clock::from_tags(&game.record).unwrap_or_else(|| Clock::new(settings.time_control))
    };
    clock.to_tags(&mut game.record);
}

/// A new game takes the clock its record names (a resumed game), or the control chosen for new
/// games.
fn set_on_new_game(
    mut new_games: MessageReader<NewGame>,
    settings: Res<Settings>,
    mut game: ResMut<Game>,
    mut clock: ResMut<Clock>,
) {
    if new_games.read().count() == 0 {
        return;
    }
    // An online game's clocks are the server's (the online feature shows them).
    if game.players.has_remote() {
        *clock = Clock::new(TimeControl::Untimed);
        return;
    }
    *clock = Clock::from_tags(&game.record).unwrap_or_else(|| Clock::new(settings.time_control));
    clock.to_tags(&mut game.record);
}

/// Increments after moves, written into the record.
fn count_moves(
    mut played: MessageReader<MovePlayed>,
    phase: Res<State<Phase>>,
    mut game: ResMut<Game>,
    mut clock: ResMut<Clock>,
) {
    let moves = played.read().count();
    if moves == 0 || !clock.is_timed() || *phase.get() == Phase::Replaying {
        return;
    }
    // The side that moved last: the one not to move now.
    let mover = !game.record.position().side_to_move();
    clock.moved(mover);
    clock.to_tags(&mut game.record);
}

/// Counts the side to move down while the game is played; at zero the game ends on time.
fn run(
    time: Res<Time>,
    phase: Res<State<Phase>>,
    dialog: Res<State<Dialog>>,
    mut game: ResMut<Game>,
    mut clock: ResMut<Clock>,
    watch: Res<crate::core::watched::Watch>,
    mut ended: MessageWriter<GameEnded>,
) {
    if !clock.is_timed() || *phase.get() != Phase::Playing || game.outcome().is_some() {
        return;
    }
    let against_computer =
        game.players.red == Controller::Computer || game.players.black == Controller::Computer;
    // A dialog stops the clock against the computer; so does pausing a watched game.
    let paused = against_computer && *dialog.get() != Dialog::None
        || crate::core::watched::watching(&game) && watch.paused;
    if clock.paused != paused {
        clock.paused = paused;
    }
    if paused {
        return;
    }
    let side = game.record.position().side_to_move();
    let left = clock.left(side).saturating_sub(time.delta());
    *clock.left_mut(side) = left;
    if left.is_zero() {
        let outcome = xiangqi::on_time(game.record.position(), side);
        game.ended = Some(outcome);
        clock.to_tags(&mut game.record);
        ended.write(GameEnded(outcome));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn increments_and_per_move_times_follow_each_move() {
        let mut c = Clock::new(TimeControl::PRESETS[1]);
        c.left[0] = Duration::from_secs(100);
        c.moved(Side::Red);
        assert_eq!(c.left(Side::Red), Duration::from_secs(103));
        let mut c = Clock::new(TimeControl::PerMove { seconds: 30 });
        let custom = ClockAdjust::MoreTime.apply(TimeControl::CUSTOM_DEFAULT);
        assert_eq!(custom.short(), "21+10");
        assert_eq!(ClockAdjust::LessIncrement.apply(custom).short(), "21+9");
        assert_eq!(ClockAdjust::SwitchKind.apply(custom).short(), "30s");
        c.left[1] = Duration::from_secs(2);
        c.moved(Side::Red);
        assert_eq!(c.left(Side::Black), Duration::from_secs(30));
        let mut record = xiangqi::GameRecord::default();
        c.to_tags(&mut record);
        assert_eq!(Clock::from_tags(&record), Some(c));
    }
}
