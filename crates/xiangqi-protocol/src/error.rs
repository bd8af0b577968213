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
    let value = unique_keys(text).map_err(|e| ParseError {
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

/// JSON read into a value, refusing an object that gives a key twice: serde_json keeps the last,
/// so `{"t":"ping","t":"logout"}` read as a logout; what a reader that keeps the first would see
/// differs, and a server must not guess.
fn unique_keys(text: &str) -> Result<serde_json::Value, serde_json::Error> {
    use serde::de::DeserializeSeed;
    let mut de = serde_json::Deserializer::from_str(text);
    let value = UniqueKeys.deserialize(&mut de)?;
    de.end()?;
    Ok(value)
}

/// Reads any JSON value, each object's keys once each.
struct UniqueKeys;

impl<'de> serde::de::DeserializeSeed<'de> for UniqueKeys {
    type Value = serde_json::Value;

    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> serde::de::Visitor<'de> for UniqueKeys {
    type Value = serde_json::Value;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Self::Value, E> {
        Ok(v.into())
    }

    fn visit_i64<E>(self, v: i64) -> Result<Self::Value, E> {
        Ok(v.into())
    }

    fn visit_u64<E>(self, v: u64) -> Result<Self::Value, E> {
        Ok(v.into())
    }

    fn visit_f64<E>(self, v: f64) -> Result<Self::Value, E> {
        Ok(v.into())
    }

    fn visit_str<E>(self, v: &str) -> Result<Self::Value, E> {
        Ok(v.into())
    }

    fn visit_string<E>(self, v: String) -> Result<Self::Value, E> {
        Ok(v.into())
    }

    fn visit_unit<E>(self) -> Result<Self::Value, E> {
        Ok(serde_json::Value::Null)
    }

    fn visit_none<E>(self) -> Result<Self::Value, E> {
        Ok(serde_json::Value::Null)
    }

    fn visit_some<D: serde::Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        serde::de::DeserializeSeed::deserialize(self, d)
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut items = Vec::new();
        while let Some(v) = seq.next_element_seed(UniqueKeys)? {
            items.push(v);
        }
        Ok(serde_json::Value::Array(items))
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut object = serde_json::Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if object.contains_key(&key) {
                let shown: String = key.chars().take(40).collect();
                return Err(serde::de::Error::custom(format_args!(
                    "the key {shown:?} is given twice"
                )));
            }
            let value = map.next_value_seed(UniqueKeys)?;
            object.insert(key, value);
        }
        Ok(serde_json::Value::Object(object))
    }
}
