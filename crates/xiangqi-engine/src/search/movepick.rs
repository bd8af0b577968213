//! Staged move ordering: the hash move before anything is generated, then captures by the
//! victim's value and capture history (SEE computed only when a capture is picked, losing ones put aside), the killers and the
//! counter move (each checked legal on its own), then the quiets by history, and the losing
//! captures last. A cut-off at any stage saves the generation of the later ones.

use xiangqi::{GenKind, Move, MoveList, PieceKind, Position};

use crate::eval::piece_value;

/// SEE values by piece kind: the tuned middlegame material of rooks, horses, cannons and pawns,
/// and a floor of [`DEFENDER_SEE_VALUE`] for advisors and elephants, whose tuned material is
/// carried mostly by the missing-defender terms (the advisor's alone can come out negative,
/// which would make capturing one a loss and defending with one free).
pub const SEE_VALUES: [i32; 7] = [
    10_000,
    max(piece_value(PieceKind::Advisor), DEFENDER_SEE_VALUE),
    max(piece_value(PieceKind::Elephant), DEFENDER_SEE_VALUE),
    piece_value(PieceKind::Horse),
    piece_value(PieceKind::Rook),
    piece_value(PieceKind::Cannon),
    piece_value(PieceKind::Pawn),
];

/// The least an advisor or an elephant counts for in exchanges.
pub const DEFENDER_SEE_VALUE: i32 = 200;

const fn max(a: i32, b: i32) -> i32 {
    if a > b { a } else { b }
}

/// Which stage handed out a move: what the search's pruning and reductions read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    /// The hash move.
    Hash,
    /// A capture that does not lose material by SEE.
    GoodCapture,
    /// A killer or the counter move.
    Refutation,
    /// Another quiet move.
    Quiet,
    /// A capture that loses material by SEE.
    BadCapture,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Stage {
    Hash,
    GenCaptures,
    GoodCaptures,
    Killer1,
    Killer2,
    Counter,
    GenQuiets,
    Quiets,
    BadCaptures,
    Done,
}

/// Quiet-move statistics the ordering reads.
pub struct Heuristics<'a> {
    /// `[piece index][to]`.
    pub history: &'a [[i32; 90]; 14],
    /// `[piece index][to][captured kind]`.
    pub captures: &'a super::CaptureHistory,
    /// `[piece][to]` rows of continuation history for this node: the previous move's, then
    /// those of earlier moves (see the search's `cont_plies`); each if any.
    pub continuation: [Option<&'a [[i16; 90]; 14]>; 3],
    /// The two killers at this ply.
    pub killers: [Option<Move>; 2],
    /// The refutation of the previous move.
    pub counter: Option<Move>,
}

/// Hands out the legal moves of a position one at a time, best first.
pub struct MovePicker {
    stage: Stage,
    tt_move: Option<Move>,
    killers: [Option<Move>; 2],
    counter: Option<Move>,
    captures_only: bool,
    moves: MoveList,
    scores: [i32; xiangqi::MAX_MOVES],
    next: usize,
    bad: MoveList,
    bad_next: usize,
}

impl MovePicker {
    /// A picker for every legal move, or for captures only when `captures_only` (in quiescence;
    /// then the losing captures are not handed out at all).
    pub fn new(
        pos: &Position,
        tt_move: Option<Move>,
        h: &Heuristics<'_>,
        captures_only: bool,
    ) -> MovePicker {
        let tt_move = tt_move
            .filter(|&m| pos.is_legal(m) && (!captures_only || pos.piece_at(m.to()).is_some()));
        MovePicker {
            stage: Stage::Hash,
            tt_move,
            killers: h.killers,
            counter: h.counter,
            captures_only,
            moves: MoveList::new(),
            scores: [0; xiangqi::MAX_MOVES],
            next: 0,
            bad: MoveList::new(),
            bad_next: 0,
        }
    }

    fn take_best(&mut self) -> Option<Move> {
        let n = self.moves.len();
        if self.next >= n {
            return None;
        }
        let mut best = self.next;
        for i in self.next + 1..n {
            if self.scores[i] > self.scores[best] {
                best = i;
            }
        }
        let list = self.moves.as_mut_slice();
        list.swap(self.next, best);
        self.scores.swap(self.next, best);
        let m = list[self.next];
        self.next += 1;
        Some(m)
    }

    /// Sorts the generated moves best first (an insertion sort: stable, and quick on the few
    /// dozen quiet moves of a node).
    fn sort(&mut self) {
        let n = self.moves.len();
        let list = self.moves.as_mut_slice();
        for i in 1..n {
            let (m, s) = (list[i], self.scores[i]);
            let mut j = i;
            while j > 0 && self.scores[j - 1] < s {
                list[j] = list[j - 1];
                self.scores[j] = self.scores[j - 1];
                j -= 1;
            }
            list[j] = m;
            self.scores[j] = s;
        }
    }

