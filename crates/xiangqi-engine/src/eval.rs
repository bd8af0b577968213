//! Static evaluation: material, piece-square tables tapered between middlegame and endgame, and
//! the xiangqi terms players name (空头炮, 沉底炮, horse mobility and legs, rook files, crossed
//! pawns, missing defenders, connected horses). Every weight lives in [`Params`], by name.

use xiangqi::{Bitboard, Color, Piece, PieceKind, Position, Square};

/// A middlegame and an endgame value, blended by the game phase.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Term {
    /// Value with all the attacking pieces on the board.
    pub mg: i32,
    /// Value with none left.
    pub eg: i32,
}

const fn t(mg: i32, eg: i32) -> Term {
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

/// Every weight of the evaluation, in centipawns (a rook is about 9-10 pawns).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Params {
    /// Material by [`PieceKind::index`] (king, advisor, elephant, horse, rook, cannon, pawn).
    pub material: [Term; 7],
    /// Rook: per reachable point.
    pub rook_mobility: Term,
    /// Rook on a file with no pawn of either side.
    pub rook_open_file: Term,
    /// Rook on a file without a pawn of its own.
    pub rook_half_open_file: Term,
    /// Horse: per point it can jump to that no enemy pawn guards.
    pub horse_mobility: Term,
    /// Horse with no jump at all (every leg blocked, or hemmed in).
    pub horse_trapped: Term,
    /// Two horses guarding each other (连环马).
    pub connected_horses: Term,
    /// Cannon: per empty point it can slide to.
    pub cannon_mobility: Term,
    /// 空头炮: a cannon facing the enemy king on its file with nothing between.
    pub hollow_cannon: Term,
    /// 镇中炮: a cannon on the enemy king's file with exactly one screen.
    pub central_cannon: Term,
    /// 沉底炮: a cannon on the enemy's back rank while the king stands there.
    pub bottom_cannon: Term,
    /// Per missing advisor, per enemy rook, horse or crossed pawn able to attack.
    pub missing_advisor: Term,
    /// Per missing elephant, per enemy cannon.
    pub missing_elephant: Term,
    /// Rook on the enemy king's file with nothing between (a direct threat on the palace).
    pub rook_on_king_file: Term,
    /// Side to move bonus.
    pub tempo: i32,
}

/// The weights the engine plays with.
pub const PARAMS: Params = Params {
    material: [
        t(0, 0),
        t(180, 160),
        t(180, 150),
        t(420, 470),
        t(950, 1000),
        t(450, 400),
        t(70, 90),
    ],
    rook_mobility: t(3, 4),
    rook_open_file: t(14, 8),
    rook_half_open_file: t(6, 4),
    horse_mobility: t(7, 9),
    horse_trapped: t(-30, -30),
    connected_horses: t(16, 8),
    cannon_mobility: t(1, 0),
    hollow_cannon: t(90, 20),
    central_cannon: t(22, 5),
    bottom_cannon: t(24, 6),
    missing_advisor: t(-16, -10),
    missing_elephant: t(-18, -8),
    rook_on_king_file: t(20, 10),
    tempo: 12,
};

