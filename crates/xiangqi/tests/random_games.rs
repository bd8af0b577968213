//! Property test over thousands of random legal games: the generator agrees with an independent
//! mailbox implementation of the rules written here from scratch, Zobrist keys kept incrementally
//! equal keys computed from scratch, unmake restores the position exactly, FEN round-trips, and the
//! generation kinds partition the legal moves.

use xiangqi::{Color, GenKind, Move, MoveList, Piece, PieceKind, Position, Square};

/// xorshift64*: a small deterministic generator, so failures replay.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

// ---- An independent, deliberately naive rules implementation on a 9x10 array ----

type Board = [[Option<Piece>; 9]; 10]; // [rank][file]

fn board_of(pos: &Position) -> Board {
    let mut b = [[None; 9]; 10];
    for sq in Square::ALL {
        b[sq.rank().index() as usize][sq.file().index() as usize] = pos.piece_at(sq);
    }
    b
}

fn in_palace(c: Color, f: i32, r: i32) -> bool {
    (3..=5).contains(&f)
        && if c == Color::Red {
            (0..=2).contains(&r)
        } else {
            (7..=9).contains(&r)
        }
}

fn own_side(c: Color, r: i32) -> bool {
    if c == Color::Red { r <= 4 } else { r >= 5 }
}

fn at(b: &Board, f: i32, r: i32) -> Option<Piece> {
    if (0..9).contains(&f) && (0..10).contains(&r) {
        b[r as usize][f as usize]
    } else {
        None
    }
}

fn on_board(f: i32, r: i32) -> bool {
    (0..9).contains(&f) && (0..10).contains(&r)
}

/// Destinations of the piece on (f, r) by its own movement rules, own pieces excluded.
fn naive_targets(b: &Board, f: i32, r: i32) -> Vec<(i32, i32)> {
    let p = at(b, f, r).expect("a piece");
    let c = p.color;
    let mut out = Vec::new();
    let add = |nf: i32, nr: i32, out: &mut Vec<(i32, i32)>| {
        if on_board(nf, nr) && at(b, nf, nr).is_none_or(|q| q.color != c) {
            out.push((nf, nr));
        }
    };
    match p.kind {
        PieceKind::King => {
            for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                if in_palace(c, f + df, r + dr) {
                    add(f + df, r + dr, &mut out);
                }
            }
        }
        PieceKind::Advisor => {
            for (df, dr) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                if in_palace(c, f + df, r + dr) {
                    add(f + df, r + dr, &mut out);
                }
            }
        }
        PieceKind::Elephant => {
            for (df, dr) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                let (nf, nr) = (f + 2 * df, r + 2 * dr);
                if on_board(nf, nr) && own_side(c, nr) && at(b, f + df, r + dr).is_none() {
                    add(nf, nr, &mut out);
                }
            }
        }
        PieceKind::Horse => {
            for (df, dr) in [
                (1i32, 2i32),
                (-1, 2),
                (1, -2),
                (-1, -2),
                (2, 1),
                (2, -1),
                (-2, 1),
                (-2, -1),
            ] {
                // the leg is the orthogonal neighbour in the direction of the long step
                let (lf, lr) = if df.abs() == 2 {
                    (f + df / 2, r)
                } else {
                    (f, r + dr / 2)
                };
                if on_board(f + df, r + dr) && at(b, lf, lr).is_none() {
                    add(f + df, r + dr, &mut out);
                }
            }
        }
        PieceKind::Rook | PieceKind::Cannon => {
            for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                let (mut nf, mut nr) = (f + df, r + dr);
                let mut screened = false;
                while on_board(nf, nr) {
                    match (at(b, nf, nr), p.kind, screened) {
                        (None, _, false) => add(nf, nr, &mut out),
                        (None, _, true) => {}
                        (Some(_), PieceKind::Rook, _) => {
                            add(nf, nr, &mut out);
                            break;
                        }
                        (Some(_), _, false) => screened = true,
                        (Some(_), _, true) => {
                            add(nf, nr, &mut out);
                            break;
                        }
                    }
                    nf += df;
                    nr += dr;
                }
            }
        }
        PieceKind::Pawn => {
            let fwd = if c == Color::Red { 1 } else { -1 };
            add(f, r + fwd, &mut out);
            if !own_side(c, r) {
                add(f + 1, r, &mut out);
                add(f - 1, r, &mut out);
            }
        }
    }
    out
}

fn king_of(b: &Board, c: Color) -> (i32, i32) {
    for (r, row) in b.iter().enumerate() {
        for (f, &p) in row.iter().enumerate() {
            if p == Some(Piece::new(c, PieceKind::King)) {
                return (f as i32, r as i32);
            }
        }
    }
    panic!("no {c} king");
}

/// Whether `c`'s king can be taken: some enemy piece moves onto it, or the kings face each other.
fn naive_in_check(b: &Board, c: Color) -> bool {
    let (kf, kr) = king_of(b, c);
    let (ef, er) = king_of(b, !c);
    if kf == ef {
        let (lo, hi) = (kr.min(er), kr.max(er));
        if (lo + 1..hi).all(|r| at(b, kf, r).is_none()) {
            return true;
        }
    }
    for r in 0..10 {
        for f in 0..9 {
            if let Some(p) = b[r as usize][f as usize]
                && p.color != c
                && naive_targets(b, f, r).contains(&(kf, kr))
            {
                return true;
            }
        }
    }
    false
}

