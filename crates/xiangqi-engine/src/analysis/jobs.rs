//! What a GUI asks an engine for, as data: the computer's move, an analysis, a review. A GUI with
//! threads runs a [`Job`] on its own thread ([`Job::run`]); a browser page, which must not search
//! on its main thread and shares no memory with its workers, sends it to a Web Worker as text
//! (the module `wire`, built with the feature `worker`) and reads the [`Report`]s and the
//! [`Answer`] that come back.

use std::sync::atomic::{AtomicBool, Ordering};

use xiangqi::{GameRecord, Move, Position, Rulebook};

use super::review::{GameReview, review};
use super::{Analyser, AnalyserError, Line};
use crate::Level;
use crate::search::Limits;

#[cfg(feature = "worker")]
pub mod wire;

/// A search to run.
#[derive(Clone, Debug)]
pub enum Job {
    /// The move to play at a level (`None`: full strength, a hint).
    Play {
        /// The game's start.
        start: Position,
        /// The moves played since.
        moves: Vec<Move>,
        /// The time it may take.
        limits: Limits,
        /// The level.
        level: Option<Level>,
        /// The repetition rules of the game.
        rulebook: Rulebook,
        /// Threads at full strength (an engine without threads uses one).
        threads: usize,
    },
    /// The best lines of a position.
    Analyse {
        /// The game's start.
        start: Position,
        /// The moves played since.
        moves: Vec<Move>,
        /// How long to search (`infinite` until stopped).
        limits: Limits,
        /// How many lines.
        lines: usize,
        /// The repetition rules, when the game has them (the engine's own otherwise).
        rulebook: Option<Rulebook>,
    },
    /// Every position of a game searched, each move marked.
    Review {
        /// The game (its main line).
        record: GameRecord,
        /// The search of each position.
        limits: Limits,
    },
}

/// What a job tells while it runs.
#[derive(Clone, Debug, PartialEq)]
pub enum Report {
    /// Line `index` (from 0) as it improved; for [`Job::Play`] the main line.
    Line(usize, Line),
    /// Positions reviewed of all.
    Reviewed(usize, usize),
}

/// What a job found.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    /// The move to play (none: no legal move, or stopped before one).
    Played(Option<Move>),
    /// The lines, best first.
    Analysed(Vec<Line>),
    /// The review (none: cancelled).
    Reviewed(Option<GameReview>),
}

impl Answer {
    /// The move of a [`Answer::Played`] (none from any other answer).
    #[must_use]
    pub fn into_move(self) -> Option<Move> {
        match self {
            Answer::Played(m) => m,
            _ => None,
        }
    }

    /// The lines of an [`Answer::Analysed`] (none from any other answer).
    #[must_use]
    pub fn into_lines(self) -> Option<Vec<Line>> {
        match self {
            Answer::Analysed(lines) => Some(lines),
            _ => None,
        }
    }

    /// The review of an [`Answer::Reviewed`] (none from any other answer, or when cancelled).
    #[must_use]
    pub fn into_review(self) -> Option<GameReview> {
        match self {
            Answer::Reviewed(r) => r,
            _ => None,
        }
    }
}

impl Job {
    /// Runs the job on `engine`; `cancel` ends a review between positions (a search ends through
    /// the engine's stop flag).
    pub fn run(
        &self,
        engine: &mut dyn Analyser,
        cancel: &AtomicBool,
        report: &mut dyn FnMut(Report),
    ) -> Result<Answer, AnalyserError> {
        match self {
            Job::Play {
                start,
                moves,
                limits,
                level,
                rulebook,
                threads,
            } => {
                engine.use_rulebook(*rulebook)?;
                engine.use_threads(*threads)?;
                let found = engine.play(start, moves, limits, *level, &mut |line| {
                    report(Report::Line(0, line.clone()));
                })?;
                Ok(Answer::Played(found))
            }
            Job::Analyse {
                start,
                moves,
                limits,
                lines,
                rulebook,
            } => {
                if let Some(r) = rulebook {
                    engine.use_rulebook(*r)?;
                }
                let found = engine.analyse(start, moves, limits, *lines, &mut |i, line| {
                    report(Report::Line(i, line.clone()));
                })?;
                Ok(Answer::Analysed(found))
            }
            Job::Review { record, limits } => {
                if cancel.load(Ordering::SeqCst) {
                    return Ok(Answer::Reviewed(None));
                }
                let found = review(engine, record, limits, cancel, |done, total| {
                    report(Report::Reviewed(done, total));
                })?;
                Ok(Answer::Reviewed(found))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Engine;
    use std::time::Duration;

    fn depth(d: u32) -> Limits {
        Limits {
            depth: Some(d),
            ..Limits::default()
        }
    }

    #[test]
    fn each_job_answers_in_kind_and_reports_as_it_goes() {
        let mut engine = Engine::new();
        let never = AtomicBool::new(false);
        let mut reports = Vec::new();
        // Rook lifts no book plays: the move comes from a search, which reports its lines.
        let out_of_book: Vec<Move> = ["a0a1", "a9a8", "i0i1", "i9i8"]
            .iter()
            .map(|m| m.parse().expect("move"))
            .collect();
        let mut after = Position::startpos();
        for &m in &out_of_book {
            after.play(m).expect("legal");
        }
        let play = Job::Play {
            start: Position::startpos(),
            moves: out_of_book,
            limits: depth(3),
            level: None,
            rulebook: Rulebook::Asian,
            threads: 1,
        };
        let Answer::Played(Some(m)) = play
            .run(&mut engine, &never, &mut |r| reports.push(r))
            .expect("play")
        else {
            panic!("no move from the start position");
        };
        assert!(after.is_legal(m));
        assert!(matches!(reports.last(), Some(Report::Line(0, l)) if l.pv.first() == Some(&m)));

        reports.clear();
        let analyse = Job::Analyse {
            start: Position::startpos(),
            moves: vec![m],
            limits: depth(3),
            lines: 2,
            rulebook: None,
        };
        let Answer::Analysed(lines) = analyse
            .run(&mut engine, &never, &mut |r| reports.push(r))
            .expect("analyse")
        else {
            panic!("not an analysis");
        };
        assert_eq!(lines.len(), 2);
        assert!(reports.iter().any(|r| matches!(r, Report::Line(1, _))));

        reports.clear();
        let mut record = GameRecord::new(Position::startpos());
        record.append(m).expect("legal");
        let job = Job::Review {
            record,
            limits: Limits {
                movetime: Some(Duration::from_millis(20)),
                ..Limits::default()
            },
        };
        let Answer::Reviewed(Some(r)) = job
            .run(&mut engine, &never, &mut |r| reports.push(r))
            .expect("review")
        else {
            panic!("no review");
        };
        assert_eq!(r.moves.len(), 1);
        assert_eq!(reports.last(), Some(&Report::Reviewed(2, 2)));
    }

    #[test]
    fn a_cancelled_review_answers_none() {
        let mut engine = Engine::new();
        let job = Job::Review {
            record: GameRecord::new(Position::startpos()),
            limits: depth(2),
        };
        let answer = job
            .run(&mut engine, &AtomicBool::new(true), &mut |_| {})
            .expect("review");
        assert_eq!(answer, Answer::Reviewed(None));
    }
}