/// Piece-square tables from Red's side, written as the board looks to Red: the first row is
/// rank 9 (Black's back rank), the last row rank 0. Black reads them mirrored.
#[rustfmt::skip]
const PST_MG: [[i8; 90]; 7] = [
    // king
    [
          0,   0,   0,   0,   0,   0,   0,   0,   0,
          0,   0,   0,   0,   0,   0,   0,   0,   0,
          0,   0,   0,   0,   0,   0,   0,   0,   0,
          0,   0,   0,   0,   0,   0,   0,   0,   0,
          0,   0,   0,   0,   0,   0,   0,   0,   0,
          0,   0,   0,   0,   0,   0,   0,   0,   0,
          0,   0,   0,   0,   0,   0,   0,   0,   0,
          0,   0,   0, -25, -30, -25,   0,   0,   0,
          0,   0,   0, -10, -12, -10,   0,   0,   0,
          0,   0,   0,  -4,   4,  -4,   0,   0,   0,
    ],
    // advisor
    [
          0,   0,   0,   0,   0,   0,   0,   0,   0,
          0,   0,   0,   0,   0,   0,   0,   0,   0,
          0,   0,   0,   0,   0,   0,   0,   0,   0,
          0,   0,   0,   0,   0,   0,   0,   0,   0,
          0,   0,   0,   0,   0,   0,   0,   0,   0,
          0,   0,   0,   0,   0,   0,   0,   0,   0,
          0,   0,   0,   0,   0,   0,   0,   0,   0,
          0,   0,   0,  -2,   0,  -2,   0,   0,   0,
          0,   0,   0,   0,   6,   0,   0,   0,   0,
          0,   0,   0,   0,   0,   0,   0,   0,   0,
    ],
    // elephant
    [
          0,   0,   0,   0,   0,   0,   0,   0,   0,
          0,   0,   0,   0,   0,   0,   0,   0,   0,
          0,   0,   0,   0,   0,   0,   0,   0,   0,
          0,   0,   0,   0,   0,   0,   0,   0,   0,
          0,   0,   0,   0,   0,   0,   0,   0,   0,
          0,   0,  -4,   0,   0,   0,  -4,   0,   0,
          0,   0,   0,   0,   0,   0,   0,   0,   0,
         -4,   0,   0,   0,   8,   0,   0,   0,  -4,
          0,   0,   0,   0,   0,   0,   0,   0,   0,
          0,   0,   0,   0,   0,   0,   0,   0,   0,
    ],
    // horse
    [
          0,  -4,   0,   0,   0,   0,   0,  -4,   0,
          0,   4,  12,   8,  -4,   8,  12,   4,   0,
          4,  12,  16,  20,  12,  20,  16,  12,   4,
          6,  20,  16,  24,  18,  24,  16,  20,   6,
          4,  14,  16,  20,  18,  20,  16,  14,   4,
          4,  10,  14,  16,  16,  16,  14,  10,   4,
          2,   8,  10,  12,  12,  12,  10,   8,   2,
          2,   4,   8,   6,  10,   6,   8,   4,   2,
         -2,   0,   2,   4,  -6,   4,   2,   0,  -2,
         -4,  -8,   0,  -2,   0,  -2,   0,  -8,  -4,
    ],
    // rook
    [
          6,   8,   6,  12,  14,  12,   6,   8,   6,
          6,  10,   8,  14,  24,  14,   8,  10,   6,
          4,   8,   6,  14,  16,  14,   6,   8,   4,
          6,  12,  12,  16,  18,  16,  12,  12,   6,
         10,  14,  14,  16,  18,  16,  14,  14,  10,
         10,  12,  12,  14,  16,  14,  12,  12,  10,
          4,  10,   6,  14,  14,  14,   6,  10,   4,
         -2,  10,   4,  14,  14,  14,   4,  10,  -2,
          4,   8,   6,  12,   0,  12,   6,   8,   4,
         -6,   6,   4,  12,   0,  12,   4,   6,  -6,
    ],
    // cannon
    [
          6,   4,   0,  -8, -10,  -8,   0,   4,   6,
          2,   2,   0,  -4, -12,  -4,   0,   2,   2,
          2,   2,   0,  -8,  -4,  -8,   0,   2,   2,
          0,   0,  -2,   4,  10,   4,  -2,   0,   0,
          0,   0,   0,   2,  12,   2,   0,   0,   0,
         -2,   0,   4,   2,   8,   2,   4,   0,  -2,
          0,   0,   0,   2,   6,   2,   0,   0,   0,
          2,   0,   6,   4,   8,   4,   6,   0,   2,
          0,   2,   4,   6,   6,   6,   4,   2,   0,
          0,   0,   2,   6,   6,   6,   2,   0,   0,
    ],
    // pawn
    [
          0,   0,   0,   2,   4,   2,   0,   0,   0,
         20,  30,  50,  65,  70,  65,  50,  30,  20,
         20,  30,  45,  55,  55,  55,  45,  30,  20,
         20,  27,  30,  40,  42,  40,  30,  27,  20,
         10,  18,  22,  35,  40,  35,  22,  18,  10,
          3,   0,   4,   0,  12,   0,   4,   0,   3,
         -2,   0,  -2,   0,   6,   0,  -2,   0,  -2,
          0,   0,   0,   0,   0,   0,   0,   0,   0,
          0,   0,   0,   0,   0,   0,   0,   0,   0,
          0,   0,   0,   0,   0,   0,   0,   0,   0,
    ],
];

