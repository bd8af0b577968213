//! What is sent to one connection: a bounded queue of frames already serialised (a message to
//! many connections is written once). A connection that does not keep up (the queue full) is
//! closed rather than allowed to hold the server's memory; its player reconnects and gets the
//! whole game again.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use tokio::sync::{Notify, mpsc};
use xiangqi_protocol::ServerMsg;

/// A connection's number.
pub type ConnId = u64;

/// The frames waiting for one connection.
pub const QUEUE: usize = 512;

/// One frame for a connection.
#[derive(Debug)]
pub enum Out {
    /// A message.
    Frame(Arc<str>),
    /// A chat line, dropped by connections that muted its author (by name key).
    Chat {
        /// The author's name key.
        from_key: String,
        /// The message.
        frame: Arc<str>,
    },
    /// The end: a WebSocket close with RFC 6455's status code and a reason, after the frames
    /// queued before it.
    Close {
        /// The status code (1009: too big, 1007: not UTF-8, 1012: the server restarts).
        code: u16,
        /// The reason, in words.
        reason: &'static str,
    },
}

/// The sending end of a connection's queue.
#[derive(Clone, Debug)]
pub struct Outbox {
    /// The connection's number.
    pub conn: ConnId,
    tx: mpsc::Sender<Out>,
    overflow: Arc<(AtomicBool, Notify)>,
}

/// The receiving end, held by the connection's task.
pub struct Inbox {
    /// The frames.
    pub rx: mpsc::Receiver<Out>,
    /// Set when the queue overflowed.
    pub overflow: Overflow,
}

/// The sign that a connection's queue overflowed.
pub struct Overflow(Arc<(AtomicBool, Notify)>);

impl Overflow {
    /// Resolves when the queue overflowed: the connection must close.
    pub async fn wait(&self) {
        loop {
            let notified = self.0.1.notified();
            if self.0.0.load(Ordering::Acquire) {
                return;
            }
            notified.await;
        }
    }
}

/// A queue for connection `conn`.
#[must_use]
pub fn outbox(conn: ConnId) -> (Outbox, Inbox) {
    let (tx, rx) = mpsc::channel(QUEUE);
    let overflow = Arc::new((AtomicBool::new(false), Notify::new()));
    (
        Outbox {
            conn,
            tx,
            overflow: Arc::clone(&overflow),
        },
        Inbox {
            rx,
            overflow: Overflow(overflow),
        },
    )
}

impl Outbox {
    /// Queues a message.
    pub fn send(&self, msg: &ServerMsg) {
        self.push(Out::Frame(msg.to_json().into()));
    }

    /// Queues a frame already written.
    pub fn push(&self, out: Out) {
        if let Err(mpsc::error::TrySendError::Full(_)) = self.tx.try_send(out) {
            self.close_now();
        }
    }

    /// Closes the connection (as an overflow does): its client reconnects and gets everything
    /// again.
    pub fn close_now(&self) {
        self.overflow.0.store(true, Ordering::Release);
        self.overflow.1.notify_waiters();
    }

    /// Whether the connection is gone.
    #[must_use]
    pub fn is_closed(&self) -> bool {
        self.tx.is_closed()
    }
}
