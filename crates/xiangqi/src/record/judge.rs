//! Judging a record's positions as they are added: mate, stalemate, the no-capture rule and
//! repetitions under the record's rulebook.

use std::collections::HashMap;

use super::*;

/// The positions of the current line, each linked to the last earlier position of the line with
/// the same key, so that a repetition is found by following those links (a few steps) instead of
/// scanning back over every position since the last capture (quadratic on a long game).
#[derive(Clone, Debug)]
pub(super) struct Positions {
    list: Vec<Position>,
    /// `earlier[i]`: the last ply before `i` whose position has the same key.
    earlier: Vec<Option<usize>>,
    /// The last ply of each key on the line.
    last: HashMap<u64, usize>,
}

impl Positions {
    pub(super) fn new(start: Position) -> Positions {
        let mut positions = Positions {
            list: Vec::new(),
            earlier: Vec::new(),
            last: HashMap::new(),
        };
        positions.push(start);
        positions
    }

    pub(super) fn push(&mut self, pos: Position) {
        let ply = self.list.len();
        self.earlier.push(self.last.insert(pos.key(), ply));
        self.list.push(pos);
    }

    /// Keeps the first `len` positions: the work is that of the positions dropped.
    pub(super) fn truncate(&mut self, len: usize) {
        while self.list.len() > len {
            let ply = self.list.len() - 1;
            let key = self.list[ply].key();
            match self.earlier[ply] {
                Some(before) => self.last.insert(key, before),
                None => self.last.remove(&key),
            };
            self.list.pop();
            self.earlier.pop();
        }
    }
}

impl core::ops::Deref for Positions {
    type Target = [Position];

    fn deref(&self) -> &[Position] {
        &self.list
    }
}

impl GameRecord {
    /// Judges the position after `ply` moves from the moves before it.
    ///
    /// In order, by the record's [`Rulebook`]: no legal move (checkmate or stalemate: the side to
    /// move loses); the rulebook's occurrence of a repeated position (perpetual check or chase
    /// loses, otherwise a draw; see [`Rulebook::judge_repetition`]); 120 plies without a
    /// capture; no attacking pieces left.
    pub(super) fn judge(&self, ply: usize) -> Option<Outcome> {
        let pos = self.positions.get(ply)?;
        if let Some(o) = pos.no_moves_outcome() {
            return Some(match o {
                NoMovesOutcome::Checkmate { winner } => Outcome::Win {
                    winner,
                    reason: WinReason::Checkmate,
                },
                NoMovesOutcome::Stalemate { winner } => Outcome::Win {
                    winner,
                    reason: WinReason::Stalemate,
                },
            });
        }
        if let Some(first) = self.repetition_start(ply) {
            return Some(
                self.rulebook()
                    .judge_repetition(&self.positions[first], &self.moves[first..ply]),
            );
        }
        if pos.halfmove_clock() >= self.rulebook().no_capture_plies() {
            return Some(Outcome::Draw {
                reason: DrawReason::NoCaptureLimit,
            });
        }
        if crate::rules::no_attacking_pieces(pos) {
            return Some(Outcome::Draw {
                reason: DrawReason::NoAttackingPieces,
            });
        }
        None
    }

    /// If the position after `ply` moves is the rulebook's occurrence of itself (the fourth, or
    /// the third by the Asian rules), the ply of the first of those occurrences.
    pub(super) fn repetition_start(&self, ply: usize) -> Option<usize> {
        let pos = &self.positions[ply];
        let mut seen = 1;
        // Positions before the last capture cannot recur; the half-move clock bounds the search.
        let reach = (pos.halfmove_clock() as usize).min(ply);
        let decisive = self.rulebook().repetition_occurrences();
        let mut at = self.positions.earlier[ply];
        while let Some(i) = at.filter(|&i| ply - i <= reach) {
            // The key holds the side to move; the parity check keeps to it all the same.
            if (ply - i).is_multiple_of(2) {
                seen += 1;
                if seen == decisive {
                    return Some(i);
                }
            }
            at = self.positions.earlier[i];
        }
        None
    }
}
