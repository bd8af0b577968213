//! The puzzle solvers: exhaustive proofs that owe nothing to the engine's search (no evaluation,
//! no pruning beyond alpha-beta, no extensions or reductions), so that they can check what the
//! engine proposes.
//!
//! - [`MateSolver`] answers "can the side to move force the other side out of legal moves
//!   (checkmate or stalemate, both wins in xiangqi) within `n` of its own moves?" by trying every
//!   move of the attacker and every reply of the defender, with a table of proven results.
//! - [`MaterialSolver`] is a fixed-depth minimax (alpha-beta) over material alone, every move at
//!   every ply, then captures until the position is quiet: how much material the side to move can
//!   force.
//!
//! Repetition rules are not modelled: within the few moves of a puzzle the fourth occurrence of a
//! position cannot be reached. A side with no rook, horse, cannon or pawn cannot mate (the rules
//! call such positions drawn).

use std::collections::HashMap;

use xiangqi::{Color, GenKind, Move, MoveList, Piece, PieceKind, Position, has_attacking_pieces};

/// The solver gave up: it searched more nodes than its budget allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfBudget;

/// Proves forced mates by trying everything.
pub struct MateSolver {
    /// Per position: the fewest attacker moves known to mate (`u8::MAX`: none known) and the most
    /// known not to.
    table: HashMap<u64, (u8, u8)>,
    nodes: u64,
    budget: u64,
}

impl MateSolver {
    /// A solver that gives up after `budget` positions visited (counted over its whole life).
    #[must_use]
    pub fn new(budget: u64) -> MateSolver {
        MateSolver {
            table: HashMap::new(),
            nodes: 0,
            budget,
        }
    }

    /// Positions visited so far.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Whether the side to move in `pos` forces mate within `n` of its moves.
    pub fn mates_within(&mut self, pos: &Position, n: u32) -> Result<bool, OutOfBudget> {
        self.attack(&mut pos.clone(), n)
    }

    /// Whether the side to move in `pos` is mated within `n` moves of the other side whatever
    /// it plays (true at once when it has no move).
    pub fn loses_within(&mut self, pos: &Position, n: u32) -> Result<bool, OutOfBudget> {
        self.defend(&mut pos.clone(), n)
    }

    /// Every first move of the side to move that forces mate within `n` moves (itself included).
    pub fn mating_moves(&mut self, pos: &Position, n: u32) -> Result<Vec<Move>, OutOfBudget> {
        let mut found = Vec::new();
        if n == 0 {
            return Ok(found);
        }
        let mut pos = pos.clone();
        for m in ordered(&pos) {
            let undo = pos.make_move(m);
            let mates = self.defend(&mut pos, n - 1);
            pos.unmake_move(m, undo);
            if mates? {
                found.push(m);
            }
        }
        Ok(found)
    }

    /// A first move of the side to move that forces mate within `n` moves, if there is one.
    pub fn mating_move(&mut self, pos: &Position, n: u32) -> Result<Option<Move>, OutOfBudget> {
        if n == 0 {
            return Ok(None);
        }
        let mut pos = pos.clone();
        for m in ordered(&pos) {
            let undo = pos.make_move(m);
            let mates = self.defend(&mut pos, n - 1);
            pos.unmake_move(m, undo);
            if mates? {
                return Ok(Some(m));
            }
        }
        Ok(None)
    }

    /// The fewest moves (up to `max`) in which the side to move forces mate, if it does.
    pub fn distance(&mut self, pos: &Position, max: u32) -> Result<Option<u32>, OutOfBudget> {
        for n in 1..=max {
            if self.mates_within(pos, n)? {
                return Ok(Some(n));
            }
        }
        Ok(None)
    }

    /// The defender's reply in `pos` (defender to move, the attacker mating within `n` moves)
    /// that puts the mate off longest; `None` when it has no move.
    pub fn best_defence(&mut self, pos: &Position, n: u32) -> Result<Option<Move>, OutOfBudget> {
        let mut best: Option<(u32, Move)> = None;
        for m in pos.legal_moves().iter().copied() {
            let after = pos.after(m).expect("a legal move");
            let d = self.distance(&after, n)?.unwrap_or(n + 1);
            if best.is_none_or(|(b, _)| d > b) {
                best = Some((d, m));
            }
        }
        Ok(best.map(|(_, m)| m))
    }

    fn tick(&mut self) -> Result<(), OutOfBudget> {
        self.nodes += 1;
        if self.nodes > self.budget {
            Err(OutOfBudget)
        } else {
            Ok(())
        }
    }

