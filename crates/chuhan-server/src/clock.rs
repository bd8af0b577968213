//! The clocks of one game, kept by the server: Fischer increment, and lag compensation as
//! lichess does it.
//!
//! - The clocks start with Black's first move: each side's first move has its own limit
//!   ([`crate::config::Config::first_move_s`], the game is aborted if it is not played), and the
//!   increment is added from then on.
//! - A move's time is what the server measured from the previous move to this one. When the
//!   client says how long its player thought (`think_ms`), the difference is network lag: the
//!   server gives back up to [`MAX_COMPENSATION_MS`] of it a move, taken from a per-side quota
//!   that starts at [`QUOTA_START_MS`], grows by [`QUOTA_GAIN_MS`] with each move and holds at
//!   most [`QUOTA_MAX_MS`]. A client that claims more lag than that is charged the rest.
//! - A flag falls when a side's time reaches zero, checked by a timer, not only on moves.

use std::time::{Duration, Instant};

use xiangqi_protocol::{ClockView, Side};

/// The most lag given back on one move.
pub const MAX_COMPENSATION_MS: u64 = 1_000;
/// Each side's lag quota at the start.
pub const QUOTA_START_MS: u64 = 1_000;
/// What each move adds to the quota.
pub const QUOTA_GAIN_MS: u64 = 100;
/// The most a quota holds.
pub const QUOTA_MAX_MS: u64 = 3_000;

/// The clocks of a game.
#[derive(Clone, Debug)]
pub struct Clock {
    inc_ms: u64,
    left: [u64; 2],
    quota: [u64; 2],
    running: Option<(Side, Instant)>,
}

fn idx(side: Side) -> usize {
    match side {
        Side::Red => 0,
        Side::Black => 1,
    }
}

impl Clock {
    /// Both sides with `base_ms`, adding `inc_ms` a move; not running.
    #[must_use]
    pub fn new(base_ms: u64, inc_ms: u64) -> Clock {
        Clock {
            inc_ms,
            left: [base_ms; 2],
            quota: [QUOTA_START_MS; 2],
            running: None,
        }
    }

    /// Clocks as stored (after a restart or a takeback), running for `side` from `now` if given.
    pub fn set(&mut self, red_ms: u64, black_ms: u64, running: Option<(Side, Instant)>) {
        self.left = [red_ms, black_ms];
        self.running = running;
    }

    /// A side's time left at `now`.
    #[must_use]
    pub fn left(&self, side: Side, now: Instant) -> u64 {
        let stored = self.left[idx(side)];
        match self.running {
            Some((s, since)) if s == side => {
                stored.saturating_sub(now.saturating_duration_since(since).as_millis() as u64)
            }
            _ => stored,
        }
    }

    /// The side whose clock runs.
    #[must_use]
    pub fn running(&self) -> Option<Side> {
        self.running.map(|(s, _)| s)
    }

    /// When the running side's flag falls.
    #[must_use]
    pub fn flag_at(&self) -> Option<Instant> {
        self.running
            .map(|(s, since)| since + Duration::from_millis(self.left[idx(s)]))
    }

    /// Starts `side`'s clock at `now` (Black's first move has been played).
    pub fn start(&mut self, side: Side, now: Instant) {
        self.running = Some((side, now));
    }

    /// Stops the clock, keeping the time left.
    pub fn stop(&mut self, now: Instant) {
        if let Some((s, _)) = self.running {
            self.left[idx(s)] = self.left(s, now);
        }
        self.running = None;
    }

    /// `mover` moved at `now`, having thought `think_ms` by its own measure. Charges the time
    /// less the lag compensation, adds the increment and starts the other side. Returns `false`
    /// (changing nothing) when the mover's time had run out.
    pub fn on_move(&mut self, mover: Side, now: Instant, think_ms: Option<u64>) -> bool {
        let Some((s, since)) = self.running else {
            return true;
        };
        if s != mover {
            return true;
        }
        let i = idx(mover);
        let elapsed = now.saturating_duration_since(since).as_millis() as u64;
        let lag = think_ms.map_or(0, |t| elapsed.saturating_sub(t));
        let given = lag.min(self.quota[i]).min(MAX_COMPENSATION_MS);
        let charged = elapsed - given;
        if charged >= self.left[i] {
            return false;
        }
        self.quota[i] = (self.quota[i] - given + QUOTA_GAIN_MS).min(QUOTA_MAX_MS);
        self.left[i] = self.left[i] - charged + self.inc_ms;
        self.running = Some((mover.other(), now));
        true
    }

    /// What a client is told.
    #[must_use]
    pub fn view(&self, now: Instant) -> ClockView {
        ClockView {
            red_ms: self.left(Side::Red, now),
            black_ms: self.left(Side::Black, now),
            running: self.running(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fischer_increment_and_lag_compensation() {
        let t0 = Instant::now();
        let mut c = Clock::new(60_000, 2_000);
        c.start(Side::Red, t0);
        // Red thought 3 s by its own clock; the server saw 3.4 s: 400 ms of lag given back.
        assert!(c.on_move(Side::Red, t0 + Duration::from_millis(3_400), Some(3_000)));
        assert_eq!(
            c.left(Side::Red, t0 + Duration::from_secs(10)),
            60_000 - 3_000 + 2_000
        );
        assert_eq!(c.running(), Some(Side::Black));
        // Black claims to have thought 0 ms of 5 s: at most 1 s comes back.
        let t1 = t0 + Duration::from_millis(3_400);
        assert!(c.on_move(Side::Black, t1 + Duration::from_secs(5), Some(0)));
        assert_eq!(
            c.left(Side::Black, t1 + Duration::from_secs(6)),
            60_000 - 4_000 + 2_000
        );
        // The quota runs down: a side that claims lag every move gets at most its quota.
        let mut c = Clock::new(600_000, 0);
        let mut t = t0;
        c.start(Side::Red, t);
        let mut given = 0;
        for _ in 0..20 {
            let before = c.left(Side::Red, t);
            t += Duration::from_millis(1_000);
            assert!(c.on_move(Side::Red, t, Some(0)));
            given += 1_000 - (before - c.left(Side::Red, t));
            t += Duration::from_millis(10);
            assert!(c.on_move(Side::Black, t, Some(10)));
        }
        assert_eq!(given, QUOTA_START_MS + 19 * QUOTA_GAIN_MS);
    }

    #[test]
    fn a_flag_falls_on_time_and_a_late_move_is_refused() {
        let t0 = Instant::now();
        let mut c = Clock::new(1_000, 0);
        c.start(Side::Red, t0);
        assert_eq!(c.flag_at(), Some(t0 + Duration::from_millis(1_000)));
        assert!(!c.on_move(Side::Red, t0 + Duration::from_millis(1_500), None));
        assert_eq!(c.left(Side::Red, t0 + Duration::from_millis(1_500)), 0);
        c.stop(t0 + Duration::from_millis(400));
        assert_eq!(c.view(t0 + Duration::from_secs(9)).red_ms, 600);
        assert_eq!(c.running(), None);
    }
}
