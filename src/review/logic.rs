//! Game review (复盘分析) of a finished game or an opened record: every position searched on the
//! review's own engine, off the frame loop, at a fixed budget per move
//! ([`xiangqi_engine::analysis::review`]), with progress and cancel. The result is written into the
//! record's comments (`[%review ...]` tags), so saving the record keeps it and reopening it shows
//! the review at once, without analysing again.
//!
//! A review is looked at in replay: asking for one when a game has just ended turns it into a
//! replay of that game.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use bevy::prelude::*;
use xiangqi::{Move, Position};
use xiangqi_engine::Limits;
use xiangqi_engine::analysis::jobs::{Answer, Job, Report};
use xiangqi_engine::analysis::review::{GameReview, Mark, annotate, read_annotations};

use super::ReviewNotice;
use crate::core::engine_task::{Engines, QUIT_PATIENCE, Running, SharedEngine};
use crate::core::game::{CoreSet, Game};
use crate::core::notice::Notice;
use crate::core::phase::Phase;
use crate::review::ReviewRequest;

/// The budget for each position of a review: about 40 seconds for a game of 100 moves.
pub const PER_MOVE: Duration = Duration::from_millis(400);

/// The review of the record in play, or the one being made.
#[derive(Resource)]
pub struct Review {
    /// The finished review of the record's main line, if there is one.
    pub result: Option<GameReview>,
    /// While a review runs: positions done and their total.
    pub progress: Option<(usize, usize)>,
    /// The search budget per position.
    pub per_move: Limits,
    engine: SharedEngine,
    task: Option<Task>,
    /// The record (start and main line) the result or the task is for.
    key: Option<(Position, Vec<Move>)>,
}

struct Task {
    running: Running<Answer>,
    done: Arc<AtomicUsize>,
    total: usize,
}

impl Default for Review {
    fn default() -> Review {
        Review {
            result: None,
            progress: None,
            per_move: Limits {
                movetime: Some(PER_MOVE),
                ..Limits::default()
            },
            engine: SharedEngine::default(),
            task: None,
            key: None,
        }
    }
}

impl Review {
    /// Whether a review is running.
    #[must_use]
    pub fn is_running(&self) -> bool {
        self.task.is_some()
    }

    /// The better move for the move that led to the position after `ply` moves, when the review
    /// marks it an inaccuracy or worse (the board draws it as an arrow).
    #[must_use]
    pub fn better_move(&self, ply: usize) -> Option<Move> {
        let m = self.result.as_ref()?.moves.get(ply.checked_sub(1)?)?;
        let best = *m.best_line.first()?;
        (m.mark >= Mark::Inaccuracy && best != m.played).then_some(best)
    }

    fn cancel(&mut self) {
        if let Some(task) = self.task.take() {
            task.running.cancel();
        }
        self.progress = None;
    }

    fn is_for(&self, game: &Game) -> bool {
        self.key.as_ref().is_some_and(|(start, moves)| {
            start == game.record.start() && moves.as_slice() == game.record.all_moves()
        })
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Review>();
    app.add_systems(
        Update,
        (follow_record, start_or_cancel, collect)
            .chain()
            .after(CoreSet::Apply)
            .before(CoreSet::Views),
    );
    app.add_systems(Last, stop_on_exit);
}

/// A record other than the reviewed one drops the review (and stops one running); a record that
/// carries a saved review shows it at once.
fn follow_record(game: Res<Game>, mut review: ResMut<Review>) {
    if review.is_for(&game) {
        return;
    }
    let r = review.as_mut();
    r.cancel();
    r.key = Some((
        game.record.start().clone(),
        game.record.all_moves().to_vec(),
    ));
    r.result = read_annotations(&game.record);
}

/// 复盘分析 starts a review (a game just ended becomes a replay); 取消 stops it.
fn start_or_cancel(
    mut requests: MessageReader<ReviewRequest>,
    game: Res<Game>,
    engines: Res<Engines>,
    phase: Res<State<Phase>>,
    mut next_phase: ResMut<NextState<Phase>>,
    mut review: ResMut<Review>,
    mut notices: MessageWriter<Notice>,
) {
    for r in requests.read() {
        match r {
            ReviewRequest::Cancel => review.cancel(),
            ReviewRequest::Start => {
                if review.result.is_some() || review.is_running() {
                    continue;
                }
                match phase.get() {
                    Phase::Replaying => {}
                    Phase::GameOver => next_phase.set(Phase::Replaying),
                    Phase::Playing | Phase::Editing => {
                        notices.write(Notice(ReviewNotice::NothingToReview.into()));
                        continue;
                    }
                }
                if game.record.all_moves().is_empty() {
                    notices.write(Notice(ReviewNotice::NothingToReview.into()));
                    continue;
                }
                let record = game.record.clone();
                let limits = review.per_move.clone();
                let done = Arc::new(AtomicUsize::new(0));
                let seen = Arc::clone(&done);
                let job = Job::Review { record, limits };
                let running = review.engine.start(&engines, job, move |report| {
                    if let Report::Reviewed(d, _) = report {
                        seen.store(d, Ordering::SeqCst);
                    }
                });
                let total = game.record.all_moves().len() + 1;
                review.progress = Some((0, total));
                review.task = Some(Task {
                    running,
                    done,
                    total,
                });
            }
        }
    }
}

/// Progress while it runs; at the end the result, written into the record's comments.
fn collect(mut game: ResMut<Game>, mut review: ResMut<Review>) {
    let r = review.bypass_change_detection();
    let Some(task) = r.task.as_mut() else { return };
    if let Some(result) = task.running.poll() {
        r.task = None;
        r.progress = None;
        if let Some(result) = result.and_then(Answer::into_review)
            && result.moves.len() == game.record.all_moves().len()
        {
            annotate(&mut game.record, &result);
            r.result = Some(result);
        }
        review.set_changed();
        return;
    }
    let done = task.done.load(Ordering::SeqCst);
    if r.progress != Some((done, task.total)) {
        r.progress = Some((done, task.total));
        review.set_changed();
    }
}

fn stop_on_exit(mut exits: MessageReader<AppExit>, mut review: ResMut<Review>) {
    if exits.read().count() > 0 {
        review.cancel();
        review.engine.shut_down(QUIT_PATIENCE);
    }
}
