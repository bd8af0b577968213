//! The search: iterative deepening over a principal-variation alpha-beta search with aspiration
//! windows, a transposition table, quiescence search, null-move pruning, late-move reductions,
//! futility and late-move pruning, check and singular extensions (with multi-cut), killers,
//! history, continuation and capture history, counter moves, and the repetition rules of the
//! rules library applied inside the tree. Time: the soft limit stretches while the best move
//! changes or the score falls, and shrinks while both hold still.

pub mod correction;
pub mod movepick;
pub mod params;
pub mod time;
pub mod tt;

mod history;
mod iterate;
mod node;
mod pruning;
mod quiescence;
mod state;

use history::noise_table;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use xiangqi::{Move, Outcome, PieceKind, Position, Rulebook};

use crate::eval::{Term, damp, evaluate_undamped, psq_delta, psq_red};
use crate::nnue::{Accumulator, Network};
use correction::{Correction, Keys};
use movepick::{Heuristics, Kind, MovePicker, SEE_VALUES};
pub use params::{PARAMS, ParamError, ParamSpec, Params};
pub use time::{Clock, Limits, MOVE_OVERHEAD};
use tt::{Bound, Tt};

/// The score of being checkmated now; mate in `n` plies scores `MATE - n`.
///
/// Games won or lost by a repetition rule (the opponent's perpetual check or chase) share this
/// scale, so that a lost side takes the longest road whichever way it loses and a winning side
/// the shortest: see [`rule_score`]. The parity of the distance tells the two kinds apart.
pub const MATE: i32 = 30_000;
/// Scores at least this large are forced wins: mates, or wins by a repetition rule.
pub const MATE_BOUND: i32 = MATE - 1_000;
/// Larger than any score.
pub const INFINITY: i32 = 31_000;
/// Deepest ply the search reaches.
pub const MAX_PLY: usize = 100;

/// A score as UCI prints it: centipawns, or mate in moves (negative when being mated).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScoreKind {
    /// Centipawns from the side to move's view.
    Cp(i32),
    /// Mate in this many moves (full moves; negative: we are mated).
    Mate(i32),
}

/// How UCI shows `score`: a win or loss by a repetition rule shows as a mate at its distance.
#[must_use]
pub fn score_kind(score: i32) -> ScoreKind {
    if score >= MATE_BOUND {
        ScoreKind::Mate((MATE - score + 1) / 2)
    } else if score <= -MATE_BOUND {
        ScoreKind::Mate(-((MATE + score + 1) / 2))
    } else {
        ScoreKind::Cp(score)
    }
}

/// The score, from the side to move's view at `ply`, of a game decided there by a repetition
/// rule: won ranks with mating now, lost just above being mated now. A mate's distance from the
/// node is odd when the side to move mates and even when it is mated; a rule's is the other way
/// round (0 when won, 1 when lost), which [`by_rule`] reads back after any number of negations.
#[must_use]
pub const fn rule_score(won: bool, ply: usize) -> i32 {
    if won {
        MATE - ply as i32
    } else {
        -(MATE - ply as i32 - 1)
    }
}

/// Whether `score` at `ply` is a win or loss by a repetition rule (see [`rule_score`]) rather
/// than a mate or an evaluation.
#[must_use]
pub const fn by_rule(score: i32, ply: usize) -> bool {
    let distance = MATE - score.abs() - ply as i32;
    score.abs() >= MATE_BOUND && (score > 0) == (distance.rem_euclid(2) == 0)
}

/// Progress reported after each iteration (and each line of a multi-PV search).
#[derive(Clone, Debug)]
pub struct SearchInfo {
    /// Iteration depth.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Line number, from 1.
    pub multipv: usize,
    /// Score of the line, side to move's view.
    pub score: i32,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time since the search began.
    pub time: Duration,
    /// Permille of the hash table written in this search.
    pub hashfull: u32,
    /// The line.
    pub pv: Vec<Move>,
}

/// What a search returns.
#[derive(Clone, Debug, Default)]
pub struct SearchResult {
    /// The move to play; `None` only when there is no legal move.
    pub best: Option<Move>,
    /// The expected reply.
    pub ponder: Option<Move>,
    /// Score of the best move, side to move's view.
    pub score: i32,
    /// Last completed depth.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Principal variation.
    pub pv: Vec<Move>,
}

