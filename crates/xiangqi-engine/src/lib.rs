//! Chuhan's xiangqi engine: an alpha-beta searcher with a hand-written evaluation, an opening
//! book, seven playing levels, and the UCI/UCCI protocol of the `xiangqi-engine` binary.
//!
//! ```
//! use xiangqi::Position;
//! use xiangqi_engine::{Engine, Level, Limits};
//!
//! let mut engine = Engine::new();
//! engine.set_level(Some(Level::Novice));
//! let limits = Limits::default();
//! let thought = engine.think(&Position::startpos(), &[], &limits, |_| {});
//! assert!(Position::startpos().is_legal(thought.best.unwrap()));
//! ```
// Exceptions, each allowed where it stands: the hash-table prefetch (search/tt.rs) and the
// huge-page tables (large.rs).
#![deny(unsafe_code)]
#![deny(missing_docs)]

pub mod analysis;
pub mod bench;
pub mod book;
pub mod eval;
mod large;
mod level;
pub mod nnue;
pub mod puzzle;
pub mod search;
pub mod uci;

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use xiangqi::{Move, Position};

pub use book::{Book, BookError};
pub use level::{Level, LevelSettings, UnknownLevel};
pub use search::{
    Limits, MATE, MATE_BOUND, ScoreKind, SearchInfo, SearchOptions, SearchResult, Searcher,
    by_rule, rule_score, score_kind,
};

/// Engine name and version, as the protocols report them.
pub const NAME: &str = concat!("Chuhan ", env!("CARGO_PKG_VERSION"));

/// The result of [`Engine::think`].
#[derive(Clone, Debug, Default)]
pub struct Thought {
    /// The move chosen; `None` when there is no legal move.
    pub best: Option<Move>,
    /// The expected reply, if known.
    pub ponder: Option<Move>,
    /// The search behind it (empty for a book move).
    pub search: SearchResult,
    /// Whether the move came from the opening book.
    pub from_book: bool,
    /// Whether the level replaced the searched move with a random one.
    pub blundered: bool,
}

/// A searcher with a book, a level and options: what the UCI loop and the game drive.
pub struct Engine {
    searcher: Searcher,
    book: Book,
    level: Option<Level>,
    level_scale: u32,
    own_book: bool,
    multipv: usize,
    rng: StdRng,
    /// The network full strength and 大师 evaluate with (`None`: the hand-crafted evaluation).
    network: Option<Arc<nnue::Network>>,
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::new()
    }
}

impl Engine {
    /// Full strength, built-in book, 16 MiB hash, seeded from the system's randomness.
    #[must_use]
    pub fn new() -> Engine {
        Engine::with_seed(rand::rng().random())
    }

    /// As [`Engine::new`] with a fixed random seed (book choices, noise and blunders repeat).
    #[must_use]
    pub fn with_seed(seed: u64) -> Engine {
        Engine {
            searcher: Searcher::new(16),
            book: Book::builtin(),
            level: None,
            level_scale: 100,
            own_book: true,
            multipv: 1,
            rng: StdRng::seed_from_u64(seed),
            network: nnue::DEFAULT_ON.then(nnue::Network::embedded),
        }
    }

    /// Plays at `level`, or at full strength within the given limits when `None`.
    pub fn set_level(&mut self, level: Option<Level>) {
        self.level = level;
    }

    /// The level, if one is set.
    #[must_use]
    pub fn level(&self) -> Option<Level> {
        self.level
    }

    /// Scales the level's node and time budgets by `percent` (for fast matches between levels).
    pub fn set_level_scale(&mut self, percent: u32) {
        self.level_scale = percent.clamp(1, 10_000);
    }

    /// Whether to play book moves.
    pub fn set_own_book(&mut self, on: bool) {
        self.own_book = on;
    }

    /// Whether it plays book moves.
    #[must_use]
    pub fn own_book(&self) -> bool {
        self.own_book
    }

    /// Replaces the opening book.
    pub fn set_book(&mut self, book: Book) {
        self.book = book;
    }

    /// Lines to search and report.
    pub fn set_multipv(&mut self, n: usize) {
        self.multipv = n.max(1);
    }

    /// Searches with `threads` threads (Lazy SMP; at least 1) at full strength and at
    /// 大师; the levels with a node or depth budget search with one, so that they keep their
    /// strength whatever the machine.
    pub fn set_threads(&mut self, threads: usize) {
        // WebAssembly in a browser's worker has no threads to start: one search thread.
        let threads = if cfg!(target_arch = "wasm32") {
            1
        } else {
            threads
        };
        self.searcher.set_threads(threads);
    }

