//! Analysis (分析): the engine's best lines for the position on the board, searched without end
//! on the analysis's own engine off the frame loop, restarted whenever the position changes
//! (moves, undo, replay steps) and stopped when the analysis is hidden.
//!
//! Against the computer it stays off unless the settings allow it
//! ([`Settings::analysis_in_play`]): the analysis would tell the player the computer's answer.

use std::sync::{Arc, Mutex};

use bevy::prelude::*;
use xiangqi::{Color as Side, Move, Position};
use xiangqi_engine::Limits;
use xiangqi_engine::analysis::jobs::{Answer, Job, Report};
use xiangqi_engine::analysis::{Line, put_line};

use super::AnalysisNotice;
use crate::analysis::AnalysisRequest;
use crate::core::engine_task::{Engines, QUIT_PATIENCE, Running, SharedEngine};
use crate::core::game::{Controller, CoreSet, Game};
use crate::core::notice::Notice;
use crate::core::phase::Phase;
use crate::core::settings::Settings;

/// How many lines the analysis shows at most.
pub const MAX_LINES: usize = 3;

/// One line as shown: its depth, its score from Red's view and its moves from the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShownLine {
    /// Search depth.
    pub depth: u32,
    /// Score from Red's view (centipawns or a mate score).
    pub red_score: i32,
    /// The moves.
    pub pv: Vec<Move>,
}

/// What the search in flight has found, shared with its task.
#[derive(Default)]
struct Found {
    version: u64,
    lines: Vec<Line>,
}

/// The analysis: whether it shows, the lines for the position it was searched for, its engine.
#[derive(Resource)]
pub struct Analysis {
    /// Whether it is shown (and searching).
    pub shown: bool,
    /// How many lines to search, 1 to [`MAX_LINES`].
    pub lines_wanted: usize,
    /// The lines found so far for [`Analysis::position`], best first.
    pub lines: Vec<ShownLine>,
    /// The position the lines are for.
    pub position: Option<Position>,
    engine: SharedEngine,
    task: Option<(AnalysedKey, Running<Answer>)>,
    found: Arc<Mutex<Found>>,
    seen: u64,
}

impl Default for Analysis {
    fn default() -> Analysis {
        Analysis {
            shown: false,
            lines_wanted: 2,
            lines: Vec::new(),
            position: None,
            engine: SharedEngine::default(),
            task: None,
            found: Arc::default(),
            seen: 0,
        }
    }
}

impl Analysis {
    /// Whether a search runs.
    #[must_use]
    pub fn is_searching(&self) -> bool {
        self.task.is_some()
    }

    /// Whether the analysis engine is free (no search running or still stopping).
    #[must_use]
    pub fn engine_free(&self) -> bool {
        self.engine.is_free()
    }

    /// The evaluation from Red's view: the best line's score.
    #[must_use]
    pub fn red_score(&self) -> Option<i32> {
        self.lines.first().map(|l| l.red_score)
    }

    fn stop(&mut self) {
        if let Some((_, running)) = self.task.take() {
            running.cancel();
        }
    }
}

impl Drop for Analysis {
    fn drop(&mut self) {
        self.stop();
    }
}

/// What a search was started for: the start, the moves to the position and the line count.
type AnalysedKey = (Position, Vec<Move>, usize);

/// Whether the analysis may show in `game`: in an online game against a person, only once it is
/// over (fair play, [`Game::engine_help_refused`]); otherwise always in a replay or between two
/// people at this machine, and against the computer when the settings allow it.
#[must_use]
pub fn allowed(game: &Game, replaying: bool, settings: &Settings) -> bool {
    if game.players.has_remote() {
        // Online: never while the game goes on; once it is over, as in a replay.
        return !game.engine_help_refused();
    }
    replaying
        || settings.analysis_in_play
        || (game.players.red == Controller::Human && game.players.black == Controller::Human)
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Analysis>();
    app.add_systems(
        Update,
        (toggle, follow_position)
            .chain()
            .after(CoreSet::Apply)
            .before(CoreSet::Views),
    );
    app.add_systems(Last, stop_on_exit);
}

