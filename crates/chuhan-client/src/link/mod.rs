//! The link to a server: a thread of its own running a small tokio runtime (in a browser page, a
//! task on the page's event loop), holding one WebSocket connection. The caller (the game's frame loop) sends [`Request`]s and polls [`Event`]s through
//! channels; nothing here ever blocks the caller.
//!
//! Once logged in, a lost connection is tried again by itself with a growing pause
//! ([`BACKOFF`]), logging in with the token the server gave, for up to [`GIVE_UP_AFTER`]; the
//! server then sends the games in play again, so nothing is played twice (moves are numbered by
//! ply). What is asked while the connection is down is not sent, and said so ([`Event::Unsent`]).
//!
//! Both channels are bounded: at most [`REQUEST_QUEUE`] requests wait for the link (one more is
//! refused at once and reported at the next poll, a message as [`Event::Unsent`]), and at most
//! [`EVENT_QUEUE`] events wait for the caller (beyond that the link waits for the caller to poll,
//! leaving the server's messages in the socket).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, mpsc};
use std::time::Duration;

use tokio::sync::mpsc::Sender;
use tokio::sync::mpsc::error::TrySendError;
use tokio::sync::mpsc::{Receiver, channel};
use xiangqi_protocol::{ClientMsg, ServerMsg};

use crate::address::ServerAddress;
use crate::error::LinkError;

mod connection;
mod socket;
use connection::Connection;

/// How long connecting and each step of logging in may take.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

/// The pauses between reconnection attempts (the last one repeats).
pub const BACKOFF: [Duration; 5] = [
    Duration::from_millis(250),
    Duration::from_millis(500),
    Duration::from_secs(1),
    Duration::from_secs(2),
    Duration::from_secs(4),
];

/// How long the link keeps trying after losing the connection.
pub const GIVE_UP_AFTER: Duration = Duration::from_secs(120);

/// How often the link pings an idle connection (the server closes silent ones after a minute).
pub const PING_EVERY: Duration = Duration::from_secs(20);

/// How to log in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Credentials {
    /// A new account.
    Register {
        /// The name.
        name: String,
        /// The password.
        password: String,
    },
    /// An account.
    Login {
        /// The name.
        name: String,
        /// The password.
        password: String,
    },
    /// A guest under a name the server gives.
    Guest,
    /// The token a login gave (kept by the player's game).
    Resume {
        /// It.
        token: String,
    },
}

impl Credentials {
    pub(super) fn message(&self) -> ClientMsg {
        match self.clone() {
            Credentials::Register { name, password } => ClientMsg::Register { name, password },
            Credentials::Login { name, password } => ClientMsg::Login { name, password },
            Credentials::Guest => ClientMsg::Guest,
            Credentials::Resume { token } => ClientMsg::Resume { token },
        }
    }
}

/// What the caller asks of the link.
#[derive(Clone, Debug, PartialEq)]
pub enum Request {
    /// Connect to a server and log in (closing any connection first).
    Connect {
        /// Where.
        address: ServerAddress,
        /// How to log in.
        credentials: Credentials,
    },
    /// Send a message.
    Send(ClientMsg),
    /// Log out (the token is revoked) and close.
    LogOut,
    /// Close the connection (the token stays good).
    Disconnect,
}

/// What the link reports.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// Connected and logged in; the token to keep (a new one, or the one used).
    LoggedIn {
        /// The server's name and version.
        server: String,
        /// The token to log in again with.
        token: String,
    },
    /// A message from the server.
    Message(Box<ServerMsg>),
    /// The connection was lost; trying again.
    Reconnecting {
        /// Attempts so far (from 1).
        attempt: u32,
        /// Why the last one failed, or why the connection was lost.
        why: String,
    },
    /// Connected again after a loss (the server sends the games in play again).
    Reconnected,
    /// A message asked for while the connection was down: not sent.
    Unsent(ClientMsg),
    /// The link closed: as asked (`None`), or on an error it cannot get past.
    Closed(Option<LinkError>),
}

/// Requests that may wait for the link's thread.
pub const REQUEST_QUEUE: usize = 1024;

/// Events that may wait for the caller's poll.
pub const EVENT_QUEUE: usize = 4096;

/// The caller's end of the link. Dropping it ends the link's thread.
pub struct Link {
    requests: Sender<Request>,
    events: Mutex<mpsc::Receiver<Event>>,
    /// Requests refused because the queue was full, to report at the next poll.
    refusals: Mutex<Vec<Event>>,
    refused: AtomicU64,
}

