//! Search limits and the clock: when to stop deepening and when to abort.

use std::time::Duration;

use web_time::Instant;

use xiangqi::Move;

/// What a `go` command asks for. Everything unset means search until stopped.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Stop after this many plies of iterative deepening.
    pub depth: Option<u32>,
    /// Stop after about this many nodes.
    pub nodes: Option<u64>,
    /// Exactly this long for the move.
    pub movetime: Option<Duration>,
    /// Time left on our clock.
    pub time: Option<Duration>,
    /// Increment per move on our clock.
    pub increment: Duration,
    /// Moves to the next time control, if the clock is not sudden death.
    pub moves_to_go: Option<u32>,
    /// Search until `stop`.
    pub infinite: bool,
    /// Only consider these root moves (empty: all).
    pub search_moves: Vec<Move>,
    /// Never think longer than this, whatever the clock allows (a level's cap).
    pub max_time: Option<Duration>,
    /// Taken off every time budget (movetime, the clock, the cap) for the GUI, the pipe and a
    /// busy machine to pass the move on; [`MOVE_OVERHEAD`] when unset.
    pub move_overhead: Option<Duration>,
}

/// Time kept back for the GUI and the process to pass the move on, by default (Stockfish's).
pub const MOVE_OVERHEAD: Duration = Duration::from_millis(10);

/// Deadlines for one search.
#[derive(Clone, Copy, Debug)]
pub struct Clock {
    start: Instant,
    /// Do not start another iteration after this.
    soft: Option<Duration>,
    /// Abort the search at this point.
    hard: Option<Duration>,
}

impl Clock {
    /// Deadlines for `limits`, starting now.
    #[must_use]
    pub fn new(limits: &Limits) -> Clock {
        let mut c = Clock::uncapped(limits);
        let overhead = limits.move_overhead.unwrap_or(MOVE_OVERHEAD);
        if let Some(cap) = limits.max_time.filter(|_| !limits.infinite) {
            let cap = cap.saturating_sub(overhead).max(Duration::from_millis(1));
            c.soft = Some(c.soft.map_or(cap, |s| s.min(cap)));
            c.hard = Some(c.hard.map_or(cap, |h| h.min(cap)));
        }
        c
    }

    fn uncapped(limits: &Limits) -> Clock {
        let start = Instant::now();
        let overhead = limits.move_overhead.unwrap_or(MOVE_OVERHEAD);
        if limits.infinite {
            return Clock {
                start,
                soft: None,
                hard: None,
            };
        }
        if let Some(mt) = limits.movetime {
            let t = mt.saturating_sub(overhead).max(Duration::from_millis(1));
            // All of it: the last, unfinished iteration still improves the move.
            return Clock {
                start,
                soft: None,
                hard: Some(t),
            };
        }
        if let Some(left) = limits.time {
            let usable = left.saturating_sub(overhead);
            let mtg = limits.moves_to_go.unwrap_or(30).clamp(1, 50);
            // Saturating: a GUI may send any number (u64::MAX milliseconds, or seconds).
            let base = (usable / mtg).saturating_add(limits.increment / 4 * 3);
            let soft = base.min(usable / 5);
            let hard = base.saturating_mul(4).min(usable / 5 * 2).max(soft);
            return Clock {
                start,
                soft: Some(soft.max(Duration::from_millis(1))),
                hard: Some(hard.max(Duration::from_millis(1))),
            };
        }
        Clock {
            start,
            soft: None,
            hard: None,
        }
    }

    /// Time since the search began.
    #[must_use]
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Whether the search must stop now.
    #[must_use]
    pub fn hard_expired(&self) -> bool {
        self.hard.is_some_and(|h| self.elapsed() >= h)
    }

    /// Whether another iteration should not start: past 55% of the soft limit (an iteration
    /// takes a few times as long as the one before) scaled by `percent`, which the search raises
    /// when its best move keeps changing or its score drops, and lowers when both are steady.
    #[must_use]
    pub fn soft_expired(&self, percent: u32) -> bool {
        self.soft
            .is_some_and(|s| self.elapsed() >= (s / 20 * 11).saturating_mul(percent) / 100)
    }
}

/// How much of the soft limit to use, in percent, from how many iterations in a row the best
/// move has stayed the same and how far the score fell since the previous iteration (in
/// centipawns, positive when it fell).
#[must_use]
pub fn time_scale(stable_iterations: u32, score_drop: i32) -> u32 {
    let stability = match stable_iterations {
        0 => 150,
        1 => 120,
        2 => 100,
        3..=5 => 85,
        _ => 70,
    };
    let drop = (100 + score_drop.clamp(-20, 60) * 3 / 2) as u32;
    stability * drop / 100
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn absurd_clocks_give_deadlines_without_overflow() {
        for (time, increment, moves_to_go) in [
            (Duration::MAX, Duration::MAX, None),
            (Duration::MAX, Duration::ZERO, Some(1)),
            (Duration::from_secs(1), Duration::MAX, Some(u32::MAX)),
            (Duration::ZERO, Duration::MAX, None),
        ] {
            let limits = Limits {
                time: Some(time),
                increment,
                moves_to_go,
                max_time: Some(Duration::MAX),
                ..Limits::default()
            };
            let c = Clock::new(&limits);
            assert!(!c.hard_expired());
            for percent in [0, 70, 150, u32::MAX] {
                let _ = c.soft_expired(percent);
            }
        }
        let c = Clock::new(&Limits {
            movetime: Some(Duration::MAX),
            ..Limits::default()
        });
        assert!(!c.soft_expired(u32::MAX) && !c.hard_expired());
    }

    #[test]
    fn movetime_leaves_the_overhead() {
        let limits = Limits {
            movetime: Some(Duration::from_millis(1000)),
            ..Limits::default()
        };
        let c = Clock::new(&limits);
        assert_eq!(c.hard, Some(Duration::from_millis(990)));
        let c = Clock::new(&Limits {
            move_overhead: Some(Duration::from_millis(300)),
            ..limits
        });
        assert_eq!(c.hard, Some(Duration::from_millis(700)));
    }

    #[test]
    fn clock_time_never_uses_more_than_two_fifths() {
        let limits = Limits {
            time: Some(Duration::from_millis(1000)),
            increment: Duration::from_secs(10),
            ..Limits::default()
        };
        let c = Clock::new(&limits);
        assert!(c.hard.unwrap() <= Duration::from_millis(400));
        assert!(c.soft.unwrap() <= c.hard.unwrap());
    }

    #[test]
    fn unstable_or_falling_searches_get_more_time() {
        assert!(time_scale(0, 0) > time_scale(2, 0));
        assert!(time_scale(2, 0) > time_scale(8, 0));
        assert!(time_scale(2, 50) > time_scale(2, 0));
        assert!(time_scale(2, -50) < time_scale(2, 0));
        // Even at its largest, the point where no new iteration starts stays under the hard
        // limit, which is at least twice the soft one.
        assert!(time_scale(0, 1000) * 11 / 20 < 200);
    }
}
