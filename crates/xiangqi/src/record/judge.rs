//! Judging a record's positions as they are added: mate, stalemate, the no-capture rule and
//! repetitions under the record's rulebook.

use super::*;

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
        let key = pos.key();
        let mut seen = 1;
        // Positions before the last capture cannot recur; the half-move clock bounds the search.
        let reach = (pos.halfmove_clock() as usize).min(ply);
        let decisive = self.rulebook().repetition_occurrences();
        let mut i = ply;
        while i >= 2 && ply - (i - 2) <= reach {
            i -= 2;
            if self.positions[i].key() == key {
                seen += 1;
                if seen == decisive {
                    return Some(i);
                }
            }
        }
        None
    }
}
