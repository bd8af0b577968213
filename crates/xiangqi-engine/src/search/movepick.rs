//! Move ordering: the hash move, good captures by MVV-LVA after SEE, killers, the counter move,
//! quiets by history, bad captures last.

use xiangqi::{GenKind, Move, MoveList, Position};

use crate::eval::piece_value;

/// SEE values (middlegame material) by piece kind.
pub const SEE_VALUES: [i32; 7] = [
    10_000,
    piece_value_const(1),
    piece_value_const(2),
    piece_value_const(3),
    piece_value_const(4),
    piece_value_const(5),
    piece_value_const(6),
];

const fn piece_value_const(i: usize) -> i32 {
    crate::eval::PARAMS.material[i].mg
}

const HASH: i32 = 1 << 30;
const GOOD_CAPTURE: i32 = 1 << 28;
const KILLER: i32 = 1 << 27;
const COUNTER: i32 = (1 << 27) - 2;
const BAD_CAPTURE: i32 = -(1 << 28);

/// Quiet-move statistics the ordering reads.
pub struct Heuristics<'a> {
    /// `[piece index][to]`.
    pub history: &'a [[i32; 90]; 14],
    /// The two killers at this ply.
    pub killers: [Option<Move>; 2],
    /// The refutation of the previous move.
    pub counter: Option<Move>,
}

/// A scored move list, handed out best first.
pub struct MovePicker {
    moves: MoveList,
    scores: [i32; xiangqi::MAX_MOVES],
    next: usize,
}

impl MovePicker {
    /// All legal moves (or captures only, when `captures_only`), scored.
    pub fn new(
        pos: &Position,
        tt_move: Option<Move>,
        h: &Heuristics<'_>,
        captures_only: bool,
    ) -> MovePicker {
        let mut moves = MoveList::new();
        pos.generate(
            if captures_only {
                GenKind::Captures
            } else {
                GenKind::Legal
            },
            &mut moves,
        );
        let mut scores = [0i32; xiangqi::MAX_MOVES];
        for (i, &m) in moves.iter().enumerate() {
            scores[i] = if Some(m) == tt_move {
                HASH
            } else if let Some(victim) = pos.piece_at(m.to()) {
                let attacker = pos.piece_at(m.from()).map_or(0, |p| p.kind.index());
                let mvv = piece_value(victim.kind) * 16 - attacker as i32;
                let attacker_value = SEE_VALUES[attacker];
                if attacker_value <= piece_value(victim.kind) || pos.see(m, &SEE_VALUES) >= 0 {
                    GOOD_CAPTURE + mvv
                } else {
                    BAD_CAPTURE + mvv
                }
            } else if h.killers[0] == Some(m) {
                KILLER
            } else if h.killers[1] == Some(m) {
                KILLER - 1
            } else if h.counter == Some(m) {
                COUNTER
            } else {
                let p = pos.piece_at(m.from()).map_or(0, |p| p.index());
                h.history[p][m.to().index()]
            };
        }
        MovePicker {
            moves,
            scores,
            next: 0,
        }
    }

    /// Whether there is no move at all.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The next best move and its ordering score.
    pub fn pick(&mut self) -> Option<(Move, i32)> {
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
        let r = (list[self.next], self.scores[self.next]);
        self.next += 1;
        Some(r)
    }
}

/// Whether an ordering score marks a capture the SEE judged losing.
pub fn is_bad_capture(score: i32) -> bool {
    score < BAD_CAPTURE / 2
}
