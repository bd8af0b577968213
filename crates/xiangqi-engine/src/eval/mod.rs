//! Static evaluation: material, piece-square tables tapered between middlegame and endgame, and
//! the xiangqi terms players name (空头炮, 镇中炮, 沉底炮, horse mobility and legs, rook files,
//! crossed pawns, missing defenders, connected horses, pieces threatened by lesser ones).
//!
//! Every weight is data: [`weights::WEIGHTS`], indexed by the `W_*` constants here, written by
//! the tuner (`xiangqi-train tune`, see the README). The evaluation is one generic function over
//! an [`Accumulator`]: the search's accumulator adds weights (compiled to constants), the tuner's
//! records which weight each feature used and how often, so the two can never disagree.

use xiangqi::{Bitboard, Color, Piece, PieceKind, Position, Square};

mod features;
pub mod weights;
pub use features::features;
#[cfg(test)]
use features::pawn_attacks;
use weights::WEIGHTS;

/// A middlegame and an endgame value, blended by the game phase.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Term {
    /// Value with all the attacking pieces on the board.
    pub mg: i32,
    /// Value with none left.
    pub eg: i32,
}

/// A [`Term`] from its two values.
#[must_use]
pub const fn t(mg: i32, eg: i32) -> Term {
    Term { mg, eg }
}

impl core::ops::Add for Term {
    type Output = Term;
    fn add(self, o: Term) -> Term {
        t(self.mg + o.mg, self.eg + o.eg)
    }
}

impl core::ops::AddAssign for Term {
    fn add_assign(&mut self, o: Term) {
        self.mg += o.mg;
        self.eg += o.eg;
    }
}

impl core::ops::Mul<i32> for Term {
    type Output = Term;
    fn mul(self, k: i32) -> Term {
        t(self.mg * k, self.eg * k)
    }
}

/// Material by [`PieceKind::index`]: weights `W_MATERIAL..W_MATERIAL + 7`.
pub const W_MATERIAL: usize = 0;
/// Piece-square tables: `W_PST + kind * 50 + rank_from_own_back_rank * 5 + file_from_edge`.
pub const W_PST: usize = 7;
/// Rook: per point it can move to.
pub const W_ROOK_MOBILITY: usize = W_PST + 7 * 50;
/// Rook on a file with no pawn of either side.
pub const W_ROOK_OPEN_FILE: usize = W_ROOK_MOBILITY + 1;
/// Rook on a file without a pawn of its own.
pub const W_ROOK_HALF_OPEN_FILE: usize = W_ROOK_MOBILITY + 2;
/// Horse: per point it can jump to that no enemy pawn guards.
pub const W_HORSE_MOBILITY: usize = W_ROOK_MOBILITY + 3;
/// Horse with no jump at all.
pub const W_HORSE_TRAPPED: usize = W_ROOK_MOBILITY + 4;
/// Two horses guarding each other (连环马).
pub const W_CONNECTED_HORSES: usize = W_ROOK_MOBILITY + 5;
/// Cannon: per empty point it can slide to.
pub const W_CANNON_MOBILITY: usize = W_ROOK_MOBILITY + 6;
/// 空头炮: a cannon facing the enemy king on its file with nothing between.
pub const W_HOLLOW_CANNON: usize = W_ROOK_MOBILITY + 7;
/// 镇中炮: a cannon on the enemy king's file with two pieces between, one step from a check
/// (a screen that moves off, or a piece that steps in, makes it check).
pub const W_CENTRAL_CANNON: usize = W_ROOK_MOBILITY + 8;
/// 沉底炮: a cannon on the enemy's back rank while the king stands there.
pub const W_BOTTOM_CANNON: usize = W_ROOK_MOBILITY + 9;
/// Per missing enemy advisor, per rook, horse or crossed pawn able to attack.
pub const W_MISSING_ADVISOR: usize = W_ROOK_MOBILITY + 10;
/// Per missing enemy elephant, per cannon.
pub const W_MISSING_ELEPHANT: usize = W_ROOK_MOBILITY + 11;
/// A rook bearing on the enemy king's file through exactly one piece (which it pins, or which
/// moving off gives check).
pub const W_ROOK_ON_KING_FILE: usize = W_ROOK_MOBILITY + 12;
/// A rook attacked by an enemy horse, cannon or pawn.
pub const W_ROOK_THREATENED: usize = W_ROOK_MOBILITY + 13;
/// A horse or cannon attacked by an enemy pawn.
pub const W_MINOR_THREATENED: usize = W_ROOK_MOBILITY + 14;
/// The side to move's bonus.
pub const W_TEMPO: usize = W_ROOK_MOBILITY + 15;
/// A rook, horse or cannon attacked and not defended.
pub const W_HANGING: usize = W_TEMPO + 1;
/// The same, when its owner is not to move (the other side can take it now).
pub const W_HANGING_ON_MOVE: usize = W_TEMPO + 2;
/// Per cannon on the enemy king's file, per missing enemy advisor or elephant (the defenders'
/// shape against a central cannon).
pub const W_CANNON_VS_DEFENDERS: usize = W_TEMPO + 3;
/// Per horse jumping into the enemy palace, per missing enemy advisor.
pub const W_HORSE_VS_ADVISORS: usize = W_TEMPO + 4;
/// King attack, per unit: rooks count 3, horses and cannons 2, pawns 1, for each bearing on the
/// enemy palace, up to [`KING_ATTACK_MAX`] units.
pub const W_KING_ATTACK: usize = W_TEMPO + 5;
/// King attack, per unit squared: attackers together weigh more than apart.
pub const W_KING_ATTACK_SQUARED: usize = W_TEMPO + 6;
/// The most king-attack units counted.
pub const KING_ATTACK_MAX: i32 = 12;
/// How many weights there are.
pub const N_WEIGHTS: usize = W_KING_ATTACK_SQUARED + 1;

