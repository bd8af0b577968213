//! What can go wrong with a link, in sentences a player can read.

use std::fmt;
use std::time::Duration;

use xiangqi_protocol::ErrorCode;

/// Why a link closed or could not connect.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkError {
    /// The address could not be read.
    BadAddress(String),
    /// Nothing answered at the address.
    Unreachable {
        /// The address.
        address: String,
        /// The system's reason.
        why: String,
    },
    /// The server speaks another version of the protocol.
    ProtocolVersion {
        /// Ours.
        ours: u32,
        /// The server's words.
        message: String,
    },
    /// The server refused (a wrong password, a name taken, a token no longer good, …).
    Refused {
        /// Its code.
        code: ErrorCode,
        /// Its words.
        message: String,
    },
    /// The connection was lost.
    Lost(String),
    /// The connection was lost and could not be made again.
    GaveUp {
        /// How long it was tried.
        after: Duration,
        /// The last failure.
        why: String,
    },
    /// The link could not start (no thread, no runtime).
    Internal(String),
}

impl fmt::Display for LinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinkError::BadAddress(what) => write!(f, "{what} is not a server address"),
            LinkError::Unreachable { address, why } => {
                write!(f, "the server at {address} cannot be reached ({why})")
            }
            LinkError::ProtocolVersion { ours, message } => write!(
                f,
                "the server speaks another version of the protocol than this game ({ours}): {message}"
            ),
            LinkError::Refused { code, message } => match code {
                ErrorCode::BadCredentials => write!(f, "wrong name or password"),
                ErrorCode::NameTaken => write!(f, "that name is taken"),
                ErrorCode::TokenInvalid => {
                    write!(f, "the saved login is no longer valid: log in again")
                }
                _ => write!(f, "{message}"),
            },
            LinkError::Lost(why) => write!(f, "the connection was lost ({why})"),
            LinkError::GaveUp { after, why } => write!(
                f,
                "the server could not be reached again for {} s ({why})",
                after.as_secs()
            ),
            LinkError::Internal(why) => write!(f, "online play could not start: {why}"),
        }
    }
}

impl std::error::Error for LinkError {}
