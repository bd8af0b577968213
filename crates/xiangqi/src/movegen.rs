//! Legal move generation.
//!
//! Moves are generated piece by piece from the attack tables and filtered for legality without
//! playing them. When the side to move is not in check, a move can only expose its king if it
//! leaves a point in `danger_from` (the lone blocker of a rook or facing king, either of the two
//! screens between an enemy cannon and the king, the leg of an enemy horse aimed at the king) or
//! lands on an empty point of `danger_to` (between an enemy cannon and the king with nothing in
//! between, where it would become the screen). Only those moves, king moves, and every move while
//! in check get the full test: replay the occupancy and look for attackers of the king.

use core::ops::Deref;

use crate::attacks::{self, BETWEEN, HORSE_ATTACKERS, LINES};
use crate::position::Position;
use crate::types::{Color, Move, PieceKind, Square};

/// More than the most moves any xiangqi position has (the bound by piece is 116).
pub const MAX_MOVES: usize = 128;

/// A list of moves on the stack; never allocates.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl MoveList {
    /// An empty list.
    #[inline]
    #[must_use]
    pub fn new() -> MoveList {
        MoveList {
            moves: [Move::default(); MAX_MOVES],
            len: 0,
        }
    }

    /// Appends `m` (ignored if the list is full, which legal generation never reaches).
    #[inline(always)]
    pub fn push(&mut self, m: Move) {
        if let Some(slot) = self.moves.get_mut(self.len) {
            *slot = m;
            self.len += 1;
        }
    }

    /// Removes every move.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Keeps only the moves for which `f` is true, in order.
    pub fn retain(&mut self, mut f: impl FnMut(Move) -> bool) {
        let mut n = 0;
        for i in 0..self.len {
            let m = self.moves[i];
            if f(m) {
                self.moves[n] = m;
                n += 1;
            }
        }
        self.len = n;
    }

    /// The moves as a mutable slice (for sorting).
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl Deref for MoveList {
    type Target = [Move];
    #[inline(always)]
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl core::fmt::Debug for MoveList {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = core::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.moves[..self.len].iter()
    }
}

/// Which legal moves to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GenKind {
    /// Every legal move.
    Legal,
    /// Legal captures only.
    Captures,
    /// Legal non-captures only.
    Quiets,
    /// Every legal move when the side to move is in check; nothing otherwise.
    Evasions,
}

const FULL: u128 = (1u128 << 90) - 1;

