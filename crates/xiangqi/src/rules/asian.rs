//! The Asian (AXF) rules' chase (捉) and the judgement of a repetition under them.
//!
//! See [`crate::Rulebook::Asian`] for the rules as written down; this module is how they are
//! computed.

use crate::bitboard::Bitboard;
use crate::position::Position;
use crate::rules::{DrawReason, Outcome, WinReason};
use crate::types::{Color, Move, PieceKind, Square};

/// A piece's rank for the chase rule: an attack on a piece of a higher rank is a chase even when
/// the target is protected (a horse or cannon on a rook; an advisor, elephant or crossed pawn on
/// a rook, horse or cannon).
fn rank(kind: PieceKind) -> u8 {
    match kind {
        PieceKind::Rook => 3,
        PieceKind::Horse | PieceKind::Cannon => 2,
        PieceKind::Advisor | PieceKind::Elephant | PieceKind::Pawn => 1,
        PieceKind::King => 4,
    }
}

/// Whether a piece of `kind` standing on `sq` is outside the chase rule, as attacker and as
/// target: the king (its attacks are free, an attack on it is a check) and a pawn that has not
/// crossed the river.
fn exempt(kind: PieceKind, sq: Square, color: Color) -> bool {
    kind == PieceKind::King || (kind == PieceKind::Pawn && sq.on_side_of(color))
}

/// `pos` with `color` to move: the same board, the turn passed if it was the other side's (a
/// plain flip, also when that side is in check: only the legality of captures is asked of it).
fn with_turn(pos: &Position, color: Color) -> Position {
    let mut p = pos.clone();
    if p.side_to_move() != color {
        p.make_null_move();
    }
    p
}

/// Whether `color`'s piece on `from` may capture on `to` as far as the chase rule is concerned:
/// the capture is pseudo-legal and leaves `color`'s king attacked by no piece but those that
/// already gave check (`checkers`). A pinned piece may not; a piece of a side in check may, so
/// that stepping out of a check never makes an old attack look new (as Pikafish judges it).
fn may_capture(as_capturer: &Position, from: Square, to: Square, checkers: Bitboard) -> bool {
    if !as_capturer.pseudo_targets(from).contains(to) {
        return false;
    }
    let color = as_capturer.side_to_move();
    let mut after = as_capturer.clone();
    after.make_move(Move::new(from, to));
    let attackers = after.attackers_to(after.king(color), !color);
    (attackers & !checkers).is_empty()
}

/// Whether the piece on `to` is truly protected against the capture `from`-`to` by the side to
/// move in `as_capturer`: after the capture, its owner has a legal recapture on `to` (a pinned
/// protector, or a king that would step into an attack, does not protect).
fn truly_protected(as_capturer: &Position, from: Square, to: Square) -> bool {
    let mut after = as_capturer.clone();
    after.make_move(Move::new(from, to));
    let owner = after.side_to_move();
    after
        .by_color(owner)
        .into_iter()
        .any(|p| after.is_legal(Move::new(p, to)))
}

/// The chases `color` makes in `pos`, whoever is to move: every pair (attacker, target) where
/// `color`'s piece on `attacker` could legally capture the enemy piece on `target` and that
/// capture is a chase by the Asian rules:
///
/// - the attacker is not the king, nor a pawn on its own side of the river;
/// - the target is not the king (that is a check), nor a pawn on its own side of the river;
/// - the capture is legal, checks the attacker's side is already under aside (a pinned attacker
///   does not chase; [`may_capture`]);
/// - the target ranks above the attacker ([`rank`]), or it is not truly protected;
/// - and, for a target of the attacker's own kind, the target could not legally capture the
///   attacker back (that is an offer to exchange).
#[must_use]
pub(crate) fn chase_pairs(pos: &Position, color: Color) -> Vec<(Square, Square)> {
    let them = !color;
    let us_to_move = with_turn(pos, color);
    let them_to_move = with_turn(pos, them);
    let our_checkers = pos.attackers_to(pos.king(color), them);
    let their_checkers = pos.attackers_to(pos.king(them), color);
    let mut pairs = Vec::new();
    for from in pos.by_color(color) {
        let Some(attacker) = pos.piece_at(from) else {
            continue;
        };
        if exempt(attacker.kind, from, color) {
            continue;
        }
        let targets = us_to_move.pseudo_targets(from) & pos.by_color(them);
        for to in targets {
            let Some(target) = pos.piece_at(to) else {
                continue;
            };
            if exempt(target.kind, to, them) {
                continue;
            }
            if !may_capture(&us_to_move, from, to, our_checkers) {
                continue;
            }
            let counts = if rank(target.kind) > rank(attacker.kind) {
                true
            } else if truly_protected(&us_to_move, from, to) {
                false
            } else if target.kind == attacker.kind {
                !may_capture(&them_to_move, to, from, their_checkers)
            } else {
                true
            };
            if counts {
                pairs.push((from, to));
            }
        }
    }
    pairs
}

