//! Hand-built positions for each rule: horse leg, elephant eye and river, palace, cannon screens,
//! pawns, the flying general, check, checkmate, stalemate, Zobrist and handicaps.

use xiangqi::{
    Color, Handicap, IllegalReason, Move, NoMovesOutcome, Piece, PieceKind, Position, Square,
};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn mv(s: &str) -> Move {
    s.parse().unwrap()
}

fn targets(p: &Position, from: &str) -> Vec<String> {
    let from: Square = from.parse().unwrap();
    let mut v: Vec<String> = p
        .legal_moves()
        .iter()
        .filter(|m| m.from() == from)
        .map(|m| m.to().to_string())
        .collect();
    v.sort();
    v
}

#[test]
fn horse_leg_blocks() {
    // Red horse e4 with its upward leg e5 blocked by a black pawn: no e4-d6 / e4-f6.
    let p = pos("3k5/9/9/9/4p4/4N4/9/9/9/5K3 w");
    assert_eq!(
        targets(&p, "e4"),
        ["c3", "c5", "d2", "d6", "f2", "f6", "g3", "g5"]
            .iter()
            .filter(|s| !["d6", "f6"].contains(s))
            .map(|s| s.to_string())
            .collect::<Vec<_>>()
    );
}

#[test]
fn elephant_eye_and_river() {
    // Red elephant e2: its eye d1 is blocked by a black horse, c4 holds its own elephant.
    // From c4 it cannot cross the river to a6 or e6.
    let p = pos("3k5/9/9/9/9/2B6/9/4B4/3n5/4K4 w");
    assert_eq!(targets(&p, "e2"), ["g0", "g4"]);
    assert_eq!(targets(&p, "c4"), ["a2"]);
}

#[test]
fn palace_confines_king_and_advisor() {
    let p = pos("5k3/9/9/9/9/9/9/9/4A4/3K5 w");
    assert_eq!(targets(&p, "d0"), ["d1", "e0"]);
    assert_eq!(targets(&p, "e1"), ["d2", "f0", "f2"]);
    let p = pos("4k4/9/9/9/9/9/9/9/9/5K3 b");
    assert_eq!(targets(&p, "e9"), ["d9", "e8"]); // f9 would face the red king on the f-file
}

#[test]
fn cannon_needs_exactly_one_screen() {
    // Red cannon b2; up the b-file: b4 (black pawn, the screen), b7 (black cannon), b9 (black horse)
    let p = pos("1n2k4/9/1c7/9/9/1p7/9/1C7/9/5K3 w");
    let t = targets(&p, "b2");
    assert!(t.contains(&"b7".to_string()), "captures over one screen");
    assert!(
        !t.contains(&"b4".to_string()),
        "cannot capture the screen itself"
    );
    assert!(
        !t.contains(&"b9".to_string()),
        "cannot capture over two screens"
    );
    assert!(
        t.contains(&"b3".to_string()) && !t.contains(&"b5".to_string()),
        "moves only up to the screen"
    );
    assert!(
        t.contains(&"a2".to_string()) && t.contains(&"i2".to_string()),
        "slides along the rank"
    );
}

#[test]
fn pawn_moves_sideways_only_across_the_river() {
    let p = pos("4k4/9/9/9/9/4P4/P8/9/9/3K5 w");
    assert_eq!(targets(&p, "a3"), ["a4"]);
    assert_eq!(targets(&p, "e4"), ["e5"]);
    let p = pos("4k4/9/9/9/4P4/9/9/9/9/3K5 w");
    assert_eq!(targets(&p, "e5"), ["d5", "e6", "f5"]);
    let p = pos("3k1P3/9/9/9/9/9/9/9/9/4K4 w");
    assert_eq!(
        targets(&p, "f9"),
        ["e9", "g9"],
        "a pawn on the last rank moves sideways only"
    );
}

