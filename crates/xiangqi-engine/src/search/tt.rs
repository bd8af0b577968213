//! The transposition table: two-entry buckets, replacement by depth and age.

use core::sync::atomic::{AtomicU8, AtomicU64, Ordering};

use xiangqi::Move;

use crate::large::{Large, Zeroed};

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

/// One stored search result, as two words that any thread may read or write at any time.
///
/// `data` packs the move (bits 0-13) and whether the node was on a principal variation (bit 15),
/// score (16-31), static evaluation (32-47), depth (48-55)
/// and age and bound (56-63: age in the high six bits, bound in the low two); `check` holds the
/// position's key XOR `data`. A reader accepts an entry only when `check ^ data` is its key, so
/// an entry torn by two threads writing at once reads as empty rather than as a wrong result
/// (Hyatt's lockless hashing). A move read back may still belong to another position: the search
/// checks its legality before playing it.
#[derive(Debug, Default)]
struct Entry {
    check: AtomicU64,
    data: AtomicU64,
}

// SAFETY: two atomics, both valid as zero (an empty entry), and no drop glue.
#[allow(unsafe_code, reason = "an entry of zero bytes is an empty entry")]
unsafe impl Zeroed for Entry {}

/// The unpacked fields of an entry's `data` word.
#[derive(Clone, Copy, Debug, Default)]
struct Fields {
    mv: u16,
    score: i16,
    eval: i16,
    depth: u8,
    /// Age in the high six bits, bound in the low two.
    gen_bound: u8,
}

impl Fields {
    fn pack(self) -> u64 {
        u64::from(self.mv)
            | u64::from(self.score as u16) << 16
            | u64::from(self.eval as u16) << 32
            | u64::from(self.depth) << 48
            | u64::from(self.gen_bound) << 56
    }

    fn unpack(data: u64) -> Fields {
        Fields {
            mv: data as u16,
            score: (data >> 16) as u16 as i16,
            eval: (data >> 32) as u16 as i16,
            depth: (data >> 48) as u8,
            gen_bound: (data >> 56) as u8,
        }
    }
}

impl Entry {
    /// The entry's key and fields as one consistent pair (`None` when empty).
    fn read(&self) -> Option<(u64, Fields)> {
        let data = self.data.load(Ordering::Relaxed);
        let key = self.check.load(Ordering::Relaxed) ^ data;
        let f = Fields::unpack(data);
        (f.gen_bound != 0).then_some((key, f))
    }

    fn write(&self, key: u64, f: Fields) {
        let data = f.pack();
        self.data.store(data, Ordering::Relaxed);
        self.check.store(key ^ data, Ordering::Relaxed);
    }
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
    /// The node was on a principal variation when stored (Stockfish's `ttPv`).
    pub pv: bool,
}

/// The table, shared by every search thread (Lazy SMP). Its size is set in MiB; 16-byte entries
/// in buckets of two, on huge pages where the system gives them ([`Large`]).
#[derive(Debug)]
pub struct Tt {
    entries: Large<Entry>,
    mask: usize,
    generation: AtomicU8,
}

/// The bit of an entry's move field that marks a node on a principal variation (a move uses the
/// low 14 bits).
const PV_BIT: u16 = 1 << 15;

/// Scores at least [`MATE_BOUND`] from zero (mates, wins by rule) are stored relative to the node.
use super::MATE_BOUND;

impl Tt {
    /// A table of at most `mib` MiB (at least 1): the largest power of two of entries that fits.
    #[must_use]
    pub fn new(mib: usize) -> Tt {
        let bytes = mib.max(1) * 1024 * 1024;
        let fit = (bytes / core::mem::size_of::<Entry>()).max(2);
        let count = 1usize << (usize::BITS - 1 - fit.leading_zeros());
        Tt {
            entries: Large::zeroed(count),
            mask: (count - 1) & !1,
            generation: AtomicU8::new(0),
        }
    }

    /// Empties the table (a new game). Call it while no search runs.
    pub fn clear(&self) {
        for e in self.entries.iter() {
            e.check.store(0, Ordering::Relaxed);
            e.data.store(0, Ordering::Relaxed);
        }
        self.generation.store(0, Ordering::Relaxed);
    }

    /// Starts a new search: older entries age.
    pub fn new_search(&self) {
        let g = self.generation.load(Ordering::Relaxed);
        self.generation.store(g.wrapping_add(4), Ordering::Relaxed);
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
        for e in &self.entries[b..b + 2] {
            // An entry without a bound keeps only a move for the store that follows.
            if let Some((k, f)) = e.read()
                && k == key
                && f.gen_bound & 3 != 0
            {
                let bound = match f.gen_bound & 3 {
                    1 => Bound::Upper,
                    2 => Bound::Lower,
                    _ => Bound::Exact,
                };
                let mv = f.mv & !PV_BIT;
                return Some(Hit {
                    mv: Move::from_u16(mv).filter(|_| mv != 0),
                    score: score_from_tt(i32::from(f.score), ply),
                    eval: i32::from(f.eval),
                    depth: i32::from(f.depth),
                    bound,
                    pv: f.mv & PV_BIT != 0,
                });
            }
        }
        None
    }

