//! The lobby: a task of its own ([`start`]) that owns the seeks (this instance's, and with several
//! instances the others'), the challenges, the lobby's list of games in play and its count of
//! players online, and the connections that follow it. Everything reaches it through its bounded
//! mailbox ([`LobbyTx`]) as a [`LobbyMsg`]; a question carries its reply. It never waits on the
//! database: what needs one (a rating, storing a seek, starting a game) is done by the caller
//! before or after asking. What it needs of the server (a player's connections, whether a player
//! is online, telling the others that a seek is gone) it asks through [`Host`].

mod state;
#[cfg(test)]
mod tests;

use std::sync::Arc;

use tokio::sync::{mpsc, oneshot};
use xiangqi_protocol::{ChallengeView, ErrorCode, GameSummary, SeekView};

use crate::outbox::{ConnId, Outbox};
use crate::user::User;

pub use state::MAX_SEEKS_PER_PLAYER;

/// How many messages may wait for the lobby. A question waits for room; news from a part of
/// the server that cannot wait is kept and delivered once there is room ([`LobbyTx::tell`]).
pub const MAILBOX: usize = 4096;

/// A refusal: its code and words.
pub type Refusal = (ErrorCode, String);

/// What the lobby asks of the server.
pub trait Host: Send + Sync + 'static {
    /// The connections here of the player with name key `key`.
    fn conns_of(&self, key: &str) -> Vec<Outbox>;
    /// Whether the player with name key `key` is online here.
    fn is_online(&self, key: &str) -> bool;
    /// A seek of this instance's is gone: the other instances and the database hear of it.
    fn seek_gone(&self, id: u64);
}

/// A seek in the lobby.
#[derive(Clone, Debug)]
pub struct Seek {
    /// What the lobby shows.
    pub view: SeekView,
    /// Who opened it.
    pub owner: User,
}

/// A challenge waiting for an answer.
#[derive(Clone, Debug)]
pub struct Challenge {
    /// What both players see.
    pub view: ChallengeView,
    /// Who challenged.
    pub from: User,
    /// Whom (name key).
    pub to_key: String,
}

/// Where a seek is.
#[derive(Debug)]
pub enum Found {
    /// Here: its terms and owner.
    Here(Seek),
    /// On another instance.
    At(u16),
    /// Nowhere known.
    Nowhere,
}

/// A message for the lobby.
#[derive(Debug)]
pub enum LobbyMsg {
    /// A connection follows the lobby (its queue: a snapshot, then the changes), or stops
    /// (`None`: also when it closed).
    Follow {
        /// Which.
        conn: ConnId,
        /// Its queue, to follow.
        out: Option<Outbox>,
    },
    /// Opens a seek (already numbered and, with several instances, stored).
    Open(Seek, oneshot::Sender<Result<(), Refusal>>),
    /// Withdraws a seek of the player with name key `key`.
    Cancel {
        /// The owner's name key.
        key: String,
        /// The seek.
        seek: u64,
        /// The answer.
        reply: oneshot::Sender<Result<(), Refusal>>,
    },
    /// Where a seek is.
    Find(u64, oneshot::Sender<Found>),
    /// Takes a seek of this instance's out of the lobby to start its game.
    Take(u64, oneshot::Sender<Result<Seek, Refusal>>),
    /// A challenge: both players hear of it.
    Challenge(Challenge),
    /// The challenged player accepts or declines it, or the challenger withdraws it.
    Answer {
        /// The challenge.
        challenge: u64,
        /// Who answers (name key).
        key: String,
        /// Accepted.
        accept: bool,
        /// The challenge taken out of the lobby.
        reply: oneshot::Sender<Result<Challenge, Refusal>>,
    },
    /// A player's last connection here closed: its seeks and challenges go.
    Left(String),
    /// A game is in play (here or on another instance).
    Listed(GameSummary),
    /// A game ended.
    Unlisted(u64),
    /// Players online on every instance.
    Online(u32),
    /// A lobby chat line (already serialised), by its author's name key.
    Chat {
        /// The author's name key (for mutes).
        from_key: String,
        /// The message.
        frame: Arc<str>,
    },
    /// Another instance's seek.
    PeerSeek(u16, SeekView),
    /// Another instance's seek is gone.
    PeerSeekGone(u64),
    /// An instance fell silent: its seeks go.
    InstanceGone(u16),
    /// This instance's seeks (for an instance that just joined).
    Seeks(oneshot::Sender<Vec<SeekView>>),
}