    /// Attacker to move: mate within `n` of its moves?
    fn attack(&mut self, pos: &mut Position, n: u32) -> Result<bool, OutOfBudget> {
        self.tick()?;
        if n == 0 || !has_attacking_pieces(pos, pos.side_to_move()) {
            return Ok(false);
        }
        let key = pos.key();
        let n8 = n.min(250) as u8;
        if let Some(&(yes, no)) = self.table.get(&key) {
            if yes <= n8 {
                return Ok(true);
            }
            if no >= n8 {
                return Ok(false);
            }
        }
        let moves = ordered(pos);
        let mut result = false;
        for m in moves {
            let undo = pos.make_move(m);
            let mates = if n == 1 {
                Ok(!pos.has_legal_move())
            } else {
                self.defend(pos, n - 1)
            };
            pos.unmake_move(m, undo);
            if mates? {
                result = true;
                break;
            }
        }
        let entry = self.table.entry(key).or_insert((u8::MAX, 0));
        if result {
            entry.0 = entry.0.min(n8);
        } else {
            entry.1 = entry.1.max(n8);
        }
        Ok(result)
    }

    /// Defender to move: does every reply still lose within `n` attacker moves?
    fn defend(&mut self, pos: &mut Position, n: u32) -> Result<bool, OutOfBudget> {
        self.tick()?;
        let moves = ordered(pos);
        if moves.is_empty() {
            return Ok(true);
        }
        if n == 0 {
            return Ok(false);
        }
        for m in moves {
            let undo = pos.make_move(m);
            let mates = self.attack(pos, n);
            pos.unmake_move(m, undo);
            if !mates? {
                return Ok(false);
            }
        }
        Ok(true)
    }
}

/// Legal moves, captures first (the likeliest to mate or to refute), then the rest.
fn ordered(pos: &Position) -> Vec<Move> {
    let mut list = MoveList::new();
    pos.generate(GenKind::Captures, &mut list);
    pos.generate(GenKind::Quiets, &mut list);
    list.iter().copied().collect()
}

/// Material values in centipawns (the king counts nothing: losing it is mate).
pub const VALUES: [i32; 7] = [0, 200, 200, 400, 900, 450, 100];

/// A mate, in material terms: more than all the material on the board.
pub const MATE_VALUE: i32 = 100_000;

/// The material of `color` in `pos`, in centipawns.
#[must_use]
pub fn material(pos: &Position, color: Color) -> i32 {
    PieceKind::ALL
        .iter()
        .map(|&k| VALUES[k.index()] * pos.pieces(Piece::new(color, k)).count() as i32)
        .sum()
}

/// The side to move's material minus the other side's.
#[must_use]
pub fn balance(pos: &Position) -> i32 {
    let us = pos.side_to_move();
    material(pos, us) - material(pos, !us)
}

/// The deepest ply a material search goes (captures and check answers past the full depth).
const MAX_PLY: i32 = 24;

/// Minimax over material at a fixed depth, then captures until quiet.
pub struct MaterialSolver {
    nodes: u64,
    budget: u64,
}

impl MaterialSolver {
    /// A solver that gives up after `budget` positions visited (counted over its whole life).
    #[must_use]
    pub fn new(budget: u64) -> MaterialSolver {
        MaterialSolver { nodes: 0, budget }
    }

    /// Positions visited so far.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// How much the side to move gains by playing `m`, with `depth` plies after it searched in
    /// full and captures after that: the balance it forces minus today's balance. Decides whether
    /// the gain is at least `bound` (exact below `bound` only as an upper bound, and the
    /// reverse). An illegal `m` gains nothing: it counts as being mated.
    pub fn gain_of(
        &mut self,
        pos: &Position,
        m: Move,
        depth: u32,
        bound: i32,
    ) -> Result<i32, OutOfBudget> {
        let now = balance(pos);
        let Ok(after) = pos.after(m) else {
            return Ok(-MATE_VALUE - now);
        };
        let b = bound + now;
        let v = -self.search(&mut after.clone(), depth, -b, -b + 1, 1)?;
        Ok(v - now)
    }

    /// The balance the side to move forces, searched `depth` plies then captures, within
    /// `(alpha, beta)` (fail-soft).
    pub fn value(&mut self, pos: &Position, depth: u32) -> Result<i32, OutOfBudget> {
        self.search(&mut pos.clone(), depth, -MATE_VALUE * 2, MATE_VALUE * 2, 0)
    }

