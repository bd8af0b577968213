//! What attacks what: the points a piece reaches, attackers and protectors of a point, checks,
//! the static exchange of a capture and whether the side to move has any move left.

use super::*;

impl Position {
    /// Where the piece on `from` could move by its own rules, ignoring checks to its own king
    /// (empty if the point is empty).
    #[must_use]
    pub fn pseudo_targets(&self, from: Square) -> Bitboard {
        let Some(p) = self.piece_at(from) else {
            return Bitboard::EMPTY;
        };
        let own = self.colors[p.color.index()];
        let enemy = self.colors[(!p.color).index()];
        let t = match p.kind {
            PieceKind::King => attacks::king_steps(from),
            PieceKind::Advisor => attacks::advisor_steps(from),
            PieceKind::Elephant => attacks::elephant_moves(from, self.occ),
            PieceKind::Horse => attacks::horse_moves(from, self.occ),
            PieceKind::Rook => attacks::rook_attacks(from, self.occ, self.occ_t),
            PieceKind::Cannon => {
                let (r, c) = attacks::slides(from, self.occ, self.occ_t);
                (r & !self.occ) | (c & enemy)
            }
            PieceKind::Pawn => attacks::pawn_steps_of(p.color, from),
        };
        Bitboard(t & !own)
    }

    /// The pieces of `by` that attack `sq`, with the board occupied as `occ`/`occ_t` and only the
    /// pieces of `by` inside `alive` counted. The enemy king counts as a rook along the file
    /// (flying general).
    #[inline(always)]
    pub(crate) fn attackers_with(
        &self,
        sq: Square,
        occ: u128,
        occ_t: u128,
        by: Color,
        alive: u128,
    ) -> u128 {
        let base = by.index() * 7;
        let (rook, cannon) = attacks::slides(sq, occ, occ_t);
        let p = &self.pieces;
        ((rook & (p[base + PieceKind::Rook as usize] | p[base + PieceKind::King as usize]))
            | (cannon & p[base + PieceKind::Cannon as usize])
            | (attacks::horse_attackers(sq, occ) & p[base + PieceKind::Horse as usize])
            | (PAWN_ATTACKERS[by.index()][sq.index()] & p[base + PieceKind::Pawn as usize]))
            & alive
    }

    /// The pieces of `by` that could capture on `sq` if an enemy piece stood there, with the board
    /// occupied as `occ`/`occ_t`: what "protected" means for the chase rule. Unlike
    /// [`Position::attackers_to`], the king counts by its palace steps, advisors and elephants
    /// count, and the facing-king rule does not.
    pub(crate) fn protectors(&self, sq: Square, by: Color, occ: u128, occ_t: u128) -> u128 {
        let base = by.index() * 7;
        let p = &self.pieces;
        let (rook, cannon) = attacks::slides(sq, occ, occ_t);
        (rook & p[base + PieceKind::Rook as usize])
            | (cannon & p[base + PieceKind::Cannon as usize])
            | (attacks::horse_attackers(sq, occ) & p[base + PieceKind::Horse as usize])
            | (PAWN_ATTACKERS[by.index()][sq.index()] & p[base + PieceKind::Pawn as usize])
            | (attacks::advisor_steps(sq) & p[base + PieceKind::Advisor as usize])
            | (attacks::elephant_moves(sq, occ) & p[base + PieceKind::Elephant as usize])
            | (attacks::king_steps(sq) & p[base + PieceKind::King as usize])
    }

    /// The pieces of `by` attacking `sq` on the current board.
    #[must_use]
    pub fn attackers_to(&self, sq: Square, by: Color) -> Bitboard {
        Bitboard(self.attackers_with(sq, self.occ, self.occ_t, by, u128::MAX))
    }

    /// The enemy pieces giving check to the side to move.
    #[inline]
    #[must_use]
    pub fn checkers(&self) -> Bitboard {
        self.attackers_to(self.kings[self.side.index()], !self.side)
    }

