//! Several instances sharing one PostgreSQL database (docs/server.md, "Several instances"): the
//! messages that pass between them and their carrier, PostgreSQL's LISTEN/NOTIFY (measured by
//! `examples/notify_bench.rs`: 5,000 messages/s at p99 0.25 ms on this machine).
//!
//! Instance `N` listens on the channel `chuhan_N` (messages for it) and on `chuhan_all` (the
//! lobby's news). Every message is sent from one connection in order, so a receiver sees one
//! sender's messages in the order they were sent. A message longer than a notification may be
//! (8,000 bytes) goes in parts (`~SENDER.SEQ~PART~PARTS~text`), put together again on arrival.
//! What the hub does with them is its own business (`Hub::on_peer`, in `hub/peers.rs`):
//! this module reaches the hub through its public methods only.

// Built without PostgreSQL (the game's hosted server), the transport is left out and what only it
// uses lies unused.
#![cfg_attr(not(feature = "postgres"), allow(dead_code, unused_imports))]

use std::time::Duration;

use serde::{Deserialize, Serialize};
#[cfg(feature = "postgres")]
use sqlx::postgres::{PgListener, PgPoolOptions};
use tokio::sync::mpsc;

mod parts;
use parts::{Joiner, split};

mod leases;
pub use leases::join;

pub use crate::hub::others::{LEASE_EVERY, LEASE_MS, Peer};
/// The channel every instance listens on.
pub const ALL: &str = "chuhan_all";
/// The most notifications sent in one statement.
const BATCH: usize = 256;
/// The most text one notification carries here (PostgreSQL allows just under 8,000 bytes).
const PART: usize = 7_000;

#[derive(Serialize, Deserialize)]
struct Envelope {
    from: u16,
    /// The sender's count: no two notifications are the same (PostgreSQL folds identical ones
    /// sent in one transaction into one).
    n: u64,
    #[serde(flatten)]
    peer: Peer,
}

/// The channel of instance `n`.
#[must_use]
pub fn channel(n: u16) -> String {
    format!("chuhan_{n}")
}

/// The sending side: messages go out in order from one connection.
#[derive(Clone, Debug)]
pub struct Link {
    /// This instance's number.
    pub me: u16,
    tx: mpsc::Sender<(String, String)>,
    seq: std::sync::Arc<std::sync::atomic::AtomicU64>,
}

/// The parts that may wait to go to the other instances (the sender, one statement a batch,
/// keeps up with thousands a second); past it a part is dropped and said in the log, as a failed
/// batch is: the others catch up at the next heartbeat and lease renewal.
const OUT_QUEUE: usize = 65_536;

/// The messages from the other instances that may wait for the hub; past it the listener waits
/// (PostgreSQL keeps the notifications meanwhile).
const IN_QUEUE: usize = 16_384;

impl Link {
    /// This instance's name as a lease owner.
    #[must_use]
    pub fn name(&self) -> String {
        format!("i{}", self.me)
    }

    /// Sends to instance `n`.
    pub fn to(&self, n: u16, peer: Peer) {
        self.send(channel(n), &peer);
    }

    /// Sends to every other instance.
    pub fn all(&self, peer: Peer) {
        self.send(ALL.to_owned(), &peer);
    }

    fn send(&self, channel: String, peer: &Peer) {
        let n = self.seq.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let text = match serde_json::to_string(&Envelope {
            from: self.me,
            n,
            peer: peer.clone(),
        }) {
            Ok(t) => t,
            Err(e) => return tracing::error!("a message between instances: {e}"),
        };
        for part in split(&text, self.me, &self.seq) {
            match self.tx.try_send((channel.clone(), part)) {
                Ok(()) | Err(mpsc::error::TrySendError::Closed(_)) => {}
                Err(mpsc::error::TrySendError::Full(_)) => {
                    tracing::warn!("a message between instances was lost: the queue is full");
                    return;
                }
            }
        }
    }
}

/// Connects instance `me` to the others through the database at `url`: the sending side, and
/// the messages that arrive (with their sender), its own broadcasts left out.
///
/// # Errors
/// The database cannot be reached.
#[cfg(not(feature = "postgres"))]
pub async fn connect(_url: &str, _me: u16) -> Result<(Link, mpsc::Receiver<(u16, Peer)>), String> {
    Err(
        "several instances need PostgreSQL, and this chuhan-server was built without it \
         (cargo feature `postgres`)"
            .to_owned(),
    )
}

/// Connects instance `me` to the others through the database at `url`: the sending side, and
/// the messages that arrive (with their sender), its own broadcasts left out.
///
/// # Errors
/// The database cannot be reached.
#[cfg(feature = "postgres")]
pub async fn connect(url: &str, me: u16) -> Result<(Link, mpsc::Receiver<(u16, Peer)>), String> {
    let pool = PgPoolOptions::new()
        .max_connections(1)
        .connect(url)
        .await
        .map_err(|e| format!("the instances' channel: {e}"))?;
    // Its own connection: a listener holds the one it has.
    let mut listener = PgListener::connect(url)
        .await
        .map_err(|e| format!("the instances' channel: {e}"))?;
    let own = channel(me);
    listener
        .listen_all([own.as_str(), ALL])
        .await
        .map_err(|e| format!("the instances' channel: {e}"))?;
    let (tx, mut out) = mpsc::channel::<(String, String)>(OUT_QUEUE);
    tokio::spawn(async move {
        // What waited while the last batch went out goes in the next, in one statement (one
        // round trip and one commit), in order.
        let (mut channels, mut payloads) = (Vec::new(), Vec::new());
        while let Some((channel, payload)) = out.recv().await {
            channels.push(channel);
            payloads.push(payload);
            while channels.len() < BATCH {
                let Ok((c, p)) = out.try_recv() else { break };
                channels.push(c);
                payloads.push(p);
            }
            let sent = sqlx::query(
                "SELECT count(pg_notify(c, p)) FROM \
                 unnest($1::text[], $2::text[]) WITH ORDINALITY AS t(c, p, i)",
            )
            .bind(&channels)
            .bind(&payloads)
            .execute(&pool)
            .await;
            if let Err(e) = sent {
                tracing::warn!(
                    "{} messages between instances were lost: {e}",
                    channels.len()
                );
            }
            channels.clear();
            payloads.clear();
        }
    });
    let (in_tx, in_rx) = mpsc::channel(IN_QUEUE);
    tokio::spawn(async move {
        let mut joiner = Joiner::default();
        loop {
            let n = match listener.recv().await {
                Ok(n) => n,
                Err(e) => {
                    tracing::warn!("the instances' channel: {e}; listening again");
                    tokio::time::sleep(Duration::from_millis(200)).await;
                    continue;
                }
            };
            let Some(text) = joiner.take(n.payload()) else {
                continue;
            };
            match serde_json::from_str::<Envelope>(&text) {
                Ok(e) if e.from == me => {}
                Ok(e) => {
                    if in_tx.send((e.from, e.peer)).await.is_err() {
                        return;
                    }
                }
                Err(e) => tracing::warn!("a message between instances did not read: {e}"),
            }
        }
    });
    let link = Link {
        me,
        tx,
        seq: std::sync::Arc::default(),
    };
    Ok((link, in_rx))
}

impl crate::hub::others::Others for Link {
    fn me(&self) -> Option<u16> {
        Some(self.me)
    }
    fn to(&self, n: u16, peer: Peer) {
        Link::to(self, n, peer);
    }
    fn all(&self, peer: Peer) {
        Link::all(self, peer);
    }
}
