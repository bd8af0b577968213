//! The positional features: mobility, rook files, the cannon and horse terms, threatened and
//! hanging pieces, missing defenders and the king attack, each counted into an [`Accumulator`]
//! with the weight it used.

use super::{
    Accumulator, Bitboard, Color, KING_ATTACK_MAX, Piece, PieceKind, Position, Square,
    W_BOTTOM_CANNON, W_CANNON_MOBILITY, W_CANNON_VS_DEFENDERS, W_CENTRAL_CANNON,
    W_CONNECTED_HORSES, W_HANGING, W_HANGING_ON_MOVE, W_HOLLOW_CANNON, W_HORSE_MOBILITY,
    W_HORSE_TRAPPED, W_HORSE_VS_ADVISORS, W_KING_ATTACK, W_KING_ATTACK_SQUARED, W_MINOR_THREATENED,
    W_MISSING_ADVISOR, W_MISSING_ELEPHANT, W_ROOK_HALF_OPEN_FILE, W_ROOK_MOBILITY,
    W_ROOK_ON_KING_FILE, W_ROOK_OPEN_FILE, W_ROOK_THREATENED, W_TEMPO,
};

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
pub(super) fn pawn_attacks(color: Color, pawns: u128) -> u128 {
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