#[test]
fn flying_general() {
    // The red pawn on e6 is the only piece between the kings: it may not leave the file.
    let p = pos("4k4/9/9/4P4/9/9/9/9/9/4K4 w");
    assert_eq!(targets(&p, "e6"), ["e7"]);
    assert_eq!(
        p.check_legal(mv("e6d6")).unwrap_err().reason,
        IllegalReason::LeavesKingInCheck
    );
    // The red king may not step onto the black king's open file.
    let p = pos("3k5/9/9/9/9/9/9/9/9/4K4 w");
    assert!(!p.is_legal(mv("e0d0")));
    assert!(p.is_legal(mv("e0f0")));
}

#[test]
fn check_and_evasions() {
    // Black rook gives check along the e-file; Red must respond.
    let p = pos("3k5/9/9/9/9/9/9/4r4/9/3AK4 w");
    assert!(p.is_check());
    assert_eq!(p.checkers().count(), 1);
    let moves: Vec<String> = p.legal_moves().iter().map(|m| m.to_string()).collect();
    for m in &moves {
        let after = p.after(m.parse().unwrap()).unwrap();
        let mut back = after.clone();
        // after Red's evasion it is Black's turn; Red's king must not be attacked
        back.make_null_move();
        assert!(!back.is_check(), "{m} does not answer the check");
    }
    assert!(moves.contains(&"e0f0".to_string()));
    // A cannon check is blocked by removing the screen or adding a second one.
    let p = pos("4k4/9/9/9/4c4/9/9/4N4/9/3AK4 w");
    assert!(p.is_check());
    assert!(
        p.is_legal(mv("e2c1")),
        "moving the screen away answers a cannon check"
    );
}

#[test]
fn checkmate_and_stalemate_lose() {
    // 双车错: the a9 rook checks along the back rank, the b8 rook covers rank 8.
    let mated = pos("R3k4/1R7/9/9/9/9/9/9/9/3K5 b");
    assert!(mated.is_check());
    assert!(mated.legal_moves().is_empty());
    assert_eq!(
        mated.no_moves_outcome(),
        Some(NoMovesOutcome::Checkmate { winner: Color::Red })
    );

    // 困毙: the black king on d9 is not attacked, but d8 is covered by the a8 rook and e9 by the e1
    // rook; Black has nothing else, so it has no legal move and loses.
    let stalemated = pos("3k5/R8/9/9/9/9/9/9/4R4/5K3 b");
    assert!(!stalemated.is_check());
    assert!(stalemated.legal_moves().is_empty());
    assert_eq!(
        stalemated.no_moves_outcome(),
        Some(NoMovesOutcome::Stalemate { winner: Color::Red })
    );
    assert_eq!(Position::startpos().no_moves_outcome(), None);
}

#[test]
fn play_refuses_illegal_moves_and_changes_nothing() {
    let mut p = Position::startpos();
    let before = p.clone();
    for (m, reason) in [
        ("e5e6", IllegalReason::NoPiece),
        ("h7e7", IllegalReason::NotYourPiece),
        ("b0d1", IllegalReason::CannotMoveThere),
        ("a0a5", IllegalReason::CannotMoveThere),
        ("h2h8", IllegalReason::CannotMoveThere),
        ("c0e3", IllegalReason::CannotMoveThere),
    ] {
        let e = p.play(mv(m)).unwrap_err();
        assert_eq!(e.reason, reason, "{m}");
        assert!(e.to_string().contains(m));
        assert_eq!(p, before);
    }
    assert!(p.play(mv("h2e2")).is_ok());
    assert_eq!(p.side_to_move(), Color::Black);
}

#[test]
fn zobrist_is_incremental_and_position_dependent() {
    let mut p = Position::startpos();
    let k0 = p.key();
    assert_eq!(k0, p.compute_key());
    let line = ["h2e2", "h9g7", "b0c2", "i9h9"];
    let mut undos = Vec::new();
    for m in line {
        undos.push((mv(m), p.play(mv(m)).unwrap()));
        assert_eq!(p.key(), p.compute_key());
    }
    // transposition: the same position by another order has the same key
    let mut q = Position::startpos();
    for m in ["b0c2", "h9g7", "h2e2", "i9h9"] {
        q.play(mv(m)).unwrap();
    }
    assert_eq!(p.key(), q.key());
    assert_ne!(p.key(), k0);
    while let Some((m, u)) = undos.pop() {
        p.unmake_move(m, u);
    }
    assert_eq!(p.key(), k0);
    // side to move is part of the key
    let n = p.make_null_move();
    assert_ne!(p.key(), k0);
    assert_eq!(p.key(), p.compute_key());
    p.unmake_null_move(n);
    assert_eq!(p, Position::startpos());
}

