//! Variations: the record's tree of moves read from XQF and PGN `( ... )`, written back to PGN and
//! RON, stepped into and added to; damaged PGN files give typed errors, never a panic.

mod common;

use std::path::PathBuf;

use xiangqi::notation::Notation;
use xiangqi::pgn::{self, PgnError};
use xiangqi::{GameRecord, Move, xqf};

fn mv(s: &str) -> Move {
    s.parse().unwrap()
}

fn moves(list: &[&str]) -> Vec<Move> {
    list.iter().map(|s| mv(s)).collect()
}

/// A PGN with variations at the first move, nested variations, and comments inside them.
const TREE_PGN: &str = r#"[Game "Chinese Chess"]
[Event "variations"]
[Format "ICCS"]
{before}
  1. h2e2 (1. c3c4 {仙人指路} 1. ... g6g5) h9g7
  2. h0g2 {main} (2. b0c2 b9c7 (2. ... c6c5 {卒底炮} 3. g3g4) 3. a0b0) i9h9
  3. i0h0 *
"#;

#[test]
fn pgn_variations_are_read_as_a_tree() {
    let r = pgn::read_str(TREE_PGN).unwrap();
    assert!(r.has_variations());
    assert!(r.is_main_line());
    assert_eq!(
        r.all_moves(),
        moves(&["h2e2", "h9g7", "h0g2", "i9h9", "i0h0"])
    );
    assert_eq!(r.ply(), 5);
    assert_eq!(r.comment(0), Some("before"));
    assert_eq!(r.comment(3), Some("main"));
    let first = r.variations_at(0);
    assert_eq!(first.len(), 1);
    assert_eq!((first[0].ply, first[0].index), (0, 1));
    assert_eq!(first[0].moves, moves(&["c3c4", "g6g5"]));
    let third = r.variations_at(2);
    assert_eq!(third[0].moves, moves(&["b0c2", "b9c7", "a0b0"]));
    assert!(r.variations_at(1).is_empty());

    // Into the variation at move 2, then its own variation at Black's reply.
    let mut r = r;
    assert!(r.enter_variation(2, 1));
    assert_eq!(r.ply(), 3);
    assert_eq!(
        r.all_moves(),
        moves(&["h2e2", "h9g7", "b0c2", "b9c7", "a0b0"])
    );
    assert_eq!(r.line_choices(), [(2, 1)]);
    let nested = r.variations_at(3);
    assert_eq!(nested[0].moves, moves(&["c6c5", "g3g4"]));
    assert!(r.enter_variation(3, 1));
    assert_eq!(r.comment(4), Some("卒底炮"));
    assert_eq!(r.line_choices(), [(2, 1), (3, 1)]);
    // The main line is among the alternatives where the current line leaves it.
    assert_eq!(r.variations_at(2)[0].index, 0);
    assert_eq!(r.variations_at(2)[0].moves[..2], moves(&["h0g2", "i9h9"]));
    assert!(r.choose_line(&[]));
    assert!(r.is_main_line());
    assert_eq!(r.comment(3), Some("main"));
}