/// Endgame tables for the pieces whose best points change as the board empties; the others use
/// their middlegame table.
#[rustfmt::skip]
const PST_EG_KING: [i8; 90] = [
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,  -8, -10,  -8,   0,   0,   0,
      0,   0,   0,  -2,   0,  -2,   0,   0,   0,
      0,   0,   0,   0,   4,   0,   0,   0,   0,
];

#[rustfmt::skip]
const PST_EG_PAWN: [i8; 90] = [
      0,   0,   5,  10,  15,  10,   5,   0,   0,
     30,  45,  65,  80,  85,  80,  65,  45,  30,
     30,  45,  60,  70,  75,  70,  60,  45,  30,
     25,  35,  45,  55,  60,  55,  45,  35,  25,
     20,  25,  35,  45,  50,  45,  35,  25,  20,
      0,   0,   5,   0,  10,   0,   5,   0,   0,
     -5,   0,  -5,   0,   5,   0,  -5,   0,  -5,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
];

/// Material plus table value of every (piece, square), indexed `[piece.index()][square]`.
struct Tables {
    psq: [[Term; 90]; 14],
}

const fn table_index(color: Color, sq: usize) -> usize {
    let (file, rank) = (sq % 9, sq / 9);
    let rank = match color {
        Color::Red => rank,
        Color::Black => 9 - rank,
    };
    (9 - rank) * 9 + file
}

const TABLES: Tables = {
    let mut psq = [[t(0, 0); 90]; 14];
    let mut c = 0;
    while c < 2 {
        let color = if c == 0 { Color::Red } else { Color::Black };
        let mut k = 0;
        while k < 7 {
            let mut sq = 0;
            while sq < 90 {
                let i = table_index(color, sq);
                let mg = PST_MG[k][i] as i32;
                let eg = match k {
                    0 => PST_EG_KING[i] as i32,
                    6 => PST_EG_PAWN[i] as i32,
                    _ => mg,
                };
                let m = PARAMS.material[k];
                psq[c * 7 + k][sq] = t(m.mg + mg, m.eg + eg);
                sq += 1;
            }
            k += 1;
        }
        c += 1;
    }
    Tables { psq }
};

/// Phase weights of the attacking pieces; the middlegame has them all.
const PHASE_ROOK: i32 = 6;
const PHASE_MINOR: i32 = 3;
const PHASE_MAX: i32 = 2 * (2 * PHASE_ROOK + 4 * PHASE_MINOR);

/// The game phase, `0` (bare endgame) to [`PHASE_MAX`] (all rooks, horses and cannons on).
fn phase(pos: &Position) -> i32 {
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
    let score = evaluate_red_with(pos, psq);
    let score = match pos.side_to_move() {
        Color::Red => score,
        Color::Black => -score,
    };
    score + PARAMS.tempo
}

/// Material only, from Red's point of view, using the middlegame values.
#[must_use]
pub fn piece_value(kind: PieceKind) -> i32 {
    PARAMS.material[kind.index()].mg
}

