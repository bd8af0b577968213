//! The position editor's rules (摆棋): every check names the rule a placement breaks.

mod common;

use xiangqi::placement::Placement;
use xiangqi::{Color, FenError, Piece, PieceKind, Position, Square};

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

fn red(kind: PieceKind) -> Piece {
    Piece::new(Color::Red, kind)
}

fn black(kind: PieceKind) -> Piece {
    Piece::new(Color::Black, kind)
}

/// Kings on e0 and d9 and nothing else: a legal start for every case below.
fn kings() -> Placement {
    let mut p = Placement::empty();
    p.put(sq("e0"), red(PieceKind::King));
    p.put(sq("d9"), black(PieceKind::King));
    p
}

#[test]
fn the_bare_kings_are_accepted_and_keep_the_side_to_move() {
    let mut p = kings();
    let pos = p.position().unwrap();
    assert_eq!(pos.side_to_move(), Color::Red);
    p.set_side_to_move(Color::Black);
    assert_eq!(p.position().unwrap().side_to_move(), Color::Black);
    assert_eq!(pos.to_fen(), "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
}

#[test]
fn a_side_without_a_king_or_with_two_is_refused() {
    let mut p = kings();
    p.remove(sq("d9"));
    assert_eq!(p.position(), Err(FenError::MissingKing(Color::Black)));
    let mut p = kings();
    p.put(sq("d0"), red(PieceKind::King));
    assert_eq!(p.position(), Err(FenError::TooManyKings(Color::Red)));
    assert_eq!(
        Placement::empty().position(),
        Err(FenError::MissingKing(Color::Red))
    );
}

#[test]
fn a_king_outside_its_palace_is_refused() {
    let mut p = kings();
    p.shift(sq("e0"), sq("e3"));
    assert_eq!(
        p.position(),
        Err(FenError::OutsidePalace {
            piece: red(PieceKind::King),
            square: sq("e3")
        })
    );
    let mut p = kings();
    p.shift(sq("d9"), sq("c9"));
    assert!(matches!(
        p.position(),
        Err(FenError::OutsidePalace { square, .. }) if square == sq("c9")
    ));
}

#[test]
fn kings_facing_each_other_are_refused_until_something_stands_between() {
    let mut p = kings();
    p.shift(sq("d9"), sq("e9"));
    assert_eq!(p.position(), Err(FenError::KingsFacing));
    p.put(sq("e5"), black(PieceKind::Pawn));
    assert!(p.position().is_ok());
}

#[test]
fn the_side_not_to_move_in_check_is_refused() {
    let mut p = kings();
    // A red rook gives check to Black's king, and Red is to move.
    p.put(sq("d4"), red(PieceKind::Rook));
    assert_eq!(p.position(), Err(FenError::OpponentInCheck));
    // With Black to move it is an ordinary check.
    p.set_side_to_move(Color::Black);
    assert!(p.position().unwrap().is_check());
}

#[test]
fn advisors_and_elephants_off_their_points_are_refused() {
    let mut p = kings();
    p.put(sq("e1"), red(PieceKind::Advisor));
    p.put(sq("c0"), red(PieceKind::Elephant));
    assert!(p.position().is_ok());
    p.put(sq("b1"), red(PieceKind::Elephant));
    assert_eq!(p.position(), Err(FenError::ElephantOffPoints(sq("b1"))));
    let mut p = kings();
    p.put(sq("d1"), red(PieceKind::Advisor));
    assert_eq!(
        p.position(),
        Err(FenError::OutsidePalace {
            piece: red(PieceKind::Advisor),
            square: sq("d1")
        })
    );
    let mut p = kings();
    p.put(sq("c3"), red(PieceKind::Elephant));
    assert_eq!(p.position(), Err(FenError::ElephantOffPoints(sq("c3"))));
    // A black elephant across the river.
    let mut p = kings();
    p.put(sq("c4"), black(PieceKind::Elephant));
    assert_eq!(p.position(), Err(FenError::ElephantOffPoints(sq("c4"))));
    p.remove(sq("c4"));
    p.put(sq("c5"), black(PieceKind::Elephant));
    assert!(p.position().is_ok());
}

#[test]
fn pawns_on_points_they_can_never_reach_are_refused() {
    let mut p = kings();
    p.put(sq("a2"), red(PieceKind::Pawn));
    assert_eq!(p.position(), Err(FenError::PawnBehindStart(sq("a2"))));
    let mut p = kings();
    p.put(sq("b3"), red(PieceKind::Pawn));
    assert_eq!(p.position(), Err(FenError::PawnOffFile(sq("b3"))));
    // Across the river any file will do.
    let mut p = kings();
    p.put(sq("b5"), red(PieceKind::Pawn));
    assert!(p.position().is_ok());
    let mut p = kings();
    p.put(sq("b6"), black(PieceKind::Pawn));
    assert_eq!(p.position(), Err(FenError::PawnOffFile(sq("b6"))));
    p.remove(sq("b6"));
    p.put(sq("a7"), black(PieceKind::Pawn));
    assert_eq!(p.position(), Err(FenError::PawnBehindStart(sq("a7"))));
}

#[test]
fn more_pieces_of_a_kind_than_a_set_holds_are_refused() {
    let mut p = kings();
    for s in ["a5", "b5", "c5"] {
        p.put(sq(s), red(PieceKind::Rook));
    }
    assert_eq!(
        p.position(),
        Err(FenError::TooManyPieces {
            piece: red(PieceKind::Rook),
            count: 3
        })
    );
    let mut p = kings();
    for s in ["a6", "b6", "c6", "d6", "f6", "g6"] {
        p.put(sq(s), red(PieceKind::Pawn));
    }
    assert_eq!(p.count(red(PieceKind::Pawn)), 6);
    assert!(matches!(
        p.position(),
        Err(FenError::TooManyPieces { count: 6, .. })
    ));
}

#[test]
fn a_position_set_up_again_reads_the_same() {
    let start = Position::startpos();
    let p = Placement::of(&start);
    assert_eq!(p.pieces().count(), 32);
    assert_eq!(p.position().unwrap().to_fen(), start.to_fen());
    // Every message names its rule in words.
    let mut q = kings();
    q.shift(sq("d9"), sq("e9"));
    assert!(
        q.position()
            .unwrap_err()
            .to_string()
            .contains("face each other")
    );
}

#[test]
fn random_placements_never_panic() {
    let mut next = common::xorshift(0x5eed_0b0a);
    for _ in 0..3000 {
        let mut p = Placement::empty();
        for _ in 0..(next() % 40) {
            let s = Square::ALL[(next() % 90) as usize];
            let color = Color::ALL[(next() % 2) as usize];
            let kind = PieceKind::ALL[(next() % 7) as usize];
            p.put(s, Piece::new(color, kind));
        }
        if next().is_multiple_of(2) {
            p.set_side_to_move(Color::Black);
        }
        if let Ok(pos) = p.position() {
            // Whatever is accepted reads back from its own FEN.
            assert_eq!(Position::from_fen(&pos.to_fen()).unwrap(), pos);
        }
    }
}