/// How the search plays beyond the limits: lines to report and deliberate imprecision.
#[derive(Clone, Debug, Default)]
pub struct SearchOptions {
    /// Lines to search and report (1 = normal).
    pub multipv: usize,
    /// Random offsets up to this many centipawns added to each root move's score (the levels).
    pub noise: i32,
    /// Seed for the noise.
    pub seed: u64,
    /// Threads to search with, at most 1 + the helpers made by [`Searcher::set_threads`]
    /// (0 or 1: the calling thread alone).
    pub threads: usize,
}

#[derive(Clone, Copy, Default)]
struct Frame {
    eval: i32,
    /// The move played from this ply (None: null move or none yet).
    mv: Option<Move>,
    piece: usize,
    /// Material and piece-square total from Red's view, kept move by move.
    psq: Term,
    /// Whether the side to move here is in check (set by the parent).
    in_check: bool,
    /// The correction-history keys, kept move by move.
    corr_keys: Keys,
    /// The move left out of this node's search (the singular-extension test).
    excluded: Option<Move>,
}

/// What a node of the main search knows once its hash entry and evaluation are read.
struct Node {
    /// Depth left (after any internal iterative reduction).
    depth: i32,
    ply: usize,
    in_check: bool,
    /// Expected to fail high (a zero-window node whose parent expects a cut).
    cut_node: bool,
    /// The evaluation is above the one two plies earlier.
    improving: bool,
    /// The static evaluation (`-INFINITY` in check).
    eval: i32,
    hit: Option<tt::Hit>,
    /// The move left out (singular-extension test).
    excluded: Option<Move>,
    tt_move: Option<Move>,
}

/// How a node's move loop ended.
enum Moves {
    /// Every move looked at: the best score and move (if one beat alpha).
    Done { best: i32, best_move: Option<Move> },
    /// The node's score is decided without a table entry (mate, multi-cut, stopped, all
    /// pruned).
    Return(i32),
}

/// Capture history: `[piece][to][captured kind]`.
pub type CaptureHistory = [[[i16; 7]; 90]; 14];

/// Continuation history: `[previous piece * 90 + previous to][piece][to]`.
type ContHistory = Vec<[[i16; 90]; 14]>;

/// The searcher: tables that persist between moves of a game, and per-search state.
pub struct Searcher {
    /// The transposition table, shared with the helper threads.
    tt: Arc<Tt>,
    /// The helper threads' searchers (Lazy SMP): each its own position, histories and stack.
    helpers: Vec<Searcher>,
    /// Whether this is a helper: it reports nothing and leaves the table's age alone.
    helper: bool,
    /// Nodes searched so far in this search, published every 1,024 nodes for the main thread.
    node_count: Arc<AtomicU64>,
    /// The helpers' published node counts during a search.
    helper_nodes: Vec<Arc<AtomicU64>>,
    history: Box<[[i32; 90]; 14]>,
    captures: Box<CaptureHistory>,
    counters: Box<[[Option<Move>; 90]; 14]>,
    cont: ContHistory,
    /// Index in `keys` of the root position.
    root_index: usize,
    killers: [[Option<Move>; 2]; MAX_PLY + 2],
    stack: [Frame; MAX_PLY + 4],
    pv: Box<[[Move; MAX_PLY + 1]; MAX_PLY + 1]>,
    pv_len: [usize; MAX_PLY + 1],
    /// Keys of the game positions and of the current path.
    keys: Vec<u64>,
    /// Moves of the game and the path (`None` for a null move), `moves[i]` leads from `keys[i]`.
    moves: Vec<Option<Move>>,
    nodes: u64,
    seldepth: usize,
    stop: Arc<AtomicBool>,
    stopped: bool,
    clock: Option<Clock>,
    node_limit: u64,
    root_depth: i32,
    root_excluded: Vec<Move>,
    root_only: Vec<Move>,
    root_noise: Vec<(Move, i32)>,
    root_best: Option<(Move, i32)>,
    lmr: Box<[[u8; 64]; 64]>,
    params: Params,
    /// The rules that judge repetitions and the no-capture limit.
    rulebook: Rulebook,
    correction: Correction,
    /// Static evaluations before damping, by position key: the key's upper 48 bits and the
    /// score in the lower 16.
    eval_cache: Vec<u64>,
    /// The network that evaluates (`None`: the hand-crafted evaluation).
    nnue: Option<Arc<Network>>,
    /// The network's hidden layers at each ply, kept move by move (empty without a network).
    accs: Vec<Accumulator>,
}

/// Entries in the evaluation cache (a power of two).
const EVAL_CACHE: usize = 1 << 16;

impl Default for Searcher {
    fn default() -> Searcher {
        Searcher::new(16)
    }
}

