//! In a browser: each engine of the game (`engine_task`'s `SharedEngine`, which names this
//! module) is a Web Worker running `crates/xiangqi-engine-web` (the worker script in
//! `web/index.html`), so that no search ever runs on the page's main thread. A job goes to it as text; its reports and its answer come back as
//! messages, which the page's event loop hands to the handler here between frames: reports go to
//! the job's callback, the answer into the job's slot, which the game polls as on the desktop.
//!
//! A worker cannot be interrupted in the middle of a search (it shares no memory with the page),
//! so cancelling a job ends its worker; the next job starts a fresh one. Workers are made by the
//! page (`chuhanEngineWorker` in `web/index.html`) from the engine's module and WebAssembly that
//! it fetched with the page, so that starting one needs no network. A worker that fails (the
//! engine could not be fetched, a crash) is ended and its jobs are sent again to a fresh worker a
//! little later, with a notice: while the engine cannot be fetched, the page tries again every
//! few seconds for as long as it takes (the server comes back, the search runs); a job whose
//! worker stopped [`MOST_CRASHES`] times ends with no answer and says why.
//!
//! Workers and their handlers are JavaScript objects, which live on the page's one thread: they
//! are kept in thread-local tables, keyed by numbers that the game's resources carry.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use bevy::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{Event, MessageEvent, Worker};
use xiangqi_engine::analysis::jobs::wire::{self, Reply};
use xiangqi_engine::analysis::jobs::{Answer, Job, Report};

/// Where a job's answer is left (the shape of `engine_task`'s slot, which wraps it in its
/// `Running`: this module names nothing of `engine_task`, which names it).
pub(super) type Slot<T> = Arc<Mutex<Option<Option<T>>>>;
use crate::core::notice::NoticeKind;

/// The page's function that makes a worker (`web/index.html`).
const MAKER: &str = "chuhanEngineWorker";
/// How many times a job's worker may stop (not counting an engine that could not be fetched)
/// before the job ends with no answer.
const MOST_CRASHES: u32 = 3;
/// How long after a failure the jobs go to a fresh worker (ms).
const RESTART_AFTER_MS: i32 = 2_000;
/// The start of the page's words for an engine it could not fetch (`web/index.html`).
const UNREACHABLE: &str = "the engine could not be loaded";

static NUMBERS: AtomicU64 = AtomicU64::new(1);

/// The number of one engine's worker.
pub struct PageEngine(u64);

impl Default for PageEngine {
    fn default() -> PageEngine {
        PageEngine(NUMBERS.fetch_add(1, Ordering::Relaxed))
    }
}

impl PageEngine {
    /// Its number.
    pub(super) fn number(&self) -> u64 {
        self.0
    }

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
    _on_error: Closure<dyn FnMut(Event)>,
}

struct Pending {
    engine: u64,
    /// The request as sent (sent again to a fresh worker when its worker fails).
    request: String,
    /// When it was sent (the page's clock, ms).
    sent_ms: f64,
    report: Box<dyn FnMut(Report)>,
    slot: Slot<Answer>,
    /// Its workers that stopped (an engine that could not be fetched is not counted).
    crashes: u32,
    /// Where its failures are said.
    failures: Arc<Mutex<Vec<NoticeKind>>>,
}

thread_local! {
    static WORKERS: RefCell<HashMap<u64, Live>> = RefCell::new(HashMap::new());
    static JOBS: RefCell<HashMap<u64, Pending>> = RefCell::new(HashMap::new());
    /// The failures said since each engine last answered (engine, could not be fetched): a
    /// failure that repeats while the page tries again is said once.
    static SAID: RefCell<std::collections::HashSet<(u64, bool)>> =
        RefCell::new(std::collections::HashSet::new());
}

