//! Engines seen from a GUI: anything that searches a position and reports lines, the built-in
//! [`Engine`] or another UCI engine run as a child process ([`external`]), and what a GUI builds on
//! them: game review ([`review`]) and the answer to a draw offer ([`accepts_draw`]).

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use xiangqi::{Move, Position};

use crate::search::{Limits, MATE_BOUND, SearchInfo};
use crate::{Engine, Level};

pub mod external;
pub mod jobs;
pub mod process;
pub mod review;

/// One line of an analysis: its depth, its score from the side to move's view (centipawns, or
/// mate scores as [`crate::score_kind`] reads them) and its moves.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Line {
    /// Iteration depth.
    pub depth: u32,
    /// Score, side to move's view.
    pub score: i32,
    /// The moves, the first one the move to play.
    pub pv: Vec<Move>,
}

/// Keeps `line` as line `i` of `lines` (growing the list as lines come in); an index past
/// [`external::MAX_LINES`] is dropped, whoever sends it.
pub fn put_line(lines: &mut Vec<Line>, i: usize, line: Line) {
    if i >= external::MAX_LINES {
        return;
    }
    if lines.len() <= i {
        lines.resize(i + 1, Line::default());
    }
    lines[i] = line;
}

/// Why an engine could not answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AnalyserError {
    /// The program could not be started.
    Start {
        /// The program.
        path: String,
        /// The system's reason.
        reason: String,
    },
    /// It did not answer as the protocol asks in time (what was awaited).
    Timeout(String),
    /// It closed its output or died.
    Died(String),
    /// It answered something the GUI cannot use.
    Protocol(String),
}

impl std::fmt::Display for AnalyserError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AnalyserError::Start { path, reason } => write!(f, "could not start {path}: {reason}"),
            AnalyserError::Timeout(what) => write!(f, "no {what} from the engine in time"),
            AnalyserError::Died(why) => write!(f, "the engine stopped: {why}"),
            AnalyserError::Protocol(what) => write!(f, "the engine answered badly: {what}"),
        }
    }
}

impl std::error::Error for AnalyserError {}

/// A searcher a GUI can drive: the built-in engine or an external one.
pub trait Analyser: Send {
    /// Searches the position after `moves` from `start` within `limits` for `lines` lines
    /// (`on_line` sees each line as it improves: its index from 0 and the line); returns the last
    /// lines, best first. Stops early when the [`Analyser::stop_flag`] is set.
    fn analyse(
        &mut self,
        start: &Position,
        moves: &[Move],
        limits: &Limits,
        lines: usize,
        on_line: &mut dyn FnMut(usize, &Line),
    ) -> Result<Vec<Line>, AnalyserError>;

    /// The move to play at `level` (`None`: full strength within `limits`); `on_line` sees the
    /// main line as it improves (for a status line).
    fn play(
        &mut self,
        start: &Position,
        moves: &[Move],
        limits: &Limits,
        level: Option<Level>,
        on_line: &mut dyn FnMut(&Line),
    ) -> Result<Option<Move>, AnalyserError>;

    /// The flag that stops a search in progress; it is cleared by the caller before a search.
    fn stop_flag(&self) -> Arc<AtomicBool>;

    /// A name for notices.
    fn name(&self) -> String;

    /// What ends the engine's program from another thread, for an engine that runs as one.
    fn kill_switch(&self) -> Option<external::KillSwitch> {
        None
    }

    /// Judges repetitions by `rulebook` from the next search on. An engine that offers no such
    /// setting keeps its own rules.
    fn use_rulebook(&mut self, rulebook: xiangqi::Rulebook) -> Result<(), AnalyserError> {
        let _ = rulebook;
        Ok(())
    }

    /// Searches with `threads` threads at full strength from the next search on. An external
    /// engine keeps the threads its own options give it.
    fn use_threads(&mut self, threads: usize) -> Result<(), AnalyserError> {
        let _ = threads;
        Ok(())
    }
}

impl Analyser for Engine {
    fn use_threads(&mut self, threads: usize) -> Result<(), AnalyserError> {
        if threads != self.threads() {
            self.set_threads(threads);
        }
        Ok(())
    }

    fn use_rulebook(&mut self, rulebook: xiangqi::Rulebook) -> Result<(), AnalyserError> {
        self.set_rulebook(rulebook);
        Ok(())
    }

