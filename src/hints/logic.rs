//! Hints (提示): the engine's move for the player, searched off the frame loop on its own engine.

use std::time::Duration;

use bevy::prelude::*;
use xiangqi::Move;
use xiangqi_engine::Limits;
use xiangqi_engine::analysis::jobs::{Answer, Job};

use crate::core::engine_task::{Engines, Running, SharedEngine};
use crate::core::game::{BoardReset, CoreSet, Game, MovePlayed};
use crate::core::phase::Phase;
use crate::hints::HintRequested;

/// A hint: its own engine, the search for the record at a ply, and the move it suggests.
#[derive(Resource, Default)]
pub struct HintState {
    engine: SharedEngine,
    task: Option<(usize, Running<Answer>)>,
    /// The suggested move, for the current position.
    pub shown: Option<Move>,
}

impl HintState {
    /// Whether a hint is being computed.
    #[must_use]
    pub fn is_thinking(&self) -> bool {
        self.task.is_some()
    }

    /// Whether the hint engine is free (no search running or still stopping).
    #[must_use]
    pub fn engine_free(&self) -> bool {
        self.engine.is_free()
    }
}

/// Seconds the engine spends on a hint.
const HINT_TIME: Duration = Duration::from_millis(1500);

/// The hint's systems (before the commands, which may start a hint).
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HintSystems;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<HintState>();
    app.add_systems(
        Update,
        (collect_hint, start_hints)
            .chain()
            .in_set(CoreSet::Input)
            .in_set(HintSystems),
    );
}

/// 提示 starts a search for the current position, in a game (not in a replay, and not in a
/// puzzle: a puzzle's hint is its own).
fn start_hints(
    mut requests: MessageReader<HintRequested>,
    game: Res<Game>,
    phase: Res<State<Phase>>,
    mut hint: ResMut<HintState>,
    engines: Res<Engines>,
) {
    if requests.read().count() == 0 {
        return;
    }
    if *phase.get() != Phase::Replaying && game.puzzle.is_none() && !game.engine_help_refused() {
        start_hint(&game, &mut hint, &engines);
    }
}

/// Starts a hint search for the current position (one at a time).
fn start_hint(game: &Game, hint: &mut HintState, engines: &Engines) {
    if game.outcome().is_some() || hint.task.is_some() {
        return;
    }
    hint.shown = None;
    let start = game.record.start().clone();
    let moves = game.record.moves().to_vec();
    let rulebook = game.record.rulebook();
    let job = Job::Play {
        start,
        moves,
        limits: Limits {
            movetime: Some(HINT_TIME),
            ..Limits::default()
        },
        level: None,
        rulebook,
        threads: 1,
    };
    let task = hint.engine.start(engines, job, |_| {});
    hint.task = Some((game.record.ply(), task));
}

fn collect_hint(
    game: Res<Game>,
    mut hint: ResMut<HintState>,
    mut played: MessageReader<MovePlayed>,
    mut resets: MessageReader<BoardReset>,
) {
    // Any change of position makes a hint stale. The resource is only touched (marked changed)
    // when something changes: the hint marks are rebuilt on change.
    if played.read().count() + resets.read().count() > 0
        && (hint.shown.is_some() || hint.task.is_some())
    {
        hint.shown = None;
        if let Some((_, running)) = hint.task.take() {
            running.cancel();
        }
    }
    let Some(result) = hint
        .bypass_change_detection()
        .task
        .as_mut()
        .and_then(|(_, t)| t.poll())
    else {
        return;
    };
    let ply = hint.task.take().map(|(ply, _)| ply);
    if ply == Some(game.record.ply()) {
        hint.shown = result
            .and_then(Answer::into_move)
            .filter(|&m| game.record.position().is_legal(m));
    }
}
