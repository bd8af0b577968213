//! An engine searching off the frame loop: one [`SharedEngine`] per use (the computer's moves,
//! hints, analysis, draw offers), each search on a thread of its own that can be cancelled at
//! once. Not Bevy's async compute pool: on a 2-core machine it has one thread, so an endless
//! analysis would hold back the computer's move behind it.
//!
//! The engine's stop flag is shared by every search it runs, so cancelling one search and
//! starting the next in the same frame must not clear the flag before the old search has seen it.
//! Each search therefore has its own cancel flag too: the task clears the engine's flag only once
//! it owns the engine, then reads its own flag. A cancel before that point is seen there; one after
//! it reaches the search through the engine's flag.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use xiangqi_engine::Engine;

/// An engine and its stop flag, shared with the task searching on it.
pub struct SharedEngine {
    engine: Arc<Mutex<Engine>>,
    stop: Arc<AtomicBool>,
}

impl Default for SharedEngine {
    fn default() -> SharedEngine {
        let engine = Engine::new();
        let stop = engine.stop_flag();
        SharedEngine {
            engine: Arc::new(Mutex::new(engine)),
            stop,
        }
    }
}

impl SharedEngine {
    /// Runs `work` on the engine in a task (waiting for any search still stopping).
    pub fn spawn<T: Send + 'static>(
        &self,
        work: impl FnOnce(&mut Engine) -> Option<T> + Send + 'static,
    ) -> Running<T> {
        let cancelled = Arc::new(AtomicBool::new(false));
        let (engine, stop, mine) = (
            Arc::clone(&self.engine),
            Arc::clone(&self.stop),
            Arc::clone(&cancelled),
        );
        let task: Slot<T> = Arc::default();
        let tx = Arc::clone(&task);
        std::thread::spawn(move || {
            let result = (|| {
                let mut engine = engine.lock().ok()?;
                stop.store(false, Ordering::SeqCst);
                if mine.load(Ordering::SeqCst) {
                    return None;
                }
                work(&mut engine)
            })();
            // After a cancel nobody reads it: it is dropped with the slot.
            if let Ok(mut slot) = tx.lock() {
                *slot = Some(result);
            }
        });
        Running {
            task,
            cancelled,
            stop: Arc::clone(&self.stop),
        }
    }

    /// Whether no search holds the engine (none running, none still stopping).
    #[must_use]
    pub fn is_free(&self) -> bool {
        self.engine.try_lock().is_ok()
    }
}

/// Where a search's thread leaves its result.
type Slot<T> = Arc<Mutex<Option<Option<T>>>>;

/// A search in flight.
pub struct Running<T> {
    task: Slot<T>,
    cancelled: Arc<AtomicBool>,
    stop: Arc<AtomicBool>,
}

impl<T> Running<T> {
    /// Its result once it has finished (`Some(None)` when it found nothing or was cancelled).
    pub fn poll(&mut self) -> Option<Option<T>> {
        self.task.lock().ok()?.take()
    }

    /// Stops it; the engine is free again within the search's stop latency.
    pub fn cancel(self) {
        self.cancelled.store(true, Ordering::SeqCst);
        self.stop.store(true, Ordering::SeqCst);
        // The search ends through the flags above; its thread then finds nobody to tell.
    }
}