    /// The threads a full-strength search uses.
    #[must_use]
    pub fn threads(&self) -> usize {
        self.searcher.threads()
    }

    /// Evaluates with `network` (the NNUE) at full strength and at 大师 from now on, or with
    /// the hand-crafted evaluation when `None`. The other levels keep the hand-crafted
    /// evaluation their budgets were set with.
    pub fn set_network(&mut self, network: Option<Arc<nnue::Network>>) {
        self.network = network;
    }

    /// Whether full strength evaluates with a network.
    #[must_use]
    pub fn uses_network(&self) -> bool {
        self.network.is_some()
    }

    /// Resizes the hash table (clearing it).
    pub fn set_hash_mib(&mut self, mib: usize) {
        self.searcher.resize_hash(mib);
    }

    /// Sets the search parameter `name` (see [`search::params`]) to `value`.
    ///
    /// # Errors
    /// An unknown name or a value outside the parameter's range; nothing changes then.
    pub fn set_search_param(&mut self, name: &str, value: i32) -> Result<(), search::ParamError> {
        let mut p = *self.searcher.params();
        p.set(name, value)?;
        self.searcher.set_params(p);
        Ok(())
    }

    /// Judges repetitions by `rulebook` (the `Repetition Rule` option; the game's 规则 setting).
    pub fn set_rulebook(&mut self, rulebook: xiangqi::Rulebook) {
        self.searcher.set_rulebook(rulebook);
    }

    /// The rules it judges repetitions by.
    #[must_use]
    pub fn rulebook(&self) -> xiangqi::Rulebook {
        self.searcher.rulebook()
    }

    /// Forgets what it learnt: call between games.
    pub fn new_game(&mut self) {
        self.searcher.clear();
    }

    /// The flag that stops a search in progress. [`Engine::think`] does not clear it: store
    /// `false` before starting a search.
    #[must_use]
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.searcher.stop_flag()
    }

    /// Chooses a move for the position reached by `moves` from `start` (the moves give the
    /// repetition history), within `limits` and the level's budget.
    pub fn think(
        &mut self,
        start: &Position,
        moves: &[Move],
        limits: &Limits,
        on_info: impl FnMut(&SearchInfo),
    ) -> Thought {
        let mut pos = start.clone();
        let mut played = 0;
        for &m in moves {
            if pos.play(m).is_err() {
                break;
            }
            played += 1;
        }
        let moves = &moves[..played];
        let settings = self.level.map(|l| l.scaled_settings(self.level_scale));
        let use_book = self.own_book
            && settings.is_none_or(|s| s.book)
            && limits.search_moves.is_empty()
            && self.multipv == 1;
        if use_book && let Some(m) = self.book.pick(&pos, &mut self.rng) {
            return Thought {
                best: Some(m),
                from_book: true,
                ..Thought::default()
            };
        }
        let mut limits = limits.clone();
        let mut options = SearchOptions {
            multipv: self.multipv,
            noise: 0,
            seed: self.rng.random(),
            threads: if settings.is_some_and(|s| s.nodes.is_some() || s.depth.is_some()) {
                1
            } else {
                self.searcher.threads()
            },
        };
        if let Some(s) = settings {
            limits.depth = min_opt(limits.depth, s.depth);
            limits.nodes = min_opt(limits.nodes, s.nodes);
            limits.max_time = min_opt(limits.max_time, s.time);
            options.noise = s.noise;
        }
        let network = match self.level {
            None | Some(Level::Master) => self.network.clone(),
            Some(_) => None,
        };
        let same = match (&network, self.searcher.network()) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            (None, None) => true,
            _ => false,
        };
        if !same {
            self.searcher.set_network(network);
        }
        let search = self
            .searcher
            .search(start, moves, &limits, &options, on_info);
        let mut thought = Thought {
            best: search.best,
            ponder: search.ponder,
            search,
            from_book: false,
            blundered: false,
        };
        if let Some(s) = settings
            && s.blunder_permille > 0
            && self.rng.random_range(0..1000) < s.blunder_permille
        {
            let legal = pos.legal_moves();
            if !legal.is_empty() {
                let m = legal[self.rng.random_range(0..legal.len())];
                thought.blundered = Some(m) != thought.best;
                thought.best = Some(m);
                thought.ponder = None;
            }
        }
        thought
    }
}

pub(crate) fn min_opt<T: Ord>(a: Option<T>, b: Option<T>) -> Option<T> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, None) => a,
        (None, b) => b,
    }
}
