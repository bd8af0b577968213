//! 象棋桥 CCBridge records and libraries, built byte by byte from the layout the module documents.

mod common;

use xiangqi::cbr::{self, CbrError};
use xiangqi::{Color, GameRecord, Position, Square};

/// A point as the format numbers it: `row * 9 + column` from the top left.
fn point(s: &str) -> u8 {
    let sq: Square = s.parse().unwrap();
    (9 - sq.rank().index()) * 9 + sq.file().index()
}

fn utf16(s: &str) -> Vec<u8> {
    s.encode_utf16().flat_map(u16::to_le_bytes).collect()
}

/// One move: flags (1 the line ends, 2 an alternative follows, 4 a comment follows).
fn step(flags: u8, mv: &str, comment: Option<&str>) -> Vec<u8> {
    let mut out = vec![
        flags | if comment.is_some() { 4 } else { 0 },
        0,
        point(&mv[..2]),
        point(&mv[2..]),
    ];
    if let Some(c) = comment {
        let text = utf16(c);
        out.extend((text.len() as u32).to_le_bytes());
        out.extend(text);
    }
    out
}

/// A record of `fen`'s board with these moves (the stream after the start comment).
fn record(
    fen: &str,
    red: &str,
    result: u8,
    start_comment: Option<&str>,
    moves: &[Vec<u8>],
) -> Vec<u8> {
    let pos = Position::from_fen(fen).unwrap();
    let mut bytes = vec![0u8; 2214];
    bytes[..16].copy_from_slice(b"CCBridge Record\0");
    let name = utf16(red);
    bytes[1076..1076 + name.len()].copy_from_slice(&name);
    let event = utf16("全国象棋个人赛");
    bytes[692..692 + event.len()].copy_from_slice(&event);
    bytes[2076] = result;
    bytes[2116] = if pos.side_to_move() == Color::Red {
        1
    } else {
        2
    };
    for sq in Square::ALL {
        if let Some(p) = pos.piece_at(sq) {
            let kind = match p.kind {
                xiangqi::PieceKind::Rook => 1,
                xiangqi::PieceKind::Horse => 2,
                xiangqi::PieceKind::Elephant => 3,
                xiangqi::PieceKind::Advisor => 4,
                xiangqi::PieceKind::King => 5,
                xiangqi::PieceKind::Cannon => 6,
                xiangqi::PieceKind::Pawn => 7,
            };
            let colour = if p.color == Color::Red { 0x10 } else { 0x20 };
            bytes[2120 + point(&sq.to_string()) as usize] = colour | kind;
        }
    }
    match start_comment {
        Some(c) => {
            bytes.extend(1u32.to_le_bytes());
            let text = utf16(c);
            bytes.extend((text.len() as u32).to_le_bytes());
            bytes.extend(text);
        }
        None => bytes.extend(0u32.to_le_bytes()),
    }
    for m in moves {
        bytes.extend(m);
    }
    bytes.extend([0, 0, 0, 0]);
    bytes
}

const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// 炮二平五 (马8进7 马二进三 | 马2进3 with a comment) and a comment on the start.
fn sample() -> Vec<u8> {
    record(
        START,
        "许银川",
        1,
        Some("中炮对屏风马"),
        &[
            step(0, "h2e2", None),
            step(2, "h9g7", Some("屏风马")),
            step(1, "h0g2", None),
            step(1, "b9c7", Some("另一匹马")),
        ],
    )
}

#[test]
fn a_record_reads_with_its_header_comments_and_variations() {
    let mut r = cbr::read(&sample()).unwrap();
    assert_eq!(r.tag("Red"), Some("许银川"));
    assert_eq!(r.tag("Event"), Some("全国象棋个人赛"));
    assert_eq!(r.tag("Result"), Some("1-0"));
    assert_eq!(r.comment(0), Some("中炮对屏风马"));
    assert!(r.goto(r.len()));
    let moves: Vec<String> = r.moves().iter().map(ToString::to_string).collect();
    assert_eq!(moves, ["h2e2", "h9g7", "h0g2"]);
    assert_eq!(r.comment(2), Some("屏风马"));
    let alternatives = r.variations_at(1);
    assert_eq!(alternatives.len(), 1);
    assert_eq!(alternatives[0].moves[0].to_string(), "b9c7");
    assert!(r.enter_variation(1, 1));
    assert_eq!(r.comment(2), Some("另一匹马"));
}

#[test]
fn black_to_move_is_taken_from_the_first_move() {
    let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1";
    let mut bytes = record(fen, "", 0, None, &[step(1, "h9g7", None)]);
    bytes[2116] = 1; // a header that says Red: the move decides
    let r = cbr::read(&bytes).unwrap();
    assert_eq!(r.start().side_to_move(), Color::Black);
    assert_eq!(r.len(), 1);
}