impl Position {
    /// Every legal move of the side to move.
    #[must_use]
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_into::<true, true>(&mut list);
        list
    }

    /// Appends the legal moves of `kind` to `list`.
    pub fn generate(&self, kind: GenKind, list: &mut MoveList) {
        match kind {
            GenKind::Legal => self.generate_into::<true, true>(list),
            GenKind::Captures => self.generate_into::<true, false>(list),
            GenKind::Quiets => self.generate_into::<false, true>(list),
            GenKind::Evasions => {
                if self.is_check() {
                    self.generate_into::<true, true>(list);
                }
            }
        }
    }

    /// The number of legal moves (what perft counts at its last ply).
    #[must_use]
    pub fn count_legal_moves(&self) -> usize {
        self.legal_moves().len()
    }

    /// Squares whose piece, if it moves away, may expose the king of `us` (`.0`), and empty squares
    /// where a piece of `us` would become a cannon's screen against its own king (`.1`). Only
    /// meaningful when `us` is not in check.
    #[inline(always)]
    fn danger(&self, us: Color) -> (u128, u128) {
        let them = !us;
        let ksq = self.kings[us.index()];
        let k = ksq.index();
        let base = them.index() * 7;
        let own = self.colors[us.index()];
        let occ = self.occ;
        let line = LINES[k];
        let mut from = 0u128;
        let mut to = 0u128;
        let mut rooks = line
            & (self.pieces[base + PieceKind::Rook as usize]
                | self.pieces[base + PieceKind::King as usize]);
        while rooks != 0 {
            let s = rooks.trailing_zeros() as usize;
            rooks &= rooks - 1;
            let b = BETWEEN[k][s] & occ;
            if b & b.wrapping_sub(1) == 0 {
                from |= b & own;
            }
        }
        let mut cannons = line & self.pieces[base + PieceKind::Cannon as usize];
        while cannons != 0 {
            let s = cannons.trailing_zeros() as usize;
            cannons &= cannons - 1;
            let bt = BETWEEN[k][s];
            let b = bt & occ;
            match b.count_ones() {
                0 => to |= bt,
                2 => from |= b & own,
                _ => {}
            }
        }
        let horses = self.pieces[base + PieceKind::Horse as usize];
        if horses != 0 {
            for &(leg, src) in &HORSE_ATTACKERS[k] {
                if src & horses != 0 {
                    from |= leg & own;
                }
            }
        }
        (from, to)
    }

    /// Pushes the moves from `from` to each square of `targets`, testing legality where needed.
    #[inline(always)]
    fn push_moves(
        &self,
        from: Square,
        targets: u128,
        danger_from: u128,
        danger_to: u128,
        list: &mut MoveList,
    ) {
        if danger_from & (1u128 << from.index()) != 0 {
            let mut t = targets;
            while t != 0 {
                let to = Square::from_index_unchecked(t.trailing_zeros() as usize);
                t &= t - 1;
                if self.move_is_safe(from, to, false) {
                    list.push(Move::new(from, to));
                }
            }
        } else {
            let mut t = targets & !danger_to;
            while t != 0 {
                let to = Square::from_index_unchecked(t.trailing_zeros() as usize);
                t &= t - 1;
                list.push(Move::new(from, to));
            }
            let mut t = targets & danger_to;
            while t != 0 {
                let to = Square::from_index_unchecked(t.trailing_zeros() as usize);
                t &= t - 1;
                if self.move_is_safe(from, to, false) {
                    list.push(Move::new(from, to));
                }
            }
        }
    }

    /// Pushes the legal moves of every piece in `bb`, whose targets `targets` gives.
    #[inline(always)]
    fn push_piece_moves(
        &self,
        mut bb: u128,
        danger_from: u128,
        danger_to: u128,
        list: &mut MoveList,
        targets: impl Fn(Square) -> u128,
    ) {
        while bb != 0 {
            let from = Square::from_index_unchecked(bb.trailing_zeros() as usize);
            bb &= bb - 1;
            self.push_moves(from, targets(from), danger_from, danger_to, list);
        }
    }

    fn generate_into<const CAPTURES: bool, const QUIETS: bool>(&self, list: &mut MoveList) {
        let us = self.side;
        let them = !us;
        let base = us.index() * 7;
        let occ = self.occ;
        let occ_t = self.occ_t;
        let enemy = self.colors[them.index()];
        let empty = !occ & FULL;
        let cap_mask = if CAPTURES { enemy } else { 0 };
        let quiet_mask = if QUIETS { empty } else { 0 };
        let target = cap_mask | quiet_mask;
        let ksq = self.kings[us.index()];

        let in_check = self.attackers_with(ksq, occ, occ_t, them, u128::MAX) != 0;
        let (danger_from, danger_to) = if in_check {
            (FULL, FULL)
        } else {
            self.danger(us)
        };

        // King: always tested.
        let mut t = attacks::king_steps(ksq) & target;
        while t != 0 {
            let to = Square::from_index_unchecked(t.trailing_zeros() as usize);
            t &= t - 1;
            if self.move_is_safe(ksq, to, true) {
                list.push(Move::new(ksq, to));
            }
        }

        let (df, dt) = (danger_from, danger_to);
        let pieces = |kind: PieceKind| self.pieces[base + kind as usize];
        self.push_piece_moves(pieces(PieceKind::Rook), df, dt, list, |from| {
            attacks::rook_attacks(from, occ, occ_t) & target
        });
        self.push_piece_moves(pieces(PieceKind::Cannon), df, dt, list, |from| {
            let (rook, cannon) = attacks::slides(from, occ, occ_t);
            (rook & quiet_mask) | (cannon & cap_mask)
        });
        self.push_piece_moves(pieces(PieceKind::Horse), df, dt, list, |from| {
            attacks::horse_moves(from, occ) & target
        });
        self.push_piece_moves(pieces(PieceKind::Pawn), df, dt, list, |from| {
            attacks::pawn_steps_of(us, from) & target
        });
        self.push_piece_moves(pieces(PieceKind::Elephant), df, dt, list, |from| {
            attacks::elephant_moves(from, occ) & target
        });
        self.push_piece_moves(pieces(PieceKind::Advisor), df, dt, list, |from| {
            attacks::advisor_steps(from) & target
        });
    }
}
