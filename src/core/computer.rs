//! The computer opponent: searches on a thread of its own while frames keep coming, by its
//! clock when the game has one; its move
//! goes through `MoveRequested` like a click. A change of position (undo, new game) or quitting
//! stops the search.

use std::sync::{Arc, Mutex};

use bevy::prelude::*;
use xiangqi::GameRecord;

use xiangqi_engine::analysis::jobs::{Answer, Job, Report};

use crate::core::engine_task::{EngineChoice, Engines, Running, SharedEngine};

use crate::core::game::{BoardReset, Controller, CoreSet, Game, MoveRequested};
use crate::core::phase::Phase;
use crate::core::settings::Settings;
use crate::core::watched::{Seat, Watch, watching};
use xiangqi::Color as Side;

/// What the search in flight has found so far (for the status line).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    /// Depth of the last finished iteration.
    pub depth: u32,
    /// Its score in centipawns, from the computer's view.
    pub score: i32,
}

/// The engine (shared with the task that searches) and the search in flight.
#[derive(Resource, Default)]
pub struct Thinking {
    engine: SharedEngine,
    /// Black's engine in a watched game (each side keeps its own).
    second: SharedEngine,
    task: Option<Search>,
    progress: Arc<Mutex<Option<Progress>>>,
    /// The point of the record a search ended at without a move: none is started there again
    /// (a new position, an undo or a new game clears it).
    gave_up: Option<u64>,
}

/// A search running for the record as it stood at `generation`.
struct Search {
    generation: u64,
    running: Running<Answer>,
}

impl Thinking {
    /// Whether a search is running.
    #[must_use]
    pub fn is_thinking(&self) -> bool {
        self.task.is_some()
    }

    /// Whether the engine is free: no search running and none still stopping.
    #[must_use]
    pub fn engine_free(&self) -> bool {
        self.engine.is_free() && self.second.is_free()
    }

    /// How many searches were started for the computer's moves.
    #[must_use]
    pub fn searches_started(&self) -> usize {
        self.engine.searches_started() + self.second.searches_started()
    }

    /// What the running search has found so far.
    #[must_use]
    pub fn progress(&self) -> Option<Progress> {
        self.task.as_ref()?;
        self.progress.lock().ok().and_then(|p| *p)
    }

    /// Stops the running search and forgets it.
    pub fn cancel(&mut self) {
        if let Some(search) = self.task.take() {
            search.running.cancel();
        }
    }
}

/// Counts changes of the record that are not a move played by the record itself (resets), so a
/// search result from before a reset is never played.
#[derive(Resource, Default, Clone, Copy, Debug)]
struct Generation(u64);

/// The computer's systems (commands that change the game run before them).
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AiSystems;

/// How the engine may spend each side's time (Red's, Black's): set by the clock feature, which
/// the core never names; nothing (the level's own time) for an untimed game.
#[derive(Resource, Clone, Debug, Default)]
pub struct TimeLimits(pub [xiangqi_engine::Limits; 2]);

