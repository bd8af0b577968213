//! Correction history: the static evaluation corrected by the search's past errors.
//!
//! After a node is searched, the difference between its result and its static evaluation is an
//! error the evaluation made. Tables remember these errors, each per side to move: one indexed
//! by the pawn structure (both sides' pawns), one by the material (how many of each piece each
//! side has), and one for each side indexed by where that side's other pieces stand (xiangqi's
//! pawns move little, so the pawn key alone tells few middlegame positions apart; the pieces'
//! keys do, as Stockfish's non-pawn tables). The static evaluation of a later position sharing
//! a key is moved by the weighted entries. The entries follow the history "gravity" rule,
//! so they stay within `±LIMIT` and forget old errors as new ones arrive.

use xiangqi::{Color, Move, Piece, PieceKind, Position};

use super::params::Params;

/// Entries per table and side (a power of two).
const SIZE: usize = 1 << 14;
/// Largest entry size.
const LIMIT: i32 = 1024;
/// The weights are in units of `1 / SCALE` of an entry (so a weight of 8192 with a full entry
/// moves the evaluation by 64 centipawns).
const SCALE: i32 = 131_072;

/// The two tables, `[side to move][index]`.
pub struct Correction {
    pawn: Box<[[i16; SIZE]; 2]>,
    material: Box<[[i16; SIZE]; 2]>,
    /// `[side whose pieces][side to move][index]`.
    pieces: Box<[[[i16; SIZE]; 2]; 2]>,
}

impl Default for Correction {
    fn default() -> Correction {
        Correction {
            pawn: Box::new([[0; SIZE]; 2]),
            material: Box::new([[0; SIZE]; 2]),
            pieces: Box::new([[[0; SIZE]; 2]; 2]),
        }
    }
}

/// A 64-bit mix (the finaliser of SplitMix64).
const fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// A random number for each piece on each point.
static ZOBRIST: [[u64; 90]; 14] = {
    let mut t = [[0u64; 90]; 14];
    let mut p = 0;
    while p < 14 {
        let mut sq = 0;
        while sq < 90 {
            t[p][sq] = mix(0x5851_f42d_4c95_7f2d
                ^ ((p * 90 + sq + 1) as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15));
            sq += 1;
        }
        p += 1;
    }
    t
};

/// The keys a position's errors are filed under, kept move by move along the search path.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Keys {
    /// Both sides' pawns.
    pawn: u64,
    /// The count of each piece: a sum of one number a piece, so only the counts matter.
    material: u64,
    /// Where each side's other pieces stand.
    pieces: [u64; 2],
}

impl Keys {
    /// The keys of `pos`, computed from the board.
    #[must_use]
    pub fn of(pos: &Position) -> Keys {
        let mut k = Keys::default();
        for sq in pos.occupied() {
            if let Some(piece) = pos.piece_at(sq) {
                k.add(piece, sq.index());
            }
        }
        k
    }

    /// Puts `piece` on or takes it off `sq` in the placement keys.
    fn toggle(&mut self, piece: Piece, sq: usize) {
        let z = ZOBRIST[piece.index()][sq];
        if piece.kind == PieceKind::Pawn {
            self.pawn ^= z;
        } else {
            self.pieces[piece.color.index()] ^= z;
        }
    }

    fn add(&mut self, piece: Piece, sq: usize) {
        self.toggle(piece, sq);
        self.material = self.material.wrapping_add(ZOBRIST[piece.index()][0]);
    }

    fn remove(&mut self, piece: Piece, sq: usize) {
        self.toggle(piece, sq);
        self.material = self.material.wrapping_sub(ZOBRIST[piece.index()][0]);
    }

    /// The keys after `m` in `pos` (before it is made).
    #[inline]
    #[must_use]
    pub fn after(mut self, pos: &Position, m: Move) -> Keys {
        let Some(piece) = pos.piece_at(m.from()) else {
            return self;
        };
        if let Some(captured) = pos.piece_at(m.to()) {
            self.remove(captured, m.to().index());
        }
        self.remove(piece, m.from().index());
        self.add(piece, m.to().index());
        self
    }
}

/// A key's entry in a table.
#[inline]
fn slot(key: u64) -> usize {
    (key >> 50) as usize & (SIZE - 1)
}