/// Where an evaluation's features go: summed with the weights, or recorded for the tuner.
pub trait Accumulator {
    /// Feature `weight` counted `n` times (positive for Red, negative for Black).
    fn add(&mut self, weight: usize, n: i32);
}

/// The search's accumulator: the weighted sum.
#[derive(Default)]
struct Sum(Term);

impl Accumulator for Sum {
    #[inline(always)]
    fn add(&mut self, weight: usize, n: i32) {
        self.0 += WEIGHTS[weight] * n;
    }
}

/// The weight index of `kind`'s table on `sq` for `color`.
#[must_use]
pub const fn pst_index(color: Color, kind: usize, sq: usize) -> usize {
    let (file, rank) = (sq % 9, sq / 9);
    let rank = match color {
        Color::Red => rank,
        Color::Black => 9 - rank,
    };
    let file = if file > 4 { 8 - file } else { file };
    W_PST + kind * 50 + rank * 5 + file
}

/// Material plus table value of every (piece, square), indexed `[piece.index()][square]`.
const PSQ: [[Term; 90]; 14] = {
    let mut psq = [[t(0, 0); 90]; 14];
    let mut c = 0;
    while c < 2 {
        let color = if c == 0 { Color::Red } else { Color::Black };
        let mut k = 0;
        while k < 7 {
            let mut sq = 0;
            while sq < 90 {
                let m = WEIGHTS[W_MATERIAL + k];
                let p = WEIGHTS[pst_index(color, k, sq)];
                psq[c * 7 + k][sq] = t(m.mg + p.mg, m.eg + p.eg);
                sq += 1;
            }
            k += 1;
        }
        c += 1;
    }
    psq
};

/// Phase weights of the attacking pieces; the middlegame has them all.
const PHASE_ROOK: i32 = 6;
const PHASE_MINOR: i32 = 3;
/// The phase with every rook, horse and cannon on the board.
pub const PHASE_MAX: i32 = 2 * (2 * PHASE_ROOK + 4 * PHASE_MINOR);

/// The game phase, `0` (bare endgame) to [`PHASE_MAX`] (all rooks, horses and cannons on).
#[must_use]
pub fn phase(pos: &Position) -> i32 {
    let mut p = 0;
    for color in Color::ALL {
        p += PHASE_ROOK * pos.pieces(Piece::new(color, PieceKind::Rook)).count() as i32;
        p += PHASE_MINOR * pos.pieces(Piece::new(color, PieceKind::Horse)).count() as i32;
        p += PHASE_MINOR * pos.pieces(Piece::new(color, PieceKind::Cannon)).count() as i32;
    }
    p.min(PHASE_MAX)
}

/// The evaluation from the side to move's point of view, in centipawns.
#[must_use]
pub fn evaluate(pos: &Position) -> i32 {
    evaluate_with(pos, psq_red(pos))
}

/// [`evaluate`] given the material and piece-square total `psq` from Red's view (as the search
/// keeps it up to date move by move with [`psq_delta`]).
#[must_use]
pub fn evaluate_with(pos: &Position, psq: Term) -> i32 {
    damp(evaluate_undamped(pos, psq), pos.halfmove_clock())
}

