//! Static evaluation: material, piece-square tables tapered between middlegame and endgame, and
//! the xiangqi terms players name (空头炮, 镇中炮, 沉底炮, horse mobility and legs, rook files,
//! crossed pawns, missing defenders, connected horses, pieces threatened by lesser ones).
//!
//! Every weight is data: [`weights::WEIGHTS`], indexed by the `W_*` constants here, written by
//! the tuner (`xiangqi-engine tune`, see the README). The evaluation is one generic function over
//! an [`Accumulator`]: the search's accumulator adds weights (compiled to constants), the tuner's
//! records which weight each feature used and how often, so the two can never disagree.

use xiangqi::{Bitboard, Color, Piece, PieceKind, Position, Square};

pub mod weights;
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

/// Every feature but material and tables, with the side to move's tempo; `attackers` gets how
/// many pieces each side has that can cross the river.
pub fn features(pos: &Position, acc: &mut impl Accumulator, attackers: &mut [i32; 2]) {
    acc.add(
        W_TEMPO,
        if pos.side_to_move() == Color::Red {
            1
        } else {
            -1
        },
    );
    let mut lesser = [Bitboard::EMPTY; 2];
    let mut all = [Bitboard::EMPTY; 2];
    for color in Color::ALL {
        let sign = if color == Color::Red { 1 } else { -1 };
        let (n, attacks, rook_attacks) = side_features(pos, color, sign, acc);
        attackers[color.index()] = n;
        lesser[color.index()] = attacks;
        all[color.index()] = attacks | rook_attacks;
    }
    // Hanging pieces: rooks, horses and cannons attacked and not defended.
    for color in Color::ALL {
        let sign = if color == Color::Red { 1 } else { -1 };
        let ours = pos.pieces(Piece::new(color, PieceKind::Rook))
            | pos.pieces(Piece::new(color, PieceKind::Horse))
            | pos.pieces(Piece::new(color, PieceKind::Cannon));
        let mut hanging = 0;
        for sq in ours & all[(!color).index()] {
            if pos.attackers_to(sq, color).is_empty() {
                hanging += 1;
            }
        }
        acc.add(W_HANGING, sign * hanging);
        if pos.side_to_move() != color {
            acc.add(W_HANGING_ON_MOVE, sign * hanging);
        }
    }
    // Pieces attacked by lesser enemy pieces: rooks by horses, cannons and pawns, horses and
    // cannons by pawns.
    for color in Color::ALL {
        let sign = if color == Color::Red { 1 } else { -1 };
        let them = (!color).index();
        let rooks = pos.pieces(Piece::new(color, PieceKind::Rook));
        acc.add(
            W_ROOK_THREATENED,
            sign * (rooks & lesser[them]).count() as i32,
        );
        let minors = pos.pieces(Piece::new(color, PieceKind::Horse))
            | pos.pieces(Piece::new(color, PieceKind::Cannon));
        let pawn_guard = Bitboard(pawn_attacks(
            !color,
            pos.pieces(Piece::new(!color, PieceKind::Pawn)).0,
        ));
        acc.add(
            W_MINOR_THREATENED,
            sign * (minors & pawn_guard).count() as i32,
        );
    }
}

/// Points on the same file strictly between `a` and `b` (both on one file).
fn file_between(a: Square, b: Square) -> Bitboard {
    let (ra, rb) = (a.rank().index() as u32, b.rank().index() as u32);
    let (lo, hi) = (ra.min(rb), ra.max(rb));
    if hi <= lo + 1 {
        return Bitboard::EMPTY;
    }
    let ranks = (1u128 << (hi * 9)) - (1u128 << ((lo + 1) * 9));
    Bitboard(ranks & FILES[a.file().index() as usize])
}

/// Every point of each file.
const FILES: [u128; 9] = {
    let mut f = [0u128; 9];
    let mut sq = 0;
    while sq < 90 {
        f[sq % 9] |= 1u128 << sq;
        sq += 1;
    }
    f
};

/// Points on file a (for shifts that must not wrap) and file i.
const FILE_A: u128 = FILES[0];
const FILE_I: u128 = FILES[8];
const BOARD: u128 = (1u128 << 90) - 1;
/// Each side's half of the board.
const HALF: [u128; 2] = [(1u128 << 45) - 1, BOARD & !((1u128 << 45) - 1)];

