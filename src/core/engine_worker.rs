//! In a browser: each engine of the game ([`super::engine_task::SharedEngine`]) is a Web Worker
//! running `crates/xiangqi-engine-web` (`web/engine-worker.js`), so that no search ever runs on
//! the page's main thread. A job goes to it as text; its reports and its answer come back as
//! messages, which the page's event loop hands to the handler here between frames: reports go to
//! the job's callback, the answer into the job's slot, which the game polls as on the desktop.
//!
//! A worker cannot be interrupted in the middle of a search (it shares no memory with the page),
//! so cancelling a job ends its worker; the next job starts a fresh one (the module is in the
//! browser's cache by then). A worker that fails (its script missing, a crash) ends its jobs with
//! no answer and leaves a message, which the game shows as a notice.
//!
//! Workers and their handlers are JavaScript objects, which live on the page's one thread: they
//! are kept in thread-local tables, keyed by numbers that the game's resources carry.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use bevy::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{ErrorEvent, MessageEvent, Worker, WorkerOptions, WorkerType};
use xiangqi_engine::analysis::jobs::wire::{self, Reply};
use xiangqi_engine::analysis::jobs::{Answer, Job, Report};

use super::engine_task::{Running, Slot};

/// The worker's script, beside the page's index.html.
const SCRIPT: &str = "./engine-worker.js";

static NUMBERS: AtomicU64 = AtomicU64::new(1);

/// The number of one engine's worker.
pub struct PageEngine(u64);

impl Default for PageEngine {
    fn default() -> PageEngine {
        PageEngine(NUMBERS.fetch_add(1, Ordering::Relaxed))
    }
}

impl PageEngine {
    /// Whether no job of this engine is waiting for its answer.
    pub fn is_free(&self) -> bool {
        JOBS.with_borrow(|jobs| jobs.values().all(|j| j.engine != self.0))
    }

    /// Ends the worker and its jobs (quitting, or the engine dropped).
    pub fn shut_down(&self) {
        end_worker(self.0);
    }
}

struct Live {
    worker: Worker,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(ErrorEvent)>,
}

struct Pending {
    engine: u64,
    /// When it was sent (the page's clock, ms).
    sent_ms: f64,
    report: Box<dyn FnMut(Report)>,
    slot: Slot<Answer>,
}

thread_local! {
    static WORKERS: RefCell<HashMap<u64, Live>> = RefCell::new(HashMap::new());
    static JOBS: RefCell<HashMap<u64, Pending>> = RefCell::new(HashMap::new());
}

/// Sends `job` to the worker of `engine` (started if need be).
pub(super) fn start(
    engine: &PageEngine,
    failures: &Mutex<Vec<String>>,
    job: &Job,
    report: Box<dyn FnMut(Report) + Send>,
) -> Running<Answer> {
    let id = NUMBERS.fetch_add(1, Ordering::Relaxed);
    let slot: Slot<Answer> = Arc::default();
    let running = Running {
        task: Arc::clone(&slot),
        cancelled: Arc::new(AtomicBool::new(false)),
        stop: Arc::default(),
        page: Some((engine.0, id)),
    };
    let sent = worker_of(engine.0).and_then(|w| {
        w.post_message(&JsValue::from_str(&wire::request(id, job)))
            .map_err(|e| format!("{e:?}"))
    });
    match sent {
        Ok(()) => {
            JOBS.with_borrow_mut(|jobs| {
                jobs.insert(
                    id,
                    Pending {
                        engine: engine.0,
                        sent_ms: page_ms(),
                        report,
                        slot,
                    },
                );
            });
        }
        Err(e) => {
            if let Ok(mut f) = failures.lock() {
                f.push(format!(
                    "the engine's worker ({SCRIPT}) could not start: {e}"
                ));
            }
            if let Ok(mut s) = slot.lock() {
                *s = Some(None);
            }
        }
    }
    running
}

/// Cancels job `id`: its worker is ended if the job is still running there.
pub(super) fn cancel(engine: u64, id: u64) {
    if JOBS.with_borrow(|jobs| jobs.contains_key(&id)) {
        end_worker(engine);
    }
}

/// Ends the worker of `engine` and its jobs (each with no answer).
fn end_worker(engine: u64) {
    if let Some(live) = WORKERS.with_borrow_mut(|w| w.remove(&engine)) {
        live.worker.terminate();
    }
    let ended: Vec<Pending> = JOBS.with_borrow_mut(|jobs| {
        let ids: Vec<u64> = jobs
            .iter()
            .filter(|(_, j)| j.engine == engine)
            .map(|(&id, _)| id)
            .collect();
        ids.into_iter().filter_map(|id| jobs.remove(&id)).collect()
    });
    for job in ended {
        if let Ok(mut s) = job.slot.lock() {
            *s = Some(None);
        }
    }
}

/// The worker of `engine`, started if it has none.
fn worker_of(engine: u64) -> Result<Worker, String> {
    if let Some(w) = WORKERS.with_borrow(|w| w.get(&engine).map(|l| l.worker.clone())) {
        return Ok(w);
    }
    let options = WorkerOptions::new();
    options.set_type(WorkerType::Module);
    let worker = Worker::new_with_options(SCRIPT, &options).map_err(|e| format!("{e:?}"))?;
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        if let Some(text) = event.data().as_string() {
            arrived(&text);
        }
    });
    let on_error = Closure::<dyn FnMut(ErrorEvent)>::new(move |event: ErrorEvent| {
        error!("the engine's worker failed: {}", event.message());
        end_worker(engine);
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    WORKERS.with_borrow_mut(|w| {
        w.insert(
            engine,
            Live {
                worker: worker.clone(),
                _on_message: on_message,
                _on_error: on_error,
            },
        );
    });
    Ok(worker)
}

/// The page's clock (milliseconds since it opened; requestAnimationFrame's clock).
fn page_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

/// A reply from a worker: a report goes to its job's callback, an answer into its slot. Replies
/// to jobs given up on are dropped.
fn arrived(text: &str) {
    let (id, reply) = match wire::read_reply(text) {
        Ok(r) => r,
        Err(e) => {
            warn!("the engine's worker: {e}");
            return;
        }
    };
    match reply {
        Reply::Report(r) => JOBS.with_borrow_mut(|jobs| {
            if let Some(job) = jobs.get_mut(&id) {
                (job.report)(r);
            }
        }),
        Reply::Done(answer) => {
            let Some(job) = JOBS.with_borrow_mut(|jobs| jobs.remove(&id)) else {
                return;
            };
            if let Err(e) = &answer {
                warn!("the engine's worker: {e}");
            }
            // The browser tests read this line: the page's frames in this span are those drawn
            // while the engine searched.
            info!(
                "the engine's worker answered job {id}: sent at {:.0} ms, answered at {:.0} ms",
                job.sent_ms,
                page_ms()
            );
            if let Ok(mut s) = job.slot.lock() {
                *s = Some(answer.ok());
            }
        }
    }
}
