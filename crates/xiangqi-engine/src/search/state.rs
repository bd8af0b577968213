//! The search's stack along the line: repetition verdicts by the rulebook, making and unmaking
//! moves, the static evaluation (cached, corrected by the correction history).

use super::*;

impl Searcher {
    /// The verdict of the repetition rules if the current position occurred before with no
    /// capture in between, as a score for the side to move.
    ///
    /// A repetition inside the search path counts at once (whoever repeats can repeat again). One
    /// that reaches back before the root counts only when the game's rules would decide it now
    /// (the fourth occurrence), or when it is the third occurrence and the side that just moved
    /// loses by it: the engine does not walk into a third perpetual check or chase, which many
    /// programs and players already rule against.
    pub(super) fn repetition_score(&self, pos: &Position, ply: usize) -> Option<i32> {
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

    pub(super) fn push(&mut self, key: u64, m: Option<Move>) {
        self.moves.push(m);
        self.keys.push(key);
    }

    pub(super) fn pop(&mut self) {
        self.moves.pop();
        self.keys.pop();
    }

    /// Makes `m` at `ply`: the position, the path, and the child's frame (its material total and
    /// whether it is in check). Returns the undo data and whether `m` gives check.
    #[inline]
    pub(super) fn make(
        &mut self,
        pos: &mut Position,
        m: Move,
        ply: usize,
    ) -> (xiangqi::Undo, bool) {
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
        let child = &mut self.stack[ply + 1];
        child.psq = psq;
        child.in_check = gives_check;
        child.corr_keys = keys;
        (undo, gives_check)
    }

    #[inline]
    pub(super) fn unmake(&mut self, pos: &mut Position, m: Move, undo: xiangqi::Undo) {
        self.pop();
        pos.unmake_move(m, undo);
    }

    #[inline]
    pub(super) fn static_eval(&mut self, pos: &Position, ply: usize) -> i32 {
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
    pub(super) fn corrected(&self, pos: &Position, ply: usize, raw: i32) -> i32 {
        let c = self
            .correction
            .of(&self.stack[ply].corr_keys, pos.side_to_move(), &self.params);
        (raw + c).clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
    }

    /// The continuation-history row for moves answering the move made at `ply - 1`.
    pub(super) fn cont_index(&self, ply: usize) -> Option<usize> {
        let prev = self.stack[ply.checked_sub(1)?];
        prev.mv.map(|m| prev.piece * 90 + m.to().index())
    }
}
