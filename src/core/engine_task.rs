//! An engine searching off the frame loop: one [`SharedEngine`] per use (the computer's moves,
//! hints, analysis, review, draw offers), each search on a thread of its own that can be
//! cancelled at once. Not Bevy's async compute pool: on a 2-core machine it has one thread, so an
//! endless analysis would hold back the computer's move behind it.
//!
//! Which engine searches is the player's choice ([`EngineChoice`]): the built-in one, or another
//! UCI engine run as a child process. The engine is made on the search's thread the first time it
//! is needed (and again when the choice changes), so starting a program and its handshake never
//! run on the frame loop. An external engine that cannot be started, or that dies or stops
//! answering during a search, leaves a message in [`Engines`] (the game shows it as a notice) and
//! the built-in engine searches instead, at once and from then on.
//!
//! The engine's stop flag is shared by every search it runs, so cancelling one search and
//! starting the next in the same frame must not clear the flag before the old search has seen it.
//! Each search therefore has its own cancel flag too: the task clears the engine's flag only once
//! it owns the engine, then reads its own flag. A cancel before that point is seen there; one after
//! it reaches the search through the engine's flag.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use bevy::platform::time::Instant;

use bevy::prelude::*;
#[cfg(not(target_arch = "wasm32"))]
use xiangqi_engine::Engine;
use xiangqi_engine::analysis::Analyser;
#[cfg(not(target_arch = "wasm32"))]
use xiangqi_engine::analysis::AnalyserError;
use xiangqi_engine::analysis::external::KillSwitch;
#[cfg(not(target_arch = "wasm32"))]
use xiangqi_engine::analysis::external::UciEngine;
use xiangqi_engine::analysis::jobs::{Answer, Job, Report};

use crate::core::notice::{Notice, NoticeKind};
use crate::core::settings::Settings;

/// How long quitting waits for a search to let go of its engine before leaving it.
pub const QUIT_PATIENCE: Duration = Duration::from_millis(1500);

/// Which engine searches.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum EngineChoice {
    /// The built-in engine.
    #[default]
    BuiltIn,
    /// A UCI engine: its program and the options set after the handshake.
    External {
        /// The program.
        path: String,
        /// Options (name, value), e.g. `Threads`, `Hash`.
        options: Vec<(String, String)>,
    },
}

/// The engine chosen now, and the messages of external engines that could not be started.
#[derive(Resource, Clone, Default)]
pub struct Engines {
    /// The engine searches start on.
    pub choice: EngineChoice,
    pub(super) failures: Arc<Mutex<Vec<NoticeKind>>>,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Engines>();
    app.add_systems(PreUpdate, follow_settings);
    app.add_systems(Update, report_failures);
}

/// The choice follows the settings (read when they change).
fn follow_settings(settings: Res<Settings>, mut engines: ResMut<Engines>) {
    if settings.is_changed() {
        let e = &settings.engine;
        let choice = if e.in_use() {
            EngineChoice::External {
                path: e.path.trim().to_owned(),
                options: e.options(),
            }
        } else {
            EngineChoice::BuiltIn
        };
        if engines.choice != choice {
            engines.choice = choice;
        }
    }
}

/// Each failure to start the chosen engine becomes a notice.
fn report_failures(engines: Res<Engines>, mut notices: MessageWriter<Notice>) {
    let Ok(mut failures) = engines.failures.try_lock() else {
        return;
    };
    for f in failures.drain(..) {
        notices.write(Notice(f));
    }
}

/// The engine of one use, once made (on the desktop; a page's engine is its worker).
#[cfg_attr(target_arch = "wasm32", allow(dead_code))]
struct Loaded {
    /// What was asked for when it was made (the built-in engine stands in for a failed one).
    choice: EngineChoice,
    analyser: Box<dyn Analyser>,
    /// Whether the analyser is an external program (the built-in one never falls back).
    external: bool,
}