#[test]
fn variations_round_trip_through_pgn_and_ron() {
    let mut r = pgn::read_str(TREE_PGN).unwrap();
    for notation in [Notation::Chinese, Notation::Wxf, Notation::Iccs] {
        let text = pgn::write(&r, notation);
        let back = pgn::read_str(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(untagged(&back), untagged(&r), "{notation:?}:\n{text}");
        assert!(back.has_variations());
    }
    // RON keeps the tree and also the line being followed and the point on it.
    r.enter_variation(2, 1);
    r.enter_variation(3, 1);
    let ron = r.to_ron();
    let back = GameRecord::from_ron(&ron).unwrap_or_else(|e| panic!("{e}\n{ron}"));
    assert_eq!(back, r, "{ron}");
    assert_eq!(back.line_choices(), [(2, 1), (3, 1)]);
    // A PGN written from inside a variation still has the main line as its main line.
    let text = pgn::write(&r, Notation::Chinese);
    let back = pgn::read_str(&text).unwrap();
    assert!(back.is_main_line());
    assert_eq!(untagged(&back).all_moves(), r.main_line().all_moves());
}

/// The record without the tags a PGN writer adds (Game, Result, Format), at its main line's end.
fn untagged(r: &GameRecord) -> GameRecord {
    let mut r = r.main_line();
    for tag in ["Game", "Result", "Format"] {
        r.remove_tag(tag);
    }
    r.goto(r.len());
    r
}

#[test]
fn a_linear_record_writes_and_reads_as_before() {
    let mut r = GameRecord::default();
    for m in ["h2e2", "h9g7", "h0g2"] {
        r.play(mv(m)).unwrap();
    }
    r.set_comment(1, Some("中炮".into()));
    assert!(!r.has_variations());
    assert_eq!(
        pgn::write(&r, Notation::Chinese),
        "[Game \"Chinese Chess\"]\n[Result \"*\"]\n[Format \"Chinese\"]\n  1. 炮二平五 {中炮}\n  1. ... 马８进７\n  2. 马二进三\n*\n"
    );
    let ron = r.to_ron();
    assert!(
        !ron.contains("variations") && !ron.contains("line"),
        "{ron}"
    );
    assert_eq!(GameRecord::from_ron(&ron).unwrap(), r);
    // Taking back and playing another move still cuts the old line.
    r.undo();
    r.undo();
    r.play(mv("b9c7")).unwrap();
    assert_eq!(r.all_moves(), moves(&["h2e2", "b9c7"]));
    assert!(!r.has_variations());
}

#[test]
fn playing_a_variation_keeps_the_old_line() {
    let mut r = GameRecord::default();
    for m in ["h2e2", "h9g7", "h0g2", "i9h9"] {
        r.play(mv(m)).unwrap();
    }
    r.goto(2);
    r.play_variation(mv("b0c2")).unwrap();
    assert_eq!(r.all_moves(), moves(&["h2e2", "h9g7", "b0c2"]));
    assert_eq!(r.line_choices(), [(2, 1)]);
    r.play(mv("b9c7")).unwrap();
    let main = r.main_line();
    assert_eq!(main.all_moves(), moves(&["h2e2", "h9g7", "h0g2", "i9h9"]));
    assert_eq!(
        main.ply(),
        2,
        "the main line's point stops where the variation leaves it"
    );
    // Playing the recorded move again as a variation follows the line already there.
    r.goto(2);
    r.play_variation(mv("h0g2")).unwrap();
    assert!(r.is_main_line());
    assert_eq!(r.all_moves().len(), 4);
    assert_eq!(r.variations_at(2).len(), 1);
    // Truncating drops the rest of this line only.
    let mut cut = r.clone();
    cut.goto(3);
    cut.truncate();
    assert_eq!(cut.all_moves().len(), 3);
    assert_eq!(
        cut.variations_at(2).len(),
        1,
        "the alternative at ply 2 stays"
    );
    // An illegal variation is refused and changes nothing.
    let before = r.clone();
    assert!(r.play_variation(mv("a0a5")).is_err());
    assert_eq!(r, before);
}

/// A plain (1.0) XQF file from the standard start with the given nodes:
/// (from, to, next follows, alternative follows, comment).
fn plain_xqf(nodes: &[(&str, &str, bool, bool, &str)]) -> Vec<u8> {
    let mut file = vec![0u8; 0x400];
    file[..3].copy_from_slice(b"XQ\x0a");
    let point = |s: &str| {
        let b = s.as_bytes();
        (b[0] - b'a') * 10 + (b[1] - b'0')
    };
    let pieces = [
        "a0", "b0", "c0", "d0", "e0", "f0", "g0", "h0", "i0", "b2", "h2", "a3", "c3", "e3", "g3",
        "i3", "a9", "b9", "c9", "d9", "e9", "f9", "g9", "h9", "i9", "b7", "h7", "a6", "c6", "e6",
        "g6", "i6",
    ];
    for (i, p) in pieces.iter().enumerate() {
        file[0x10 + i] = point(p);
    }
    for &(from, to, next, alt, comment) in nodes {
        let (f, t) = if from.is_empty() {
            (0, 0)
        } else {
            (point(from), point(to))
        };
        let tag = if next { 0xF0 } else { 0 } | if alt { 0x0F } else { 0 };
        file.extend([f + 0x18, t + 0x20, tag, 0]);
        let (gbk, _, _) = encoding_rs::GBK.encode(comment);
        file.extend((gbk.len() as u32).to_le_bytes());
        file.extend(gbk.iter());
    }
    file
}

#[test]
fn xqf_alternatives_become_variations() {
    let file = plain_xqf(&[
        ("", "", true, false, "开局"),
        ("h2", "e2", true, true, ""),
        ("h9", "g7", false, true, "马８进７"),
        ("b9", "c7", true, false, ""),
        ("b0", "c2", false, false, ""),
        ("c3", "c4", false, false, "仙人指路"),
    ]);
    let r = xqf::read(&file).unwrap();
    assert_eq!(r.comment(0), Some("开局"));
    assert_eq!(r.all_moves(), moves(&["h2e2", "h9g7"]));
    assert_eq!(r.comment(2), Some("马８进７"));
    assert_eq!(r.variations_at(0)[0].moves, moves(&["c3c4"]));
    assert_eq!(r.variations_at(1)[0].moves, moves(&["b9c7", "b0c2"]));
    let mut c = r.clone();
    c.enter_variation(0, 1);
    assert_eq!(c.comment(1), Some("仙人指路"));
    // And they survive a trip through PGN.
    let back = pgn::read_str(&pgn::write(&r, Notation::Chinese)).unwrap();
    assert_eq!(back.variations_at(1)[0].moves, moves(&["b9c7", "b0c2"]));
}

#[test]
fn a_bad_move_is_reported_with_its_line_and_column() {
    let text = "[Game \"Chinese Chess\"]\n[Format \"ICCS\"]\n\n  1. h2e2 h9g7\n  2. h0g2 (2. b0c2 z9z9) i9h9\n";
    match pgn::read_str(text) {
        Err(PgnError::BadMove {
            line,
            column,
            text: bad,
            record,
            ..
        }) => {
            assert_eq!((line, column, bad.as_str()), (5, 20, "z9z9"));
            assert_eq!(record.all_moves(), moves(&["h2e2", "h9g7", "h0g2"]));
        }
        other => panic!("{other:?}"),
    }
    let err = pgn::read_str("[Format \"ICCS\"]\n1. h2e2 h9h1\n").unwrap_err();
    assert!(
        err.to_string()
            .starts_with("line 2, column 9: move 1 (Black)"),
        "{err}"
    );
}

fn shared(path: &str) -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data")).join(path)
}

