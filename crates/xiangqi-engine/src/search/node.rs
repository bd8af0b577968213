//! A node of the main search: negamax with its early exits and node pruning, and the move loop.

use super::*;

impl Searcher {
    /// One node of the main search, in the steps a reader can follow: the early exits (rules,
    /// mate distance, the hash table), the static evaluation, the pruning of the whole node,
    /// then the moves, and the result stored.
    pub(super) fn negamax<const PV: bool>(
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
        let mut node = Node {
            depth,
            ply,
            in_check,
            cut_node,
            improving: !in_check && ply >= 2 && eval > self.stack[ply - 2].eval,
            eval,
            hit,
            excluded,
            tt_move: hit.and_then(|h| h.mv).filter(|_| excluded.is_none()),
        };
        if !PV && let Some(s) = self.prune_node(pos, &node, beta) {
            return s;
        }
        // Internal iterative reduction: no hash move deep in the tree, search a little shallower.
        if depth >= self.params.iir_depth
            && node.tt_move.is_none()
            && excluded.is_none()
            && (PV || cut_node)
        {
            node.depth -= 1;
        }
        let original_alpha = alpha;
        let (best, best_move) = match self.search_moves::<PV>(pos, &node, alpha, beta) {
            Moves::Done { best, best_move } => (best, best_move),
            Moves::Return(s) => return s,
        };
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
                key,
                ply,
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
    pub(super) fn early_exit(
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
    pub(super) fn prune_node(&mut self, pos: &mut Position, node: &Node, beta: i32) -> Option<i32> {
        let (depth, ply, eval) = (node.depth, node.ply, node.eval);
        if node.in_check || node.excluded.is_some() || beta.abs() >= MATE_BOUND {
            return None;
        }
        let p = self.params;
        // Reverse futility: far above beta with little depth left.
        let margin = p.rfp_margin * depth - if node.improving { p.rfp_improving } else { 0 };
        if depth <= p.rfp_depth && eval - margin >= beta {
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

    /// The move loop of a node: each move pruned, extended, reduced and searched in turn.
    pub(super) fn search_moves<const PV: bool>(
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
        let cont_row = self.cont_index(ply);
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
                match self.singular(pos, node, m, beta) {
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
            let new_depth = depth - 1 + (check_ext + singular).clamp(-1, 1);
            let noise = if root { self.noise_of(m) } else { 0 };
            let (a, b) = (alpha - noise, beta - noise);
            let s = noise
                + if searched == 1 {
                    -self.negamax::<PV>(pos, new_depth, -b, -a, ply + 1, false)
                } else {
                    let r = if depth >= 3
                        && searched > 1 + usize::from(PV)
                        && !is_capture
                        && !gives_check
                        && !node.in_check
                    {
                        self.reduction::<PV>(node, m, kind, piece, searched, new_depth, cont_row)
                    } else {
                        0
                    };
                    self.zero_window_then_full::<PV>(pos, node, new_depth, r, a, b)
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
pub(super) fn has_attacking_material(pos: &Position) -> bool {
    let us = pos.side_to_move();
    let count = |k| pos.pieces(xiangqi::Piece::new(us, k)).count();
    count(PieceKind::Rook) >= 1
        && count(PieceKind::Rook) + count(PieceKind::Horse) + count(PieceKind::Cannon) >= 2
        || count(PieceKind::Horse) + count(PieceKind::Cannon) >= 3
}
