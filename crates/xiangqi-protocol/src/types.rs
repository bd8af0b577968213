//! The values the messages carry.

use serde::{Deserialize, Serialize};

/// A side of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// Red (红), who moves first.
    Red,
    /// Black (黑).
    Black,
}

impl Side {
    /// The other side.
    #[must_use]
    pub fn other(self) -> Side {
        match self {
            Side::Red => Side::Black,
            Side::Black => Side::Red,
        }
    }
}

/// The colour a seek's owner wants.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ColorChoice {
    /// Red.
    Red,
    /// Black.
    Black,
    /// Chosen by the server at random.
    #[default]
    Random,
}

/// The rulebook a game is judged by.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Rules {
    /// The Asian rules (亚洲规则) people play by: the default online.
    #[default]
    Asian,
    /// xqbase's computer-league rules (计算机规则).
    League,
}

/// A time control: base time and Fischer increment, in seconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TimeControl {
    /// The time each side starts with, in seconds (1 to 10,800).
    pub base_s: u32,
    /// The time added after each move, in seconds (0 to 180).
    pub inc_s: u32,
}

impl TimeControl {
    /// The quick pairings offered in the lobby: 1+0, 3+2, 5+3, 10+5, 15+10, 30+0.
    pub const QUICK: [TimeControl; 6] = [
        TimeControl::new(60, 0),
        TimeControl::new(180, 2),
        TimeControl::new(300, 3),
        TimeControl::new(600, 5),
        TimeControl::new(900, 10),
        TimeControl::new(1800, 0),
    ];

    /// A time control of `base_s` seconds plus `inc_s` a move.
    #[must_use]
    pub const fn new(base_s: u32, inc_s: u32) -> TimeControl {
        TimeControl { base_s, inc_s }
    }

    /// Whether the server accepts it: 1 s to 3 hours, increment at most 3 minutes.
    #[must_use]
    pub fn is_valid(self) -> bool {
        (1..=10_800).contains(&self.base_s) && self.inc_s <= 180
    }

    /// The speed, by the estimated game time base + 40 x increment (as lichess): under 3 minutes
    /// bullet, under 8 blitz, under 25 rapid, else classical.
    #[must_use]
    pub fn speed(self) -> Speed {
        let estimate = u64::from(self.base_s) + 40 * u64::from(self.inc_s);
        match estimate {
            0..180 => Speed::Bullet,
            180..480 => Speed::Blitz,
            480..1500 => Speed::Rapid,
            _ => Speed::Classical,
        }
    }
}

impl std::fmt::Display for TimeControl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.base_s.is_multiple_of(60) {
            write!(f, "{}+{}", self.base_s / 60, self.inc_s)
        } else {
            write!(f, "{}s+{}", self.base_s, self.inc_s)
        }
    }
}

/// A rating category.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Speed {
    /// Under 3 minutes (estimated game time).
    Bullet,
    /// 3 to 8 minutes.
    Blitz,
    /// 8 to 25 minutes.
    Rapid,
    /// 25 minutes or more.
    Classical,
}

impl Speed {
    /// Every speed.
    pub const ALL: [Speed; 4] = [Speed::Bullet, Speed::Blitz, Speed::Rapid, Speed::Classical];

    /// The lower-case name, as stored and as JSON writes it.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Speed::Bullet => "bullet",
            Speed::Blitz => "blitz",
            Speed::Rapid => "rapid",
            Speed::Classical => "classical",
        }
    }
}

/// A player's rating in one speed.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingView {
    /// The speed.
    pub speed: Speed,
    /// The Glicko-2 rating, rounded.
    pub rating: i32,
    /// The rating deviation, rounded.
    pub deviation: i32,
    /// Whether the deviation is still high (over 110): the rating is shown with a `?`.
    pub provisional: bool,
    /// Rated games played in this speed.
    pub games: u32,
}

/// A player as others see them in a game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerView {
    /// The name.
    pub name: String,
    /// The rating in the game's speed (none for a guest).
    pub rating: Option<i32>,
    /// Whether that rating is provisional.
    pub provisional: bool,
    /// Whether the player is a guest.
    pub guest: bool,
    /// Whether the player is connected now.
    pub connected: bool,
}

