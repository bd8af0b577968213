//! FEN reading and writing: accepted dialects and one test per kind of malformed FEN.

use xiangqi::{Color, FenError, Piece, PieceKind, Position, Square};

const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

fn err(fen: &str) -> FenError {
    match Position::from_fen(fen) {
        Ok(p) => panic!("{fen:?} was accepted as {p:?}"),
        Err(e) => {
            assert!(!e.to_string().is_empty());
            e
        }
    }
}

#[test]
fn start_position_round_trips() {
    let pos = Position::from_fen(START).unwrap();
    assert_eq!(pos.to_fen(), START);
    assert_eq!(pos, Position::startpos());
    assert_eq!(pos.side_to_move(), Color::Red);
    assert_eq!(
        pos.piece_at(sq("e0")),
        Some(Piece::new(Color::Red, PieceKind::King))
    );
    assert_eq!(
        pos.piece_at(sq("h7")),
        Some(Piece::new(Color::Black, PieceKind::Cannon))
    );
    assert_eq!(pos.occupied().count(), 32);
}

#[test]
fn accepted_dialects() {
    // 'r' for Red, E/H aliases, missing counters, missing castling fields
    let variants = [
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR r - - 0 1",
        "rhbakabhr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w - - 0 1",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - -",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w 0 1",
        "  rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR   w   -  -  0  1 ",
    ];
    for fen in variants {
        let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(pos.to_fen(), START, "{fen}");
    }
    let black =
        Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1")
            .unwrap();
    assert_eq!(black.side_to_move(), Color::Black);
    assert_eq!(black.halfmove_clock(), 1);
    let counters = Position::from_fen("4k4/9/9/9/9/9/9/9/9/4K4 w - - 17 42");
    // kings facing on an open file
    assert_eq!(counters, Err(FenError::KingsFacing));
    let counters = Position::from_fen("4k4/9/9/9/9/9/9/9/9/3K5 w - - 17 42").unwrap();
    assert_eq!(
        (counters.halfmove_clock(), counters.fullmove_number()),
        (17, 42)
    );
}

#[test]
fn every_malformed_kind_has_its_own_error() {
    assert_eq!(err(""), FenError::Empty);
    assert_eq!(err("   "), FenError::Empty);
    assert_eq!(
        err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/RNBAKABNR w"),
        FenError::WrongRankCount(9)
    );
    assert_eq!(
        err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR/9 w"),
        FenError::WrongRankCount(11)
    );
    assert_eq!(
        err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C6C1/9/RNBAKABNR w"),
        FenError::BadRankWidth { rank: 2, files: 10 }
    );
    assert_eq!(
        err("rnbakabn/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"),
        FenError::BadRankWidth { rank: 9, files: 8 }
    );
    assert_eq!(
        err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKQBNR w"),
        FenError::UnknownPiece('Q')
    );
    assert_eq!(
        err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/0/RNBAKABNR w"),
        FenError::UnknownPiece('0')
    );
    assert_eq!(
        err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR"),
        FenError::MissingSideToMove
    );
    assert_eq!(
        err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x - - 0 1"),
        FenError::BadSideToMove("x".into())
    );
    assert_eq!(
        err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - zero 1"),
        FenError::BadMoveCounter("zero".into())
    );
    assert_eq!(
        err("rnba1abnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"),
        FenError::MissingKing(Color::Black)
    );
    assert_eq!(
        err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBA1ABNR w"),
        FenError::MissingKing(Color::Red)
    );
    assert_eq!(
        err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBAKABNR w"),
        FenError::TooManyKings(Color::Red)
    );
    assert_eq!(
        err("rnba1abnr/9/1c5c1/p1p1p1p1p/9/4k4/P1P1P1P1P/1C5C1/9/RNBAKABNR w"),
        FenError::OutsidePalace {
            piece: Piece::new(Color::Black, PieceKind::King),
            square: sq("e4")
        }
    );
    assert_eq!(
        err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNB1AKBNR w"),
        FenError::OutsidePalace {
            piece: Piece::new(Color::Red, PieceKind::Advisor),
            square: sq("e0")
        }
    );
    assert_eq!(
        err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/AC5C1/9/RNB1KABNR w"),
        FenError::OutsidePalace {
            piece: Piece::new(Color::Red, PieceKind::Advisor),
            square: sq("a2")
        }
    );
    assert_eq!(
        err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RN1AKABBR w"),
        FenError::ElephantOffPoints(sq("h0"))
    );
    assert_eq!(
        err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/b8/P1P1P1P1P/1C5C1/9/RNBAKABNR w"),
        FenError::ElephantOffPoints(sq("a4"))
    );
    assert_eq!(
        err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P2/1C5CP/9/RNBAKABNR w"),
        FenError::PawnBehindStart(sq("i2"))
    );
    assert_eq!(
        err("rnbakabnr/p8/1c5c1/2p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"),
        FenError::PawnBehindStart(sq("a8"))
    );
    assert_eq!(
        err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/PP2P1P1P/1C5C1/9/RNBAKABNR w"),
        FenError::PawnOffFile(sq("b3"))
    );
    assert_eq!(
        err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/P1P3P1P/P1P1P1P1P/1C5C1/9/RNBAKABNR w"),
        FenError::TooManyPieces {
            piece: Piece::new(Color::Red, PieceKind::Pawn),
            count: 9
        }
    );
    assert_eq!(
        err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/1R7/P1P1P1P1P/1C5C1/9/RNBAKABNR w"),
        FenError::TooManyPieces {
            piece: Piece::new(Color::Red, PieceKind::Rook),
            count: 3
        }
    );
    // Red to move but Black's king is already attacked by the red rook.
    assert_eq!(err("3k5/9/9/9/9/9/9/9/9/3RK4 w"), FenError::OpponentInCheck);
}

#[test]
fn garbage_never_panics() {
    let samples = [
        "/",
        "//////////",
        "9/9/9/9/9/9/9/9/9/9",
        "9/9/9/9/9/9/9/9/9/9 w",
        "k",
        "KKKKKKKKK/9/9/9/9/9/9/9/9/9 w",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 99999999999999 1",
        "中炮/9/9/9/9/9/9/9/9/9 w",
        "99999999999/9/9/9/9/9/9/9/9/9 w",
    ];
    for s in samples {
        assert!(Position::from_fen(s).is_err(), "{s:?}");
    }
    // every truncation of the start FEN either parses or errors
    for i in 0..START.len() {
        let _ = Position::from_fen(&START[..i]);
    }
}
