//! Error codes, and reading a frame into a message with a precise error.

use serde::{Deserialize, Serialize};

/// Why the server refused something. Every refusal changes nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// The client speaks another protocol version (the connection is closed).
    ProtocolVersion,
    /// The first message was not `hello`.
    HelloFirst,
    /// The frame is longer than [`crate::MAX_FRAME_BYTES`] (the connection is closed).
    FrameTooLarge,
    /// The frame is not JSON, or a binary frame.
    BadJson,
    /// The message's `"t"` names no message.
    UnknownType,
    /// A field is missing, unknown or of the wrong type.
    BadField,
    /// Logging in is needed first.
    NotLoggedIn,
    /// Already logged in on this connection.
    AlreadyLoggedIn,
    /// Wrong name or password.
    BadCredentials,
    /// The name is taken.
    NameTaken,
    /// The name breaks the rules for names (length, characters).
    NameInvalid,
    /// The name is reserved.
    NameReserved,
    /// The password is too short or too long.
    PasswordInvalid,
    /// The token is unknown, revoked or expired.
    TokenInvalid,
    /// The account is banned.
    Banned,
    /// Too many attempts or messages: wait and try again.
    RateLimited,
    /// Too many connections from this address.
    TooManyConnections,
    /// No such seek (taken or withdrawn).
    NoSuchSeek,
    /// No such challenge.
    NoSuchChallenge,
    /// No such player.
    NoSuchPlayer,
    /// No such game.
    NoSuchGame,
    /// The sender does not play in that game.
    NotYourGame,
    /// It is the other side's turn.
    NotYourTurn,
    /// The move breaks the rules (or is not ICCS).
    IllegalMove,
    /// The ply number does not follow the game (the move is not played).
    WrongPly,
    /// The game is over.
    GameOver,
    /// Guests cannot do that (rated games).
    GuestNotAllowed,
    /// The time control or rating range is out of bounds.
    BadSeek,
    /// One's own seek or challenge cannot be accepted, or the rating is out of the seek's range.
    CannotAccept,
    /// There is no such offer to accept or decline.
    NoOffer,
    /// Not possible now (abort after both moved, claim too early, an offer already pending...).
    NotNow,
    /// The chat line is empty or longer than [`crate::MAX_CHAT_CHARS`].
    ChatInvalid,
    /// The server failed; nothing was changed.
    Internal,
}

/// A frame that does not read as a message: the code to answer with and the reason in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// [`ErrorCode::BadJson`], [`ErrorCode::UnknownType`] or [`ErrorCode::BadField`].
    pub code: ErrorCode,
    /// What was wrong.
    pub message: String,
}

impl std::fmt::Display for ParseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ParseError {}

pub(crate) fn parse<T: serde::de::DeserializeOwned>(
    text: &str,
    types: &[&str],
) -> Result<T, ParseError> {
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| ParseError {
        code: ErrorCode::BadJson,
        message: format!("not JSON: {e}"),
    })?;
    let Some(kind) = value.get("t") else {
        return Err(ParseError {
            code: ErrorCode::BadField,
            message: "a message is an object with a \"t\" field".into(),
        });
    };
    let Some(kind) = kind.as_str().map(str::to_owned) else {
        return Err(ParseError {
            code: ErrorCode::BadField,
            message: "\"t\" is a string".into(),
        });
    };
    if !types.contains(&kind.as_str()) {
        let mut shown: String = kind.chars().take(40).collect();
        if shown.len() < kind.len() {
            shown.push('…');
        }
        return Err(ParseError {
            code: ErrorCode::UnknownType,
            message: format!("unknown message type {shown:?}"),
        });
    }
    serde_json::from_value(value).map_err(|e| ParseError {
        code: ErrorCode::BadField,
        message: format!("{kind}: {e}"),
    })
}