    fn analyse(
        &mut self,
        start: &Position,
        moves: &[Move],
        limits: &Limits,
        lines: usize,
        on_line: &mut dyn FnMut(usize, &Line),
    ) -> Result<Vec<Line>, AnalyserError> {
        // Analysis searches every position, the book's too.
        self.set_level(None);
        self.set_multipv(lines.max(1));
        let book = self.own_book();
        self.set_own_book(false);
        let mut found: Vec<Line> = Vec::new();
        let thought = self.think(start, moves, limits, |info: &SearchInfo| {
            let i = info.multipv.saturating_sub(1);
            let line = Line {
                depth: info.depth,
                score: info.score,
                pv: info.pv.clone(),
            };
            on_line(i, &line);
            put_line(&mut found, i, line);
        });
        self.set_multipv(1);
        self.set_own_book(book);
        found.retain(|l| !l.pv.is_empty());
        if found.is_empty()
            && let Some(best) = thought.best
        {
            found.push(Line {
                depth: thought.search.depth,
                score: thought.search.score,
                pv: vec![best],
            });
        }
        found.sort_by_key(|l| std::cmp::Reverse(l.score));
        Ok(found)
    }

    fn play(
        &mut self,
        start: &Position,
        moves: &[Move],
        limits: &Limits,
        level: Option<Level>,
        on_line: &mut dyn FnMut(&Line),
    ) -> Result<Option<Move>, AnalyserError> {
        self.set_level(level);
        let thought = self.think(start, moves, limits, |info: &SearchInfo| {
            if info.multipv <= 1 {
                on_line(&Line {
                    depth: info.depth,
                    score: info.score,
                    pv: info.pv.clone(),
                });
            }
        });
        Ok(thought.best)
    }

    fn stop_flag(&self) -> Arc<AtomicBool> {
        Engine::stop_flag(self)
    }

    fn name(&self) -> String {
        crate::NAME.to_owned()
    }
}

/// The score (side to move's view) at or below which the computer accepts a draw offer: it
/// stands worse by more than a pawn.
pub const ACCEPT_DRAW_WHEN_WORSE: i32 = -120;
/// A level position late in the game (after this many plies, within [`LEVEL_MARGIN`]) is
/// accepted as a draw too.
pub const LATE_PLY: usize = 80;
/// What counts as level late in the game.
pub const LEVEL_MARGIN: i32 = 30;

/// Whether the computer, to whom `score` is its evaluation (its view, from a short search), accepts
/// a draw at ply `ply`: when clearly worse, or level late in the game; never when it stands
/// better.
#[must_use]
pub fn accepts_draw(score: i32, ply: usize) -> bool {
    score <= ACCEPT_DRAW_WHEN_WORSE
        || (ply >= LATE_PLY && score.abs() <= LEVEL_MARGIN && score <= 0)
}

/// A score made finite for arithmetic: mates count as ±2,000 centipawns.
#[must_use]
pub fn clamp_mate(score: i32) -> i32 {
    if score >= MATE_BOUND {
        2_000
    } else if score <= -MATE_BOUND {
        -2_000
    } else {
        score.clamp(-2_000, 2_000)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_are_accepted_when_worse_and_never_when_better() {
        assert!(accepts_draw(-500, 10));
        assert!(accepts_draw(ACCEPT_DRAW_WHEN_WORSE, 10));
        assert!(!accepts_draw(ACCEPT_DRAW_WHEN_WORSE + 1, 10));
        assert!(!accepts_draw(0, 10), "level early: play on");
        assert!(accepts_draw(-10, 100) && accepts_draw(0, 100));
        assert!(!accepts_draw(10, 100), "never when it stands better");
        assert!(!accepts_draw(900, 200));
    }

    #[test]
    fn the_built_in_engine_reports_several_lines_best_first() {
        let start = Position::startpos();
        let mut engine = Engine::with_seed(1);
        let limits = Limits {
            depth: Some(4),
            ..Limits::default()
        };
        let mut seen = 0;
        let lines = engine
            .analyse(&start, &[], &limits, 3, &mut |_, _| seen += 1)
            .unwrap();
        assert_eq!(lines.len(), 3);
        assert!(seen >= 3);
        assert!(lines.windows(2).all(|w| w[0].score >= w[1].score));
        assert!(lines.iter().all(|l| start.is_legal(l.pv[0])));
        assert_ne!(lines[0].pv[0], lines[1].pv[0]);
    }
}