#[test]
fn damaged_pgn_files_give_typed_errors_and_never_panic() {
    let mut next = common::xorshift(0x9e37_79b9_7f4a_7c15u64);
    let mut files = vec![TREE_PGN.as_bytes().to_vec()];
    for name in [
        "pgn/handicap-9-pieces-1999.PGN",
        "pgn/02.相眼竞技(先和)宝岛一号(A2-A1).PGN",
    ] {
        files.push(std::fs::read(shared(name)).expect("the test data"));
    }
    let (mut runs, mut errors) = (0, 0);
    let symbols = b"()[]{};.\" 0123456789abcdefghiz-/*\n";
    for good in &files {
        // Truncated at 400 places spread over the file (mid-character too: GBK and UTF-8).
        for k in 0..400 {
            let len = good.len() * k / 400;
            runs += 1;
            if pgn::read(&good[..len]).is_err() {
                errors += 1;
            }
        }
        // Bytes changed, inserted or removed at random, 1,500 times a file.
        for _ in 0..1500 {
            let mut bad = good.clone();
            for _ in 0..1 + next() % 4 {
                let at = (next() % bad.len() as u64) as usize;
                let byte = if next().is_multiple_of(2) {
                    symbols[(next() % symbols.len() as u64) as usize]
                } else {
                    next() as u8
                };
                match next() % 3 {
                    0 => bad[at] = byte,
                    1 => bad.insert(at, byte),
                    _ => {
                        bad.remove(at);
                    }
                }
            }
            runs += 1;
            if let Err(e) = pgn::read(&bad) {
                errors += 1;
                assert!(!e.to_string().is_empty());
            }
        }
    }
    assert_eq!(runs, 3 * 1900);
    assert!(errors > 1000, "damage is noticed: {errors} of {runs}");
}

#[test]
fn variations_nested_past_the_limit_are_skipped_and_the_record_still_writes() {
    // 150 levels of variations within variations.
    let text = common::nested_pgn(150);
    let r = pgn::read_str(&text).unwrap();
    assert_eq!(r.all_moves(), moves(&["h2e2", "h9g7", "h0g2"]));
    let written = pgn::write(&r, Notation::Iccs);
    let mut depth = 0i32;
    let mut deepest = 0;
    for c in written.chars() {
        depth += match c {
            '(' => 1,
            ')' => -1,
            _ => 0,
        };
        deepest = deepest.max(depth);
    }
    assert_eq!(deepest as usize, xiangqi::MAX_VARIATION_NESTING);
    assert_eq!(untagged(&pgn::read_str(&written).unwrap()), untagged(&r));
}
