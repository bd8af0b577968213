//! Search limits and the clock: when to stop deepening and when to abort.

use std::time::Duration;

use web_time::Instant;

use xiangqi::Move;

use super::params::Params;

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
    /// Deadlines for `limits`, starting now, for a move at `game_ply` (plies played since the
    /// game's first position) under the time parameters of `params`.
    #[must_use]
    pub fn new(limits: &Limits, game_ply: usize, params: &Params) -> Clock {
        let mut c = Clock::uncapped(limits, game_ply, params);
        let overhead = limits.move_overhead.unwrap_or(MOVE_OVERHEAD);
        if let Some(cap) = limits.max_time.filter(|_| !limits.infinite) {
            let cap = cap.saturating_sub(overhead).max(Duration::from_millis(1));
            c.soft = Some(c.soft.map_or(cap, |s| s.min(cap)));
            c.hard = Some(c.hard.map_or(cap, |h| h.min(cap)));
        }
        c
    }

    fn uncapped(limits: &Limits, game_ply: usize, params: &Params) -> Clock {
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
            let share = move_share(left, limits, game_ply, params, overhead);
            let usable = left.saturating_sub(overhead);
            let percent = |p: i32| u32::try_from(p).unwrap_or(0);
            // Saturating: a GUI may send any number (u64::MAX milliseconds, or seconds).
            let hard = (share.saturating_mul(percent(params.tm_hard)) / 100).min(usable / 5 * 2);
            // A fifth of the clock at most: as it runs low, the moves live on the increment and
            // what is left stays about five increments.
            let soft = (share.saturating_mul(percent(params.tm_soft)) / 100)
                .min(usable / 5)
                .min(hard);
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

    /// Whether another iteration should not start: past the soft limit scaled by `percent`,
    /// which the search raises when its best move keeps changing or its score drops, and lowers
    /// when both are steady.
    #[must_use]
    pub fn soft_expired(&self, percent: u32) -> bool {
        self.soft_point(percent)
            .is_some_and(|p| self.elapsed() >= p)
    }

    /// The time after which [`Clock::soft_expired`] holds for `percent`.
    fn soft_point(&self, percent: u32) -> Option<Duration> {
        self.soft.map(|s| s.saturating_mul(percent) / 100)
    }
}