#[test]
fn an_illegal_move_in_a_variation_loses_only_that_line() {
    let bytes = record(
        START,
        "",
        0,
        None,
        &[
            step(0, "h2e2", None),
            step(2, "h9g7", None),
            step(1, "h0g2", None),
            // An alternative that is not legal (a horse cannot go there), with a move after it.
            step(0, "b9b5", None),
            step(1, "b0c2", None),
        ],
    );
    assert!(matches!(
        cbr::read(&bytes),
        Err(CbrError::IllegalMove { .. })
    ));
    let (mut r, skipped) = cbr::read_lenient(&bytes).unwrap();
    assert_eq!(skipped.len(), 1, "{skipped:?}");
    assert!(skipped[0].to_string().contains("b9b5"));
    r.goto(r.len());
    assert_eq!(r.len(), 3, "the main line is whole");
    assert!(r.variations_at(1).is_empty(), "the bad line is left out");
}

#[test]
fn a_cut_record_keeps_what_came_before_the_cut() {
    let bytes = sample();
    let cut = &bytes[..bytes.len() - 12];
    let (r, skipped) = cbr::read_lenient(cut).unwrap();
    assert!(!skipped.is_empty());
    assert!(!r.is_empty());
    assert_eq!(cbr::read_lenient(&bytes[..100]), Err(CbrError::NotCbr));
    assert_eq!(cbr::read_lenient(b"XQ not a cbr"), Err(CbrError::NotCbr));
}

/// A library holding `records`, each on 4096-byte blocks after an index of 128 slots.
fn library(name: &str, records: &[Vec<u8>]) -> Vec<u8> {
    let mut bytes = vec![0u8; 66_624 + 128 * 276];
    bytes[..16].copy_from_slice(b"CCBridgeLibrary\0");
    bytes[60..64].copy_from_slice(&128u32.to_le_bytes());
    let n = utf16(name);
    bytes[64..64 + n.len()].copy_from_slice(&n);
    for r in records {
        let mut block = r.clone();
        block.resize(r.len().div_ceil(4096) * 4096, 0);
        bytes.extend(block);
    }
    bytes
}

#[test]
fn a_library_reads_as_its_games_in_order_and_names_the_one_it_cannot_read() {
    let second = record(START, "胡荣华", 2, None, &[step(1, "b2e2", None)]);
    let mut broken = sample();
    broken[2120] = 0x99; // no piece
    let long = record(
        START,
        "长局",
        3,
        Some(&"长".repeat(3000)), // runs into a second block
        &[step(1, "h2e2", None)],
    );
    let bytes = library("全国赛", &[sample(), second, broken, long]);
    let lib = cbr::read_library(&bytes).unwrap();
    assert_eq!(lib.name, "全国赛");
    let reds: Vec<&str> = lib
        .games
        .iter()
        .map(|(g, _)| g.tag("Red").unwrap_or(""))
        .collect();
    assert_eq!(reds, ["许银川", "胡荣华", "长局"]);
    assert_eq!(lib.unread.len(), 1);
    assert!(
        lib.unread[0].to_string().starts_with("game 3"),
        "{}",
        lib.unread[0]
    );
    assert!(
        cbr::read_library(&sample()).is_err(),
        "a record is not a library"
    );
}

#[test]
fn damaged_records_and_libraries_never_panic() {
    let mut next = common::xorshift(0xcb1_2026);
    let good = sample();
    let lib = library("x", &[sample(), sample()]);
    for round in 0..400u32 {
        let mut bytes = if round.is_multiple_of(4) {
            lib.clone()
        } else {
            good.clone()
        };
        for _ in 0..(1 + next() % 8) {
            let at = (next() as usize) % bytes.len();
            // Damage where it matters most: the board and the moves.
            let at = if round.is_multiple_of(2) {
                2100 + at % (bytes.len() - 2100)
            } else {
                at
            };
            bytes[at] = next() as u8;
        }
        if next().is_multiple_of(5) {
            bytes.truncate((next() as usize) % bytes.len());
        }
        let _ = cbr::read_lenient(&bytes);
        let _ = cbr::read_library(&bytes);
    }
    // Whatever reads is a record the rules accept.
    let r: GameRecord = cbr::read(&good).unwrap();
    assert_eq!(r.start().to_fen(), START);
}

#[test]
fn written_records_and_libraries_read_back_the_same() {
    let game = cbr::read(&sample()).unwrap();
    let bytes = cbr::write(&game);
    assert_eq!(bytes, sample(), "the writer writes what the layout says");
    let back = cbr::read(&bytes).unwrap();
    assert_eq!(back, game);
    let lib = cbr::write_library("书", &[game.clone(), back.clone()]);
    let read = cbr::read_library(&lib).unwrap();
    assert_eq!(read.name, "书");
    assert_eq!(read.games.len(), 2);
    assert_eq!(read.games[1].0, game);
}
