//! The transposition table: two-entry buckets, replacement by depth and age.

use xiangqi::Move;

/// How a stored score bounds the true score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// Nothing stored.
    None = 0,
    /// The true score is at most this (fail-low).
    Upper = 1,
    /// The true score is at least this (fail-high).
    Lower = 2,
    /// The exact score.
    Exact = 3,
}

/// One stored search result.
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    key: u32,
    mv: u16,
    score: i16,
    eval: i16,
    depth: u8,
    /// Age in the high six bits, bound in the low two.
    gen_bound: u8,
}

/// What a probe found.
#[derive(Clone, Copy, Debug)]
pub struct Hit {
    /// The best move found, if any.
    pub mv: Option<Move>,
    /// Score, already adjusted to the probing ply.
    pub score: i32,
    /// Static evaluation stored with it.
    pub eval: i32,
    /// Depth searched.
    pub depth: i32,
    /// What the score means.
    pub bound: Bound,
}

/// The table. Its size is set in MiB; 12-byte entries in buckets of two.
pub struct Tt {
    entries: Vec<Entry>,
    mask: usize,
    generation: u8,
}

/// Scores at least [`MATE_BOUND`] from zero (mates, wins by rule) are stored relative to the node.
use super::MATE_BOUND;

impl Tt {
    /// A table of about `mib` MiB (at least 1).
    #[must_use]
    pub fn new(mib: usize) -> Tt {
        let bytes = mib.max(1) * 1024 * 1024;
        let count = (bytes / core::mem::size_of::<Entry>()).next_power_of_two() / 2;
        let count = count.max(2);
        Tt {
            entries: vec![Entry::default(); count],
            mask: (count - 1) & !1,
            generation: 0,
        }
    }

    /// Empties the table (a new game).
    pub fn clear(&mut self) {
        self.entries.fill(Entry::default());
        self.generation = 0;
    }

    /// Starts a new search: older entries age.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(4);
    }

    /// Asks the processor to bring `key`'s bucket into cache (called as soon as a move is made,
    /// so the line arrives while the child node starts).
    #[inline]
    #[allow(unsafe_code, reason = "the prefetch intrinsic; it reads no memory")]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use core::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let p: *const Entry = &self.entries[self.bucket(key)];
            // SAFETY: SSE is part of the x86_64 baseline, and a prefetch only hints the cache:
            // it never faults and reads nothing the program sees (the address is in bounds).
            unsafe { _mm_prefetch::<_MM_HINT_T0>(p.cast()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    fn bucket(&self, key: u64) -> usize {
        (key as usize) & self.mask
    }

    /// The entry for `key`, if stored, with its score adjusted to `ply`.
    #[must_use]
    pub fn probe(&self, key: u64, ply: usize) -> Option<Hit> {
        let b = self.bucket(key);
        let check = (key >> 32) as u32;
        for e in &self.entries[b..b + 2] {
            if e.key == check && e.gen_bound & 3 != 0 {
                let bound = match e.gen_bound & 3 {
                    1 => Bound::Upper,
                    2 => Bound::Lower,
                    _ => Bound::Exact,
                };
                return Some(Hit {
                    mv: Move::from_u16(e.mv).filter(|_| e.mv != 0),
                    score: score_from_tt(e.score as i32, ply),
                    eval: e.eval as i32,
                    depth: e.depth as i32,
                    bound,
                });
            }
        }
        None
    }

    /// Stores a result; keeps the old move if the new one has none.
    #[allow(clippy::too_many_arguments, reason = "the fields of one table entry")]
    pub fn store(
        &mut self,
        key: u64,
        ply: usize,
        mv: Option<Move>,
        score: i32,
        eval: i32,
        depth: i32,
        bound: Bound,
    ) {
        let b = self.bucket(key);
        let check = (key >> 32) as u32;
        let generation = self.generation;
        // Same position, else the shallowest or oldest of the two.
        let mut slot = b;
        let mut worst = i32::MAX;
        for i in b..b + 2 {
            let e = &self.entries[i];
            if e.key == check || e.gen_bound == 0 {
                slot = i;
                break;
            }
            let age = (generation.wrapping_sub(e.gen_bound & !3) >> 2) as i32;
            let value = e.depth as i32 - 4 * age;
            if value < worst {
                worst = value;
                slot = i;
            }
        }
        let e = &mut self.entries[slot];
        if e.key == check && bound != Bound::Exact && depth + 2 < e.depth as i32 {
            return;
        }
        let mv = mv
            .map(Move::to_u16)
            .unwrap_or(if e.key == check { e.mv } else { 0 });
        *e = Entry {
            key: check,
            mv,
            score: score_to_tt(score, ply) as i16,
            eval: eval.clamp(-32000, 32000) as i16,
            depth: depth.clamp(0, 255) as u8,
            gen_bound: generation | bound as u8,
        };
    }

    /// Permille of a sample of entries written in this search (UCI `hashfull`).
    #[must_use]
    pub fn hashfull(&self) -> u32 {
        let n = self.entries.len().min(2000);
        let used = self.entries[..n]
            .iter()
            .filter(|e| e.gen_bound != 0 && e.gen_bound & !3 == self.generation)
            .count();
        (used * 1000 / n) as u32
    }
}

fn score_to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn score_from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds() {
        let mut tt = Tt::new(1);
        let m: Move = "h2e2".parse().unwrap();
        tt.store(0xdead_beef_1234_5678, 3, Some(m), 55, 20, 7, Bound::Exact);
        let hit = tt.probe(0xdead_beef_1234_5678, 3).unwrap();
        assert_eq!(hit.mv, Some(m));
        assert_eq!((hit.score, hit.eval, hit.depth), (55, 20, 7));
        assert_eq!(hit.bound, Bound::Exact);
        assert!(tt.probe(0x1234_5678_1234_5678, 3).is_none());
    }

    #[test]
    fn mate_scores_are_stored_relative_to_the_node() {
        let mut tt = Tt::new(1);
        let mate = super::super::MATE - 10;
        tt.store(42 << 40, 4, None, mate, 0, 5, Bound::Lower);
        assert_eq!(tt.probe(42 << 40, 6).unwrap().score, mate - 2);
    }
}