/// [`evaluate_with`] before [`damp`]: a function of the placement and the side to move only,
/// so the search may cache it by the position's key.
#[must_use]
pub fn evaluate_undamped(pos: &Position, psq: Term) -> i32 {
    let mut sum = Sum(psq);
    let mut attackers = [0i32; 2];
    features(pos, &mut sum, &mut attackers);
    let score = scale(pos, blend(sum.0, phase(pos)), attackers);
    match pos.side_to_move() {
        Color::Red => score,
        Color::Black => -score,
    }
}

/// Tapers a term by the phase.
#[inline]
#[must_use]
pub fn blend(total: Term, phase: i32) -> i32 {
    (total.mg * phase + total.eg * (PHASE_MAX - phase)) / PHASE_MAX
}

/// Drawish material: the advantage (from Red's view) cut when the side ahead cannot hope for
/// much. Nothing able to cross the river: an eighth. No pawn and a single horse or cannon: an
/// eighth against two or more defenders (advisors and elephants), half against fewer. No pawn
/// and a lone rook: a quarter against all four defenders (车 against 士象全 is a book draw).
#[inline]
#[must_use]
pub fn scale(pos: &Position, score: i32, attackers: [i32; 2]) -> i32 {
    let strong = if score > 0 { Color::Red } else { Color::Black };
    if score == 0 || attackers[strong.index()] == 0 {
        return score / 8;
    }
    let n = |c: Color, k: PieceKind| pos.pieces(Piece::new(c, k)).count() as i32;
    if n(strong, PieceKind::Pawn) > 0 {
        return score;
    }
    let weak = !strong;
    let defenders = n(weak, PieceKind::Advisor) + n(weak, PieceKind::Elephant);
    let rooks = n(strong, PieceKind::Rook);
    let minors = n(strong, PieceKind::Horse) + n(strong, PieceKind::Cannon);
    match (rooks, minors) {
        (0, 1) if defenders >= 2 => score / 8,
        (0, 1) => score / 2,
        (1, 0) if defenders == 4 => score / 4,
        _ => score,
    }
}

/// The score shrunk as the no-capture count nears the 60-move rule (120 plies): to 40% at the
/// end, so that a side ahead prefers progress (a capture or a pawn move resets the count) to
/// shuffling, and a side behind sees the draw coming.
#[inline]
#[must_use]
pub fn damp(score: i32, halfmove_clock: u32) -> i32 {
    score * (200 - halfmove_clock.min(120) as i32) / 200
}

/// Material only, using the middlegame values.
#[must_use]
pub const fn piece_value(kind: PieceKind) -> i32 {
    WEIGHTS[W_MATERIAL + kind as usize].mg
}

/// Material plus piece-square value of `piece` on `sq`, counted positive for either colour.
#[inline]
#[must_use]
pub fn psq(piece: Piece, sq: Square) -> Term {
    PSQ[piece.index()][sq.index()]
}

/// The material and piece-square total of the position from Red's view.
#[must_use]
pub fn psq_red(pos: &Position) -> Term {
    let mut total = Term::default();
    for color in Color::ALL {
        let sign = if color == Color::Red { 1 } else { -1 };
        for kind in PieceKind::ALL {
            let piece = Piece::new(color, kind);
            for sq in pos.pieces(piece) {
                total += psq(piece, sq) * sign;
            }
        }
    }
    total
}

/// How `m` (not yet made in `pos`) changes [`psq_red`].
#[inline]
#[must_use]
pub fn psq_delta(pos: &Position, m: xiangqi::Move) -> Term {
    let Some(piece) = pos.piece_at(m.from()) else {
        return Term::default();
    };
    let sign = |c: Color| if c == Color::Red { 1 } else { -1 };
    let mut d = (psq(piece, m.to()) + psq(piece, m.from()) * -1) * sign(piece.color);
    if let Some(cap) = pos.piece_at(m.to()) {
        d += psq(cap, m.to()) * -sign(cap.color);
    }
    d
}

/// The material and table features of the position (what [`psq_red`] sums), for the tuner.
pub fn psq_features(pos: &Position, acc: &mut impl Accumulator) {
    for color in Color::ALL {
        let sign = if color == Color::Red { 1 } else { -1 };
        for kind in PieceKind::ALL {
            let k = kind as usize;
            for sq in pos.pieces(Piece::new(color, kind)) {
                acc.add(W_MATERIAL + k, sign);
                acc.add(pst_index(color, k, sq.index()), sign);
            }
        }
    }
}

/// The evaluation from Red's point of view, without tempo.
#[must_use]
pub fn evaluate_red(pos: &Position) -> i32 {
    let e = evaluate(pos);
    let tempo = blend(WEIGHTS[W_TEMPO], phase(pos));
    match pos.side_to_move() {
        Color::Red => e - tempo,
        Color::Black => -(e - tempo),
    }
}

#[cfg(test)]
mod tests;
