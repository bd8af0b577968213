//! Moves made durable before they are acknowledged, many at a time: the moves of all games that
//! arrive while one transaction commits go into the next one (group commit), so a thousand games
//! cost a few commits a second, not a thousand fsyncs. The queue is bounded (each game waits for
//! its move, so it holds at most one per game; a full one makes the game wait), and a write that
//! the database does not answer in time is reported as failed: the game takes the move back and
//! does not acknowledge it (its flag timer is not held up for longer). If that write commits
//! after all, nobody is waiting for its answer any more: the writer deletes the move again before
//! it writes anything else, so the database never holds a move nobody was told of.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{mpsc, oneshot};

use crate::store::{MoveRow, Store, StoreError};

/// The most moves in one transaction.
const BATCH: usize = 512;

/// The moves that may wait for the writer.
const QUEUE: usize = 8 * BATCH;

type Job = (MoveRow, oneshot::Sender<Result<(), String>>, Pending);

/// The handle games write their moves through.
#[derive(Clone)]
pub struct MoveWriter {
    tx: mpsc::Sender<Job>,
    timeout: Duration,
    /// Writes asked for and not yet answered.
    pending: Arc<std::sync::atomic::AtomicUsize>,
}

impl MoveWriter {
    /// Starts the writer task on `store`; a write not committed within `timeout` fails.
    #[must_use]
    pub fn start(
        store: Arc<dyn Store>,
        metrics: Arc<crate::metrics::Metrics>,
        timeout: Duration,
    ) -> MoveWriter {
        let (tx, mut rx) = mpsc::channel::<Job>(QUEUE);
        tokio::spawn(async move {
            while let Some(first) = rx.recv().await {
                let mut jobs = vec![first];
                while jobs.len() < BATCH {
                    match rx.try_recv() {
                        Ok(j) => jobs.push(j),
                        Err(_) => break,
                    }
                }
                let rows: Vec<MoveRow> = jobs.iter().map(|(m, _, _)| m.clone()).collect();
                let started = std::time::Instant::now();
                let done = store.append_moves(&rows).await;
                metrics.commit(rows.len(), started.elapsed());
                let done = done.map_err(|e: StoreError| e.to_string());
                // A move committed whose game stopped waiting (its write timed out, so the game
                // took it back) is deleted again, before the next batch can write that ply.
                let mut unanswered = Vec::new();
                for (row, reply, pending) in jobs {
                    if reply.send(done.clone()).is_err() && done.is_ok() {
                        unanswered.push((row.game_id, row.ply, pending));
                    }
                }
                for (game, ply, _pending) in unanswered {
                    tracing::warn!(
                        game,
                        ply,
                        "a move stored after its write timed out: deleted"
                    );
                    if let Err(e) = store.truncate_moves(game, ply).await {
                        tracing::error!(game, ply, "a move nobody was told of stays stored: {e}");
                    }
                }
                // Each job's `Pending` is let go here, answered (and tidied) or not.
            }
        });
        MoveWriter {
            tx,
            timeout,
            pending: Arc::default(),
        }
    }

    /// Whether no write is waiting or committing (a drain waits for it).
    #[must_use]
    pub fn idle(&self) -> bool {
        self.pending.load(std::sync::atomic::Ordering::Acquire) == 0
    }

    /// Writes one move; returns once it is committed (or why not).
    pub async fn write(&self, row: MoveRow) -> Result<(), String> {
        let (reply, done) = oneshot::channel();
        self.pending
            .fetch_add(1, std::sync::atomic::Ordering::AcqRel);
        let pending = Pending(Arc::clone(&self.pending));
        let write = async {
            self.tx
                .send((row, reply, pending))
                .await
                .map_err(|_| "the move writer stopped".to_owned())?;
            done.await
                .unwrap_or_else(|_| Err("the move writer stopped".into()))
        };
        tokio::time::timeout(self.timeout, write)
            .await
            .unwrap_or_else(|_| {
                Err(format!(
                    "the database did not answer within {} ms",
                    self.timeout.as_millis()
                ))
            })
    }
}

/// Counts a write as answered when dropped (whether it committed, failed or timed out).
struct Pending(Arc<std::sync::atomic::AtomicUsize>);

impl Drop for Pending {
    fn drop(&mut self) {
        self.0.fetch_sub(1, std::sync::atomic::Ordering::AcqRel);
    }
}