impl TimeLimits {
    /// `side`'s limits.
    #[must_use]
    pub fn of(&self, side: xiangqi::Color) -> xiangqi_engine::Limits {
        self.0[usize::from(side == xiangqi::Color::Black)].clone()
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<TimeLimits>();
    app.init_resource::<Thinking>();
    app.init_resource::<Generation>();
    // Results are collected before the moves of the frame are applied; searches start after
    // them (and after the phase has settled), for the position the frame leaves.
    app.add_systems(
        Update,
        (cancel_on_reset, collect_move)
            .chain()
            .in_set(CoreSet::Input)
            .in_set(AiSystems),
    );
    app.add_systems(
        Update,
        (cancel_on_reset, start_thinking)
            .chain()
            .after(CoreSet::Apply)
            .before(CoreSet::Views),
    );
    app.add_systems(OnExit(Phase::Playing), |mut thinking: ResMut<Thinking>| {
        thinking.cancel()
    });
    app.add_systems(Last, stop_on_exit);
}

fn cancel_on_reset(
    mut resets: MessageReader<BoardReset>,
    mut generation: ResMut<Generation>,
    mut thinking: ResMut<Thinking>,
) {
    if resets.read().count() > 0 {
        generation.0 += 1;
        thinking.cancel();
    }
}

/// The key of the record's current point: its generation and ply.
fn key(generation: Generation, record: &GameRecord) -> u64 {
    generation.0 << 32 | record.ply() as u64
}

fn start_thinking(
    game: Res<Game>,
    settings: Res<Settings>,
    clock: Res<TimeLimits>,
    engines: Res<Engines>,
    phase: Res<State<Phase>>,
    generation: Res<Generation>,
    watch: Res<Watch>,
    mut thinking: ResMut<Thinking>,
) {
    let record = &game.record;
    let now = key(*generation, record);
    let watched = watching(&game);
    if let Some(search) = &thinking.task {
        if search.generation == now && game.outcome().is_none() && !(watched && watch.paused) {
            return;
        }
        // The position changed under the search, or the game ended (on time, by a
        // resignation): stop it and forget it.
        thinking.cancel();
    }
    // In a puzzle the solvers answer, not the engine. A point where the search found no move is
    // not searched again every frame.
    if *phase.get() != Phase::Playing
        || thinking.gave_up == Some(now)
        || game.puzzle.is_some()
        || game.outcome().is_some()
        || game.players.of(record.position().side_to_move()) != Controller::Computer
        || watched && watch.paused
    {
        return;
    }
    // In a watched game each side plays from its own seat: a level of the built-in engine, or
    // the external engine, on an engine of its own.
    let side = record.position().side_to_move();
    let (level, choice, black_engine) = match (watched, watch.seat(side)) {
        (true, Seat::Level(level)) => (level, Some(EngineChoice::BuiltIn), side == Side::Black),
        (true, Seat::External) => (settings.level, None, side == Side::Black),
        (false, _) => (settings.level, None, false),
    };
    let mut engines = engines.clone();
    if let Some(choice) = choice {
        engines.choice = choice;
    }
    let start = record.start().clone();
    let moves = record.moves().to_vec();
    let rulebook = record.rulebook();
    let threads = settings.engine_threads();
    let progress = Arc::clone(&thinking.progress);
    // By its clock when there is one; its level caps the time either way.
    let limits = clock.of(side);
    if let Ok(mut p) = progress.lock() {
        *p = None;
    }
    let engine = if black_engine {
        &thinking.second
    } else {
        &thinking.engine
    };
    let job = Job::Play {
        start,
        moves,
        limits,
        level: Some(level),
        rulebook,
        threads,
    };
    let running = engine.start(&engines, job, move |report| {
        if let Report::Line(_, line) = report
            && let Ok(mut p) = progress.lock()
        {
            *p = Some(Progress {
                depth: line.depth,
                score: line.score,
            });
        }
    });
    thinking.task = Some(Search {
        generation: now,
        running,
    });
}

fn collect_move(
    game: Res<Game>,
    generation: Res<Generation>,
    mut thinking: ResMut<Thinking>,
    mut requests: MessageWriter<MoveRequested>,
) {
    let Some(search) = thinking.task.as_mut() else {
        return;
    };
    let Some(result) = search.running.poll() else {
        return;
    };
    let searched_for = search.generation;
    thinking.task = None;
    if searched_for != key(*generation, &game.record) {
        return;
    }
    match result.and_then(Answer::into_move) {
        Some(m) => {
            requests.write(MoveRequested(m));
        }
        None => {
            warn!("the computer's search ended without a move");
            thinking.gave_up = Some(searched_for);
        }
    }
}

fn stop_on_exit(mut exits: MessageReader<AppExit>, mut thinking: ResMut<Thinking>) {
    if exits.read().count() > 0 {
        thinking.cancel();
        for engine in [&thinking.engine, &thinking.second] {
            engine.shut_down(crate::core::engine_task::QUIT_PATIENCE);
        }
    }
}