impl Correction {
    /// Forgets every error (a new game).
    pub fn clear(&mut self) {
        self.pawn.iter_mut().for_each(|t| t.fill(0));
        self.material.iter_mut().for_each(|t| t.fill(0));
        self.pieces.iter_mut().flatten().for_each(|t| t.fill(0));
    }

    /// The correction of the static evaluation of a position with `keys` and `side` to move,
    /// in centipawns for the side to move.
    #[inline]
    #[must_use]
    pub fn of(&self, keys: &Keys, side: Color, params: &Params) -> i32 {
        let side = side.index();
        let p = i32::from(self.pawn[side][slot(keys.pawn)]);
        let m = i32::from(self.material[side][slot(keys.material)]);
        let red = i32::from(self.pieces[0][side][slot(keys.pieces[0])]);
        let black = i32::from(self.pieces[1][side][slot(keys.pieces[1])]);
        (params.corr_pawn_weight * p
            + params.corr_material_weight * m
            + params.corr_pieces_weight * (red + black))
            / SCALE
    }

    /// Learns from a node of `depth` whose search gave `score` where its corrected static
    /// evaluation said `eval`.
    pub fn update(&mut self, keys: &Keys, side: Color, depth: i32, score: i32, eval: i32) {
        let bonus = ((score - eval) * depth / 8).clamp(-LIMIT / 4, LIMIT / 4);
        let side = side.index();
        let [red, black] = &mut *self.pieces;
        for entry in [
            &mut self.pawn[side][slot(keys.pawn)],
            &mut self.material[side][slot(keys.material)],
            &mut red[side][slot(keys.pieces[0])],
            &mut black[side][slot(keys.pieces[1])],
        ] {
            let e = i32::from(*entry);
            *entry = (e + bonus - e * bonus.abs() / LIMIT).clamp(-LIMIT, LIMIT) as i16;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeated_errors_move_the_evaluation_their_way_and_stay_bounded() {
        let pos = Position::startpos();
        let keys = Keys::of(&pos);
        let params = Params::default();
        let mut c = Correction::default();
        let red = Color::Red;
        assert_eq!(c.of(&keys, red, &params), 0);
        for _ in 0..1000 {
            c.update(&keys, red, 10, 300, 0);
        }
        let up = c.of(&keys, red, &params);
        assert!(up > 0, "{up}");
        let full =
            (params.corr_pawn_weight + params.corr_material_weight + 2 * params.corr_pieces_weight)
                * LIMIT
                / SCALE;
        assert!(up <= full, "{up} > {full}");
        // The other side to move keeps its own entries.
        assert_eq!(c.of(&keys, Color::Black, &params), 0);
        for _ in 0..1000 {
            c.update(&keys, red, 10, -300, 0);
        }
        assert!(c.of(&keys, red, &params) < 0);
        c.clear();
        assert_eq!(c.of(&keys, red, &params), 0);
    }

    #[test]
    fn keys_kept_move_by_move_equal_keys_from_the_board() {
        // A fixed pseudo-random walk through legal moves, captures included.
        let mut pos = Position::startpos();
        let mut keys = Keys::of(&pos);
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut captures = 0;
        for _ in 0..3000 {
            let moves = pos.legal_moves();
            if moves.is_empty() || pos.halfmove_clock() > 100 {
                pos = Position::startpos();
                keys = Keys::of(&pos);
                continue;
            }
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let m = moves[(state % moves.len() as u64) as usize];
            captures += usize::from(pos.piece_at(m.to()).is_some());
            keys = keys.after(&pos, m);
            pos.make_move(m);
            assert_eq!(keys, Keys::of(&pos), "{}", pos.to_fen());
        }
        assert!(captures > 50, "{captures}");
    }

    #[test]
    fn keys_tell_apart_what_they_file() {
        let a = Keys::of(&Position::startpos());
        // A pawn moved: the pawn key changes, the pieces' keys do not.
        let pawn = Position::from_fen(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/2P6/P3P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        )
        .unwrap();
        let b = Keys::of(&pawn);
        assert_ne!(a.pawn, b.pawn);
        assert_eq!(a.pieces, b.pieces);
        assert_eq!(a.material, b.material);
        // A cannon moved: Red's pieces key changes, Black's and the material do not.
        let cannon = Position::from_fen(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1",
        )
        .unwrap();
        let c = Keys::of(&cannon);
        assert_ne!(a.pieces[0], c.pieces[0]);
        assert_eq!(a.pieces[1], c.pieces[1]);
        assert_eq!(a.material, c.material);
    }
}
