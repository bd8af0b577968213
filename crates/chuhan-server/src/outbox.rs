//! What is sent to one connection: a queue of frames already serialised (a message to many
//! connections is written once), bounded in frames and in bytes. A connection that does not
//! keep up (its queue full either way) is closed rather than allowed to hold the server's
//! memory; its player reconnects and gets the whole game again. (Four clients that never read,
//! each asking again and again to watch a game whose `game` message was 602 KiB, once took the
//! server from 20 MB to 1.21 GB with the frame bound alone.)

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use tokio::sync::{Notify, mpsc};
use xiangqi_protocol::ServerMsg;

/// A connection's number.
pub type ConnId = u64;

/// The frames waiting for one connection.
pub const QUEUE: usize = 512;

/// The bytes waiting for one connection, by default (`queue_bytes` in the settings).
pub const QUEUE_BYTES: usize = 4 * 1024 * 1024;

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

impl Out {
    /// The bytes it holds.
    fn bytes(&self) -> usize {
        match self {
            Out::Frame(f) | Out::Chat { frame: f, .. } => f.len(),
            Out::Close { reason, .. } => reason.len(),
        }
    }
}

/// What the two ends of a queue share: whether it overflowed, and the bytes in it.
#[derive(Debug, Default)]
struct Shared {
    overflowed: AtomicBool,
    notify: Notify,
    bytes: AtomicUsize,
    most_bytes: usize,
}

/// The sending end of a connection's queue.
#[derive(Clone, Debug)]
pub struct Outbox {
    /// The connection's number.
    pub conn: ConnId,
    tx: mpsc::Sender<Out>,
    shared: Arc<Shared>,
}

/// The receiving end, held by the connection's task.
pub struct Inbox {
    rx: mpsc::Receiver<Out>,
    /// Set when the queue overflowed.
    pub overflow: Overflow,
}

impl Inbox {
    /// Takes the next frame (its bytes leave the queue's count), or `None` when every sender is
    /// gone.
    pub async fn next(&mut self) -> Option<Out> {
        let out = self.rx.recv().await?;
        self.overflow
            .0
            .bytes
            .fetch_sub(out.bytes(), Ordering::AcqRel);
        Some(out)
    }

    /// The next frame if one is waiting.
    pub fn try_next(&mut self) -> Option<Out> {
        let out = self.rx.try_recv().ok()?;
        self.overflow
            .0
            .bytes
            .fetch_sub(out.bytes(), Ordering::AcqRel);
        Some(out)
    }
}

/// The sign that a connection's queue overflowed.
#[derive(Clone)]
pub struct Overflow(Arc<Shared>);

impl Overflow {
    /// Resolves when the queue overflowed: the connection must close.
    pub async fn wait(&self) {
        wait(&self.0).await;
    }
}

async fn wait(shared: &Shared) {
    loop {
        let notified = shared.notify.notified();
        if shared.overflowed.load(Ordering::Acquire) {
            return;
        }
        notified.await;
    }
}

/// A queue for connection `conn`, of at most [`QUEUE`] frames and [`QUEUE_BYTES`] bytes.
#[must_use]
pub fn outbox(conn: ConnId) -> (Outbox, Inbox) {
    bounded(conn, QUEUE_BYTES)
}

/// A queue for connection `conn`, of at most [`QUEUE`] frames and `most_bytes` bytes (one frame
/// larger than that still goes through an empty queue).
#[must_use]
pub fn bounded(conn: ConnId, most_bytes: usize) -> (Outbox, Inbox) {
    let (tx, rx) = mpsc::channel(QUEUE);
    let shared = Arc::new(Shared {
        most_bytes,
        ..Shared::default()
    });
    (
        Outbox {
            conn,
            tx,
            shared: Arc::clone(&shared),
        },
        Inbox {
            rx,
            overflow: Overflow(shared),
        },
    )
}

impl Outbox {
    /// Queues a message.
    pub fn send(&self, msg: &ServerMsg) {
        self.push(Out::Frame(msg.to_json().into()));
    }

    /// Queues a frame already written; a queue that would pass its bounds closes the
    /// connection instead.
    pub fn push(&self, out: Out) {
        let n = out.bytes();
        let before = self.shared.bytes.fetch_add(n, Ordering::AcqRel);
        if before > 0 && before + n > self.shared.most_bytes {
            self.shared.bytes.fetch_sub(n, Ordering::AcqRel);
            self.close_now();
            return;
        }
        match self.tx.try_send(out) {
            Ok(()) => {}
            Err(mpsc::error::TrySendError::Full(_)) => {
                self.shared.bytes.fetch_sub(n, Ordering::AcqRel);
                self.close_now();
            }
            Err(mpsc::error::TrySendError::Closed(_)) => {
                self.shared.bytes.fetch_sub(n, Ordering::AcqRel);
            }
        }
    }

    /// Closes the connection (as an overflow does): its client reconnects and gets everything
    /// again.
    pub fn close_now(&self) {
        self.shared.overflowed.store(true, Ordering::Release);
        self.shared.notify.notify_waiters();
    }

    /// Resolves when the connection must close (its queue overflowed, or [`Outbox::close_now`]).
    pub async fn closing(&self) {
        wait(&self.shared).await;
    }

    /// The bytes waiting in the queue.
    #[must_use]
    pub fn queued_bytes(&self) -> usize {
        self.shared.bytes.load(Ordering::Acquire)
    }

    /// Whether the connection is gone.
    #[must_use]
    pub fn is_closed(&self) -> bool {
        self.tx.is_closed()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(n: usize) -> Out {
        Out::Frame("x".repeat(n).into())
    }

    fn overflowed(out: &Outbox) -> bool {
        out.shared.overflowed.load(Ordering::Acquire)
    }

    #[tokio::test]
    async fn a_queue_is_bounded_in_bytes_well_before_its_frames() {
        let (out, mut inbox) = bounded(1, 1000);
        for _ in 0..3 {
            out.push(frame(300));
        }
        assert!(!overflowed(&out));
        assert_eq!(out.queued_bytes(), 900);
        // A frame taken out makes room again.
        assert!(inbox.next().await.is_some());
        assert_eq!(out.queued_bytes(), 600);
        out.push(frame(300));
        assert!(!overflowed(&out));
        // The fourth waiting frame would pass the bound: the connection is closed instead.
        out.push(frame(300));
        assert!(overflowed(&out));
        assert_eq!(out.queued_bytes(), 900, "the frame refused is not counted");
    }

    #[test]
    fn one_frame_larger_than_the_bound_still_goes_through_an_empty_queue() {
        let (out, _inbox) = bounded(1, 1000);
        out.push(frame(5000));
        assert!(!overflowed(&out));
        out.push(frame(10));
        assert!(overflowed(&out));
    }
}
