//! The move-ordering memory: killers, history and continuation history, their rewards, the PV
//! update, and the root noise of the weak levels.

use super::*;

impl Searcher {
    /// What the move picker reads at a node: the histories, the continuation-history row
    /// `cont_row` (if any), the killers and the counter move.
    pub(super) fn heuristics(
        &self,
        cont_row: Option<usize>,
        killers: [Option<Move>; 2],
        counter: Option<Move>,
    ) -> Heuristics<'_> {
        Heuristics {
            history: &self.history,
            captures: &self.captures,
            continuation: cont_row.map(|i| &self.cont[i]),
            killers,
            counter,
        }
    }

    pub(super) fn noise_of(&self, m: Move) -> i32 {
        self.root_noise
            .iter()
            .find(|&&(n, _)| n == m)
            .map_or(0, |&(_, v)| v)
    }

    pub(super) fn update_pv(&mut self, ply: usize, m: Move) {
        self.pv[ply][ply] = m;
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        for i in ply + 1..child_len {
            self.pv[ply][i] = self.pv[ply + 1][i];
        }
        self.pv_len[ply] = child_len;
    }

    pub(super) fn reward_quiet(
        &mut self,
        pos: &Position,
        ply: usize,
        m: Move,
        depth: i32,
        tried: &[Move],
    ) {
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
        let cont_row = self.cont_index(ply);
        let bonus = self.history_bonus(depth);
        for &q in tried {
            let p = pos.piece_at(q.from()).map_or(0, |p| p.index());
            let to = q.to().index();
            let delta = if q == m { bonus } else { -bonus };
            let h = &mut self.history[p][to];
            *h = gravity(*h, delta);
            if let Some(row) = cont_row {
                let c = &mut self.cont[row][p][to];
                *c = gravity(i32::from(*c), delta).clamp(-16000, 16000) as i16;
            }
        }
    }

    /// Capture history after a cut-off by `best`: the captures tried before it lose, `best`
    /// gains if it is one.
    pub(super) fn reward_captures(
        &mut self,
        pos: &Position,
        best: Move,
        depth: i32,
        tried: &[Move],
    ) {
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
    pub(super) fn history_bonus(&self, depth: i32) -> i32 {
        (depth * depth * self.params.history_scale).min(self.params.history_max)
    }
}

/// A history entry moved by `delta`, pulled back towards zero the fuller it is (so it stays
/// within about 16,384 in size).
pub(super) fn gravity(entry: i32, delta: i32) -> i32 {
    entry + delta - entry * delta.abs() / 16384
}

/// A random offset in `-noise..=noise` for each root move.
pub(super) fn noise_table(moves: &[Move], noise: i32, seed: u64) -> Vec<(Move, i32)> {
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