fn naive_legal(pos: &Position) -> Vec<Move> {
    let b = board_of(pos);
    let us = pos.side_to_move();
    let mut moves = Vec::new();
    for r in 0..10 {
        for f in 0..9 {
            let Some(p) = b[r as usize][f as usize] else {
                continue;
            };
            if p.color != us {
                continue;
            }
            for (nf, nr) in naive_targets(&b, f, r) {
                let mut nb = b;
                nb[nr as usize][nf as usize] = Some(p);
                nb[r as usize][f as usize] = None;
                if !naive_in_check(&nb, us) {
                    let from = Square::from_coords(f, r).unwrap();
                    let to = Square::from_coords(nf, nr).unwrap();
                    moves.push(Move::new(from, to));
                }
            }
        }
    }
    moves.sort_by_key(|m| m.to_u16());
    moves
}

fn sorted(list: &MoveList) -> Vec<Move> {
    let mut v = list.to_vec();
    v.sort_by_key(|m| m.to_u16());
    v
}

/// Every check on one position. Returns its legal moves.
fn check_position(pos: &Position) -> MoveList {
    assert_eq!(
        pos.key(),
        pos.compute_key(),
        "incremental key differs from scratch: {pos:?}"
    );
    let round = Position::from_fen(&pos.to_fen())
        .unwrap_or_else(|e| panic!("FEN {} does not parse: {e}", pos.to_fen()));
    assert_eq!(&round, pos, "FEN round trip");

    let legal = pos.legal_moves();
    assert_eq!(
        sorted(&legal),
        naive_legal(pos),
        "legal moves differ from the naive rules in {pos:?}"
    );
    let b = board_of(pos);
    assert_eq!(
        pos.is_check(),
        naive_in_check(&b, pos.side_to_move()),
        "is_check in {pos:?}"
    );

    let (mut caps, mut quiets, mut evasions) = (MoveList::new(), MoveList::new(), MoveList::new());
    pos.generate(GenKind::Captures, &mut caps);
    pos.generate(GenKind::Quiets, &mut quiets);
    pos.generate(GenKind::Evasions, &mut evasions);
    assert!(caps.iter().all(|m| pos.piece_at(m.to()).is_some()));
    assert!(quiets.iter().all(|m| pos.piece_at(m.to()).is_none()));
    let mut both: Vec<Move> = caps.iter().chain(quiets.iter()).copied().collect();
    both.sort_by_key(|m| m.to_u16());
    assert_eq!(both, sorted(&legal), "captures + quiets = legal");
    if pos.is_check() {
        assert_eq!(sorted(&evasions), sorted(&legal));
    } else {
        assert!(evasions.is_empty());
    }

    // make/unmake every legal move: keys stay exact and the position comes back bit for bit
    let mut scratch = pos.clone();
    for &m in &legal {
        assert!(pos.is_legal(m));
        let undo = scratch.make_move(m);
        assert_eq!(
            scratch.key(),
            scratch.compute_key(),
            "key after {m} in {pos:?}"
        );
        assert_eq!(undo.captured(), pos.piece_at(m.to()));
        assert!(
            !naive_in_check(&board_of(&scratch), pos.side_to_move()),
            "{m} leaves the king attacked"
        );
        scratch.unmake_move(m, undo);
        assert_eq!(&scratch, pos, "unmake of {m}");
    }
    legal
}

#[test]
fn random_games_agree_with_naive_rules() {
    let starts = [
        Position::START_FEN,
        "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
        "1C2ka3/9/C1Nab1n2/p3p3p/6p2/9/P3P3P/3AB4/3p2c2/c1BAK4 w - - 0 1",
        "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/9/1C5C1/9/RN2K2NR w - - 0 1",
    ];
    let mut rng = Rng(0x5eed_1234_abcd_0001);
    let games = 2000;
    let (mut positions, mut mates, mut stalemates, mut checks) = (0u64, 0, 0, 0);
    for g in 0..games {
        let mut pos = Position::from_fen(starts[g % starts.len()]).unwrap();
        for _ply in 0..160 {
            let legal = check_position(&pos);
            positions += 1;
            if pos.is_check() {
                checks += 1;
            }
            if legal.is_empty() {
                match pos.no_moves_outcome() {
                    Some(xiangqi::NoMovesOutcome::Checkmate { winner }) => {
                        assert_eq!(winner, !pos.side_to_move());
                        mates += 1;
                    }
                    Some(xiangqi::NoMovesOutcome::Stalemate { winner }) => {
                        assert_eq!(winner, !pos.side_to_move());
                        stalemates += 1;
                    }
                    None => panic!("no moves but no outcome"),
                }
                break;
            }
            assert_eq!(pos.no_moves_outcome(), None);
            // an illegal move is refused and changes nothing
            let bogus = Move::new(Square::ALL[rng.below(90)], Square::ALL[rng.below(90)]);
            if !legal.contains(&bogus) && bogus.from() != bogus.to() {
                let before = pos.clone();
                assert!(pos.play(bogus).is_err(), "{bogus} accepted in {before:?}");
                assert_eq!(pos, before);
            }
            let m = legal[rng.below(legal.len())];
            pos.play(m).expect("a generated move is legal");
        }
    }
    eprintln!(
        "{games} games, {positions} positions, {checks} in check, {mates} mates, {stalemates} stalemates"
    );
    assert!(positions > 100_000);
    assert!(
        checks > 1000 && mates > 10,
        "the games must reach checks and mates to test them"
    );
}