/// The lobby's mailbox.
#[derive(Clone)]
pub struct LobbyTx(mpsc::Sender<LobbyMsg>);

/// The lobby's answer when it has stopped (the server stopping).
fn stopped() -> Refusal {
    (ErrorCode::Internal, "the lobby has stopped".into())
}

impl LobbyTx {
    /// News for the lobby from code that cannot wait: sent at once when there is room, else
    /// kept by a task of its own until there is (a full lobby is said in the log).
    pub fn tell(&self, msg: LobbyMsg) {
        match self.0.try_send(msg) {
            Ok(()) => {}
            Err(mpsc::error::TrySendError::Full(msg)) => {
                tracing::warn!("the lobby's mailbox is full: a message waits for room");
                let tx = self.0.clone();
                tokio::spawn(async move { tx.send(msg).await });
            }
            Err(mpsc::error::TrySendError::Closed(_)) => {}
        }
    }

    /// Asks the lobby: `make` builds the message around the reply's sender.
    async fn ask<T>(
        &self,
        make: impl FnOnce(oneshot::Sender<T>) -> LobbyMsg,
    ) -> Result<T, Refusal> {
        let (tx, rx) = oneshot::channel();
        self.0.send(make(tx)).await.map_err(|_| stopped())?;
        rx.await.map_err(|_| stopped())
    }

    /// Opens a seek.
    pub async fn open(&self, seek: Seek) -> Result<(), Refusal> {
        self.ask(|r| LobbyMsg::Open(seek, r)).await?
    }

    /// Withdraws a seek of the player with name key `key`.
    pub async fn cancel(&self, key: &str, seek: u64) -> Result<(), Refusal> {
        let key = key.to_owned();
        self.ask(|reply| LobbyMsg::Cancel { key, seek, reply })
            .await?
    }

    /// Where a seek is.
    pub async fn find(&self, seek: u64) -> Found {
        self.ask(|r| LobbyMsg::Find(seek, r))
            .await
            .unwrap_or(Found::Nowhere)
    }

    /// Takes a seek out of the lobby to start its game.
    pub async fn take(&self, seek: u64) -> Result<Seek, Refusal> {
        self.ask(|r| LobbyMsg::Take(seek, r)).await?
    }

    /// Answers a challenge.
    pub async fn answer(
        &self,
        challenge: u64,
        key: &str,
        accept: bool,
    ) -> Result<Challenge, Refusal> {
        let key = key.to_owned();
        self.ask(|reply| LobbyMsg::Answer {
            challenge,
            key,
            accept,
            reply,
        })
        .await?
    }

    /// This instance's seeks.
    pub async fn seeks(&self) -> Vec<SeekView> {
        self.ask(LobbyMsg::Seeks).await.unwrap_or_default()
    }
}

/// Starts the lobby's task; it ends when every sender is gone.
pub fn start(host: Box<dyn Host>) -> LobbyTx {
    spawn(host, MAILBOX)
}

fn spawn(host: Box<dyn Host>, mailbox: usize) -> LobbyTx {
    let (tx, mut rx) = mpsc::channel(mailbox);
    tokio::spawn(async move {
        let mut lobby = state::Lobby::new(host);
        while let Some(msg) = rx.recv().await {
            lobby.handle(msg);
        }
    });
    LobbyTx(tx)
}