/// Points the pawns of `color` (on `pawns`) could capture on.
fn pawn_attacks(color: Color, pawns: u128) -> u128 {
    let forward = match color {
        Color::Red => pawns << 9,
        Color::Black => pawns >> 9,
    };
    let crossed = pawns & !HALF[color.index()];
    let sideways = ((crossed & !FILE_A) >> 1) | ((crossed & !FILE_I) << 1);
    (forward | sideways) & BOARD
}

/// Each side's palace (the rules library's [`Square::in_palace_of`]).
const PALACE: [u128; 2] = {
    let mut p = [0u128; 2];
    let mut sq = 0;
    while sq < 90 {
        if let Some(s) = Square::try_from_index(sq) {
            if s.in_palace_of(Color::Red) {
                p[0] |= 1u128 << sq;
            }
            if s.in_palace_of(Color::Black) {
                p[1] |= 1u128 << sq;
            }
        }
        sq += 1;
    }
    p
};

/// Where an enemy pawn bears on each side's palace: in it, beside it, or just in front.
const PAWN_ZONE: [u128; 2] = {
    let mut z = [0u128; 2];
    let mut r = 0;
    while r < 4 {
        let mut f = 2;
        while f < 7 {
            if r < 3 || (f >= 3 && f < 6) {
                z[0] |= 1u128 << (r * 9 + f);
                z[1] |= 1u128 << ((9 - r) * 9 + f);
            }
            f += 1;
        }
        r += 1;
    }
    z
};