/// Shows or hides the analysis, or sets its line count; refused with a notice where it is not
/// allowed.
fn toggle(
    mut requests: MessageReader<AnalysisRequest>,
    mut game: ResMut<Game>,
    settings: Res<Settings>,
    phase: Res<State<Phase>>,
    mut analysis: ResMut<Analysis>,
    mut notices: MessageWriter<Notice>,
) {
    for r in requests.read() {
        match r {
            AnalysisRequest::Toggle if analysis.shown => analysis.shown = false,
            AnalysisRequest::Toggle => {
                if allowed(&game, *phase.get() == Phase::Replaying, &settings) {
                    analysis.shown = true;
                } else {
                    notices.write(Notice(AnalysisNotice::OffInPlay.into()));
                }
            }
            AnalysisRequest::SetLines(n) => analysis.lines_wanted = (*n).clamp(1, MAX_LINES),
        }
    }
    // Moves tried while analysing become variations (see `Game::keeps_variations`).
    if game.analysing != analysis.shown {
        game.analysing = analysis.shown;
    }
}

/// Starts, restarts or stops the search for the position the frame leaves, and copies what it
/// has found (only when something new came: the resource is not touched otherwise).
fn follow_position(
    game: Res<Game>,
    engines: Res<Engines>,
    settings: Res<Settings>,
    phase: Res<State<Phase>>,
    mut analysis: ResMut<Analysis>,
) {
    if analysis.shown && !allowed(&game, *phase.get() == Phase::Replaying, &settings) {
        analysis.shown = false;
    }
    let record = &game.record;
    let wanted = analysis.lines_wanted.clamp(1, MAX_LINES);
    let a = analysis.bypass_change_detection();
    if !a.shown {
        if a.task.is_some() || !a.lines.is_empty() {
            a.stop();
            a.lines.clear();
            a.position = None;
            analysis.set_changed();
        }
        return;
    }
    // Compared in place: nothing is allocated in a frame where the position stays.
    let current = a.task.as_ref().is_some_and(|((start, moves, n), _)| {
        start == record.start() && moves.as_slice() == record.moves() && *n == wanted
    });
    if !current {
        let key: AnalysedKey = (record.start().clone(), record.moves().to_vec(), wanted);
        a.stop();
        a.lines.clear();
        a.position = Some(record.position().clone());
        // Each search writes into its own slot: a search being stopped may still report a line
        // for the old position, and it must never be read as one for the new position.
        a.found = Arc::default();
        a.seen = 0;
        let found = Arc::clone(&a.found);
        let (start, moves, wanted) = key.clone();
        let rulebook = record.rulebook();
        let job = Job::Analyse {
            start,
            moves,
            limits: Limits {
                infinite: true,
                ..Limits::default()
            },
            lines: wanted,
            rulebook: Some(rulebook),
        };
        let running = a.engine.start(&engines, job, move |report| {
            if let Report::Line(i, line) = report
                && let Ok(mut f) = found.lock()
            {
                put_line(&mut f.lines, i, line);
                f.version += 1;
            }
        });
        a.task = Some((key, running));
        analysis.set_changed();
        return;
    }
    let Some(side) = a.position.as_ref().map(Position::side_to_move) else {
        return;
    };
    let Ok(f) = a.found.lock() else { return };
    if f.version == a.seen {
        return;
    }
    let version = f.version;
    let mut lines: Vec<ShownLine> = f
        .lines
        .iter()
        .filter(|l| !l.pv.is_empty())
        .map(|l| ShownLine {
            depth: l.depth,
            red_score: if side == Side::Red { l.score } else { -l.score },
            pv: l.pv.clone(),
        })
        .collect();
    drop(f);
    lines.sort_by_key(|l| {
        if side == Side::Red {
            -l.red_score
        } else {
            l.red_score
        }
    });
    a.lines = lines;
    a.seen = version;
    analysis.set_changed();
}

fn stop_on_exit(mut exits: MessageReader<AppExit>, mut analysis: ResMut<Analysis>) {
    if exits.read().count() > 0 {
        analysis.stop();
        analysis.engine.shut_down(QUIT_PATIENCE);
    }
}