    /// Stores a result; keeps the old move if the new one has none. `pv`: the node is or was on
    /// a principal variation.
    #[allow(clippy::too_many_arguments, reason = "the fields of one table entry")]
    pub fn store(
        &self,
        key: u64,
        ply: usize,
        mv: Option<Move>,
        score: i32,
        eval: i32,
        depth: i32,
        bound: Bound,
        pv: bool,
    ) {
        let b = self.bucket(key);
        let generation = self.generation.load(Ordering::Relaxed);
        // Same position, else the shallowest or oldest of the two.
        let mut slot = (b, None);
        let mut worst = i32::MAX;
        for i in b..b + 2 {
            let Some((k, f)) = self.entries[i].read() else {
                slot = (i, None);
                break;
            };
            if k == key {
                slot = (i, Some(f));
                break;
            }
            let age = (generation.wrapping_sub(f.gen_bound & !3) >> 2) as i32;
            let value = i32::from(f.depth) - 4 * age;
            if value < worst {
                worst = value;
                slot = (i, None);
            }
        }
        let (i, same) = slot;
        if let Some(old) = same
            && bound != Bound::Exact
            && depth + 2 < i32::from(old.depth)
        {
            return;
        }
        let mv = mv
            .map(Move::to_u16)
            .unwrap_or(same.map_or(0, |old| old.mv & !PV_BIT))
            | if pv { PV_BIT } else { 0 };
        self.entries[i].write(
            key,
            Fields {
                mv,
                score: score_to_tt(score, ply) as i16,
                eval: eval.clamp(-32000, 32000) as i16,
                depth: depth.clamp(0, 255) as u8,
                gen_bound: generation | bound as u8,
            },
        );
    }

    /// Permille of a sample of entries written in this search (UCI `hashfull`).
    #[must_use]
    pub fn hashfull(&self) -> u32 {
        let n = self.entries.len().min(2000);
        let generation = self.generation.load(Ordering::Relaxed);
        let used = self.entries[..n]
            .iter()
            .filter_map(Entry::read)
            .filter(|(_, f)| f.gen_bound & !3 == generation)
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
        let tt = Tt::new(1);
        let m: Move = "h2e2".parse().unwrap();
        tt.store(
            0xdead_beef_1234_5678,
            3,
            Some(m),
            55,
            20,
            7,
            Bound::Exact,
            true,
        );
        let hit = tt.probe(0xdead_beef_1234_5678, 3).unwrap();
        assert_eq!(hit.mv, Some(m));
        assert_eq!((hit.score, hit.eval, hit.depth), (55, 20, 7));
        assert_eq!(hit.bound, Bound::Exact);
        assert!(hit.pv);
        assert!(tt.probe(0x1234_5678_1234_5678, 3).is_none());
    }

    /// The principal-variation mark shares the move's field: a store without a move keeps the
    /// old move and sets the mark as the new store says, and the move reads back unmarked.
    #[test]
    fn the_pv_mark_travels_beside_the_move() {
        let tt = Tt::new(1);
        let m: Move = "b0c2".parse().unwrap();
        let key = 0x0bad_cafe_0000_0042;
        tt.store(key, 0, Some(m), 10, 0, 6, Bound::Lower, true);
        let hit = tt.probe(key, 0).unwrap();
        assert_eq!((hit.mv, hit.pv), (Some(m), true));
        tt.store(key, 0, None, -5, 0, 6, Bound::Upper, false);
        let hit = tt.probe(key, 0).unwrap();
        assert_eq!((hit.mv, hit.pv, hit.bound), (Some(m), false, Bound::Upper));
        tt.store(key, 0, None, -5, 0, 6, Bound::Upper, true);
        assert_eq!(
            tt.probe(key, 0).map(|h| (h.mv, h.pv)),
            Some((Some(m), true))
        );
    }

    #[test]
    fn mate_scores_are_stored_relative_to_the_node() {
        let tt = Tt::new(1);
        let mate = super::super::MATE - 10;
        tt.store(42 << 40, 4, None, mate, 0, 5, Bound::Lower, false);
        assert_eq!(tt.probe(42 << 40, 6).unwrap().score, mate - 2);
    }

    #[test]
    fn a_torn_entry_reads_as_empty() {
        let tt = Tt::new(1);
        let key = 0x0123_4567_89ab_cdef;
        tt.store(key, 0, None, 10, 5, 3, Bound::Lower, false);
        let e = &tt.entries[tt.bucket(key)];
        assert!(tt.probe(key, 0).is_some());
        // Another thread's data word lands between this entry's two stores.
        let other = Fields {
            mv: 0,
            score: -77,
            eval: 1,
            depth: 40,
            gen_bound: Bound::Exact as u8,
        };
        e.data.store(other.pack(), Ordering::Relaxed);
        assert!(tt.probe(key, 0).is_none());
    }

    /// Four threads store and probe a tiny table at once, each entry's fields a function of its
    /// key: every hit is one whole write, never a mix of two.
    #[test]
    fn racing_threads_never_read_a_mixed_entry() {
        let tt = Tt::new(1);
        let fields = |key: u64| {
            (
                key as i32 & 0x3fff,
                (key >> 20) as i32 & 0x0fff,
                1 + (key % 60) as i32,
            )
        };
        std::thread::scope(|s| {
            for t in 0..4u64 {
                let tt = &tt;
                s.spawn(move || {
                    let mut x = 0x9e37_79b9_7f4a_7c15_u64.wrapping_mul(t + 1);
                    for _ in 0..200_000 {
                        x ^= x << 13;
                        x ^= x >> 7;
                        x ^= x << 17;
                        // Few buckets, so the threads collide all the time.
                        let key = (x & !0xffff_u64) | (x & 0x3e);
                        let (score, eval, depth) = fields(key);
                        if x & 1 == 0 {
                            tt.store(key, 0, None, score, eval, depth, Bound::Exact, false);
                        } else if let Some(h) = tt.probe(key, 0) {
                            assert_eq!((h.score, h.eval, h.depth), (score, eval, depth));
                        }
                    }
                });
            }
        });
    }
}
