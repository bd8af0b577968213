//! The quiescence search at the leaves: captures (and evasions) until the position is quiet.

use super::*;

impl Searcher {
    pub(super) fn qsearch<const PV: bool>(
        &mut self,
        pos: &mut Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        self.nodes += 1;
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
            &self.heuristics(None, [None; 2], None),
            !in_check,
        );
        let mut seen = 0usize;
        loop {
            let next = picker.pick(pos, &self.heuristics(None, [None; 2], None));
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
