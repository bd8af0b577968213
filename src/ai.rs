//! The computer opponent: searches on the async compute pool while frames keep coming; its move
//! goes through `MoveRequested` like a click. A new position (undo, new game) stops the search.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use xiangqi::{Color as Side, Move};
use xiangqi_engine::{Engine, Level, Limits};

use crate::input::MoveRequested;
use crate::pieces::Game;

/// Who the computer plays and how well.
#[derive(Resource, Clone, Copy, Debug)]
pub struct AiPlayer {
    /// The computer's side, or `None` for two players on one board.
    pub side: Option<Side>,
    /// Its level.
    pub level: Level,
}

impl Default for AiPlayer {
    fn default() -> AiPlayer {
        AiPlayer {
            side: Some(Side::Black),
            level: Level::Beginner,
        }
    }
}

/// The engine (shared with the task that searches) and the search in flight.
#[derive(Resource)]
struct Thinking {
    engine: Arc<Mutex<Engine>>,
    stop: Arc<AtomicBool>,
    task: Option<(usize, Task<Option<Move>>)>,
}

impl Default for Thinking {
    fn default() -> Thinking {
        let engine = Engine::new();
        let stop = engine.stop_flag();
        Thinking {
            engine: Arc::new(Mutex::new(engine)),
            stop,
            task: None,
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<AiPlayer>();
    app.init_resource::<Thinking>();
    app.add_systems(Update, (start_thinking, collect_move).chain());
}

fn start_thinking(game: Res<Game>, ai: Res<AiPlayer>, mut thinking: ResMut<Thinking>) {
    let record = &game.record;
    let ply = record.ply();
    if let Some((started_at, _)) = &thinking.task {
        if *started_at == ply {
            return;
        }
        // The position changed under the search (undo, new game): stop it and forget it.
        thinking.stop.store(true, Ordering::Relaxed);
        thinking.task = None;
    }
    if record.outcome().is_some() || ai.side != Some(record.position().side_to_move()) {
        return;
    }
    let start = record.start().clone();
    let moves = record.moves().to_vec();
    let engine = Arc::clone(&thinking.engine);
    let level = ai.level;
    thinking.stop.store(false, Ordering::Relaxed);
    let task = AsyncComputeTaskPool::get().spawn(async move {
        let mut engine = engine.lock().ok()?;
        engine.set_level(Some(level));
        engine
            .think(&start, &moves, &Limits::default(), |_| {})
            .best
    });
    thinking.task = Some((ply, task));
}

fn collect_move(
    game: Res<Game>,
    mut thinking: ResMut<Thinking>,
    mut requests: MessageWriter<MoveRequested>,
) {
    let Some((ply, task)) = thinking.task.as_mut() else {
        return;
    };
    let Some(result) = check_ready(task) else {
        return;
    };
    let ply = *ply;
    thinking.task = None;
    if let Some(m) = result
        && ply == game.record.ply()
    {
        requests.write(MoveRequested(m));
    }
}