#[test]
fn handicap_setups() {
    let start = Position::startpos();
    let horse = |c| Piece::new(c, PieceKind::Horse);
    let sq = |s: &str| s.parse::<Square>().unwrap();
    for giver in Color::ALL {
        for h in Handicap::ALL {
            let p = h.position(giver);
            assert_eq!(
                p.side_to_move(),
                giver,
                "{h} by {giver}: the giver moves first"
            );
            assert_eq!(p.key(), p.compute_key());
            let missing: Vec<(Square, Piece)> = Square::ALL
                .iter()
                .filter_map(|&s| {
                    start
                        .piece_at(s)
                        .filter(|_| p.piece_at(s).is_none())
                        .map(|pc| (s, pc))
                })
                .collect();
            assert!(
                missing.iter().all(|(_, pc)| pc.color == giver),
                "{h}: only the giver loses pieces"
            );
            let n = match h {
                Handicap::LeftHorse | Handicap::RightHorse => 1,
                Handicap::TwoHorses => 2,
                Handicap::NinePieces => 9,
            };
            assert_eq!(missing.len(), n, "{h} by {giver}");
            assert_eq!(p.occupied().count(), 32 - n as u32);
        }
    }
    // left and right are the giver's own
    assert!(
        Handicap::LeftHorse
            .position(Color::Red)
            .piece_at(sq("b0"))
            .is_none()
    );
    assert_eq!(
        Handicap::LeftHorse.position(Color::Red).piece_at(sq("h0")),
        Some(horse(Color::Red))
    );
    assert!(
        Handicap::RightHorse
            .position(Color::Red)
            .piece_at(sq("h0"))
            .is_none()
    );
    assert!(
        Handicap::LeftHorse
            .position(Color::Black)
            .piece_at(sq("h9"))
            .is_none()
    );
    assert!(
        Handicap::RightHorse
            .position(Color::Black)
            .piece_at(sq("b9"))
            .is_none()
    );
    // the convention of the 1999 让九子 record's [FEN] tag
    assert_eq!(
        Handicap::NinePieces.position(Color::Red).to_fen(),
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/9/1C5C1/9/RN2K2NR w - - 0 1"
    );
    assert_eq!(
        Handicap::NinePieces.position(Color::Black).to_fen(),
        "rn2k2nr/9/1c5c1/9/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1"
    );
}

#[test]
fn squares_and_moves_parse() {
    assert_eq!(
        "h2e2".parse::<Move>().unwrap(),
        "H2-E2".parse::<Move>().unwrap()
    );
    assert_eq!(mv("h2e2").to_string(), "h2e2");
    for bad in ["", "h2", "h2e", "j2e2", "h2e2x", "h2h2", "中炮", "h2-e"] {
        assert!(bad.parse::<Move>().is_err(), "{bad:?}");
    }
    for s in Square::ALL {
        assert_eq!(s.to_string().parse::<Square>().unwrap(), s);
        assert_eq!(s.flip().flip(), s);
        // Mirroring keeps the rank and swaps files a-i, b-h, ...; twice is the point itself.
        assert_eq!(s.mirror().rank(), s.rank());
        assert_eq!(s.mirror().file().index(), 8 - s.file().index());
        assert_eq!(s.mirror().mirror(), s);
    }
    assert_eq!("a0".parse::<Square>().unwrap().mirror().to_string(), "i0");
    assert_eq!("e9".parse::<Square>().unwrap().mirror().to_string(), "e9");
    for v in 0..=u16::MAX {
        if let Some(m) = Move::from_u16(v) {
            assert_eq!(m.to_u16(), v);
        }
    }
}