/// The features of one side, counted `sign` (1 for Red, -1 for Black). Returns how many pieces
/// it has that can cross the river, the points its horses, cannons and pawns attack, and the
/// points its rooks attack.
fn side_features(
    pos: &Position,
    us: Color,
    sign: i32,
    acc: &mut impl Accumulator,
) -> (i32, Bitboard, Bitboard) {
    let them = !us;
    let occ = pos.occupied();
    let their_king = pos.king(them);
    let enemy_pawns = pos.pieces(Piece::new(them, PieceKind::Pawn));
    let pawn_guard = Bitboard(pawn_attacks(them, enemy_pawns.0));
    let our_pawns = pos.pieces(Piece::new(us, PieceKind::Pawn));
    let all_pawns = our_pawns | enemy_pawns;
    let mut lesser_attacks = Bitboard(pawn_attacks(us, our_pawns.0));

    let palace = Bitboard(PALACE[them.index()]);
    let mut units = 0;
    let mut rook_attacks = Bitboard::EMPTY;
    let rooks = pos.pieces(Piece::new(us, PieceKind::Rook));
    for sq in rooks {
        let targets = pos.pseudo_targets(sq);
        rook_attacks |= targets;
        if (targets & palace).any() {
            units += 3;
        }
        let moves = targets.count() as i32;
        acc.add(W_ROOK_MOBILITY, sign * moves);
        let file = Bitboard(FILES[sq.file().index() as usize]);
        if (file & all_pawns).is_empty() {
            acc.add(W_ROOK_OPEN_FILE, sign);
        } else if (file & our_pawns).is_empty() {
            acc.add(W_ROOK_HALF_OPEN_FILE, sign);
        }
        if sq.file() == their_king.file() && (file_between(sq, their_king) & occ).count() == 1 {
            acc.add(W_ROOK_ON_KING_FILE, sign);
        }
    }
    let horses = pos.pieces(Piece::new(us, PieceKind::Horse));
    let mut palace_horses = 0;
    for sq in horses {
        let targets = pos.pseudo_targets(sq);
        lesser_attacks |= targets;
        if (targets & palace).any() {
            units += 2;
            palace_horses += 1;
        }
        let safe = (targets & !pawn_guard).count() as i32;
        if targets.is_empty() {
            acc.add(W_HORSE_TRAPPED, sign);
        }
        acc.add(W_HORSE_MOBILITY, sign * safe);
        // Guarding the other horse: it sits on one of this horse's jumps (own pieces are not in
        // pseudo_targets, so look from the empty-board pattern through the legs).
        for other in horses {
            if other > sq && horse_guards(pos, sq, other) && horse_guards(pos, other, sq) {
                acc.add(W_CONNECTED_HORSES, sign);
            }
        }
    }
    let cannons = pos.pieces(Piece::new(us, PieceKind::Cannon));
    for sq in cannons {
        let targets = pos.pseudo_targets(sq);
        lesser_attacks |= targets;
        let empty = (targets & !occ).count() as i32;
        acc.add(W_CANNON_MOBILITY, sign * empty);
        let file = sq.file().index();
        let rank = Bitboard(0x1FF_u128 << (sq.rank().index() as u32 * 9));
        let on_palace_rank = (rank & palace).any();
        if (3..6).contains(&file) || on_palace_rank {
            units += 2;
        }
        if sq.file() == their_king.file() {
            match (file_between(sq, their_king) & occ).count() {
                0 => acc.add(W_HOLLOW_CANNON, sign),
                2 => acc.add(W_CENTRAL_CANNON, sign),
                _ => {}
            }
        }
        let back = if them == Color::Red { 0 } else { 9 };
        if sq.rank().index() == back && their_king.rank().index() == back {
            acc.add(W_BOTTOM_CANNON, sign);
        }
    }
    let crossed_pawns = (our_pawns.0 & !HALF[us.index()]).count_ones() as i32;
    let our_horses = horses.count() as i32;
    let our_rooks = rooks.count() as i32;
    let our_cannons = cannons.count() as i32;
    // Our attackers against their missing defenders.
    let their_advisors = pos.pieces(Piece::new(them, PieceKind::Advisor)).count() as i32;
    let their_elephants = pos.pieces(Piece::new(them, PieceKind::Elephant)).count() as i32;
    acc.add(
        W_MISSING_ADVISOR,
        sign * (2 - their_advisors) * (our_rooks + our_horses + crossed_pawns),
    );
    acc.add(
        W_MISSING_ELEPHANT,
        sign * (2 - their_elephants) * our_cannons,
    );
    let king_file_cannons = (cannons & Bitboard(FILES[their_king.file().index() as usize])).count();
    acc.add(
        W_CANNON_VS_DEFENDERS,
        sign * king_file_cannons as i32 * (4 - their_advisors - their_elephants),
    );
    acc.add(
        W_HORSE_VS_ADVISORS,
        sign * palace_horses * (2 - their_advisors),
    );
    units += (our_pawns & Bitboard(PAWN_ZONE[them.index()])).count() as i32;
    let units = units.min(KING_ATTACK_MAX);
    acc.add(W_KING_ATTACK, sign * units);
    acc.add(W_KING_ATTACK_SQUARED, sign * units * units);
    let attackers = our_rooks + our_horses + our_cannons + our_pawns.count() as i32;
    (attackers, lesser_attacks, rook_attacks)
}

