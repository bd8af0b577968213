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

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use xiangqi::{Move, Outcome, PieceKind, Position, Rulebook};

use crate::eval::{Term, damp, evaluate_undamped, psq_delta, psq_red};
use crate::large::Large;
use crate::nnue::{Accumulator, Network};
use correction::{Correction, Keys};
use movepick::{Heuristics, Kind, MovePicker, SEE_VALUES};
use params::LMR_ONE;
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

/// Where a search went, counted by the main thread with the `stats` feature (all zero without).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Nodes in quiescence (of all the nodes counted).
    pub qnodes: u64,
    /// Hash table probes in the main search (quiescence never probes).
    pub tt_probes: u64,
    /// Probes that found the position.
    pub tt_hits: u64,
    /// Nodes cut off by the table's score.
    pub tt_cuts: u64,
    /// Nodes whose moves failed high (a cutoff).
    pub fail_highs: u64,
    /// Those where the first move searched did.
    pub fail_highs_first: u64,
    /// Nodes cut off by ProbCut.
    pub probcuts: u64,
}

/// Counts one more of a [`SearchStats`] field (nothing without the `stats` feature).
macro_rules! stat {
    ($searcher:expr, $field:ident) => {
        #[cfg(feature = "stats")]
        {
            $searcher.stats.$field += 1;
        }
    };
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
    /// Where the main thread's search went (the `stats` feature).
    pub stats: SearchStats,
    /// Permille of the hash table written in this search, at its end.
    pub hashfull: u32,
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
    /// Double singular extensions on the path from the root to this node.
    doubles: u8,
    /// Cut-offs at this ply (two for one without a hash move) since the node two plies up
    /// started: many mean the moves here are easily refuted (Stockfish's `cutoffCnt`).
    cutoffs: u8,
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
    /// The hash move is a capture.
    tt_capture: bool,
    /// The node is on the principal variation or was when its hash entry was stored
    /// (Stockfish's `ttPv`).
    tt_pv: bool,
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
type ContHistory = Large<[[i16; 90]; 14]>;

/// The continuation-history rows of a node (see `Searcher::cont_rows`).
type ContRows = [Option<usize>; 3];

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
    #[cfg_attr(not(feature = "stats"), allow(dead_code))]
    stats: SearchStats,
    stop: Arc<AtomicBool>,
    stopped: bool,
    clock: Option<Clock>,
    node_limit: u64,
    root_depth: i32,
    root_excluded: Vec<Move>,
    root_only: Vec<Move>,
    root_noise: Vec<(Move, i32)>,
    root_best: Option<(Move, i32)>,
    lmr: Box<[[u16; 64]; 64]>,
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
            cont: Large::zeroed(14 * 90),
            root_index: 0,
            killers: [[None; 2]; MAX_PLY + 2],
            stack: [Frame::default(); MAX_PLY + 4],
            pv: Box::new([[Move::default(); MAX_PLY + 1]; MAX_PLY + 1]),
            pv_len: [0; MAX_PLY + 1],
            keys: Vec::with_capacity(512),
            moves: Vec::with_capacity(512),
            nodes: 0,
            seldepth: 0,
            stats: SearchStats::default(),
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
        self.cont.zero();
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

// ----------------------------------------------------------------------------------------------
// The root: `search` (threads, the result), iterative deepening with aspiration windows, and
// the stop checks.

impl Searcher {
    /// Searches the position reached by playing `moves` from `start`, within `limits`, calling
    /// `on_info` after every iteration. Illegal moves in `moves` end the replay there.
    pub fn search(
        &mut self,
        start: &Position,
        moves: &[Move],
        limits: &Limits,
        options: &SearchOptions,
        on_info: impl FnMut(&SearchInfo),
    ) -> SearchResult {
        self.tt.new_search();
        let active = options.threads.clamp(1, self.helpers.len() + 1) - 1;
        let mut helpers = core::mem::take(&mut self.helpers);
        let helper_limits = Limits {
            depth: limits.depth,
            infinite: true,
            search_moves: limits.search_moves.clone(),
            ..Limits::default()
        };
        let helper_options = SearchOptions::default();
        for h in &mut helpers[..active] {
            h.tt = Arc::clone(&self.tt);
            h.params = self.params;
            h.lmr.clone_from(&self.lmr);
            h.rulebook = self.rulebook;
            h.stop.store(false, Ordering::Relaxed);
            h.node_count.store(0, Ordering::Relaxed);
        }
        self.helper_nodes = helpers[..active]
            .iter()
            .map(|h| Arc::clone(&h.node_count))
            .collect();
        let stops: Vec<Arc<AtomicBool>> = helpers[..active]
            .iter()
            .map(|h| Arc::clone(&h.stop))
            .collect();
        let mut result = std::thread::scope(|scope| {
            for h in &mut helpers[..active] {
                let (hl, ho) = (&helper_limits, &helper_options);
                scope.spawn(move || h.iterate(start, moves, hl, ho, |_| {}));
            }
            let result = self.iterate(start, moves, limits, options, on_info);
            for stop in &stops {
                stop.store(true, Ordering::Relaxed);
            }
            result
        });
        // The helpers have stopped and published their last counts.
        result.nodes = self.total_nodes();
        self.helpers = helpers;
        self.helper_nodes.clear();
        result
    }

    /// Nodes searched in this search by this thread and its helpers (theirs as last published).
    fn total_nodes(&self) -> u64 {
        self.nodes
            + self
                .helper_nodes
                .iter()
                .map(|n| n.load(Ordering::Relaxed))
                .sum::<u64>()
    }

    /// One thread's iterative deepening: the search of [`Searcher::search`] without helpers.
    fn iterate(
        &mut self,
        start: &Position,
        moves: &[Move],
        limits: &Limits,
        options: &SearchOptions,
        mut on_info: impl FnMut(&SearchInfo),
    ) -> SearchResult {
        // The move's deadlines, by how far into the game it is (plies from the game's start).
        let game_ply = 2 * start.fullmove_number().saturating_sub(1) as usize
            + usize::from(start.side_to_move() == xiangqi::Color::Black)
            + moves.len();
        let clock = Clock::new(limits, game_ply, &self.params);
        let mut pos = start.clone();
        self.keys.clear();
        self.moves.clear();
        self.keys.push(pos.key());
        for &m in moves {
            if pos.play(m).is_err() {
                break;
            }
            self.moves.push(Some(m));
            self.keys.push(pos.key());
        }
        self.root_index = self.keys.len() - 1;
        self.stack[0].psq = psq_red(&pos);
        if let Some(net) = &self.nnue {
            self.accs[0] = net.refresh(&pos);
        }
        self.stack[0].in_check = pos.is_check();
        self.stack[0].corr_keys = Keys::of(&pos);
        self.stack[0].mv = None;
        self.stack[0].doubles = 0;
        self.stack[0].cutoffs = 0;
        self.stack[1].cutoffs = 0;
        self.nodes = 0;
        self.stats = SearchStats::default();
        self.stopped = false;
        self.clock = Some(clock);
        self.node_limit = limits.nodes.unwrap_or(u64::MAX);
        self.root_only = limits.search_moves.clone();
        self.root_best = None;
        self.killers = [[None; 2]; MAX_PLY + 2];
        for row in self.history.iter_mut() {
            for h in row.iter_mut() {
                *h /= 2;
            }
        }

        let legal: Vec<Move> = pos
            .legal_moves()
            .iter()
            .copied()
            .filter(|m| self.root_only.is_empty() || self.root_only.contains(m))
            .collect();
        let mut result = SearchResult::default();
        if legal.is_empty() {
            result.score = -MATE;
            return result;
        }
        self.root_noise = noise_table(&legal, options.noise, options.seed ^ pos.key());
        let multipv = options.multipv.clamp(1, legal.len());
        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 4)
            .clamp(1, MAX_PLY as u32 - 4);
        let mut prev_score = 0;
        let mut best_pv: Vec<Move> = Vec::new();
        let (mut prev_best, mut stable, mut prev_iteration_score) = (None, 0u32, 0);
        for depth in 1..=max_depth as i32 {
            self.root_depth = depth;
            self.root_excluded.clear();
            let mut lines: Vec<(i32, Vec<Move>)> = Vec::new();
            for pv_idx in 0..multipv {
                self.seldepth = 0;
                let score = self.aspiration(&mut pos, depth, prev_score, pv_idx == 0);
                if self.stopped {
                    break;
                }
                let pv = self.pv[0][..self.pv_len[0]].to_vec();
                let Some(&first) = pv.first() else { break };
                self.root_excluded.push(first);
                on_info(&SearchInfo {
                    depth: depth as u32,
                    seldepth: self.seldepth as u32,
                    multipv: pv_idx + 1,
                    score,
                    nodes: self.total_nodes(),
                    time: clock.elapsed(),
                    hashfull: self.tt.hashfull(),
                    pv: pv.clone(),
                });
                lines.push((score, pv));
            }
            if self.stopped && lines.is_empty() {
                break;
            }
            if let Some((score, pv)) = lines.into_iter().next() {
                prev_score = score;
                result.score = score;
                result.depth = depth as u32;
                best_pv = pv;
            }
            if self.stopped {
                break;
            }
            if best_pv.first() == prev_best.as_ref() {
                stable += 1;
            } else {
                stable = 0;
            }
            prev_best = best_pv.first().copied();
            let scale = time::time_scale(stable, prev_iteration_score - result.score);
            prev_iteration_score = result.score;
            if !limits.infinite && clock.soft_expired(if depth >= 5 { scale } else { 100 }) {
                break;
            }
            if !limits.infinite
                && prev_score.abs() >= MATE_BOUND
                && depth > MATE - prev_score.abs() + 2
            {
                // A mate found and proved at this depth; deeper adds nothing.
                if limits.depth.is_none() {
                    break;
                }
            }
        }
        // Keep a better move found by an interrupted iteration.
        if let Some((m, s)) = self.root_best
            && best_pv.first() != Some(&m)
            && s > result.score
        {
            best_pv = vec![m];
            result.score = s;
        }
        if best_pv.is_empty() {
            best_pv.push(legal[0]);
        }
        result.best = best_pv.first().copied();
        result.ponder = best_pv.get(1).copied();
        result.pv = best_pv;
        result.nodes = self.nodes;
        result.stats = self.stats;
        result.hashfull = self.tt.hashfull();
        self.node_count.store(self.nodes, Ordering::Relaxed);
        result
    }

    fn aspiration(&mut self, pos: &mut Position, depth: i32, prev: i32, first_line: bool) -> i32 {
        if depth < 4 || !first_line || prev.abs() >= MATE_BOUND {
            return self.negamax::<true>(pos, depth, -INFINITY, INFINITY, 0, false);
        }
        let mut delta = self.params.aspiration_delta;
        let mut alpha = (prev - delta).max(-INFINITY);
        let mut beta = (prev + delta).min(INFINITY);
        loop {
            let s = self.negamax::<true>(pos, depth, alpha, beta, 0, false);
            if self.stopped {
                return s;
            }
            if s <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (s - delta).max(-INFINITY);
            } else if s >= beta {
                beta = (s + delta).min(INFINITY);
            } else {
                return s;
            }
            delta += delta / 2;
            if delta > 1000 {
                alpha = -INFINITY;
                beta = INFINITY;
            }
        }
    }

    fn check_stop(&mut self) {
        if self.nodes & 1023 == 0 {
            self.node_count.store(self.nodes, Ordering::Relaxed);
            if self.stop.load(Ordering::Relaxed)
                || self.nodes >= self.node_limit
                || self.clock.is_some_and(|c| c.hard_expired())
            {
                self.stopped = true;
            }
        } else if self.nodes >= self.node_limit {
            self.stopped = true;
        }
    }
}

