//! Playing a puzzle: which moves are accepted, the computer's defence and hints.

use super::{
    Goal, MATERIAL_DEPTH, MateSolver, MaterialSolver, Move, OutOfBudget, PROOF_BUDGET, Position,
    Puzzle, balance,
};

/// How a player's move in a puzzle is judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// It keeps the win; the computer answers with this move.
    Accepted(Move),
    /// The goal is reached.
    Solved,
    /// It throws the win away: take it back and try again.
    Refused,
}

/// A puzzle being played: the position reached, the moves the player has made.
#[derive(Clone, Debug)]
pub struct Attempt {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// The position now (the player to move).
    pub position: Position,
    /// Moves the player has made so far.
    pub made: u32,
}

impl Attempt {
    /// The puzzle from its start.
    #[must_use]
    pub fn new(puzzle: Puzzle) -> Attempt {
        Attempt {
            position: puzzle.start.clone(),
            puzzle,
            made: 0,
        }
    }

    /// Judges the player's move `m` in the position now (slow: run it off the frame loop). Does
    /// not change the attempt; see [`Attempt::advance`].
    pub fn judge(&self, m: Move) -> Result<Verdict, OutOfBudget> {
        let Ok(after) = self.position.after(m) else {
            return Ok(Verdict::Refused);
        };
        match self.puzzle.goal {
            Goal::Mate(n) => {
                if !after.has_legal_move() {
                    return Ok(Verdict::Solved);
                }
                let left = n.saturating_sub(self.made);
                if left <= 1 {
                    return Ok(Verdict::Refused);
                }
                // Every reply must still lose within the moves left.
                let mut s = MateSolver::new(PROOF_BUDGET);
                if !s.loses_within(&after, left - 1)? {
                    return Ok(Verdict::Refused);
                }
                let reply = s.best_defence(&after, left - 1)?;
                Ok(reply.map_or(Verdict::Solved, Verdict::Accepted))
            }
            Goal::Material(gain) => {
                let mut s = MaterialSolver::new(PROOF_BUDGET);
                // The player's side: the balance at the start plus the gain.
                let target = balance(&self.puzzle.start) + gain;
                // The balance the player forces after `m`, from the player's side.
                let forced = -s.value(&after, MATERIAL_DEPTH - 1)?;
                if forced < target {
                    return Ok(Verdict::Refused);
                }
                if !after.has_legal_move() {
                    return Ok(Verdict::Solved);
                }
                // The defence: the reply that leaves the player the least.
                let mut best: Option<(i32, Move)> = None;
                for r in after.legal_moves().iter().copied() {
                    let b = after.after(r).expect("legal");
                    let v = s.value(&b, MATERIAL_DEPTH - 2)?;
                    if best.is_none_or(|(bv, _)| v < bv) {
                        best = Some((v, r));
                    }
                }
                let Some((_, reply)) = best else {
                    return Ok(Verdict::Solved);
                };
                // Solved when the gain is on the board after the reply and holds in a capture
                // search.
                let b = after.after(reply).expect("legal");
                if balance(&b) >= target && s.value(&b, 0)? >= target {
                    return Ok(Verdict::Solved);
                }
                Ok(Verdict::Accepted(reply))
            }
        }
    }

    /// Plays the player's accepted move and the computer's reply.
    pub fn advance(&mut self, m: Move, reply: Option<Move>) {
        if let Ok(p) = self.position.after(m) {
            self.position = p;
            self.made += 1;
            if let Some(r) = reply
                && let Ok(p) = self.position.after(r)
            {
                self.position = p;
            }
        }
    }

    /// A move to hint at: the solution line's when the position is on it, else one that keeps
    /// the win (slow).
    pub fn hint(&self) -> Result<Option<Move>, OutOfBudget> {
        let mut pos = self.puzzle.start.clone();
        for (i, &m) in self.puzzle.line.iter().enumerate() {
            if i % 2 == 0 && pos == self.position {
                return Ok(Some(m));
            }
            if pos.play(m).is_err() {
                break;
            }
        }
        for m in self.position.legal_moves().iter().copied() {
            if matches!(self.judge(m)?, Verdict::Accepted(_) | Verdict::Solved) {
                return Ok(Some(m));
            }
        }
        Ok(None)
    }
}
