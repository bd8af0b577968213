//! Per-move decisions in the move loop: pruning a move, singular extensions, reductions, the
//! zero-window re-search, and storing the result in the table.

use super::*;

impl Searcher {
    /// Whether the move `m` (not the first searched, the side not in check, not mated) can be
    /// left out: late-move pruning and futility for quiet moves, exchange loss for captures.
    #[allow(clippy::too_many_arguments, reason = "what the pruning depends on")]
    pub(super) fn prune_move(
        &self,
        pos: &mut Position,
        node: &Node,
        m: Move,
        kind: Kind,
        searched: usize,
        alpha: i32,
        piece: usize,
        cont_row: Option<usize>,
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
            let lmr_depth =
                (depth - 1 - i32::from(self.lmr[depth.min(63) as usize][(searched + 1).min(63)]))
                    .max(0);
            let to = m.to().index();
            let cont = cont_row.map_or(0, |i| i32::from(self.cont[i][piece][to]));
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
    /// well below its score (it is searched a ply deeper), `Ok(-1)` when its hash score is above
    /// beta but an alternative holds too (a ply shallower), `Err(score)` when another move also
    /// reaches beta (multi-cut: the node returns `score`), `Ok(0)` otherwise.
    pub(super) fn singular(
        &mut self,
        pos: &mut Position,
        node: &Node,
        m: Move,
        beta: i32,
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
            Ok(1)
        } else if s_beta >= beta {
            Err(s_beta)
        } else if h.score >= beta {
            Ok(-1)
        } else {
            Ok(0)
        }
    }

    /// The late-move reduction of the quiet move `m`, the `searched`-th of its node.
    #[allow(clippy::too_many_arguments, reason = "what the reduction depends on")]
    pub(super) fn reduction<const PV: bool>(
        &self,
        node: &Node,
        m: Move,
        kind: Kind,
        piece: usize,
        searched: usize,
        new_depth: i32,
        cont_row: Option<usize>,
    ) -> i32 {
        let mut r = i32::from(self.lmr[node.depth.min(63) as usize][searched.min(63)]);
        if PV {
            r -= 1;
        }
        if !node.improving {
            r += 1;
        }
        if node.cut_node {
            r += 1;
        }
        if kind == Kind::Refutation {
            r -= 1;
        }
        let cont = cont_row.map_or(0, |i| i32::from(self.cont[i][piece][m.to().index()]));
        r -= ((self.history[piece][m.to().index()] + cont) / self.params.lmr_history).clamp(-2, 2);
        r.clamp(0, new_depth - 1)
    }

    /// A later move (already made): a zero-window search reduced by `r`, again unreduced if it
    /// beats alpha, and in a PV node once more with the full window if it lands inside it. The
    /// score is from the node's side (`a`, `b` its window).
    pub(super) fn zero_window_then_full<const PV: bool>(
        &mut self,
        pos: &mut Position,
        node: &Node,
        new_depth: i32,
        r: i32,
        a: i32,
        b: i32,
    ) -> i32 {
        let ply = node.ply;
        let mut s = -self.negamax::<false>(pos, new_depth - r, -a - 1, -a, ply + 1, true);
        if r > 0 && s > a {
            s = -self.negamax::<false>(pos, new_depth, -a - 1, -a, ply + 1, !node.cut_node);
        }
        if PV && s > a && s < b {
            s = -self.negamax::<true>(pos, new_depth, -b, -a, ply + 1, false);
        }
        s
    }

    /// Stores a result, keeping only the move when the score is a win or loss by a repetition
    /// rule: such scores belong to the path that reached the node, not to the position.
    #[allow(clippy::too_many_arguments, reason = "the fields of one table entry")]
    pub(super) fn store(
        &mut self,
        key: u64,
        ply: usize,
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
        self.tt.store(key, ply, mv, score, eval, depth, bound);
    }
}