    /// Whether the side to move is in check (including by the facing king).
    #[inline]
    #[must_use]
    pub fn is_check(&self) -> bool {
        self.checkers().any()
    }

    /// Whether moving the side to move's piece from `from` to `to` leaves its king safe. The move
    /// must be pseudo-legal; `king` says whether the moving piece is the king.
    #[inline(always)]
    pub(crate) fn move_is_safe(&self, from: Square, to: Square, king: bool) -> bool {
        let us = self.side;
        let tb = 1u128 << to.index();
        let occ = (self.occ & !(1u128 << from.index())) | tb;
        let occ_t = (self.occ_t & !TRANSPOSED[from.index()]) | TRANSPOSED[to.index()];
        let ksq = if king { to } else { self.kings[us.index()] };
        self.attackers_with(ksq, occ, occ_t, !us, !tb) == 0
    }

    /// Static exchange evaluation of `m`: the material the mover nets if both sides keep
    /// recapturing on the target point with their least valuable piece, each side free to stop.
    /// `values` gives each piece kind's worth, indexed by [`PieceKind::index`]. Pins are
    /// ignored; a king recaptures only when nothing could take it back.
    #[must_use]
    pub fn see(&self, m: Move, values: &[i32; 7]) -> i32 {
        let (from, to) = (m.from(), m.to());
        let Some(mover) = self.piece_at(from) else {
            return 0;
        };
        let tb = 1u128 << to.index();
        let mut occ = (self.occ & !(1u128 << from.index())) | tb;
        let mut occ_t = (self.occ_t & !TRANSPOSED[from.index()]) | TRANSPOSED[to.index()];
        let mut gain = [0i32; 40];
        gain[0] = self.piece_at(to).map_or(0, |p| values[p.kind.index()]);
        let mut attacker = values[mover.kind.index()];
        let mut side = !mover.color;
        let mut d = 0;
        const ORDER: [PieceKind; 7] = [
            PieceKind::Pawn,
            PieceKind::Advisor,
            PieceKind::Elephant,
            PieceKind::Horse,
            PieceKind::Cannon,
            PieceKind::Rook,
            PieceKind::King,
        ];
        loop {
            d += 1;
            gain[d] = attacker - gain[d - 1];
            if (-gain[d - 1]).max(gain[d]) < 0 || d + 1 >= gain.len() {
                break;
            }
            let atk = self.protectors(to, side, occ, occ_t) & occ & !tb;
            if atk == 0 {
                break;
            }
            let mut next = None;
            for kind in ORDER {
                let bb = atk & self.pieces[Piece::new(side, kind).index()];
                if bb != 0 {
                    next = Some((kind, bb.trailing_zeros() as usize));
                    break;
                }
            }
            let Some((kind, sq)) = next else { break };
            if kind == PieceKind::King {
                let occ2 = occ & !(1u128 << sq);
                let occ2_t = occ_t & !TRANSPOSED[sq];
                if self.protectors(to, !side, occ2, occ2_t) & occ2 & !tb != 0 {
                    break;
                }
            }
            occ &= !(1u128 << sq);
            occ_t &= !TRANSPOSED[sq];
            attacker = values[kind.index()];
            side = !side;
        }
        while d > 1 {
            d -= 1;
            gain[d - 1] = -(-gain[d - 1]).max(gain[d]);
        }
        gain[0]
    }

    /// When the side to move has no legal move: who won and how. `None` while moves remain.
    #[must_use]
    pub fn no_moves_outcome(&self) -> Option<NoMovesOutcome> {
        if self.has_legal_move() {
            return None;
        }
        let winner = !self.side;
        Some(if self.is_check() {
            NoMovesOutcome::Checkmate { winner }
        } else {
            NoMovesOutcome::Stalemate { winner }
        })
    }

    /// Whether the side to move has at least one legal move.
    #[must_use]
    pub fn has_legal_move(&self) -> bool {
        !self.legal_moves().is_empty()
    }
}