impl Link {
    /// Starts the link's thread (connecting to nothing yet).
    pub fn start(client: &str) -> Result<Link, LinkError> {
        Link::start_bounded(client, REQUEST_QUEUE, EVENT_QUEUE)
    }

    /// [`Link::start`] with other bounds (tests make them tiny).
    ///
    /// In a browser page the link is a task on the page's event loop (the page has no threads),
    /// over the page's WebSocket.
    #[doc(hidden)]
    #[cfg(target_arch = "wasm32")]
    pub fn start_bounded(client: &str, requests: usize, events: usize) -> Result<Link, LinkError> {
        let (requests, rx) = channel(requests.max(1));
        let (tx, events) = mpsc::sync_channel(events.max(1));
        wasm_bindgen_futures::spawn_local(run(rx, tx, client.to_owned()));
        Ok(Link {
            requests,
            events: Mutex::new(events),
            refusals: Mutex::new(Vec::new()),
            refused: AtomicU64::new(0),
        })
    }

    /// [`Link::start`] with other bounds (tests make them tiny).
    #[doc(hidden)]
    #[cfg(not(target_arch = "wasm32"))]
    pub fn start_bounded(client: &str, requests: usize, events: usize) -> Result<Link, LinkError> {
        // wss:// goes through rustls on the ring provider (installed once for the process; the
        // server, in the same process when the game hosts, uses the same).
        let _ = rustls::crypto::ring::default_provider().install_default();
        let (requests, rx) = channel(requests.max(1));
        let (tx, events) = mpsc::sync_channel(events.max(1));
        let client = client.to_owned();
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(|e| LinkError::Internal(e.to_string()))?;
        std::thread::Builder::new()
            .name("chuhan-online".into())
            .spawn(move || runtime.block_on(run(rx, tx, client)))
            .map_err(|e| LinkError::Internal(e.to_string()))?;
        Ok(Link {
            requests,
            events: Mutex::new(events),
            refusals: Mutex::new(Vec::new()),
            refused: AtomicU64::new(0),
        })
    }

    /// Asks something of the link (never blocks). With [`REQUEST_QUEUE`] requests already
    /// waiting it is refused, and the next poll says so: a message as [`Event::Unsent`], anything
    /// else as the link closing on [`LinkError::Internal`].
    pub fn send(&self, request: Request) {
        let refused = match self.requests.try_send(request) {
            Ok(()) => return,
            Err(TrySendError::Full(r)) => r,
            Err(TrySendError::Closed(r)) => r,
        };
        self.refused.fetch_add(1, Ordering::Relaxed);
        let event = match refused {
            Request::Send(msg) => Event::Unsent(msg),
            _ => Event::Closed(Some(LinkError::Internal(
                "the online link is busy or gone: try again".to_owned(),
            ))),
        };
        if let Ok(mut refusals) = self.refusals.lock() {
            refusals.push(event);
        }
    }

    /// How many requests were refused because the queue was full (or the link gone).
    #[must_use]
    pub fn refused(&self) -> u64 {
        self.refused.load(Ordering::Relaxed)
    }

    /// Sends a message to the server (never blocks).
    pub fn say(&self, msg: ClientMsg) {
        self.send(Request::Send(msg));
    }

    /// Every event reported since the last poll (never blocks).
    pub fn poll(&self) -> Vec<Event> {
        let mut events: Vec<Event> = self
            .events
            .lock()
            .map(|e| e.try_iter().collect())
            .unwrap_or_default();
        if let Ok(mut refusals) = self.refusals.lock() {
            events.append(&mut refusals);
        }
        events
    }

    /// The next event, waiting up to `wait` (for tests and programs without a frame loop).
    pub fn next(&self, wait: Duration) -> Option<Event> {
        if let Some(refusal) = self.refusals.lock().ok().and_then(|mut r| r.pop()) {
            return Some(refusal);
        }
        self.events.lock().ok()?.recv_timeout(wait).ok()
    }
}

/// The link's loop: one connection at a time, until the caller's end is dropped.
async fn run(mut requests: Receiver<Request>, events: mpsc::SyncSender<Event>, client: String) {
    let mut next = requests.recv().await;
    while let Some(request) = next.take() {
        next = match request {
            Request::Connect {
                address,
                credentials,
            } => {
                let mut conn = Connection {
                    requests: &mut requests,
                    events: &events,
                    client: &client,
                    address,
                };
                conn.serve(credentials).await
            }
            Request::Send(msg) => {
                connection::tell(&events, Event::Unsent(msg)).await;
                requests.recv().await
            }
            Request::LogOut | Request::Disconnect => requests.recv().await,
        };
    }
}