/// What one move of a side did, for the repetition judgement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Act {
    Check,
    /// Chased these pieces (identities: the point each stood on at the cycle's start).
    Chase(u128),
    Idle,
}

/// The pieces that move `m` newly chases: pairs after the move that were not pairs before it,
/// the pieces followed by the identities in `ids_before` / `ids_after`.
fn new_chases(
    before: &Position,
    after: &Position,
    ids_before: &[u8; 90],
    ids_after: &[u8; 90],
    mover: Color,
) -> u128 {
    let id_pair = |ids: &[u8; 90], (a, t): (Square, Square)| (ids[a.index()], ids[t.index()]);
    let old: Vec<(u8, u8)> = chase_pairs(before, mover)
        .into_iter()
        .map(|p| id_pair(ids_before, p))
        .collect();
    let mut chased = 0u128;
    for p in chase_pairs(after, mover) {
        let (a, t) = id_pair(ids_after, p);
        if t != u8::MAX && !old.contains(&(a, t)) {
            chased |= 1u128 << t;
        }
    }
    chased
}

/// How a side's moves in a cycle count under the Asian rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// Every move gave check (长将).
    PerpetualCheck,
    /// Every move chased one and the same piece (长捉).
    PerpetualChase,
    /// Every move gave check or chased, and the chases were of one and the same piece (一将一捉).
    CheckAndChase,
    /// Anything else: an allowed repetition.
    Allowed,
}

fn verdict(acts: &[Act]) -> Verdict {
    if acts.is_empty() {
        return Verdict::Allowed;
    }
    let mut chased = u128::MAX;
    let (mut checks, mut chases) = (0, 0);
    for act in acts {
        match *act {
            Act::Check => checks += 1,
            Act::Chase(t) => {
                chases += 1;
                chased &= t;
            }
            Act::Idle => return Verdict::Allowed,
        }
    }
    if chases == 0 {
        Verdict::PerpetualCheck
    } else if chased == 0 {
        Verdict::Allowed
    } else if checks == 0 {
        Verdict::PerpetualChase
    } else {
        Verdict::CheckAndChase
    }
}

/// Each side's verdict over the cycle `moves` played from `start`.
pub(crate) fn verdicts(start: &Position, moves: &[Move]) -> [Verdict; 2] {
    let mut ids = [u8::MAX; 90];
    for sq in start.occupied() {
        ids[sq.index()] = sq.index() as u8;
    }
    let mut acts: [Vec<Act>; 2] = [Vec::new(), Vec::new()];
    let mut pos = start.clone();
    for &m in moves {
        let mover = pos.side_to_move();
        let before = pos.clone();
        let ids_before = ids;
        ids[m.to().index()] = ids[m.from().index()];
        ids[m.from().index()] = u8::MAX;
        pos.make_move(m);
        let act = if pos.is_check() {
            Act::Check
        } else {
            match new_chases(&before, &pos, &ids_before, &ids, mover) {
                0 => Act::Idle,
                t => Act::Chase(t),
            }
        };
        acts[mover.index()].push(act);
    }
    [verdict(&acts[0]), verdict(&acts[1])]
}

/// The outcome of a repetition under the Asian rules: a side that perpetually checks, chases, or
/// mixes the two loses; when both sides do, or neither, the game is drawn.
pub(crate) fn judge(start: &Position, moves: &[Move]) -> Outcome {
    let [red, black] = verdicts(start, moves);
    let reason = |v| match v {
        Verdict::PerpetualCheck => WinReason::PerpetualCheck,
        Verdict::PerpetualChase => WinReason::PerpetualChase,
        _ => WinReason::CheckAndChase,
    };
    match (red, black) {
        (Verdict::Allowed, Verdict::Allowed) => Outcome::Draw {
            reason: DrawReason::Repetition,
        },
        (Verdict::Allowed, b) => Outcome::Win {
            winner: Color::Red,
            reason: reason(b),
        },
        (r, Verdict::Allowed) => Outcome::Win {
            winner: Color::Black,
            reason: reason(r),
        },
        _ => Outcome::Draw {
            reason: DrawReason::BothPerpetual,
        },
    }
}