/// An engine and its stop flag, shared with the task searching on it.
#[derive(Default)]
pub struct SharedEngine {
    engine: Arc<Mutex<Option<Loaded>>>,
    /// The stop flag of the engine made last.
    stop: Arc<Mutex<Arc<AtomicBool>>>,
    /// What ends the external program made last (none for the built-in engine): quitting uses
    /// it when a search will not let go of the engine.
    kill: Arc<Mutex<Option<KillSwitch>>>,
    /// Searches started, for the tests and measurements.
    started: Arc<AtomicUsize>,
    /// In a browser: which Web Worker is this engine's.
    #[cfg(target_arch = "wasm32")]
    page: super::engine_worker::PageEngine,
}

impl SharedEngine {
    /// Runs `work` on the chosen engine in a task (waiting for any search still stopping).
    ///
    /// When an external engine fails during the work (it died, stopped answering, or answered
    /// badly), it is dropped for the built-in engine, the failure is reported (a notice), and the
    /// work runs again at once on the built-in engine: a search never fails silently, and the
    /// dead engine is never searched on again (until the choice changes).
    ///
    /// `work` gets the engine and the search's own cancel flag (set by [`Running::cancel`]).
    #[cfg(not(target_arch = "wasm32"))]
    fn spawn<T: Send + 'static>(
        &self,
        engines: &Engines,
        mut work: impl FnMut(&mut dyn Analyser, &AtomicBool) -> Result<Option<T>, AnalyserError>
        + Send
        + 'static,
    ) -> Running<T> {
        self.started.fetch_add(1, Ordering::Relaxed);
        let cancelled = Arc::new(AtomicBool::new(false));
        let (engine, stop, kill, mine) = (
            Arc::clone(&self.engine),
            Arc::clone(&self.stop),
            Arc::clone(&self.kill),
            Arc::clone(&cancelled),
        );
        let (choice, failures) = (engines.choice.clone(), Arc::clone(&engines.failures));
        let task: Slot<T> = Arc::default();
        let tx = Arc::clone(&task);
        std::thread::spawn(move || {
            let result = (|| {
                let mut engine = engine.lock().ok()?;
                if engine.as_ref().is_none_or(|l| l.choice != choice) {
                    let (analyser, external) = make(&choice, &failures);
                    if let Ok(mut s) = stop.lock() {
                        *s = analyser.stop_flag();
                    }
                    if let Ok(mut k) = kill.lock() {
                        *k = analyser.kill_switch();
                    }
                    *engine = Some(Loaded {
                        choice,
                        analyser,
                        external,
                    });
                }
                let loaded = engine.as_mut()?;
                loaded.analyser.stop_flag().store(false, Ordering::SeqCst);
                if mine.load(Ordering::SeqCst) {
                    return None;
                }
                match work(loaded.analyser.as_mut(), &mine) {
                    Ok(found) => found,
                    Err(_) if !loaded.external => None,
                    Err(e) => {
                        // The engine searched on is dropped (an external one is told to quit
                        // and killed); the built-in engine takes its place and does the work.
                        let failed = loaded.analyser.name();
                        report(&failures, format!("{failed}: {e}"));
                        loaded.analyser = Box::new(Engine::new());
                        loaded.external = false;
                        if let Ok(mut k) = kill.lock() {
                            *k = None;
                        }
                        if let Ok(mut s) = stop.lock() {
                            *s = loaded.analyser.stop_flag();
                        }
                        if mine.load(Ordering::SeqCst) {
                            return None;
                        }
                        work(loaded.analyser.as_mut(), &mine).ok().flatten()
                    }
                }
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
            #[cfg(target_arch = "wasm32")]
            page: None,
        }
    }

    /// Starts `job` on the chosen engine; `report` sees what it tells as it runs (from another
    /// thread, or in a browser from the page's event loop). On the desktop the job runs on a
    /// thread ([`SharedEngine::spawn`]); in a browser in this engine's Web Worker
    /// ([`super::engine_worker`]), never on the page's main thread.
    pub fn start(
        &self,
        engines: &Engines,
        job: Job,
        report: impl FnMut(Report) + Send + 'static,
    ) -> Running<Answer> {
        #[cfg(target_arch = "wasm32")]
        {
            self.started.fetch_add(1, Ordering::Relaxed);
            let (task, id) =
                super::engine_worker::start(&self.page, &engines.failures, &job, Box::new(report));
            Running {
                task,
                cancelled: Arc::new(AtomicBool::new(false)),
                stop: Arc::default(),
                page: Some((self.page.number(), id)),
            }
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            let mut report = report;
            self.spawn(engines, move |engine, cancel| {
                job.run(engine, cancel, &mut report).map(Some)
            })
        }
    }

    /// How many searches were started on this engine (each [`spawn`](Self::spawn)).
    #[must_use]
    pub fn searches_started(&self) -> usize {
        self.started.load(Ordering::Relaxed)
    }

    /// Whether no search holds the engine (none running, none still stopping).
    #[must_use]
    pub fn is_free(&self) -> bool {
        #[cfg(target_arch = "wasm32")]
        if !self.page.is_free() {
            return false;
        }
        self.engine.try_lock().is_ok()
    }

    /// Stops any search and drops the engine (an external one is told to quit, then killed), at
    /// most waiting `patience` for a search to let go of it; an external program still held
    /// then is killed, so that none outlives the game. For quitting.
    pub fn shut_down(&self, patience: Duration) {
        #[cfg(target_arch = "wasm32")]
        self.page.shut_down();
        if let Ok(s) = self.stop.lock() {
            s.store(true, Ordering::SeqCst);
        }
        let deadline = Instant::now() + patience;
        loop {
            if let Ok(mut engine) = self.engine.try_lock() {
                *engine = None;
                return;
            }
            if Instant::now() >= deadline {
                if let Some(k) = self.kill.lock().ok().and_then(|mut k| k.take()) {
                    k.kill();
                }
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}

impl Drop for SharedEngine {
    /// An external engine is told to quit (and killed if it stays) with the game.
    fn drop(&mut self) {
        self.shut_down(QUIT_PATIENCE);
    }
}

/// Makes the chosen engine, and says whether it is an external one; the built-in one when an
/// external engine cannot be started (its error goes to `failures`).
#[cfg(not(target_arch = "wasm32"))]
fn make(choice: &EngineChoice, failures: &Mutex<Vec<NoticeKind>>) -> (Box<dyn Analyser>, bool) {
    match choice {
        EngineChoice::BuiltIn => (Box::new(Engine::new()), false),
        EngineChoice::External { path, options } => match UciEngine::start(path, options) {
            Ok(e) => (Box::new(e), true),
            Err(e) => {
                report(failures, e.to_string());
                (Box::new(Engine::new()), false)
            }
        },
    }
}

/// Leaves a failure of an external engine for [`report_failures`] to show.
#[cfg(not(target_arch = "wasm32"))]
fn report(failures: &Mutex<Vec<NoticeKind>>, message: String) {
    if let Ok(mut f) = failures.lock() {
        f.push(NoticeKind::EngineFallback(message));
    }
}

/// Where a search's thread leaves its result.
pub(super) type Slot<T> = Arc<Mutex<Option<Option<T>>>>;

/// A search in flight.
pub struct Running<T> {
    pub(super) task: Slot<T>,
    pub(super) cancelled: Arc<AtomicBool>,
    pub(super) stop: Arc<Mutex<Arc<AtomicBool>>>,
    /// In a browser: the worker's engine and the job's number.
    #[cfg(target_arch = "wasm32")]
    pub(super) page: Option<(u64, u64)>,
}

impl<T> Running<T> {
    /// Its result once it has finished (`Some(None)` when it found nothing or was cancelled).
    pub fn poll(&mut self) -> Option<Option<T>> {
        self.task.lock().ok()?.take()
    }

    /// Stops it; the engine is free again within the search's stop latency.
    pub fn cancel(self) {
        self.cancelled.store(true, Ordering::SeqCst);
        if let Ok(s) = self.stop.lock() {
            s.store(true, Ordering::SeqCst);
        }
        // The search ends through the flags above; its thread then finds nobody to tell.
        #[cfg(target_arch = "wasm32")]
        if let Some((engine, job)) = self.page {
            super::engine_worker::cancel(engine, job);
        }
    }
}