/// Material plus piece-square value of `piece` on `sq`, counted positive for either colour.
#[inline]
#[must_use]
pub fn psq(piece: Piece, sq: Square) -> Term {
    TABLES.psq[piece.index()][sq.index()]
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

/// The evaluation from Red's point of view, without tempo.
#[must_use]
pub fn evaluate_red(pos: &Position) -> i32 {
    evaluate_red_with(pos, psq_red(pos))
}

fn evaluate_red_with(pos: &Position, psq: Term) -> i32 {
    let mut sides = [Term::default(); 2];
    let mut attackers = [0i32; 2];
    for color in Color::ALL {
        sides[color.index()] = side_terms(pos, color, &mut attackers[color.index()]);
    }
    let total = psq + sides[0] + sides[1] * -1;
    let ph = phase(pos);
    let mut score = (total.mg * ph + total.eg * (PHASE_MAX - ph)) / PHASE_MAX;
    // A side with nothing that can cross the river cannot win.
    if (score > 0 && attackers[0] == 0) || (score < 0 && attackers[1] == 0) {
        score /= 8;
    }
    score
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

/// Everything that belongs to one side, counted positive; `attackers` gets how many pieces it
/// has that can cross the river.
fn side_terms(pos: &Position, us: Color, attackers: &mut i32) -> Term {
    let p = &PARAMS;
    let them = !us;
    let occ = pos.occupied();
    let mut s = Term::default();
    let their_king = pos.king(them);
    let enemy_pawns = pos.pieces(Piece::new(them, PieceKind::Pawn));
    let pawn_guard = Bitboard(pawn_attacks(them, enemy_pawns.0));
    let our_pawns = pos.pieces(Piece::new(us, PieceKind::Pawn));
    let all_pawns = our_pawns | enemy_pawns;

    let rooks = pos.pieces(Piece::new(us, PieceKind::Rook));
    for sq in rooks {
        let moves = pos.pseudo_targets(sq).count() as i32;
        s += p.rook_mobility * moves;
        let file = Bitboard(FILES[sq.file().index() as usize]);
        if (file & all_pawns).is_empty() {
            s += p.rook_open_file;
        } else if (file & our_pawns).is_empty() {
            s += p.rook_half_open_file;
        }
        if sq.file() == their_king.file() && (file_between(sq, their_king) & occ).is_empty() {
            s += p.rook_on_king_file;
        }
    }
    let horses = pos.pieces(Piece::new(us, PieceKind::Horse));
    for sq in horses {
        let targets = pos.pseudo_targets(sq);
        let safe = (targets & !pawn_guard).count() as i32;
        if targets.is_empty() {
            s += p.horse_trapped;
        }
        s += p.horse_mobility * safe;
        // Guarding the other horse: it sits on one of this horse's jumps (own pieces are not in
        // pseudo_targets, so look from the empty-board pattern through the legs).
        for other in horses {
            if other > sq && horse_guards(pos, sq, other) && horse_guards(pos, other, sq) {
                s += p.connected_horses;
            }
        }
    }
    for sq in pos.pieces(Piece::new(us, PieceKind::Cannon)) {
        let empty = (pos.pseudo_targets(sq) & !pos.occupied()).count() as i32;
        s += p.cannon_mobility * empty;
        if sq.file() == their_king.file() {
            let screens = (file_between(sq, their_king) & occ).count();
            match screens {
                0 => s += p.hollow_cannon,
                1 => s += p.central_cannon,
                _ => {}
            }
        }
        let back = if them == Color::Red { 0 } else { 9 };
        if sq.rank().index() == back && their_king.rank().index() == back {
            s += p.bottom_cannon;
        }
    }
    let crossed_pawns = (our_pawns.0 & !HALF[us.index()]).count_ones() as i32;
    let our_horses = horses.count() as i32;
    let our_rooks = rooks.count() as i32;
    let our_cannons = pos.pieces(Piece::new(us, PieceKind::Cannon)).count() as i32;
    *attackers = our_rooks + our_horses + our_cannons + our_pawns.count() as i32;
    // Our attackers against their missing defenders.
    let their_advisors = pos.pieces(Piece::new(them, PieceKind::Advisor)).count() as i32;
    let their_elephants = pos.pieces(Piece::new(them, PieceKind::Elephant)).count() as i32;
    s += p.missing_advisor * -((2 - their_advisors) * (our_rooks + our_horses + crossed_pawns));
    s += p.missing_elephant * -((2 - their_elephants) * our_cannons);
    s
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
        assert_eq!(evaluate(&pos), PARAMS.tempo);
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
        assert!(gain >= PARAMS.hollow_cannon.eg, "{gain}");
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
        format!("{} {side}", ranks.join("/"))
    }
}
