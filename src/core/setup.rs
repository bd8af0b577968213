//! How a new game starts: the usual position or a handicap, and who plays which side.

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
        }
    }
}
