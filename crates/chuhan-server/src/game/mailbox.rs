//! A game's mailbox, in two lanes. The players' and spectators' messages wait in a bounded queue:
//! when it is full the message is refused and its sender told the game is busy. Who is on the
//! game (a connection attaching, one leaving) goes in a lane of its own that is never dropped
//! silently (it once shared the full queue, and a lost detach left a gone player "connected", so
//! that no claim could be made): it is read first, so a message never overtakes the attach sent
//! before it, and it is bounded: at most [`MAX_PENDING_ATTACHES`] attaches wait, a further one is
//! refused and its connection closed (the client reconnects), and each detach follows an attach.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use tokio::sync::{Notify, mpsc};
use xiangqi_protocol::ClientMsg;

use super::GameCmd;
use crate::outbox::{ConnId, Outbox};
use crate::user::User;

/// The messages that may wait for a game.
pub const MESSAGES: usize = 256;

/// The attaches that may wait for a game (far more than a game's players and spectators join at
/// once; the hub caps connections well below).
pub const MAX_PENDING_ATTACHES: usize = 4096;

/// The membership lane.
#[derive(Default)]
struct Members {
    queue: Mutex<(VecDeque<GameCmd>, usize)>,
    notify: Notify,
}

impl Members {
    fn lock(&self) -> std::sync::MutexGuard<'_, (VecDeque<GameCmd>, usize)> {
        self.queue
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// The sending side, held by the hub.
#[derive(Clone)]
pub struct GameTx {
    messages: mpsc::Sender<GameCmd>,
    members: Arc<Members>,
}

/// The receiving side, held by the game's task.
pub struct GameRx {
    messages: mpsc::Receiver<GameCmd>,
    members: Arc<Members>,
}

/// Why a command did not reach the game.
#[derive(Debug, PartialEq, Eq)]
pub enum Busy {
    /// Too much is waiting: the sender is told, or its connection closed.
    Full,
    /// The game has ended and closed its mailbox.
    Closed,
}

/// A new mailbox.
#[must_use]
pub fn mailbox() -> (GameTx, GameRx) {
    let (tx, rx) = mpsc::channel(MESSAGES);
    let members = Arc::new(Members::default());
    (
        GameTx {
            messages: tx,
            members: Arc::clone(&members),
        },
        GameRx {
            messages: rx,
            members,
        },
    )
}

impl GameTx {
    /// A connection joins. Refused (`Full`) when too many attaches wait: the caller closes the
    /// connection, whose client reconnects.
    pub fn attach(&self, out: Outbox, user: User) -> Result<(), Busy> {
        if self.messages.is_closed() {
            return Err(Busy::Closed);
        }
        let mut q = self.members.lock();
        if q.1 >= MAX_PENDING_ATTACHES {
            return Err(Busy::Full);
        }
        q.1 += 1;
        q.0.push_back(GameCmd::Attach { out, user });
        drop(q);
        self.members.notify.notify_one();
        Ok(())
    }

    /// [`GameTx::attach`], and when too many attaches wait, the connection closed (never left
    /// believing it is on the game): its client reconnects.
    pub fn attach_or_close(&self, out: Outbox, user: User) {
        if self.attach(out.clone(), user) == Err(Busy::Full) {
            tracing::warn!(
                conn = out.conn,
                "a game's mailbox is full: closing the connection"
            );
            out.close_now();
        }
    }

    /// A connection left: always kept (it follows an attach, so the lane stays bounded).
    pub fn detach(&self, conn: ConnId) {
        self.members.lock().0.push_back(GameCmd::Detach { conn });
        self.members.notify.notify_one();
    }

    /// A message from a connection on the game; `Full` when the game is behind.
    pub fn message(&self, conn: ConnId, msg: ClientMsg) -> Result<(), Busy> {
        self.messages
            .try_send(GameCmd::Msg { conn, msg })
            .map_err(|e| match e {
                mpsc::error::TrySendError::Full(_) => Busy::Full,
                mpsc::error::TrySendError::Closed(_) => Busy::Closed,
            })
    }
}

impl GameRx {
    /// The next command: who joined or left first, then the messages in order; `None` once the
    /// hub has let go of the game.
    pub async fn recv(&mut self) -> Option<GameCmd> {
        loop {
            {
                let mut q = self.members.lock();
                if let Some(cmd) = q.0.pop_front() {
                    if matches!(cmd, GameCmd::Attach { .. }) {
                        q.1 -= 1;
                    }
                    return Some(cmd);
                }
            }
            tokio::select! {
                biased;
                () = self.members.notify.notified() => {}
                m = self.messages.recv() => return m,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn user() -> User {
        User {
            key: "k".into(),
            name: "k".into(),
            account: None,
            guest: true,
        }
    }

    #[tokio::test]
    async fn a_full_mailbox_refuses_messages_but_keeps_who_joins_and_leaves_in_order() {
        let (tx, mut rx) = mailbox();
        for i in 0..MESSAGES {
            tx.message(i as u64, ClientMsg::Ping { n: 0 }).unwrap();
        }
        assert_eq!(tx.message(9, ClientMsg::Ping { n: 0 }), Err(Busy::Full));
        let (out, _inbox) = crate::outbox::outbox(7);
        tx.attach(out, user()).unwrap();
        tx.detach(7);
        // Who joined and left comes first, in order, then the messages, none lost.
        assert!(matches!(rx.recv().await, Some(GameCmd::Attach { out, .. }) if out.conn == 7));
        assert!(matches!(rx.recv().await, Some(GameCmd::Detach { conn: 7 })));
        for i in 0..MESSAGES {
            assert!(matches!(rx.recv().await, Some(GameCmd::Msg { conn, .. }) if conn == i as u64));
        }
        // Room again.
        tx.message(1, ClientMsg::Ping { n: 0 }).unwrap();
    }

    #[tokio::test]
    async fn attaches_beyond_the_bound_are_refused_and_an_ended_game_says_closed() {
        let (tx, rx) = mailbox();
        for conn in 0..MAX_PENDING_ATTACHES as u64 {
            tx.attach(crate::outbox::outbox(conn).0, user()).unwrap();
        }
        let (out, _inbox) = crate::outbox::outbox(99_999);
        assert_eq!(tx.attach(out.clone(), user()), Err(Busy::Full));
        drop(rx);
        assert_eq!(tx.attach(out, user()), Err(Busy::Closed));
        assert_eq!(tx.message(1, ClientMsg::Ping { n: 0 }), Err(Busy::Closed));
    }

    #[tokio::test]
    async fn a_waiting_game_wakes_for_an_attach() {
        let (tx, mut rx) = mailbox();
        let waiting =
            tokio::spawn(
                async move { rx.recv().await.map(|c| matches!(c, GameCmd::Attach { .. })) },
            );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        tx.attach(crate::outbox::outbox(1).0, user()).unwrap();
        let got = tokio::time::timeout(std::time::Duration::from_secs(5), waiting).await;
        assert_eq!(got.expect("woken").expect("joined"), Some(true));
    }
}