// ----------------------------------------------------------------------------------------------
// A node of the main search: negamax with its early exits and node pruning, and the move loop.

impl Searcher {
    /// One node of the main search, in the steps a reader can follow: the early exits (rules,
    /// mate distance, the hash table), the static evaluation, the pruning of the whole node,
    /// then the moves, and the result stored.
    fn negamax<const PV: bool>(
        &mut self,
        pos: &mut Position,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        cut_node: bool,
    ) -> i32 {
        if PV {
            self.pv_len[ply] = ply;
        }
        if depth <= 0 {
            return self.qsearch::<PV>(pos, alpha, beta, ply);
        }
        self.nodes += 1;
        self.check_stop();
        if self.stopped {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if ply > 0
            && let Some(s) = self.early_exit(pos, ply, &mut alpha, &mut beta)
        {
            return s;
        }
        let key = pos.key();
        let excluded = self.stack[ply].excluded;
        let hit = self.tt.probe(key, ply);
        stat!(self, tt_probes);
        if hit.is_some() {
            stat!(self, tt_hits);
        }
        if !PV
            && excluded.is_none()
            && let Some(h) = hit
            && h.depth >= depth
            && match h.bound {
                Bound::Exact => true,
                Bound::Lower => h.score >= beta,
                Bound::Upper => h.score <= alpha,
                Bound::None => false,
            }
        {
            stat!(self, tt_cuts);
            // A quiet hash move that holds beta is a cut-off as good as a searched one: it
            // earns the same reward, so that the ordering learns from it too. The move may come
            // from another position with the same key's bits, so it must be one of ours.
            if self.params.tt_cut_history != 0
                && h.score >= beta
                && let Some(m) = h.mv
                && pos.piece_at(m.to()).is_none()
                && pos
                    .piece_at(m.from())
                    .is_some_and(|p| p.color == pos.side_to_move())
            {
                self.reward_quiet(pos, ply, m, depth, &[m]);
            }
            return h.score;
        }
        let in_check = self.stack[ply].in_check;
        // The table keeps the evaluation before correction; the search uses it corrected.
        let raw_eval = if in_check {
            -INFINITY
        } else if let Some(h) = hit {
            h.eval
        } else {
            self.static_eval(pos, ply)
        };
        let eval = if in_check {
            raw_eval
        } else {
            self.corrected(pos, ply, raw_eval)
        };
        self.stack[ply].eval = eval;
        if !in_check && excluded.is_none() && self.params.eval_history > 0 {
            self.reward_prior_by_eval(pos, ply, eval);
        }
        let tt_move = hit.and_then(|h| h.mv).filter(|_| excluded.is_none());
        self.stack[ply + 2].cutoffs = 0;
        let mut node = Node {
            depth,
            ply,
            in_check,
            cut_node,
            improving: !in_check && ply >= 2 && eval > self.stack[ply - 2].eval,
            eval,
            hit,
            excluded,
            tt_move,
            tt_capture: tt_move.is_some_and(|m| pos.piece_at(m.to()).is_some()),
            tt_pv: PV || hit.is_some_and(|h| h.pv),
        };
        if !PV && let Some(s) = self.prune_node(pos, &node, beta) {
            return s;
        }
        if !PV && let Some((s, m)) = self.probcut(pos, &node, beta) {
            if !self.stopped {
                stat!(self, probcuts);
                let at = (key, ply, node.tt_pv);
                self.store(at, Some(m), s, raw_eval, depth - 3, Bound::Lower);
            }
            return s;
        }
        node.depth -= self.iir::<PV>(&node);
        let original_alpha = alpha;
        let (best, best_move) = match self.search_moves::<PV>(pos, &node, alpha, beta) {
            Moves::Done { best, best_move } => (best, best_move),
            Moves::Return(s) => return s,
        };
        if best_move.is_none()
            && excluded.is_none()
            && self.params.fail_low_bonus > 0
            && (node.depth >= 5 || PV || best < original_alpha - 53 * node.depth)
        {
            self.reward_prior_quiet(pos, ply, node.depth, PV || cut_node);
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if PV && best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if !in_check
            && excluded.is_none()
            && best.abs() < MATE_BOUND
            && best_move.is_none_or(|m| pos.piece_at(m.to()).is_none())
            && !(bound == Bound::Lower && best <= eval)
            && !(bound == Bound::Upper && best >= eval)
        {
            let keys = self.stack[ply].corr_keys;
            self.correction
                .update(&keys, pos.side_to_move(), node.depth, best, eval);
        }
        if excluded.is_none() && (ply > 0 || self.root_excluded.is_empty()) {
            self.store(
                (key, ply, node.tt_pv),
                best_move,
                best,
                if in_check { 0 } else { raw_eval },
                node.depth,
                bound,
            );
        }
        best
    }

    /// The exits before a node is searched (not at the root): a repetition the rules decide,
    /// the no-capture limit, mate-distance bounds that leave no window, the deepest ply.
    fn early_exit(
        &mut self,
        pos: &Position,
        ply: usize,
        alpha: &mut i32,
        beta: &mut i32,
    ) -> Option<i32> {
        if let Some(s) = self.repetition_score(pos, ply) {
            return Some(s);
        }
        if pos.halfmove_clock() >= self.rulebook.no_capture_plies() {
            return Some(0);
        }
        *alpha = (*alpha).max(-MATE + ply as i32);
        *beta = (*beta).min(MATE - ply as i32 - 1);
        if *alpha >= *beta {
            return Some(*alpha);
        }
        if ply >= MAX_PLY {
            return Some(if self.stack[ply].in_check {
                0
            } else {
                self.static_eval(pos, ply)
            });
        }
        None
    }

    /// Pruning of a whole non-PV node (a zero window, `alpha = beta - 1`) before its moves:
    /// reverse futility, razoring and the null move.
    fn prune_node(&mut self, pos: &mut Position, node: &Node, beta: i32) -> Option<i32> {
        let (depth, ply, eval) = (node.depth, node.ply, node.eval);
        if node.in_check || node.excluded.is_some() || beta.abs() >= MATE_BOUND {
            return None;
        }
        let p = self.params;
        // Reverse futility: far above beta with little depth left.
        let margin = p.rfp_margin * depth - if node.improving { p.rfp_improving } else { 0 };
        if depth <= p.rfp_depth && eval - margin >= beta && !(node.tt_pv && p.rfp_tt_pv > 0) {
            return Some(eval);
        }
        // Razoring: far below alpha with little depth left, and quiescence finds nothing
        // better either: a fail low.
        let alpha = beta - 1;
        if !node.improving
            && depth <= p.razor_depth
            && eval + p.razor_base + p.razor_margin * depth * depth < alpha
        {
            let s = self.qsearch::<false>(pos, alpha - 1, alpha, ply);
            if self.stopped {
                return Some(0);
            }
            if s < alpha {
                return Some(s);
            }
        }
        // Null move: pass, and if still above beta the position is good enough.
        let last_null = ply > 0 && self.stack[ply - 1].mv.is_none();
        if depth >= p.nmp_depth && eval >= beta && !last_null && has_attacking_material(pos) {
            let r = p.nmp_base
                + depth / p.nmp_depth_divisor
                + ((eval - beta) / p.nmp_eval_divisor).min(p.nmp_eval_max);
            self.stack[ply].mv = None;
            let undo = pos.make_null_move();
            self.push(pos.key(), None);
            self.stack[ply + 1].psq = self.stack[ply].psq;
            if !self.accs.is_empty() {
                self.accs[ply + 1] = self.accs[ply];
            }
            self.stack[ply + 1].in_check = false;
            self.stack[ply + 1].corr_keys = self.stack[ply].corr_keys;
            self.stack[ply + 1].doubles = self.stack[ply].doubles;
            let s =
                -self.negamax::<false>(pos, depth - r, -beta, -beta + 1, ply + 1, !node.cut_node);
            self.pop();
            pos.unmake_null_move(undo);
            if self.stopped {
                return Some(0);
            }
            if s >= beta {
                return Some(if s >= MATE_BOUND { beta } else { s });
            }
        }
        None
    }

    /// ProbCut in a non-PV node: a capture that wins enough by exchange and whose search four
    /// plies shallower holds `probcut_margin` above beta makes it likely that the full search
    /// fails high too; the score and the capture are returned (the score 0 when the search was
    /// stopped). Skipped where the table already says the node stays below that bound at
    /// nearly the depth.
    fn probcut(&mut self, pos: &mut Position, node: &Node, beta: i32) -> Option<(i32, Move)> {
        let (depth, ply, p) = (node.depth, node.ply, self.params);
        if p.probcut_margin == 0
            || depth < p.probcut_depth
            || node.in_check
            || node.excluded.is_some()
            || beta.abs() >= MATE_BOUND
        {
            return None;
        }
        // Above beta whatever the parameters say: its score is only a lower bound, which the
        // parent would take for the value of a node that fails low if it lay below beta.
        let pc_beta = (beta + p.probcut_margin
            - if node.improving {
                p.probcut_improving
            } else {
                0
            })
        .max(beta + 1);
        if pc_beta >= MATE_BOUND {
            return None;
        }
        if node
            .hit
            .is_some_and(|h| h.depth >= depth - 3 && h.bound != Bound::None && h.score < pc_beta)
        {
            return None;
        }
        let mut picker = MovePicker::new(
            pos,
            node.tt_move,
            &self.heuristics([None; 3], [None; 2], None),
            true,
        );
        loop {
            let next = picker.pick(pos, &self.heuristics([None; 3], [None; 2], None));
            let Some((m, _)) = next else { break };
            if pos.see(m, &SEE_VALUES) < pc_beta - node.eval {
                continue;
            }
            self.stack[ply].mv = Some(m);
            self.stack[ply].piece = pos.piece_at(m.from()).map_or(0, |p| p.index());
            let (undo, _) = self.make(pos, m, ply);
            let mut s = -self.qsearch::<false>(pos, -pc_beta, -pc_beta + 1, ply + 1);
            if s >= pc_beta && !self.stopped {
                s = -self.negamax::<false>(
                    pos,
                    depth - 4,
                    -pc_beta,
                    -pc_beta + 1,
                    ply + 1,
                    !node.cut_node,
                );
            }
            self.unmake(pos, m, undo);
            if self.stopped {
                return Some((0, m));
            }
            if s >= pc_beta {
                return Some((s, m));
            }
        }
        None
    }

    /// The move loop of a node: each move pruned, extended, reduced and searched in turn.
    fn search_moves<const PV: bool>(
        &mut self,
        pos: &mut Position,
        node: &Node,
        mut alpha: i32,
        beta: i32,
    ) -> Moves {
        let (depth, ply, root) = (node.depth, node.ply, node.ply == 0);
        let prev = if ply > 0 {
            self.stack[ply - 1]
        } else {
            Frame::default()
        };
        let counter = prev
            .mv
            .and_then(|m| self.counters[prev.piece][m.to().index()]);
        let cont_row = self.cont_rows(ply);
        let killers = self.killers[ply];
        let mut picker = MovePicker::new(
            pos,
            node.tt_move,
            &self.heuristics(cont_row, killers, counter),
            false,
        );
        let mut best = -INFINITY;
        let mut best_move = None;
        let mut searched = 0usize;
        let mut seen = 0usize;
        let mut quiets_tried: [Move; 64] = [Move::default(); 64];
        let mut quiet_count = 0usize;
        let mut captures_tried: [Move; 32] = [Move::default(); 32];
        let mut capture_count = 0usize;
        loop {
            let next = picker.pick(pos, &self.heuristics(cont_row, killers, counter));
            let Some((m, kind)) = next else { break };
            seen += 1;
            if Some(m) == node.excluded {
                continue;
            }
            if root
                && (self.root_excluded.contains(&m)
                    || (!self.root_only.is_empty() && !self.root_only.contains(&m)))
            {
                continue;
            }
            let is_capture = matches!(kind, Kind::GoodCapture | Kind::BadCapture)
                || (kind == Kind::Hash && pos.piece_at(m.to()).is_some());
            let piece = pos.piece_at(m.from()).map_or(0, |p| p.index());
            if !root
                && !node.in_check
                && best > -MATE_BOUND
                && searched > 0
                && self.prune_move(pos, node, m, kind, searched, alpha, piece, cont_row)
            {
                continue;
            }
            let singular = if kind == Kind::Hash {
                match self.singular(pos, node, m, beta, PV) {
                    Ok(e) => e,
                    Err(s) => return Moves::Return(s),
                }
            } else {
                0
            };
            self.stack[ply].mv = Some(m);
            self.stack[ply].piece = piece;
            let (undo, gives_check) = self.make(pos, m, ply);
            searched += 1;
            // Extend checks that do not simply lose the checking piece.
            let check_ext = i32::from(
                gives_check
                    && (ply as i32) < 2 * self.root_depth
                    && (is_capture
                        || pos.attackers_to(m.to(), pos.side_to_move()).is_empty()
                        || pos.attackers_to(m.to(), !pos.side_to_move()).any()),
            );
            let ext = if singular == 2 {
                2
            } else {
                (check_ext + singular).clamp(-1, 1)
            };
            self.stack[ply + 1].doubles += u8::from(singular == 2);
            let new_depth = depth - 1 + ext;
            let noise = if root { self.noise_of(m) } else { 0 };
            let (a, b) = (alpha - noise, beta - noise);
            let s = noise
                + if searched == 1 {
                    -self.negamax::<PV>(pos, new_depth, -b, -a, ply + 1, false)
                } else {
                    let late = self.is_late::<PV>(node, searched, gives_check);
                    let r = if late && !is_capture {
                        self.reduction::<PV>(node, m, kind, piece, searched, new_depth, cont_row)
                    } else if late
                        && !PV
                        && kind == Kind::BadCapture
                        && self.params.lmr_captures > 0
                    {
                        self.capture_reduction(node, searched, new_depth)
                    } else {
                        0
                    };
                    self.zero_window_then_full::<PV>(pos, node, new_depth, r, (a, b), best)
                };
            self.unmake(pos, m, undo);
            if self.stopped {
                return Moves::Return(0);
            }
            if !is_capture && quiet_count < quiets_tried.len() {
                quiets_tried[quiet_count] = m;
                quiet_count += 1;
            } else if is_capture && capture_count < captures_tried.len() {
                captures_tried[capture_count] = m;
                capture_count += 1;
            }
            if s > best {
                best = s;
                if s > alpha {
                    best_move = Some(m);
                    if PV {
                        self.update_pv(ply, m);
                    }
                    if root && self.root_excluded.is_empty() {
                        self.root_best = Some((m, s));
                    }
                    if s >= beta {
                        stat!(self, fail_highs);
                        let cutoffs = 1 + u8::from(node.tt_move.is_none());
                        self.stack[ply].cutoffs = self.stack[ply].cutoffs.saturating_add(cutoffs);
                        if searched == 1 {
                            stat!(self, fail_highs_first);
                        }
                        if !is_capture {
                            self.reward_quiet(pos, ply, m, depth, &quiets_tried[..quiet_count]);
                        }
                        self.reward_captures(pos, m, depth, &captures_tried[..capture_count]);
                        break;
                    }
                    alpha = s;
                }
            }
        }
        if seen == 0 {
            // Checkmate or stalemate: both lose.
            return Moves::Return(-MATE + ply as i32);
        }
        if searched == 0 {
            // Every move pruned or excluded at the root.
            return Moves::Return(if root { alpha } else { best.max(alpha) });
        }
        Moves::Done { best, best_move }
    }
}

/// Whether the side to move has enough pieces that passing is rarely best (no zugzwang): a rook,
/// or three horses and cannons.
fn has_attacking_material(pos: &Position) -> bool {
    let us = pos.side_to_move();
    let count = |k| pos.pieces(xiangqi::Piece::new(us, k)).count();
    count(PieceKind::Rook) >= 1
        && count(PieceKind::Rook) + count(PieceKind::Horse) + count(PieceKind::Cannon) >= 2
        || count(PieceKind::Horse) + count(PieceKind::Cannon) >= 3
}

// ----------------------------------------------------------------------------------------------
// Per-move decisions in the move loop: pruning a move, singular extensions, reductions, the
// zero-window re-search, and storing the result in the table.

impl Searcher {
    /// Whether the move `m` (not the first searched, the side not in check, not mated) can be
    /// left out: late-move pruning and futility for quiet moves, exchange loss for captures.
    #[allow(clippy::too_many_arguments, reason = "what the pruning depends on")]
    fn prune_move(
        &self,
        pos: &mut Position,
        node: &Node,
        m: Move,
        kind: Kind,
        searched: usize,
        alpha: i32,
        piece: usize,
        cont_row: ContRows,
    ) -> bool {
        let (p, depth) = (&self.params, node.depth);
        if matches!(kind, Kind::Quiet | Kind::Refutation) {
            let lmp =
                (p.lmp_base + depth * depth) as usize * if node.improving { 3 } else { 2 } / 2;
            if depth <= p.lmp_depth && searched >= lmp.max(3) {
                return true;
            }
            if kind != Kind::Quiet {
                return false;
            }
            // The depth the move would be searched at after its late-move reduction.
            let lmr_depth = (depth - 1 - self.lmr_plies(depth, searched + 1)).max(0);
            let to = m.to().index();
            let cont = self.cont_sum(cont_row, piece, to);
            // Continuation history: a reply that has failed here again and again.
            if lmr_depth < p.cont_prune_depth && cont < -p.cont_prune_margin * (depth - 1) {
                return true;
            }
            let history = self.history[piece][to] + cont;
            if lmr_depth <= p.fp_depth
                && node.eval + p.fp_base + p.fp_margin * lmr_depth + history / p.fp_history <= alpha
            {
                // Futility: unless the quiet move gives check, it cannot reach alpha.
                let undo = pos.make_move(m);
                let gives_check = pos.is_check();
                pos.unmake_move(m, undo);
                return !gives_check;
            }
            false
        } else {
            kind == Kind::BadCapture
                && depth <= p.see_depth
                && pos.see(m, &SEE_VALUES) < -p.see_margin * depth
        }
    }

    /// The singular-extension test of the hash move `m`: `Ok(1)` when every other move fails
    /// well below its score (it is searched a ply deeper), `Ok(2)` off the principal variation
    /// when they fail `se_double` further below (two plies deeper, at most `se_double_max`
    /// times on a path), `Ok(-1)` when an alternative holds too and its hash score is above
    /// beta, or (`se_cut_neg`) the node is an expected cut node, or (`se_low_neg`) the test's
    /// score reached the hash score (a ply shallower), `Err(score)`
    /// when another move also reaches beta (multi-cut: the node returns `score`), `Ok(0)`
    /// otherwise.
    fn singular(
        &mut self,
        pos: &mut Position,
        node: &Node,
        m: Move,
        beta: i32,
        pv: bool,
    ) -> Result<i32, i32> {
        let (depth, ply) = (node.depth, node.ply);
        if ply == 0 || depth < self.params.se_depth || (ply as i32) >= 2 * self.root_depth {
            return Ok(0);
        }
        let Some(h) = node.hit else { return Ok(0) };
        if h.depth < depth - 3
            || !matches!(h.bound, Bound::Lower | Bound::Exact)
            || h.score.abs() >= MATE_BOUND
        {
            return Ok(0);
        }
        let s_beta = h.score - self.params.se_margin * depth;
        self.stack[ply].excluded = Some(m);
        let s = self.negamax::<false>(pos, (depth - 1) / 2, s_beta - 1, s_beta, ply, node.cut_node);
        self.stack[ply].excluded = None;
        if self.stopped {
            return Err(0);
        }
        if s < s_beta {
            let p = &self.params;
            let double = !pv
                && p.se_double > 0
                && s < s_beta - p.se_double
                && i32::from(self.stack[ply].doubles) < p.se_double_max;
            Ok(if double { 2 } else { 1 })
        } else if s_beta >= beta {
            Err(s_beta)
        } else if h.score >= beta
            || (node.cut_node && self.params.se_cut_neg > 0)
            || (h.score <= s && self.params.se_low_neg > 0)
        {
            Ok(-1)
        } else {
            Ok(0)
        }
    }

    /// Whether the `searched`-th move of `node` (at least the second, the third in a PV node)
    /// may be reduced: deep enough, not a check, and not an evasion unless `lmr_in_check`.
    fn is_late<const PV: bool>(&self, node: &Node, searched: usize, gives_check: bool) -> bool {
        node.depth >= 3
            && searched > 1 + usize::from(PV)
            && !gives_check
            && (!node.in_check || self.params.lmr_in_check > 0)
    }

    /// Internal iterative reduction: the plies a node without a hash move deep in the tree
    /// searches shallower (`iir_pv` in a PV node, one in an expected cut node, else none).
    fn iir<const PV: bool>(&self, node: &Node) -> i32 {
        if node.depth < self.params.iir_depth || node.tt_move.is_some() || node.excluded.is_some() {
            0
        } else if PV {
            self.params.iir_pv
        } else {
            i32::from(node.cut_node)
        }
    }

    /// The late-move reduction of the quiet move `m`, the `searched`-th of its node.
    #[allow(clippy::too_many_arguments, reason = "what the reduction depends on")]
    fn reduction<const PV: bool>(
        &self,
        node: &Node,
        m: Move,
        kind: Kind,
        piece: usize,
        searched: usize,
        new_depth: i32,
        cont_row: ContRows,
    ) -> i32 {
        let p = &self.params;
        // Whole plies, then (`lmr_fine`) the table's fraction and the history's share are added
        // in 1024ths and the sum rounded down once.
        let mut r = 0;
        if PV {
            r -= 1;
        }
        if !node.improving {
            r += 1;
        }
        if node.cut_node {
            r += p.lmr_cut;
        }
        if kind == Kind::Refutation {
            r -= 1;
        }
        if node.tt_capture {
            r += p.lmr_tt_capture;
        }
        if self.stack[node.ply + 1].cutoffs > 3 {
            r += p.lmr_cutoffs;
        }
        if !PV && node.tt_pv {
            r -= p.lmr_tt_pv;
        }
        let stat =
            self.history[piece][m.to().index()] + self.cont_sum(cont_row, piece, m.to().index());
        let r = if p.lmr_fine > 0 {
            let table = self.lmr_units(node.depth, searched);
            let history = (stat * LMR_ONE / p.lmr_history).clamp(-2 * LMR_ONE, 2 * LMR_ONE);
            (table + r * LMR_ONE - history).div_euclid(LMR_ONE)
        } else {
            self.lmr_plies(node.depth, searched) + r - (stat / p.lmr_history).clamp(-2, 2)
        };
        r.clamp(0, new_depth - 1)
    }

    /// The reduction table's value at `depth` for the `searched`-th move, in [`LMR_ONE`]ths.
    fn lmr_units(&self, depth: i32, searched: usize) -> i32 {
        i32::from(self.lmr[depth.clamp(0, 63) as usize][searched.min(63)])
    }

    /// The reduction table's whole plies at `depth` for the `searched`-th move.
    fn lmr_plies(&self, depth: i32, searched: usize) -> i32 {
        self.lmr_units(depth, searched) / LMR_ONE
    }

    /// The late-move reduction of a capture that loses material by exchange, in a node off the
    /// principal variation: the quiet moves' table less `lmr_captures`' complement (one ply
    /// less at 1, the table's at 2), one more at an expected cut node.
    fn capture_reduction(&self, node: &Node, searched: usize, new_depth: i32) -> i32 {
        let mut r = self.lmr_plies(node.depth, searched);
        r -= 2 - self.params.lmr_captures;
        if node.cut_node {
            r += self.params.lmr_cut;
        }
        r.clamp(0, new_depth - 1)
    }

    /// A later move (already made): a zero-window search reduced by `r`, again unreduced if it
    /// beats alpha (a ply deeper or shallower by [`Searcher::research_depth`]), and in a PV node
    /// once more with the full window if it lands inside it. The score is from the node's side
    /// (`a`, `b` its window; `best` the best score of the node's moves so far).
    fn zero_window_then_full<const PV: bool>(
        &mut self,
        pos: &mut Position,
        node: &Node,
        mut new_depth: i32,
        r: i32,
        (a, b): (i32, i32),
        best: i32,
    ) -> i32 {
        let ply = node.ply;
        let mut s = -self.negamax::<false>(pos, new_depth - r, -a - 1, -a, ply + 1, true);
        if r > 0 && s > a {
            new_depth = self.research_depth(new_depth, s, best);
            s = -self.negamax::<false>(pos, new_depth, -a - 1, -a, ply + 1, !node.cut_node);
            if self.params.lmr_research_history > 0 {
                self.reward_research(ply, new_depth, s, (a, b));
            }
        }
        if PV && s > a && s < b {
            s = -self.negamax::<true>(pos, new_depth, -b, -a, ply + 1, false);
        }
        s
    }

    /// The depth a reduced move that beat alpha is searched again at: a ply deeper when its
    /// reduced score beat the node's best so far by `lmr_deeper` (and 2 cp a ply), a ply
    /// shallower when it beat it by less than `lmr_shallower` (Stockfish's `doDeeperSearch` and
    /// `doShallowerSearch`; 0 turns each off).
    fn research_depth(&self, new_depth: i32, s: i32, best: i32) -> i32 {
        let p = &self.params;
        let deeper = p.lmr_deeper > 0 && s > best + p.lmr_deeper + 2 * new_depth;
        let shallower = p.lmr_shallower > 0 && s < best + p.lmr_shallower;
        new_depth + i32::from(deeper) - i32::from(shallower)
    }

    /// Stores a result, keeping only the move when the score is a win or loss by a repetition
    /// rule: such scores belong to the path that reached the node, not to the position. `at`:
    /// the position's key, its ply, and whether the node is or was on a principal variation.
    fn store(
        &mut self,
        (key, ply, pv): (u64, usize, bool),
        mv: Option<Move>,
        score: i32,
        eval: i32,
        depth: i32,
        bound: Bound,
    ) {
        let bound = if by_rule(score, ply) {
            Bound::None
        } else {
            bound
        };
        self.tt.store(key, ply, mv, score, eval, depth, bound, pv);
    }
}

// ----------------------------------------------------------------------------------------------
// The quiescence search at the leaves: captures (and evasions) until the position is quiet.

impl Searcher {
    fn qsearch<const PV: bool>(
        &mut self,
        pos: &mut Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        self.nodes += 1;
        stat!(self, qnodes);
        self.check_stop();
        if self.stopped {
            return 0;
        }
        if PV {
            self.pv_len[ply] = ply;
        }
        self.seldepth = self.seldepth.max(ply);
        let in_check = self.stack[ply].in_check;
        if ply >= MAX_PLY {
            return if in_check {
                0
            } else {
                self.static_eval(pos, ply)
            };
        }
        // No hash table here: probing and storing every quiescence node measured slower
        // (bench: 1.43 s without, 2.05 s with, prefetch on in both).
        let mut best = -INFINITY;
        let eval = if in_check {
            -INFINITY
        } else {
            let raw = self.static_eval(pos, ply);
            self.corrected(pos, ply, raw)
        };
        if !in_check {
            if eval >= beta {
                return eval;
            }
            alpha = alpha.max(eval);
            best = eval;
        }
        let mut picker = MovePicker::new(
            pos,
            None,
            &self.heuristics([None; 3], [None; 2], None),
            !in_check,
        );
        let mut seen = 0usize;
        loop {
            let next = picker.pick(pos, &self.heuristics([None; 3], [None; 2], None));
            let Some((m, _)) = next else { break };
            seen += 1;
            if !in_check {
                let gain = pos
                    .piece_at(m.to())
                    .map_or(0, |p| SEE_VALUES[p.kind.index()]);
                if eval + gain + self.params.qs_delta <= alpha {
                    continue; // delta pruning
                }
            }
            let (undo, _) = self.make(pos, m, ply);
            let s = -self.qsearch::<PV>(pos, -beta, -alpha, ply + 1);
            self.unmake(pos, m, undo);
            if self.stopped {
                return 0;
            }
            if s > best {
                best = s;
                if s > alpha {
                    if PV {
                        self.update_pv(ply, m);
                    }
                    if s >= beta {
                        break;
                    }
                    alpha = s;
                }
            }
        }
        if in_check && seen == 0 {
            return -MATE + ply as i32;
        }
        best
    }
}

// ----------------------------------------------------------------------------------------------
// The search's stack along the line: repetition verdicts by the rulebook, making and unmaking
// moves, the static evaluation (cached, corrected by the correction history).

impl Searcher {
    /// The verdict of the repetition rules if the current position occurred before with no
    /// capture in between, as a score for the side to move.
    ///
    /// A repetition inside the search path counts at once (whoever repeats can repeat again). One
    /// that reaches back before the root counts only when the game's rules would decide it now
    /// (the fourth occurrence), or when it is the third occurrence and the side that just moved
    /// loses by it: the engine does not walk into a third perpetual check or chase, which many
    /// programs and players already rule against.
    fn repetition_score(&self, pos: &Position, ply: usize) -> Option<i32> {
        let last = self.keys.len() - 1;
        let window = (pos.halfmove_clock() as usize).min(last);
        if window < 4 {
            return None;
        }
        let key = self.keys[last];
        let mut i = last;
        let mut first_match = None;
        let mut occurrences = 1;
        while i >= 2 && last - (i - 2) <= window {
            if self.moves[i - 1].is_none() || self.moves[i - 2].is_none() {
                break;
            }
            i -= 2;
            if self.keys[i] == key {
                occurrences += 1;
                first_match.get_or_insert(i);
                if i >= self.root_index {
                    break;
                }
            }
        }
        let nearest = first_match?;
        // The earlier occurrence is this very position, so the cycle replays from here.
        let verdict = || {
            let mut cycle = [Move::default(); 128];
            let n = (last - nearest).min(cycle.len());
            for (c, m) in cycle.iter_mut().zip(&self.moves[nearest..nearest + n]) {
                *c = m.unwrap_or_default();
            }
            self.rulebook.judge_repetition(pos, &cycle[..n])
        };
        let as_score = |o: Outcome| match o {
            Outcome::Win { winner, .. } => rule_score(winner == pos.side_to_move(), ply),
            Outcome::Draw { .. } => 0,
        };
        let decisive = self.rulebook.repetition_occurrences();
        if nearest >= self.root_index || occurrences >= decisive {
            return Some(as_score(verdict()));
        }
        if occurrences + 1 >= decisive {
            let o = verdict();
            // The side that just moved loses by it: it walked into a third occurrence.
            if o.winner() == Some(pos.side_to_move()) {
                return Some(as_score(o));
            }
        }
        None
    }

    fn push(&mut self, key: u64, m: Option<Move>) {
        self.moves.push(m);
        self.keys.push(key);
    }

    fn pop(&mut self) {
        self.moves.pop();
        self.keys.pop();
    }

    /// Makes `m` at `ply`: the position, the path, and the child's frame (its material total and
    /// whether it is in check). Returns the undo data and whether `m` gives check.
    #[inline]
    fn make(&mut self, pos: &mut Position, m: Move, ply: usize) -> (xiangqi::Undo, bool) {
        let delta = psq_delta(pos, m);
        let keys = self.stack[ply].corr_keys.after(pos, m);
        if let Some(net) = &self.nnue {
            let (done, next) = self.accs.split_at_mut(ply + 1);
            net.update(&done[ply], &mut next[0], pos, m);
        }
        let undo = pos.make_move(m);
        self.tt.prefetch(pos.key());
        let gives_check = pos.is_check();
        self.push(pos.key(), Some(m));
        let psq = self.stack[ply].psq + delta;
        let doubles = self.stack[ply].doubles;
        let child = &mut self.stack[ply + 1];
        child.psq = psq;
        child.doubles = doubles;
        child.in_check = gives_check;
        child.corr_keys = keys;
        (undo, gives_check)
    }

    #[inline]
    fn unmake(&mut self, pos: &mut Position, m: Move, undo: xiangqi::Undo) {
        self.pop();
        pos.unmake_move(m, undo);
    }

    #[inline]
    fn static_eval(&mut self, pos: &Position, ply: usize) -> i32 {
        let key = pos.key();
        let slot = &mut self.eval_cache[(key as usize) & (EVAL_CACHE - 1)];
        let score = if *slot >> 16 == key >> 16 {
            i32::from(*slot as u16 as i16)
        } else {
            let score = match &self.nnue {
                Some(net) => {
                    debug_assert_eq!(
                        self.accs[ply],
                        net.refresh(pos),
                        "the accumulator at ply {ply} is stale: {}",
                        pos.to_fen()
                    );
                    net.evaluate(&self.accs[ply], pos)
                        .clamp(-MATE_BOUND / 2, MATE_BOUND / 2)
                }
                None => evaluate_undamped(pos, self.stack[ply].psq),
            };
            *slot = (key & !0xFFFF) | u64::from(score as i16 as u16);
            score
        };
        damp(score, pos.halfmove_clock())
    }

    /// `raw` (the static evaluation of `pos`) moved by the correction history, kept clear of
    /// the scores of wins.
    #[inline]
    fn corrected(&self, pos: &Position, ply: usize, raw: i32) -> i32 {
        let c = self
            .correction
            .of(&self.stack[ply].corr_keys, pos.side_to_move(), &self.params);
        (raw + c).clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
    }

    /// The continuation-history row for moves following the move made at `ply - back`.
    fn cont_index(&self, ply: usize, back: usize) -> Option<usize> {
        let prev = self.stack[ply.checked_sub(back)?];
        prev.mv.map(|m| prev.piece * 90 + m.to().index())
    }

    /// The continuation-history rows a quiet move at `ply` is judged by: the previous move's,
    /// then (by `cont_plies`) the side's own move before it and the move four plies back. The
    /// rows share one table, as Stockfish's do.
    fn cont_rows(&self, ply: usize) -> ContRows {
        let n = self.params.cont_plies;
        [
            self.cont_index(ply, 1),
            if n >= 2 {
                self.cont_index(ply, 2)
            } else {
                None
            },
            if n >= 3 {
                self.cont_index(ply, 4)
            } else {
                None
            },
        ]
    }

    /// The sum of the continuation histories of `piece` to `to` over `rows`.
    fn cont_sum(&self, rows: ContRows, piece: usize, to: usize) -> i32 {
        rows.iter()
            .flatten()
            .map(|&i| i32::from(self.cont[i][piece][to]))
            .sum()
    }
}

// ----------------------------------------------------------------------------------------------
// The move-ordering memory: killers, history and continuation history, their rewards, the PV
// update, and the root noise of the weak levels.

impl Searcher {
    /// What the move picker reads at a node: the histories, the continuation-history rows
    /// `cont_row`, the killers and the counter move.
    fn heuristics(
        &self,
        cont_row: ContRows,
        killers: [Option<Move>; 2],
        counter: Option<Move>,
    ) -> Heuristics<'_> {
        Heuristics {
            history: &self.history,
            captures: &self.captures,
            continuation: cont_row.map(|r| r.map(|i| &self.cont[i])),
            killers,
            counter,
        }
    }

    fn noise_of(&self, m: Move) -> i32 {
        self.root_noise
            .iter()
            .find(|&&(n, _)| n == m)
            .map_or(0, |&(_, v)| v)
    }

    fn update_pv(&mut self, ply: usize, m: Move) {
        self.pv[ply][ply] = m;
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        for i in ply + 1..child_len {
            self.pv[ply][i] = self.pv[ply + 1][i];
        }
        self.pv_len[ply] = child_len;
    }

    fn reward_quiet(&mut self, pos: &Position, ply: usize, m: Move, depth: i32, tried: &[Move]) {
        if self.killers[ply][0] != Some(m) {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = Some(m);
        }
        if ply > 0 {
            let prev = self.stack[ply - 1];
            if let Some(pm) = prev.mv {
                self.counters[prev.piece][pm.to().index()] = Some(m);
            }
        }
        let cont_row = self.cont_rows(ply);
        let bonus = self.history_bonus(depth);
        for &q in tried {
            let p = pos.piece_at(q.from()).map_or(0, |p| p.index());
            let to = q.to().index();
            let delta = if q == m { bonus } else { -bonus };
            let h = &mut self.history[p][to];
            *h = gravity(*h, delta);
            self.nudge_cont(cont_row, p, to, delta);
        }
    }

    /// The move that led to the node at `ply` (in `pos`) with its ply and frame, if it was
    /// neither a capture nor a null move.
    fn prior_quiet(&self, pos: &Position, ply: usize) -> Option<(usize, Frame, Move)> {
        let prev_ply = ply.checked_sub(1)?;
        let prev = self.stack[prev_ply];
        // The no-capture count restarts only with a capture.
        let m = prev.mv.filter(|_| pos.halfmove_clock() != 0)?;
        Some((prev_ply, prev, m))
    }

    /// The quiet move that led to the node at `ply`, all of whose moves failed low, rewarded in
    /// its continuation-history rows (twice over when `doubled`): the opponent's refutation
    /// worked (Stockfish's prior counter-move bonus). Not after a capture or a null move.
    fn reward_prior_quiet(&mut self, pos: &Position, ply: usize, depth: i32, doubled: bool) {
        let Some((prev_ply, prev, m)) = self.prior_quiet(pos, ply) else {
            return;
        };
        let bonus = self.history_bonus(depth) * if doubled { 2 } else { 1 };
        self.nudge_cont(self.cont_rows(prev_ply), prev.piece, m.to().index(), bonus);
    }

    /// The quiet move that led to the node at `ply` (whose corrected evaluation is `eval`, not in
    /// check), made by a side not in check, gains main history `eval_history` times the
    /// centipawns it raised its side's evaluation by, at most 2,000 either way. Not after a
    /// capture or a null move.
    fn reward_prior_by_eval(&mut self, pos: &Position, ply: usize, eval: i32) {
        let Some((_, prev, m)) = self.prior_quiet(pos, ply).filter(|(_, f, _)| !f.in_check) else {
            return;
        };
        let bonus = (-self.params.eval_history * (prev.eval + eval)).clamp(-2000, 2000);
        let h = &mut self.history[prev.piece][m.to().index()];
        *h = gravity(*h, bonus);
    }

    /// The move made at `ply`, searched again at `depth` after its reduced search beat alpha
    /// and scoring `s` against the node's window `(a, b)`: its continuation-history rows gain
    /// the bonus of `depth` if it failed high, lose it if it failed low, and are left alone
    /// between (Stockfish's update after a re-search).
    fn reward_research(&mut self, ply: usize, depth: i32, s: i32, (a, b): (i32, i32)) {
        let bonus = self.history_bonus(depth);
        let delta = if s >= b {
            bonus
        } else if s <= a {
            -bonus
        } else {
            return;
        };
        let frame = self.stack[ply];
        let Some(m) = frame.mv else { return };
        self.nudge_cont(self.cont_rows(ply), frame.piece, m.to().index(), delta);
    }

    /// The continuation histories of `piece` to `to` in `rows` moved by `delta`.
    fn nudge_cont(&mut self, rows: ContRows, piece: usize, to: usize, delta: i32) {
        for &row in rows.iter().flatten() {
            let c = &mut self.cont[row][piece][to];
            *c = gravity(i32::from(*c), delta).clamp(-16000, 16000) as i16;
        }
    }

    /// Capture history after a cut-off by `best`: the captures tried before it lose, `best`
    /// gains if it is one.
    fn reward_captures(&mut self, pos: &Position, best: Move, depth: i32, tried: &[Move]) {
        let bonus = self.history_bonus(depth);
        for &c in tried {
            let (Some(p), Some(v)) = (pos.piece_at(c.from()), pos.piece_at(c.to())) else {
                continue;
            };
            let delta = if c == best { bonus } else { -bonus };
            let e = &mut self.captures[p.index()][c.to().index()][v.kind.index()];
            *e = gravity(i32::from(*e), delta).clamp(-16000, 16000) as i16;
        }
    }

    /// The history reward for a cut-off found at `depth`.
    fn history_bonus(&self, depth: i32) -> i32 {
        (depth * depth * self.params.history_scale).min(self.params.history_max)
    }
}

/// A history entry moved by `delta`, pulled back towards zero the fuller it is (so it stays
/// within about 16,384 in size).
fn gravity(entry: i32, delta: i32) -> i32 {
    entry + delta - entry * delta.abs() / 16384
}

/// A random offset in `-noise..=noise` for each root move.
fn noise_table(moves: &[Move], noise: i32, seed: u64) -> Vec<(Move, i32)> {
    if noise <= 0 {
        return Vec::new();
    }
    let mut state = seed | 1;
    moves
        .iter()
        .map(|&m| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let v = (state % (2 * noise as u64 + 1)) as i32 - noise;
            (m, v)
        })
        .collect()
}

#[cfg(test)]
mod tests;
