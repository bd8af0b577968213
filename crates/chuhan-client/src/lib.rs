//! Chuhan's online client, shared by the game and its tests: a [`Link`] to `chuhan-server` on a
//! thread of its own (a small tokio runtime; the caller only sends requests and polls events,
//! so a slow or dead server never holds the caller), the [`Session`] folded from what the server
//! says (lobby, games, clocks, offers, chat) and the [`TokenStore`] that keeps logins between
//! runs. No Bevy: the game's `online` feature puts it on screen.
//!
//! ```no_run
//! use std::time::{Duration, Instant};
//! use chuhan_client::{Credentials, Link, Request, ServerAddress, Session};
//!
//! let link = Link::start("example 1.0").unwrap();
//! link.send(Request::Connect { address: ServerAddress::local(), credentials: Credentials::Guest });
//! let mut session = Session::default();
//! while let Some(event) = link.next(Duration::from_secs(5)) {
//!     for change in session.apply(event, Instant::now()) {
//!         println!("{change:?}");
//!     }
//! }
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod address;
mod error;
pub mod link;
pub mod session;
mod token;

pub use address::{DEFAULT_PORT, ServerAddress, TLS_PORT};
pub use error::LinkError;
pub use link::{Credentials, Event, Link, Request};
pub use session::{Change, Connection, Lobby, Me, OnlineGame, Session};
pub use token::TokenStore;
/// The rules library's outcome of a finished game's result and reason (from the protocol crate).
pub use xiangqi_protocol::outcome_of;
