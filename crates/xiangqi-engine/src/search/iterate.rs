//! The root: `search` (threads, the result), iterative deepening with aspiration windows, and
//! the stop checks.

use super::*;

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
    pub(super) fn total_nodes(&self) -> u64 {
        self.nodes
            + self
                .helper_nodes
                .iter()
                .map(|n| n.load(Ordering::Relaxed))
                .sum::<u64>()
    }

    /// One thread's iterative deepening: the search of [`Searcher::search`] without helpers.
    pub(super) fn iterate(
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
        self.nodes = 0;
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
        self.node_count.store(self.nodes, Ordering::Relaxed);
        result
    }

    pub(super) fn aspiration(
        &mut self,
        pos: &mut Position,
        depth: i32,
        prev: i32,
        first_line: bool,
    ) -> i32 {
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

    pub(super) fn check_stop(&mut self) {
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
