//! Moves made durable before they are acknowledged, many at a time: the moves of all games that
//! arrive while one transaction commits go into the next one (group commit), so a thousand games
//! cost a few commits a second, not a thousand fsyncs.

use std::sync::Arc;

use tokio::sync::{mpsc, oneshot};

use crate::store::{MoveRow, Store, StoreError};

/// The most moves in one transaction.
const BATCH: usize = 512;

type Job = (MoveRow, oneshot::Sender<Result<(), String>>);

/// The handle games write their moves through.
#[derive(Clone)]
pub struct MoveWriter {
    tx: mpsc::UnboundedSender<Job>,
}

impl MoveWriter {
    /// Starts the writer task on `store`.
    #[must_use]
    pub fn start(store: Arc<dyn Store>, metrics: Arc<crate::metrics::Metrics>) -> MoveWriter {
        let (tx, mut rx) = mpsc::unbounded_channel::<Job>();
        tokio::spawn(async move {
            while let Some(first) = rx.recv().await {
                let mut jobs = vec![first];
                while jobs.len() < BATCH {
                    match rx.try_recv() {
                        Ok(j) => jobs.push(j),
                        Err(_) => break,
                    }
                }
                let rows: Vec<MoveRow> = jobs.iter().map(|(m, _)| m.clone()).collect();
                let started = std::time::Instant::now();
                let done = store.append_moves(&rows).await;
                metrics.commit(rows.len(), started.elapsed());
                let done = done.map_err(|e: StoreError| e.to_string());
                for (_, reply) in jobs {
                    let _ = reply.send(done.clone());
                }
            }
        });
        MoveWriter { tx }
    }

    /// Writes one move; returns once it is committed (or why not).
    pub async fn write(&self, row: MoveRow) -> Result<(), String> {
        let (reply, done) = oneshot::channel();
        self.tx
            .send((row, reply))
            .map_err(|_| "the move writer stopped".to_owned())?;
        done.await
            .unwrap_or_else(|_| Err("the move writer stopped".into()))
    }
}
