//! Counting events in fixed windows by key (logins by address, failed passwords by account, chat
//! lines by player), forgetting keys whose window has passed: the map holds the keys active in
//! the last window and those since the last sweep, never every key ever seen.

use std::collections::HashMap;
use std::hash::Hash;
use std::time::{Duration, Instant};

/// The fewest keys at which a sweep of passed windows is made.
const SWEEP_FROM: usize = 64;

/// Events by key in windows of `SECS` seconds.
pub(crate) struct Windows<K, const SECS: u64> {
    per: Duration,
    map: HashMap<K, (Instant, u32)>,
    /// A sweep is made when the map reaches this many keys (twice what the last one left).
    sweep_at: usize,
}

impl<K, const SECS: u64> Default for Windows<K, SECS> {
    fn default() -> Self {
        Windows {
            per: Duration::from_secs(SECS),
            map: HashMap::new(),
            sweep_at: SWEEP_FROM,
        }
    }
}

impl<K: Hash + Eq, const SECS: u64> Windows<K, SECS> {
    /// Windows of `per` instead of `SECS` (the tests' short ones).
    #[cfg(test)]
    pub(crate) fn every(per: Duration) -> Self {
        Windows {
            per,
            ..Windows::default()
        }
    }

    /// Counts one more event for `key`: how many it has had in its window, this one included.
    pub(crate) fn count(&mut self, key: K) -> u32 {
        if self.map.len() >= self.sweep_at {
            let per = self.per;
            self.map.retain(|_, w| w.0.elapsed() < per);
            self.sweep_at = (self.map.len() * 2).max(SWEEP_FROM);
        }
        let w = self.map.entry(key).or_insert((Instant::now(), 0));
        if w.0.elapsed() >= self.per {
            *w = (Instant::now(), 0);
        }
        w.1 += 1;
        w.1
    }

    /// The events `key` has had in its window (0 once it has passed).
    pub(crate) fn seen(&self, key: &K) -> u32 {
        self.map
            .get(key)
            .filter(|w| w.0.elapsed() < self.per)
            .map_or(0, |w| w.1)
    }

    /// How many keys are kept.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.map.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_in_a_window_and_starts_again_after_it() {
        let mut w: Windows<&str, 0> = Windows::every(Duration::from_millis(50));
        assert_eq!((w.count("a"), w.count("a"), w.count("b")), (1, 2, 1));
        assert_eq!(w.seen(&"a"), 2);
        std::thread::sleep(Duration::from_millis(60));
        assert_eq!(w.seen(&"a"), 0);
        assert_eq!(w.count("a"), 1);
    }

    #[test]
    fn keys_whose_window_passed_are_forgotten() {
        let mut w: Windows<u32, 0> = Windows::every(Duration::from_millis(200));
        for i in 0..10_000 {
            w.count(i);
        }
        assert_eq!(w.len(), 10_000);
        std::thread::sleep(Duration::from_millis(250));
        // Twice as many new keys after the window: the old ones are swept as the map grows,
        // never kept beside them (it would hold 30,000).
        for i in 10_000..30_000 {
            w.count(i);
        }
        assert!(w.len() <= 20_000, "{} keys kept", w.len());
    }
}
