//! How a new game starts: the usual position or a handicap, who plays which side, and the time
//! control.

use std::time::Duration;

use xiangqi::{Color as Side, GameRecord, Handicap, Position};

use crate::core::game::{NewGame, Players};

/// How a game starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Setup {
    /// The usual start position with these players.
    Standard(Players),
    /// A handicap game against the computer; the giver plays Red and moves first.
    Handicap {
        /// What is given.
        handicap: Handicap,
        /// Whether the player gives it (让) or the computer (被让).
        player_gives: bool,
    },
}

impl Default for Setup {
    fn default() -> Setup {
        Setup::Standard(Players::HUMAN_RED)
    }
}

impl Setup {
    /// Who plays which side: in a handicap game the giver is Red.
    #[must_use]
    pub fn players(self) -> Players {
        match self {
            Setup::Standard(players) => players,
            Setup::Handicap {
                player_gives: true, ..
            } => Players::HUMAN_RED,
            Setup::Handicap {
                player_gives: false,
                ..
            } => Players::HUMAN_BLACK,
        }
    }

    /// The new game this setup starts.
    #[must_use]
    pub fn start(self) -> NewGame {
        let record = match self {
            Setup::Standard(_) => GameRecord::new(Position::startpos()),
            Setup::Handicap { handicap, .. } => {
                let mut record = GameRecord::new(handicap.position(Side::Red));
                record.set_tag("Opening", handicap.chinese_name());
                record
            }
        };
        NewGame {
            record,
            players: self.players(),
            puzzle: None,
        }
    }
}

/// How much time the players have.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum TimeControl {
    /// No clock.
    #[default]
    Untimed,
    /// `base` seconds for the game, `increment` seconds added after each move.
    Fischer {
        /// Seconds at the start.
        base: u32,
        /// Seconds added after each move.
        increment: u32,
    },
    /// The same time for every move; what is left of it is not kept.
    PerMove {
        /// Seconds for each move.
        seconds: u32,
    },
}

impl TimeControl {
    /// The choices offered besides the player's own.
    pub const PRESETS: [TimeControl; 4] = [
        TimeControl::Untimed,
        TimeControl::Fischer {
            base: 300,
            increment: 3,
        },
        TimeControl::Fischer {
            base: 600,
            increment: 5,
        },
        TimeControl::Fischer {
            base: 900,
            increment: 10,
        },
    ];

    /// The player's own control at first: 20 minutes, 10 seconds a move.
    pub const CUSTOM_DEFAULT: TimeControl = TimeControl::Fischer {
        base: 1200,
        increment: 10,
    };

    /// Short form: `5+3` (minutes and seconds), `30s` (per move), `-` (untimed).
    #[must_use]
    pub fn short(self) -> String {
        match self {
            TimeControl::Untimed => "-".to_owned(),
            TimeControl::Fischer { base, increment } if base % 60 == 0 => {
                format!("{}+{increment}", base / 60)
            }
            TimeControl::Fischer { base, increment } => format!("{base}s+{increment}"),
            TimeControl::PerMove { seconds } => format!("{seconds}s"),
        }
    }

    /// As PGN's `TimeControl` tag writes it: `-`, `300+3`, or `1/30` (one move each 30 s).
    #[must_use]
    pub fn pgn(self) -> String {
        match self {
            TimeControl::Untimed => "-".to_owned(),
            TimeControl::Fischer { base, increment } => format!("{base}+{increment}"),
            TimeControl::PerMove { seconds } => format!("1/{seconds}"),
        }
    }

    /// Reads [`TimeControl::pgn`]'s form.
    #[must_use]
    pub fn from_pgn(text: &str) -> Option<TimeControl> {
        let text = text.trim();
        if text == "-" {
            return Some(TimeControl::Untimed);
        }
        if let Some(seconds) = text.strip_prefix("1/") {
            let seconds = seconds.parse().ok().filter(|&s| s > 0)?;
            return Some(TimeControl::PerMove { seconds });
        }
        let (base, increment) = text.split_once('+').unwrap_or((text, "0"));
        Some(TimeControl::Fischer {
            base: base.parse().ok().filter(|&b| b > 0)?,
            increment: increment.parse().ok()?,
        })
    }

    /// Each side's time at the start.
    #[must_use]
    pub fn initial(self) -> Option<Duration> {
        match self {
            TimeControl::Untimed => None,
            TimeControl::Fischer { base, .. } => Some(Duration::from_secs(base.into())),
            TimeControl::PerMove { seconds } => Some(Duration::from_secs(seconds.into())),
        }
    }
}

/// A change of the player's own time control in the clock menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClockAdjust {
    /// Choose it as it is.
    Choose,
    /// One step more (base time, or the time per move).
    MoreTime,
    /// One step less.
    LessTime,
    /// One second more increment.
    MoreIncrement,
    /// One second less increment.
    LessIncrement,
    /// Between base + increment and a fixed time per move.
    SwitchKind,
}

impl ClockAdjust {
    /// `control` changed this way (never to no time at all).
    #[must_use]
    pub fn apply(self, control: TimeControl) -> TimeControl {
        use TimeControl::{Fischer, PerMove, Untimed};
        let minute = |base: u32, up: bool| {
            if up {
                (base + 60).min(180 * 60)
            } else {
                base.saturating_sub(60).max(60)
            }
        };
        let per_move = |s: u32, up: bool| {
            let step = if s < 60 || (s == 60 && !up) { 5 } else { 30 };
            if up {
                (s + step).min(600)
            } else {
                s.saturating_sub(step).max(5)
            }
        };
        match (self, control) {
            (_, Untimed) => TimeControl::CUSTOM_DEFAULT,
            (ClockAdjust::Choose, _) => control,
            (ClockAdjust::SwitchKind, Fischer { .. }) => PerMove { seconds: 30 },
            (ClockAdjust::SwitchKind, PerMove { .. }) => TimeControl::CUSTOM_DEFAULT,
            (ClockAdjust::MoreTime | ClockAdjust::LessTime, Fischer { base, increment }) => {
                Fischer {
                    base: minute(base, self == ClockAdjust::MoreTime),
                    increment,
                }
            }
            (ClockAdjust::MoreIncrement, Fischer { base, increment }) => Fischer {
                base,
                increment: (increment + 1).min(60),
            },
            (ClockAdjust::LessIncrement, Fischer { base, increment }) => Fischer {
                base,
                increment: increment.saturating_sub(1),
            },
            (ClockAdjust::MoreTime | ClockAdjust::LessTime, PerMove { seconds }) => PerMove {
                seconds: per_move(seconds, self == ClockAdjust::MoreTime),
            },
            (ClockAdjust::MoreIncrement | ClockAdjust::LessIncrement, PerMove { .. }) => control,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_read_back_what_they_write() {
        let mut all = TimeControl::PRESETS.to_vec();
        all.push(TimeControl::PerMove { seconds: 30 });
        all.push(TimeControl::CUSTOM_DEFAULT);
        for tc in all {
            assert_eq!(TimeControl::from_pgn(&tc.pgn()), Some(tc), "{tc:?}");
        }
        assert_eq!(TimeControl::PRESETS[1].short(), "5+3");
        assert_eq!(TimeControl::from_pgn("0+3"), None);
        assert_eq!(TimeControl::from_pgn("abc"), None);
    }
}
