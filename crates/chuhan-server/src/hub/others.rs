//! The seam between this instance and the others: the one way the directory reaches them
//! ([`Others`]). A server alone runs the same code with [`Alone`], which has nobody to tell;
//! `crate::cluster` carries [`Peer`] messages between several instances through the database and
//! hands those that arrive to [`super::Hub::on_peer`] (`hub/peers.rs`, which also keeps what is
//! known of the others).

use std::time::Duration;

use serde::{Deserialize, Serialize};
use xiangqi_protocol::{ClientMsg, GameSummary, SeekView};

use crate::user::User;

/// How long a lease lasts, milliseconds: an instance that stops renewing loses its games to
/// another this long after its last renewal (and within one [`LEASE_EVERY`] more).
pub const LEASE_MS: i64 = 6_000;
/// How often an instance renews its leases and looks for games nobody holds.
pub const LEASE_EVERY: Duration = Duration::from_secs(2);

/// The other instances.
pub trait Others: Send + Sync {
    /// This instance's number (none alone).
    fn me(&self) -> Option<u16>;
    /// Sends to instance `n`.
    fn to(&self, n: u16, peer: Peer);
    /// Sends to every other instance.
    fn all(&self, peer: Peer);
}

/// A server alone: nobody to tell.
pub struct Alone;

impl Others for Alone {
    fn me(&self) -> Option<u16> {
        None
    }
    fn to(&self, _: u16, _: Peer) {}
    fn all(&self, _: Peer) {}
}

/// The name the database knows instance `n` by (its leases, its seeks).
#[must_use]
pub fn instance_name(n: u16) -> String {
    format!("i{n}")
}

/// A message between instances.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum Peer {
    /// An instance started: the others tell it what they hold.
    Hello,
    /// A seek opened on the sender.
    Seek {
        /// The seek.
        seek: SeekView,
    },
    /// A seek of the sender's was accepted, withdrawn or left.
    SeekGone {
        /// Which.
        seek: u64,
    },
    /// The players logged in on the sender.
    Online {
        /// How many.
        count: u32,
    },
    /// The sender owns a game in play (it started it or took it over).
    Listed {
        /// The game.
        game: GameSummary,
        /// Its players' name keys, Red's first.
        keys: [String; 2],
    },
    /// A game of the sender's ended (it lingers for its players).
    Unlisted {
        /// Which.
        game: u64,
    },
    /// A game of the sender's closed.
    Closed {
        /// Which.
        game: u64,
    },
    /// A line of the lobby's chat, already written for the clients.
    LobbyChat {
        /// Its author's name key (for mutes).
        from_key: String,
        /// The frame.
        frame: String,
    },
    /// A player on the sender accepts the receiver's seek.
    Accept {
        /// The player's connection on the sender.
        conn: u64,
        /// The seek.
        seek: u64,
        /// The player.
        user: User,
    },
    /// A connection on the sender joins the receiver's game (to play or to watch).
    Attach {
        /// The connection on the sender.
        conn: u64,
        /// The game.
        game: u64,
        /// Who.
        user: User,
    },
    /// A message to the receiver's game from a connection on the sender.
    ToGame {
        /// The connection on the sender.
        conn: u64,
        /// The game.
        game: u64,
        /// The message.
        msg: ClientMsg,
    },
    /// A connection on the sender left the receiver's game.
    Detach {
        /// The connection on the sender.
        conn: u64,
        /// The game.
        game: u64,
    },
    /// A frame for a connection on the receiver.
    Deliver {
        /// The connection.
        conn: u64,
        /// A chat line's author (connections that muted them drop it).
        from_key: Option<String>,
        /// The frame.
        frame: String,
    },
}
