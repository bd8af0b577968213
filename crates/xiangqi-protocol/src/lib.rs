//! The messages between Chuhan (or any client) and `chuhan-server`: JSON text frames over a
//! WebSocket at `/ws`, one message per frame, each an object whose `"t"` names its type.
//!
//! A connection starts with [`ClientMsg::Hello`] carrying [`PROTOCOL_VERSION`]; a server of
//! another version answers [`ErrorCode::ProtocolVersion`] and closes. Moves are ICCS strings
//! (`"h2e2"`), numbered by ply (the number of moves played before them), so that a move sent twice
//! is played once. The reference, with an example of each message and the order of a whole game,
//! is `docs/protocol.md`.
//!
//! ```
//! use xiangqi_protocol::{ClientMsg, PROTOCOL_VERSION};
//!
//! let hello = ClientMsg::Hello { protocol: PROTOCOL_VERSION, client: "chuhan 0.1".into() };
//! let text = hello.to_json();
//! assert_eq!(text, r#"{"t":"hello","protocol":1,"client":"chuhan 0.1"}"#);
//! assert_eq!(ClientMsg::from_json(&text), Ok(hello));
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod chat;
mod client;
mod ending;
mod error;
#[cfg(feature = "xiangqi")]
mod rules_library;
mod server;
mod types;

pub use client::{ChallengeTerms, ClientMsg, SeekTerms};
pub use ending::{EndReason, GameResult};
pub use error::{ErrorCode, ParseError};
#[cfg(feature = "xiangqi")]
pub use rules_library::outcome_of;
pub use server::ServerMsg;
pub use types::{
    ChallengeView, ChatLine, ClaimKind, ClockView, ColorChoice, GameSummary, GameView, OfferKind,
    PlayerView, RatingChange, RatingView, Role, Room, Rules, SeekView, Side, Speed, TimeControl,
};

/// The protocol's version: a client and a server speak only their own.
pub const PROTOCOL_VERSION: u32 = 1;

/// The longest frame a server reads (bytes); a longer one is refused with
/// [`ErrorCode::FrameTooLarge`] and the connection closed.
pub const MAX_FRAME_BYTES: usize = 8 * 1024;

/// The longest chat line, in characters.
pub const MAX_CHAT_CHARS: usize = 140;

/// The fewest and most characters of a player's name (after NFKC), as the server checks them and
/// the game's name field limits them.
pub const NAME_CHARS: std::ops::RangeInclusive<usize> = 2..=20;
