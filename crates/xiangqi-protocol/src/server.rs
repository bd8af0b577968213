//! What the server sends.

use serde::{Deserialize, Serialize};

use crate::ending::{EndReason, GameResult};
use crate::error::{ErrorCode, ParseError};
use crate::types::{
    ChallengeView, ChatLine, ClockView, GameSummary, GameView, OfferKind, RatingChange, RatingView,
    Room, SeekView, Side,
};

/// A message from the server to a client.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum ServerMsg {
    /// The answer to `hello`: the server's protocol version and name.
    Welcome {
        /// [`crate::PROTOCOL_VERSION`].
        protocol: u32,
        /// The server's name and version.
        server: String,
    },
    /// A refusal: nothing changed.
    Error {
        /// Why, as a code.
        code: ErrorCode,
        /// Why, in words.
        message: String,
        /// The game it concerns, if any.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        game: Option<u64>,
    },
    /// Logged in (after `register`, `login`, `resume`, `guest` or `change_password`).
    LoggedIn {
        /// The name.
        name: String,
        /// A new token (after `register`, `login`, `guest` and `change_password`); keep it to
        /// log in again with `resume`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        token: Option<String>,
        /// Whether this is a guest.
        guest: bool,
        /// The ratings, one per speed (none for a guest).
        ratings: Vec<RatingView>,
        /// The games this player is in now (to reopen after a reconnection).
        playing: Vec<u64>,
    },
    /// Logged out.
    LoggedOut,
    /// The whole lobby, sent after logging in.
    Lobby {
        /// Open seeks.
        seeks: Vec<SeekView>,
        /// Players online.
        online: u32,
        /// Games in play.
        games: Vec<GameSummary>,
    },
    /// A seek was opened.
    SeekAdded {
        /// It.
        seek: SeekView,
    },
    /// A seek was taken, withdrawn, or its owner left.
    SeekRemoved {
        /// Its number.
        seek: u64,
    },
    /// The number of players online changed.
    Online {
        /// Players online.
        count: u32,
    },
    /// A game started (for the lobby's list).
    GameListed {
        /// It.
        game: GameSummary,
    },
    /// A game ended (for the lobby's list).
    GameUnlisted {
        /// Its number.
        game: u64,
    },
    /// A challenge to or from the receiver.
    Challenged {
        /// It.
        challenge: ChallengeView,
    },
    /// A challenge was accepted, declined or withdrawn, or its challenger left.
    ChallengeGone {
        /// Its number.
        challenge: u64,
    },
    /// A whole game: on its start, on watching, and after each reconnection.
    Game {
        /// It.
        game: GameView,
    },
    /// A move was played: to both players (the mover's acknowledgement) and the spectators.
    Moved {
        /// The game.
        game: u64,
        /// Moves before it.
        ply: u32,
        /// The move in ICCS.
        mv: String,
        /// The clocks after it.
        clocks: ClockView,
    },
    /// An offer was made.
    Offered {
        /// The game.
        game: u64,
        /// What.
        kind: OfferKind,
        /// By whom.
        by: Side,
    },
    /// An offer was declined or withdrawn (a move withdraws a draw offer).
    OfferGone {
        /// The game.
        game: u64,
        /// What.
        kind: OfferKind,
    },
    /// Moves were taken back by agreement.
    TookBack {
        /// The game.
        game: u64,
        /// The moves left.
        plies: u32,
        /// The clocks now.
        clocks: ClockView,
    },
    /// A player connected or left.
    Connection {
        /// The game.
        game: u64,
        /// Whose connection.
        side: Side,
        /// Connected now.
        connected: bool,
        /// When gone: in how many ms the opponent may claim (0: now).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        claim_in_ms: Option<u64>,
    },
    /// The game ended.
    GameOver {
        /// The game.
        game: u64,
        /// `1-0`, `0-1`, `1/2-1/2`, or `*` when aborted.
        result: GameResult,
        /// Why: `checkmate`, `stalemate`, `perpetual_check`, `perpetual_chase`,
        /// `check_and_chase`, `resignation`, `timeout`, `repetition`, `both_perpetual`,
        /// `no_capture_limit`, `no_attacking_pieces`, `agreement`, `timeout_no_mating_material`,
        /// `abandoned` (won by claim), `abandoned_draw`, `aborted`.
        reason: EndReason,
        /// The rating changes (rated games).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        red_rating: Option<RatingChange>,
        /// The rating changes (rated games).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        black_rating: Option<RatingChange>,
    },
    /// A chat line.
    Chat {
        /// Where.
        room: Room,
        /// It.
        line: ChatLine,
    },
    /// The answer to `ping`.
    Pong {
        /// Echoed.
        n: u64,
    },
}

/// The types the server sends, as `"t"` spells them.
const SERVER_TYPES: &[&str] = &[
    "welcome",
    "error",
    "logged_in",
    "logged_out",
    "lobby",
    "seek_added",
    "seek_removed",
    "online",
    "game_listed",
    "game_unlisted",
    "challenged",
    "challenge_gone",
    "game",
    "moved",
    "offered",
    "offer_gone",
    "took_back",
    "connection",
    "game_over",
    "chat",
    "pong",
];

impl ServerMsg {
    /// Every type the server sends, as `"t"` spells it.
    pub const TYPES: &[&str] = SERVER_TYPES;

    /// The message as one JSON text frame.
    #[must_use]
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Reads a frame from the server.
    pub fn from_json(text: &str) -> Result<ServerMsg, ParseError> {
        crate::error::parse(text, SERVER_TYPES)
    }

    /// An error message.
    #[must_use]
    pub fn error(code: ErrorCode, message: impl Into<String>) -> ServerMsg {
        ServerMsg::Error {
            code,
            message: message.into(),
            game: None,
        }
    }
}