/// An open seek in the lobby.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeekView {
    /// Its number.
    pub id: u64,
    /// Who seeks.
    pub name: String,
    /// Their rating in the seek's speed (none for a guest).
    pub rating: Option<i32>,
    /// Whether that rating is provisional.
    pub provisional: bool,
    /// The time control.
    pub time: TimeControl,
    /// Rated or casual.
    pub rated: bool,
    /// The colour the owner plays.
    pub color: ColorChoice,
    /// The rulebook.
    pub rules: Rules,
    /// The lowest rating that may accept (none: any).
    pub rating_min: Option<i32>,
    /// The highest rating that may accept (none: any).
    pub rating_max: Option<i32>,
}

/// A challenge to a named player.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChallengeView {
    /// Its number.
    pub id: u64,
    /// Who challenges.
    pub from: String,
    /// Who is challenged.
    pub to: String,
    /// The time control.
    pub time: TimeControl,
    /// Rated or casual.
    pub rated: bool,
    /// The colour the challenger plays.
    pub color: ColorChoice,
    /// The rulebook.
    pub rules: Rules,
    /// The start position, when not the usual one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fen: Option<String>,
}

/// The clocks, in milliseconds left; the side whose clock runs ticks down locally from the moment
/// the message arrives until the next update corrects it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockView {
    /// Red's time left.
    pub red_ms: u64,
    /// Black's time left.
    pub black_ms: u64,
    /// The side whose clock runs (none before the first move and after the end).
    pub running: Option<Side>,
}

/// A game in play, as the lobby lists it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameSummary {
    /// The game's number.
    pub id: u64,
    /// Red's name.
    pub red: String,
    /// Black's name.
    pub black: String,
    /// The time control.
    pub time: TimeControl,
    /// Rated or casual.
    pub rated: bool,
    /// The rulebook.
    pub rules: Rules,
    /// Moves played so far.
    pub plies: u32,
}

/// What the receiver is in a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// Playing red.
    Red,
    /// Playing black.
    Black,
    /// Watching.
    Spectator,
}

/// A pending offer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OfferKind {
    /// A draw (求和).
    Draw,
    /// Taking back the offerer's last move (悔棋).
    Takeback,
    /// A new game with colours swapped, after the end.
    Rematch,
}

/// What a player claims when the opponent has been gone long enough.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClaimKind {
    /// The win.
    Win,
    /// A draw.
    Draw,
}

/// A chat room.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Room {
    /// The lobby.
    Lobby,
    /// A game: its players' chat, or its spectators' (the sender's role decides which).
    Game {
        /// The game's number.
        game: u64,
    },
}

/// A line of chat.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChatLine {
    /// Who wrote it.
    pub from: String,
    /// What (140 characters at most).
    pub text: String,
    /// Whether it was said among the spectators (never shown to the players during the game).
    pub spectators: bool,
}

/// A rating before and after a game.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingChange {
    /// Before.
    pub before: i32,
    /// After.
    pub after: i32,
}

/// A whole game as the server holds it: what a player or spectator needs to show it, sent on
/// joining and after every reconnection.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameView {
    /// The game's number.
    pub id: u64,
    /// Red.
    pub red: PlayerView,
    /// Black.
    pub black: PlayerView,
    /// The receiver's role.
    pub you: Role,
    /// The time control.
    pub time: TimeControl,
    /// Rated or casual.
    pub rated: bool,
    /// The rulebook.
    pub rules: Rules,
    /// The start position (FEN).
    pub fen: String,
    /// The moves played, in ICCS.
    pub moves: Vec<String>,
    /// The clocks now.
    pub clocks: ClockView,
    /// The offers pending, with who made them.
    pub offers: Vec<(OfferKind, Side)>,
    /// The chat the receiver may see.
    pub chat: Vec<ChatLine>,
    /// The result (`1-0`, `0-1`, `1/2-1/2`), once over.
    pub result: Option<crate::GameResult>,
    /// Why it ended, once over (a reason code such as `checkmate`).
    pub reason: Option<crate::EndReason>,
}