    /// The next move of a list [`Self::sort`] put in order.
    fn take_next(&mut self) -> Option<Move> {
        let m = self.moves.get(self.next).copied();
        self.next += 1;
        m
    }

    /// A killer or counter move worth trying here: legal, quiet, not already handed out.
    fn refutation_ok(&self, pos: &Position, m: Option<Move>, earlier: &[Option<Move>]) -> bool {
        m.is_some_and(|m| {
            Some(m) != self.tt_move
                && !earlier.contains(&Some(m))
                && pos.piece_at(m.to()).is_none()
                && pos.is_legal(m)
        })
    }

    /// The next move and the stage it came from.
    pub fn pick(&mut self, pos: &Position, h: &Heuristics<'_>) -> Option<(Move, Kind)> {
        loop {
            match self.stage {
                Stage::Hash => {
                    self.stage = Stage::GenCaptures;
                    if let Some(m) = self.tt_move {
                        return Some((m, Kind::Hash));
                    }
                }
                Stage::GenCaptures => {
                    pos.generate(GenKind::Captures, &mut self.moves);
                    for (i, &m) in self.moves.iter().enumerate() {
                        let victim = pos.piece_at(m.to()).map_or(0, |p| p.kind.index());
                        let attacker = pos.piece_at(m.from()).map_or(0, |p| p.index());
                        let history = h.captures[attacker][m.to().index()][victim];
                        self.scores[i] = SEE_VALUES[victim] * 8 + i32::from(history) / 2;
                    }
                    self.next = 0;
                    self.stage = Stage::GoodCaptures;
                }
                Stage::GoodCaptures => match self.take_best() {
                    Some(m) if Some(m) == self.tt_move => {}
                    Some(m) => {
                        let victim = pos.piece_at(m.to()).map_or(0, |p| p.kind.index());
                        let attacker = pos.piece_at(m.from()).map_or(0, |p| p.kind.index());
                        if SEE_VALUES[attacker] <= SEE_VALUES[victim]
                            || pos.see(m, &SEE_VALUES) >= 0
                        {
                            return Some((m, Kind::GoodCapture));
                        }
                        if !self.captures_only {
                            self.bad.push(m);
                        }
                    }
                    None => {
                        self.stage = if self.captures_only {
                            Stage::Done
                        } else {
                            Stage::Killer1
                        };
                    }
                },
                Stage::Killer1 => {
                    self.stage = Stage::Killer2;
                    if self.refutation_ok(pos, self.killers[0], &[]) {
                        return self.killers[0].map(|m| (m, Kind::Refutation));
                    }
                }
                Stage::Killer2 => {
                    self.stage = Stage::Counter;
                    if self.refutation_ok(pos, self.killers[1], &[self.killers[0]]) {
                        return self.killers[1].map(|m| (m, Kind::Refutation));
                    }
                }
                Stage::Counter => {
                    self.stage = Stage::GenQuiets;
                    if self.refutation_ok(pos, self.counter, &self.killers) {
                        return self.counter.map(|m| (m, Kind::Refutation));
                    }
                }
                Stage::GenQuiets => {
                    self.moves.clear();
                    pos.generate(GenKind::Quiets, &mut self.moves);
                    for (i, &m) in self.moves.iter().enumerate() {
                        let p = pos.piece_at(m.from()).map_or(0, |p| p.index());
                        let to = m.to().index();
                        let c = |k: usize| h.continuation[k].map_or(0, |c| i32::from(c[p][to]));
                        self.scores[i] = h.history[p][to] + 2 * c(0) + c(1) + c(2);
                    }
                    self.sort();
                    self.next = 0;
                    self.stage = Stage::Quiets;
                }
                Stage::Quiets => match self.take_next() {
                    Some(m)
                        if Some(m) == self.tt_move
                            || Some(m) == self.killers[0]
                            || Some(m) == self.killers[1]
                            || Some(m) == self.counter => {}
                    Some(m) => return Some((m, Kind::Quiet)),
                    None => self.stage = Stage::BadCaptures,
                },
                Stage::BadCaptures => {
                    if let Some(&m) = self.bad.iter().as_slice().get(self.bad_next) {
                        self.bad_next += 1;
                        return Some((m, Kind::BadCapture));
                    }
                    self.stage = Stage::Done;
                }
                Stage::Done => return None,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exchange_values_are_positive_and_ordered() {
        let v = |k: PieceKind| SEE_VALUES[k.index()];
        for k in PieceKind::ALL {
            assert!(v(k) > 0, "{k:?} counts {} in exchanges", v(k));
        }
        assert!(v(PieceKind::Pawn) < v(PieceKind::Advisor));
        assert!(v(PieceKind::Advisor) < v(PieceKind::Horse));
        assert!(v(PieceKind::Elephant) < v(PieceKind::Cannon));
        assert!(v(PieceKind::Horse) < v(PieceKind::Rook));
        assert!(v(PieceKind::Rook) < v(PieceKind::King));
    }
}
