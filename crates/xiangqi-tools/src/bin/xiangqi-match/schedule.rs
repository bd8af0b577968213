//! Which game a worker plays next. Games are claimed in order; games `2k` and `2k + 1` are one
//! pair, the same opening with colours swapped. A decided SPRT starts no new game; a time limit
//! starts no new pair but lets a pair under way finish, so that every pair counts whole.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

pub struct Schedule {
    next: AtomicUsize,
    /// Games with an index below this may still start.
    cap: AtomicUsize,
    deadline: Option<Instant>,
}

impl Schedule {
    pub fn new(games: usize, deadline: Option<Instant>) -> Self {
        Self {
            next: AtomicUsize::new(0),
            cap: AtomicUsize::new(games),
            deadline,
        }
    }

    /// The next game to play, or `None` when no more may start.
    pub fn claim(&self) -> Option<usize> {
        self.claim_at(Instant::now())
    }

    fn claim_at(&self, now: Instant) -> Option<usize> {
        if self.deadline.is_some_and(|d| now >= d) {
            self.close_pairs();
        }
        let i = self.next.fetch_add(1, Ordering::SeqCst);
        (i < self.cap.load(Ordering::SeqCst)).then_some(i)
    }

    /// Starts no new pair: only the partners of games already claimed may still start.
    fn close_pairs(&self) {
        let claimed = self.next.load(Ordering::SeqCst);
        self.cap
            .fetch_min(claimed.next_multiple_of(2), Ordering::SeqCst);
    }

    /// Starts no new game at all.
    pub fn stop(&self) {
        self.cap.store(0, Ordering::SeqCst);
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[test]
    fn without_a_limit_every_game_is_claimed_once() {
        let s = Schedule::new(4, None);
        let got: Vec<_> = std::iter::from_fn(|| s.claim()).collect();
        assert_eq!(got, [0, 1, 2, 3]);
        assert_eq!(s.claim(), None);
    }

    #[test]
    fn after_the_deadline_only_the_open_pair_finishes() {
        let start = Instant::now();
        let s = Schedule::new(100, Some(start + Duration::from_secs(10)));
        for want in 0..3 {
            assert_eq!(s.claim_at(start), Some(want));
        }
        let late = start + Duration::from_secs(11);
        // Game 2 started a pair: its partner, game 3, still plays; nothing after it.
        assert_eq!(s.claim_at(late), Some(3));
        assert_eq!(s.claim_at(late), None);
        assert_eq!(s.claim_at(late), None);
    }

    #[test]
    fn a_deadline_between_pairs_starts_nothing_more() {
        let start = Instant::now();
        let s = Schedule::new(100, Some(start));
        assert_eq!(s.claim_at(start), None);
        let s = Schedule::new(100, Some(start + Duration::from_secs(1)));
        assert_eq!(s.claim_at(start), Some(0));
        assert_eq!(s.claim_at(start), Some(1));
        assert_eq!(s.claim_at(start + Duration::from_secs(2)), None);
    }

    #[test]
    fn stop_starts_no_new_game() {
        let s = Schedule::new(10, None);
        assert_eq!(s.claim(), Some(0));
        s.stop();
        assert_eq!(s.claim(), None);
    }
}