/// Sends `job` to the worker of `engine` (started if need be): where its answer will be, and
/// the job's number (for [`cancel`]).
pub(super) fn start(
    engine: &PageEngine,
    failures: &Arc<Mutex<Vec<NoticeKind>>>,
    job: &Job,
    report: Box<dyn FnMut(Report) + Send>,
) -> (Slot<Answer>, u64) {
    let id = NUMBERS.fetch_add(1, Ordering::Relaxed);
    let slot: Slot<Answer> = Arc::default();
    let running = (Arc::clone(&slot), id);
    let request = wire::request(id, job);
    let sent = worker_of(engine.0).and_then(|w| {
        w.post_message(&JsValue::from_str(&request))
            .map_err(|e| format!("{e:?}"))
    });
    match sent {
        Ok(()) => {
            JOBS.with_borrow_mut(|jobs| {
                jobs.insert(
                    id,
                    Pending {
                        engine: engine.0,
                        request,
                        sent_ms: page_ms(),
                        report,
                        slot,
                        crashes: 0,
                        failures: Arc::clone(failures),
                    },
                );
            });
        }
        Err(e) => {
            if let Ok(mut f) = failures.lock() {
                f.push(NoticeKind::ComputerFailed {
                    why: format!("the engine's worker could not start: {e}"),
                    unreachable: false,
                    again: false,
                });
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

/// The worker of `engine` failed (`why`): it is ended, and its jobs go to a fresh worker a little
/// later, each failure said once; a job whose workers stopped too often ends with no answer.
fn failed(engine: u64, why: &str) {
    error!("the engine's worker failed: {why}");
    if let Some(live) = WORKERS.with_borrow_mut(|w| w.remove(&engine)) {
        live.worker.terminate();
    }
    let unreachable = why.contains(UNREACHABLE);
    let say = SAID.with_borrow_mut(|said| said.insert((engine, unreachable)));
    let given_up: Vec<Pending> = JOBS.with_borrow_mut(|jobs| {
        let mut given_up = Vec::new();
        let ids: Vec<u64> = jobs
            .iter()
            .filter(|(_, j)| j.engine == engine)
            .map(|(&id, _)| id)
            .collect();
        for id in ids {
            let Some(job) = jobs.get_mut(&id) else {
                continue;
            };
            if !unreachable {
                job.crashes += 1;
            }
            let again = job.crashes < MOST_CRASHES;
            if let Ok(mut f) = job.failures.lock() {
                let said = NoticeKind::ComputerFailed {
                    why: why.to_owned(),
                    unreachable,
                    again,
                };
                if (say || !again) && !f.contains(&said) {
                    f.push(said);
                }
            }
            if !again {
                given_up.extend(jobs.remove(&id));
            }
        }
        given_up
    });
    for job in given_up {
        if let Ok(mut s) = job.slot.lock() {
            *s = Some(None);
        }
    }
    if JOBS.with_borrow(|jobs| jobs.values().any(|j| j.engine == engine)) {
        let again = Closure::once_into_js(move || restart(engine));
        if let Some(window) = web_sys::window() {
            let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(
                again.unchecked_ref(),
                RESTART_AFTER_MS,
            );
        }
    }
}

/// Sends the jobs of `engine` still waiting to a fresh worker (in the order they were asked).
fn restart(engine: u64) {
    let mut waiting: Vec<(u64, String)> = JOBS.with_borrow(|jobs| {
        jobs.iter()
            .filter(|(_, j)| j.engine == engine)
            .map(|(&id, j)| (id, j.request.clone()))
            .collect()
    });
    if waiting.is_empty() || WORKERS.with_borrow(|w| w.contains_key(&engine)) {
        return;
    }
    waiting.sort_unstable_by_key(|&(id, _)| id);
    info!(
        "the engine's worker started again for {} job(s)",
        waiting.len()
    );
    let sent = worker_of(engine).and_then(|w| {
        waiting.iter().try_for_each(|(_, request)| {
            w.post_message(&JsValue::from_str(request))
                .map_err(|e| format!("{e:?}"))
        })
    });
    if let Err(e) = sent {
        failed(engine, &e);
    }
}

/// The worker of `engine`, started if it has none.
fn worker_of(engine: u64) -> Result<Worker, String> {
    if let Some(w) = WORKERS.with_borrow(|w| w.get(&engine).map(|l| l.worker.clone())) {
        return Ok(w);
    }
    let window = web_sys::window().ok_or("the page has no window")?;
    let maker = js_sys::Reflect::get(&window, &JsValue::from_str(MAKER))
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
        .ok_or_else(|| format!("the page has no {MAKER}"))?;
    let worker: Worker = maker
        .call0(&JsValue::NULL)
        .map_err(|e| format!("{e:?}"))?
        .dyn_into()
        .map_err(|_| format!("{MAKER} made no worker"))?;
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        if let Some(text) = event.data().as_string() {
            arrived(&text);
        }
    });
    // Any event: a script that fails to load gives a plain `Event`, with no message.
    let on_error = Closure::<dyn FnMut(Event)>::new(move |event: Event| {
        let why = js_sys::Reflect::get(&event, &JsValue::from_str("message"))
            .ok()
            .and_then(|m| m.as_string())
            .filter(|m| !m.is_empty())
            .unwrap_or_else(|| "the worker stopped".to_owned());
        failed(engine, &why);
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
            SAID.with_borrow_mut(|said| said.retain(|&(engine, _)| engine != job.engine));
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
