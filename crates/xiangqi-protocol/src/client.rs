//! What a client sends.

use serde::{Deserialize, Serialize};

use crate::error::ParseError;
use crate::types::{ClaimKind, ColorChoice, OfferKind, Room, Rules, TimeControl};

/// A message from a client to the server.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMsg {
    /// The first message of every connection.
    Hello {
        /// [`crate::PROTOCOL_VERSION`].
        protocol: u32,
        /// The client's name and version, for the server's logs.
        client: String,
    },
    /// Create an account and log in.
    Register {
        /// 2-20 characters: letters (Chinese too), digits, `_` and `-`.
        name: String,
        /// 8-128 characters.
        password: String,
    },
    /// Log in with a name and password.
    Login {
        /// The name (compared after NFKC, case-insensitively).
        name: String,
        /// The password.
        password: String,
    },
    /// Log in again with the token a login returned.
    Resume {
        /// The token.
        token: String,
    },
    /// Play as a guest (casual games only) under a temporary name such as 游客4821.
    Guest,
    /// Log out: the token of this session is revoked.
    Logout,
    /// Change the password: every token of the account is revoked, a new one returned.
    ChangePassword {
        /// The password now.
        old: String,
        /// The new one.
        new: String,
    },
    /// Follow the lobby (a `lobby` snapshot, then its changes) or stop following it.
    Lobby {
        /// Follow (true) or stop (false).
        subscribe: bool,
    },
    /// Open a seek in the lobby.
    Seek(SeekTerms),
    /// Withdraw one's seek.
    CancelSeek {
        /// Its number.
        seek: u64,
    },
    /// Accept a seek: the game starts.
    AcceptSeek {
        /// Its number.
        seek: u64,
    },
    /// Challenge a named player.
    Challenge(ChallengeTerms),
    /// Accept a challenge: the game starts.
    AcceptChallenge {
        /// Its number.
        challenge: u64,
    },
    /// Decline (or, by the challenger, withdraw) a challenge.
    DeclineChallenge {
        /// Its number.
        challenge: u64,
    },
    /// Play a move.
    Move {
        /// The game.
        game: u64,
        /// The number of moves played before this one (a move sent twice is played once).
        ply: u32,
        /// The move in ICCS, e.g. `h2e2`.
        mv: String,
        /// How long the player thought, as the client measured it (for lag compensation).
        #[serde(default)]
        think_ms: Option<u64>,
    },
    /// Make an offer (draw, takeback, rematch), or accept the opponent's of that kind.
    Offer {
        /// The game.
        game: u64,
        /// What is offered.
        kind: OfferKind,
    },
    /// Decline the opponent's offer, or withdraw one's own.
    Decline {
        /// The game.
        game: u64,
        /// Which offer.
        kind: OfferKind,
    },
    /// Resign.
    Resign {
        /// The game.
        game: u64,
    },
    /// Abort before both sides have moved: no result, no rating.
    Abort {
        /// The game.
        game: u64,
    },
    /// Claim the win or a draw when the opponent has been gone long enough.
    Claim {
        /// The game.
        game: u64,
        /// What is claimed.
        kind: ClaimKind,
    },
    /// Watch a game (or reopen one's own after a reconnection).
    Watch {
        /// The game.
        game: u64,
    },
    /// Stop watching.
    Unwatch {
        /// The game.
        game: u64,
    },
    /// Say something.
    Chat {
        /// Where.
        room: Room,
        /// What (140 characters at most).
        text: String,
    },
    /// Hide a player's chat from oneself (for the session and stored with the account).
    Mute {
        /// Whom.
        name: String,
    },
    /// Show a muted player's chat again.
    Unmute {
        /// Whom.
        name: String,
    },
    /// Ask for an answer (the client's own keep-alive and lag measure).
    Ping {
        /// Echoed back.
        n: u64,
    },
}

/// The types a client may send, as `"t"` spells them.
pub(crate) const CLIENT_TYPES: &[&str] = &[
    "hello",
    "register",
    "login",
    "resume",
    "guest",
    "logout",
    "change_password",
    "lobby",
    "seek",
    "cancel_seek",
    "accept_seek",
    "challenge",
    "accept_challenge",
    "decline_challenge",
    "move",
    "offer",
    "decline",
    "resign",
    "abort",
    "claim",
    "watch",
    "unwatch",
    "chat",
    "mute",
    "unmute",
    "ping",
];

impl ClientMsg {
    /// Every type a client may send, as `"t"` spells it.
    pub const TYPES: &[&str] = CLIENT_TYPES;

    /// The message as one JSON text frame.
    #[must_use]
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Reads a frame: not JSON, an unknown type and a wrong field are told apart.
    pub fn from_json(text: &str) -> Result<ClientMsg, ParseError> {
        crate::error::parse(text, CLIENT_TYPES)
    }
}

/// A seek's terms: what [`ClientMsg::Seek`] carries (its fields sit beside `"t"` on the wire).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeekTerms {
    /// The time control.
    pub time: TimeControl,
    /// Rated (accounts only) or casual.
    pub rated: bool,
    /// The colour wanted.
    #[serde(default)]
    pub color: ColorChoice,
    /// The rulebook (Asian by default).
    #[serde(default)]
    pub rules: Rules,
    /// The lowest rating that may accept.
    #[serde(default)]
    pub rating_min: Option<i32>,
    /// The highest rating that may accept.
    #[serde(default)]
    pub rating_max: Option<i32>,
}

/// A challenge's terms: what [`ClientMsg::Challenge`] carries.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChallengeTerms {
    /// Whom.
    pub to: String,
    /// The time control.
    pub time: TimeControl,
    /// Rated or casual.
    pub rated: bool,
    /// The colour the challenger plays.
    #[serde(default)]
    pub color: ColorChoice,
    /// The rulebook.
    #[serde(default)]
    pub rules: Rules,
    /// A start position other than the usual one (a FEN: a handicap, a study); casual
    /// games only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fen: Option<String>,
}