/// Whether a horse on `from` could capture on `to` (its leg free), whatever stands on `to`.
fn horse_guards(pos: &Position, from: Square, to: Square) -> bool {
    let df = to.file().index() as i32 - from.file().index() as i32;
    let dr = to.rank().index() as i32 - from.rank().index() as i32;
    let leg = match (df.abs(), dr.abs()) {
        (1, 2) => from.offset(0, dr / 2),
        (2, 1) => from.offset(df / 2, 0),
        _ => return false,
    };
    leg.is_some_and(|l| pos.piece_at(l).is_none())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_is_balanced() {
        let pos = Position::startpos();
        assert_eq!(evaluate_red(&pos), 0);
        assert_eq!(evaluate(&pos), blend(WEIGHTS[W_TEMPO], phase(&pos)));
    }

    #[test]
    fn mirrored_positions_score_the_same() {
        let fen = "r1bakab1r/9/1cn4c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b - - 2 2";
        let pos = Position::from_fen(fen).unwrap();
        // Colour-flip the position: mirror the ranks and swap colours.
        let flipped = flip_colours(fen);
        let pos2 = Position::from_fen(&flipped).unwrap();
        assert_eq!(evaluate(&pos), evaluate(&pos2));
        assert_eq!(evaluate_red(&pos), -evaluate_red(&pos2));
    }

    #[test]
    fn a_lone_rook_against_all_four_defenders_is_drawish() {
        let full = Position::from_fen("2bakab2/9/9/9/9/9/9/9/R8/3K5 w").unwrap();
        let one_short = Position::from_fen("2bak1b2/9/9/9/9/9/9/9/R8/3K5 w").unwrap();
        let with_pawn = Position::from_fen("2bakab2/9/9/9/9/9/P8/9/R8/3K5 w").unwrap();
        let plain = |p: &Position| {
            let mut sum = Sum(psq_red(p));
            let mut attackers = [0; 2];
            features(p, &mut sum, &mut attackers);
            (blend(sum.0, phase(p)), attackers)
        };
        let (score, attackers) = plain(&full);
        assert!(score > 0);
        assert_eq!(scale(&full, score, attackers), score / 4);
        let (score, attackers) = plain(&one_short);
        assert_eq!(scale(&one_short, score, attackers), score);
        let (score, attackers) = plain(&with_pawn);
        assert_eq!(scale(&with_pawn, score, attackers), score);
    }

    #[test]
    fn extra_rook_is_winning() {
        let pos =
            Position::from_fen("rnbakabn1/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w")
                .unwrap();
        assert!(evaluate(&pos) > 700, "{}", evaluate(&pos));
    }

    #[test]
    fn hollow_cannon_counts() {
        let hollow = Position::from_fen("4k4/9/9/9/9/9/9/4C4/9/3K5 w").unwrap();
        let aside = Position::from_fen("4k4/9/9/9/9/9/9/3C5/9/3K5 w").unwrap();
        let gain = evaluate_red(&hollow) - evaluate_red(&aside);
        assert!(gain >= WEIGHTS[W_HOLLOW_CANNON].eg, "{gain}");
    }

    /// Records the features as the tuner does.
    #[derive(Default)]
    struct Trace(Vec<(usize, i32)>);

    impl Accumulator for Trace {
        fn add(&mut self, weight: usize, n: i32) {
            self.0.push((weight, n));
        }
    }

    #[test]
    fn an_undefended_attacked_rook_is_hanging() {
        // The red rook on a5 is attacked by the black horse on b7; nothing of Red guards it.
        let hanging = Position::from_fen("3k5/9/1n7/9/R8/9/9/9/9/4K4 w").unwrap();
        let mut trace = Trace::default();
        features(&hanging, &mut trace, &mut [0; 2]);
        assert!(trace.0.contains(&(W_HANGING, 1)), "{:?}", trace.0);
        assert!(
            !trace
                .0
                .iter()
                .any(|&(w, n)| w == W_HANGING_ON_MOVE && n != 0),
            "{:?}",
            trace.0
        );
        // Black to move: it can take the rook now.
        let on_move = Position::from_fen("3k5/9/1n7/9/R8/9/9/9/9/4K4 b").unwrap();
        let mut trace = Trace::default();
        features(&on_move, &mut trace, &mut [0; 2]);
        assert!(trace.0.contains(&(W_HANGING_ON_MOVE, 1)), "{:?}", trace.0);
        // A red pawn on a4 guards it (pawns not yet across the river guard forwards).
        let guarded = Position::from_fen("3k5/9/1n7/9/R8/P8/9/9/9/4K4 w").unwrap();
        let mut trace = Trace::default();
        features(&guarded, &mut trace, &mut [0; 2]);
        assert!(
            !trace.0.iter().any(|&(w, n)| w == W_HANGING && n != 0),
            "{:?}",
            trace.0
        );
    }

    #[test]
    fn pieces_bearing_on_the_palace_are_counted() {
        // A red rook on the f-file reaches the black palace (3 units), a horse on e6 jumps into
        // it (2), a cannon on the d-file (2) and a pawn beside it on c7 (1): 8 units.
        let pos = Position::from_fen("4k4/9/2P6/4N4/9/9/9/3C5/9/4KR3 w").unwrap();
        let mut trace = Trace::default();
        features(&pos, &mut trace, &mut [0; 2]);
        assert!(trace.0.contains(&(W_KING_ATTACK, 8)), "{:?}", trace.0);
        assert!(
            trace.0.contains(&(W_KING_ATTACK_SQUARED, 64)),
            "{:?}",
            trace.0
        );
        // Black has nothing near the red palace.
        assert!(trace.0.contains(&(W_KING_ATTACK, 0)), "{:?}", trace.0);
    }

    #[test]
    fn scores_shrink_towards_the_sixty_move_rule() {
        let fresh = Position::from_fen("4k4/9/9/9/9/9/9/9/R8/3K5 w - - 0 1").unwrap();
        let late = Position::from_fen("4k4/9/9/9/9/9/9/9/R8/3K5 w - - 100 60").unwrap();
        assert!(evaluate(&fresh) > 400, "{}", evaluate(&fresh));
        assert!(
            evaluate(&late) < evaluate(&fresh) * 6 / 10,
            "{}",
            evaluate(&late)
        );
        assert!(evaluate(&late) > 0);
    }

    #[test]
    fn the_traced_features_sum_to_the_evaluation() {
        for fen in crate::bench::POSITIONS {
            let pos = Position::from_fen(fen).unwrap();
            let mut trace = Trace::default();
            let mut attackers = [0; 2];
            psq_features(&pos, &mut trace);
            features(&pos, &mut trace, &mut attackers);
            let mut total = Term::default();
            for &(w, n) in &trace.0 {
                total += WEIGHTS[w] * n;
            }
            let red = blend(total, phase(&pos));
            let red = damp(scale(&pos, red, attackers), pos.halfmove_clock());
            let stm = if pos.side_to_move() == Color::Red {
                red
            } else {
                -red
            };
            assert_eq!(stm, evaluate(&pos), "{fen}");
        }
    }

    #[test]
    fn the_two_cannon_and_rook_terms_fire() {
        // A cannon behind two screens on the king's file, and a rook behind one.
        let pos = Position::from_fen("4k4/9/9/4p4/9/9/4P4/4C4/9/3K5 w").unwrap();
        let mut trace = Trace::default();
        features(&pos, &mut trace, &mut [0; 2]);
        assert!(trace.0.contains(&(W_CENTRAL_CANNON, 1)), "{:?}", trace.0);
        let pos = Position::from_fen("4k4/9/9/4p4/9/9/9/4R4/9/3K5 w").unwrap();
        let mut trace = Trace::default();
        features(&pos, &mut trace, &mut [0; 2]);
        assert!(trace.0.contains(&(W_ROOK_ON_KING_FILE, 1)), "{:?}", trace.0);
    }

    #[test]
    fn pawn_attacks_match_the_pawn_moves() {
        // Every pawn's legal targets on an open board are exactly its attacks.
        let pos = Position::from_fen("4k4/9/9/P3P3P/9/p3p3p/9/9/9/4K4 w").unwrap();
        for color in Color::ALL {
            let pawns = pos.pieces(Piece::new(color, PieceKind::Pawn));
            let mut expected = Bitboard::EMPTY;
            for sq in pawns {
                for t in Square::ALL {
                    let (df, dr) = (
                        t.file().index() as i32 - sq.file().index() as i32,
                        t.rank().index() as i32 - sq.rank().index() as i32,
                    );
                    let fwd = if color == Color::Red { 1 } else { -1 };
                    let crossed = !sq.on_side_of(color);
                    if (df == 0 && dr == fwd) || (crossed && dr == 0 && df.abs() == 1) {
                        expected |= Bitboard::from_square(t);
                    }
                }
            }
            assert_eq!(
                Bitboard(pawn_attacks(color, pawns.0)),
                expected,
                "{color:?}"
            );
        }
    }

    fn flip_colours(fen: &str) -> String {
        let mut parts = fen.split(' ');
        let board = parts.next().unwrap();
        let side = parts.next().unwrap();
        let ranks: Vec<String> = board
            .split('/')
            .rev()
            .map(|r| {
                r.chars()
                    .map(|c| {
                        if c.is_ascii_uppercase() {
                            c.to_ascii_lowercase()
                        } else {
                            c.to_ascii_uppercase()
                        }
                    })
                    .collect()
            })
            .collect();
        let side = if side == "w" { "b" } else { "w" };
        // The counters stay (the no-capture count damps the score).
        let rest: Vec<&str> = parts.collect();
        format!("{} {side} {}", ranks.join("/"), rest.join(" "))
            .trim_end()
            .to_string()
    }
}