/// A move's share of the clock `left`: what is ours to spend over the moves still to come (the
/// clock, the increments to come, less one overhead for each move and two spare), shared evenly
/// over them; under sudden death over `tm_horizon` moves, less than even early in the game
/// (`tm_opening` percent at its first ply) and more later (`tm_late` percent from ply 80), when
/// the moves decide more. As the clock runs low the share sinks toward the increment; the
/// fifth-of-the-clock cap in [`Clock::new`] then keeps about five increments in hand.
fn move_share(
    left: Duration,
    limits: &Limits,
    game_ply: usize,
    params: &Params,
    overhead: Duration,
) -> Duration {
    let (moves, percent) = match limits.moves_to_go {
        Some(n) => (n.clamp(1, 50), 100),
        None => {
            let (from, to) = (params.tm_opening, params.tm_late);
            let ply = i32::try_from(game_ply.min(80)).unwrap_or(80);
            (
                u32::try_from(params.tm_horizon).unwrap_or(40).max(1),
                u32::try_from(from + (to - from) * ply / 80).unwrap_or(100),
            )
        }
    };
    let pool = left
        .saturating_add(limits.increment.saturating_mul(moves - 1))
        .saturating_sub(overhead.saturating_mul(moves + 2));
    (pool / moves).saturating_mul(percent) / 100
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
            let c = Clock::new(&limits, 0, &Params::default());
            assert!(!c.hard_expired());
            for percent in [0, 70, 150, u32::MAX] {
                let _ = c.soft_expired(percent);
            }
        }
        let c = Clock::new(
            &Limits {
                movetime: Some(Duration::MAX),
                ..Limits::default()
            },
            0,
            &Params::default(),
        );
        assert!(!c.soft_expired(u32::MAX) && !c.hard_expired());
    }

    #[test]
    fn movetime_leaves_the_overhead() {
        let limits = Limits {
            movetime: Some(Duration::from_millis(1000)),
            ..Limits::default()
        };
        let c = Clock::new(&limits, 0, &Params::default());
        assert_eq!(c.hard, Some(Duration::from_millis(990)));
        let c = Clock::new(
            &Limits {
                move_overhead: Some(Duration::from_millis(300)),
                ..limits
            },
            0,
            &Params::default(),
        );
        assert_eq!(c.hard, Some(Duration::from_millis(700)));
    }

    #[test]
    fn clock_time_never_uses_more_than_two_fifths() {
        let limits = Limits {
            time: Some(Duration::from_millis(1000)),
            increment: Duration::from_secs(10),
            ..Limits::default()
        };
        let c = Clock::new(&limits, 0, &Params::default());
        assert!(c.hard.unwrap() <= Duration::from_millis(400));
        assert!(c.soft.unwrap() <= c.hard.unwrap());
    }

    /// A game under sudden death with an increment, each search stopping where no new
    /// iteration starts at the usual scale: the clock is spent down to a few increments, and no
    /// move leaves it under the overhead. (The engine before round 5's time rule kept a fifth of
    /// its 20 s unspent at the end, while Pikafish-HCE spent its clock to the last 100 ms.)
    #[test]
    fn sudden_death_spends_the_clock_down_to_a_few_increments() {
        let params = Params::default();
        for (base, inc) in [(20_000u64, 200u64), (5_000, 50), (60_000, 0)] {
            let mut left = base;
            let mut least = u64::MAX;
            for ply in (0..240).step_by(2) {
                let limits = Limits {
                    time: Some(Duration::from_millis(left)),
                    increment: Duration::from_millis(inc),
                    ..Limits::default()
                };
                let c = Clock::new(&limits, ply, &params);
                let used = c.soft_point(100).unwrap().as_millis() as u64;
                assert!(used < left, "{base}+{inc}, ply {ply}: {used} of {left} ms");
                left -= used;
                least = least.min(left);
                left += inc;
            }
            assert!(least >= 10, "{base}+{inc}: {least} ms left after a move");
            let most = if inc == 0 { base / 20 } else { 10 * inc };
            assert!(left <= most, "{base}+{inc}: {left} ms left after 120 moves");
        }
    }

    #[test]
    fn the_share_grows_as_the_game_goes_on() {
        let params = Params::default();
        let limits = Limits {
            time: Some(Duration::from_secs(20)),
            increment: Duration::from_millis(200),
            ..Limits::default()
        };
        let early = Clock::new(&limits, 0, &params).soft_point(100).unwrap();
        let late = Clock::new(&limits, 80, &params).soft_point(100).unwrap();
        assert!(late > early, "{late:?} at ply 80, {early:?} at ply 0");
        // With moves to go, an even share whatever the ply.
        let to_go = Limits {
            moves_to_go: Some(20),
            ..limits
        };
        assert_eq!(
            Clock::new(&to_go, 0, &params).soft,
            Clock::new(&to_go, 80, &params).soft
        );
    }

    #[test]
    fn unstable_or_falling_searches_get_more_time() {
        assert!(time_scale(0, 0) > time_scale(2, 0));
        assert!(time_scale(2, 0) > time_scale(8, 0));
        assert!(time_scale(2, 50) > time_scale(2, 0));
        assert!(time_scale(2, -50) < time_scale(2, 0));
        // Even at its largest, the point where no new iteration starts stays under the hard
        // limit, which is tm_hard / tm_soft times the soft one when neither is capped.
        let p = Params::default();
        assert!(time_scale(0, 1000) * p.tm_soft as u32 / 100 < p.tm_hard as u32);
    }
}