    fn search(
        &mut self,
        pos: &mut Position,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        ply: i32,
    ) -> Result<i32, OutOfBudget> {
        self.nodes += 1;
        if self.nodes > self.budget {
            return Err(OutOfBudget);
        }
        // Checks are answered with every move (no standing pat in check), but only so deep: a
        // run of checks would otherwise go on for ever.
        if ply >= MAX_PLY {
            return Ok(balance(pos));
        }
        let in_check = pos.is_check();
        let quiet_search = depth == 0 && !in_check;
        let mut best = -MATE_VALUE + ply;
        if quiet_search {
            best = balance(pos);
            if best >= beta {
                return Ok(best);
            }
            alpha = alpha.max(best);
        }
        let mut list = MoveList::new();
        pos.generate(GenKind::Captures, &mut list);
        let captures = list.len();
        if !quiet_search {
            pos.generate(GenKind::Quiets, &mut list);
        }
        if list.is_empty() {
            // No move at all: mated (or stalemated), a loss. Only captures: quiet.
            return Ok(if quiet_search && pos.has_legal_move() {
                best
            } else if quiet_search {
                -MATE_VALUE + ply
            } else {
                best
            });
        }
        // Captures of the most valuable pieces first.
        let mut moves: Vec<Move> = list.iter().copied().collect();
        moves[..captures]
            .sort_by_key(|m| -pos.piece_at(m.to()).map_or(0, |p| VALUES[p.kind.index()]));
        for m in moves {
            let undo = pos.make_move(m);
            let v = -self.search(pos, depth.saturating_sub(1), -beta, -alpha, ply + 1)?;
            pos.unmake_move(m, undo);
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        Ok(best)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rook_mates_a_king_held_by_the_other_king() {
        // Black's king on d9 may only step to d8 (e9 faces Red's king): the rook on a8 takes d8
        // away and leaves no move, a win (xiangqi counts stalemate as a loss); on d1 it checks
        // down the d file, mate.
        let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1").unwrap();
        let mut solver = MateSolver::new(1_000_000);
        assert_eq!(solver.distance(&pos, 3).unwrap(), Some(1));
        let mut mates = solver.mating_moves(&pos, 1).unwrap();
        mates.sort_by_key(|m| m.to_string());
        assert_eq!(mates, ["a1a8".parse().unwrap(), "a1d1".parse().unwrap()]);
        // With the red king on f0 instead, the black king has e9 too: mate takes longer.
        let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/R8/5K3 w - - 0 1").unwrap();
        assert_eq!(solver.distance(&pos, 4).unwrap(), Some(2));
        let keys = solver.mating_moves(&pos, 2).unwrap();
        assert!(!keys.is_empty());
        for m in keys {
            let after = pos.after(m).unwrap();
            let reply = solver.best_defence(&after, 1).unwrap().unwrap();
            let after = after.after(reply).unwrap();
            assert!(solver.mates_within(&after, 1).unwrap());
        }
    }

    #[test]
    fn asking_for_mate_in_zero_finds_none() {
        let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1").unwrap();
        let mut solver = MateSolver::new(1_000);
        assert_eq!(solver.mating_moves(&pos, 0).unwrap(), []);
        assert_eq!(solver.mating_move(&pos, 0).unwrap(), None);
        assert!(!solver.mates_within(&pos, 0).unwrap());
    }

    #[test]
    fn no_attacking_pieces_never_mate() {
        let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/9/3AK4 w - - 0 1").unwrap();
        assert!(!MateSolver::new(100_000).mates_within(&pos, 3).unwrap());
    }

    #[test]
    fn the_material_solver_sees_a_hanging_rook_and_a_defended_one() {
        // Red's rook takes Black's undefended rook on e5.
        let pos = Position::from_fen("4k4/9/9/9/4r4/9/9/9/4R4/3K5 w - - 0 1").unwrap();
        let mut s = MaterialSolver::new(1_000_000);
        let take: Move = "e1e5".parse().unwrap();
        assert!(s.gain_of(&pos, take, 3, 900).unwrap() >= 900);
        // Defended by a cannon behind it: taking loses the rook back.
        let pos = Position::from_fen("4k4/4c4/4n4/9/4r4/9/9/9/4R4/3K5 w - - 0 1").unwrap();
        assert!(s.gain_of(&pos, take, 3, 100).unwrap() < 100);
        // An illegal move (the king's rook going nowhere it can) gains nothing and does not panic.
        let illegal: Move = "a0a1".parse().unwrap();
        assert!(s.gain_of(&pos, illegal, 3, 0).unwrap() < -MATE_VALUE / 2);
        // Out of budget is an answer of its own.
        let mut tiny = MaterialSolver::new(3);
        assert_eq!(tiny.gain_of(&pos, take, 4, 100), Err(OutOfBudget));
    }
}