impl Searcher {
    /// A searcher with a `hash_mib` MiB transposition table.
    #[must_use]
    pub fn new(hash_mib: usize) -> Searcher {
        Searcher::with_table(Arc::new(Tt::new(hash_mib)))
    }

    fn with_table(tt: Arc<Tt>) -> Searcher {
        let params = Params::default();
        Searcher {
            tt,
            helpers: Vec::new(),
            helper: false,
            node_count: Arc::new(AtomicU64::new(0)),
            helper_nodes: Vec::new(),
            history: Box::new([[0; 90]; 14]),
            captures: Box::new([[[0; 7]; 90]; 14]),
            counters: Box::new([[None; 90]; 14]),
            cont: vec![[[0; 90]; 14]; 14 * 90],
            root_index: 0,
            killers: [[None; 2]; MAX_PLY + 2],
            stack: [Frame::default(); MAX_PLY + 4],
            pv: Box::new([[Move::default(); MAX_PLY + 1]; MAX_PLY + 1]),
            pv_len: [0; MAX_PLY + 1],
            keys: Vec::with_capacity(512),
            moves: Vec::with_capacity(512),
            nodes: 0,
            seldepth: 0,
            stop: Arc::new(AtomicBool::new(false)),
            stopped: false,
            clock: None,
            node_limit: u64::MAX,
            root_depth: 0,
            root_excluded: Vec::new(),
            root_only: Vec::new(),
            root_noise: Vec::new(),
            root_best: None,
            lmr: params.lmr_table(),
            params,
            rulebook: Rulebook::default(),
            correction: Correction::default(),
            eval_cache: vec![0; EVAL_CACHE],
            nnue: None,
            accs: Vec::new(),
        }
    }

    /// Evaluates with `network` from now on, or with the hand-crafted evaluation when `None`.
    pub fn set_network(&mut self, network: Option<Arc<Network>>) {
        self.accs = if network.is_some() {
            vec![Accumulator::default(); MAX_PLY + 4]
        } else {
            Vec::new()
        };
        self.nnue = network;
        self.eval_cache.fill(0);
        for h in &mut self.helpers {
            h.set_network(self.nnue.clone());
        }
    }

    /// The network it evaluates with, if any.
    #[must_use]
    pub fn network(&self) -> Option<&Arc<Network>> {
        self.nnue.as_ref()
    }

    /// The search's tunable constants.
    #[must_use]
    pub fn params(&self) -> &Params {
        &self.params
    }

    /// Replaces the search's tunable constants.
    pub fn set_params(&mut self, params: Params) {
        self.lmr = params.lmr_table();
        self.params = params;
    }

    /// The rules that judge repetitions in the search.
    #[must_use]
    pub fn rulebook(&self) -> Rulebook {
        self.rulebook
    }

    /// Judges repetitions and the no-capture limit by `rulebook` from now on (the hash table is
    /// cleared when it changes: its scores were judged by the other rules).
    pub fn set_rulebook(&mut self, rulebook: Rulebook) {
        if rulebook != self.rulebook {
            self.rulebook = rulebook;
            self.tt.clear();
        }
    }

    /// Replaces the transposition table with one of `mib` MiB.
    pub fn resize_hash(&mut self, mib: usize) {
        self.tt = Arc::new(Tt::new(mib));
    }

    /// Searches with `threads` threads from now on (at least 1; Lazy SMP): the calling thread
    /// and `threads - 1` helpers, which search the same position at once, each with its own
    /// histories, sharing the hash table. Their histories persist between searches.
    pub fn set_threads(&mut self, threads: usize) {
        let helpers = threads.max(1) - 1;
        self.helpers.truncate(helpers);
        while self.helpers.len() < helpers {
            let mut h = Searcher::with_table(Arc::clone(&self.tt));
            h.helper = true;
            h.set_network(self.nnue.clone());
            self.helpers.push(h);
        }
    }

    /// The threads it searches with when allowed (see [`SearchOptions::threads`]).
    #[must_use]
    pub fn threads(&self) -> usize {
        self.helpers.len() + 1
    }

    /// Forgets everything learnt (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        *self.history = [[0; 90]; 14];
        *self.captures = [[[0; 7]; 90]; 14];
        *self.counters = [[None; 90]; 14];
        self.cont.fill([[0; 90]; 14]);
        self.killers = [[None; 2]; MAX_PLY + 2];
        self.correction.clear();
        self.eval_cache.fill(0);
        for h in &mut self.helpers {
            h.clear();
        }
    }

    /// The flag that stops a running search when set (from any thread).
    #[must_use]
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }
}

#[cfg(test)]
mod tests;
