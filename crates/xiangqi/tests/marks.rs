//! Marks on moves (!, ?, !!, ??, !?, ?!): set on any move of any line, and kept by the formats
//! that can hold them (PGN as $1-$6 glyphs, RON by ply).

use xiangqi::notation::Notation;
use xiangqi::{GameRecord, Mark, Move, Position, pgn};

fn mv(s: &str) -> Move {
    s.parse().unwrap()
}

/// 炮二平五 马8进7 马二进三 with a variation 卒7进1 for Black's first move, marks on both lines.
fn marked() -> GameRecord {
    let mut r = GameRecord::new(Position::startpos());
    for m in ["h2e2", "h9g7", "h0g2"] {
        r.append(mv(m)).unwrap();
    }
    assert!(r.set_mark(1, Some(Mark::Good)));
    assert!(r.set_mark(3, Some(Mark::Dubious)));
    r.goto(1);
    r.append_variation(mv("g6g5")).unwrap();
    assert!(r.set_mark(2, Some(Mark::Interesting)));
    r.set_comment(2, Some("a quiet reply".to_owned()));
    r.main_line()
}

#[test]
fn marks_are_set_read_and_cleared_on_the_line_followed() {
    let mut r = marked();
    assert_eq!(r.mark(0), None, "nothing reaches ply 0");
    assert_eq!(r.mark(1), Some(Mark::Good));
    assert_eq!(r.mark(2), None);
    assert_eq!(r.mark(3), Some(Mark::Dubious));
    assert!(!r.set_mark(4, Some(Mark::Blunder)), "no fourth move");
    assert!(!r.set_mark(0, Some(Mark::Blunder)));
    assert!(r.enter_variation(1, 1));
    assert_eq!(r.mark(2), Some(Mark::Interesting));
    r.set_mark(2, None);
    assert_eq!(r.mark(2), None);
    // A record differs from its copy once a mark differs.
    let mut other = marked();
    assert_eq!(other, marked());
    other.set_mark(1, Some(Mark::Brilliant));
    assert_ne!(other, marked());
}

#[test]
fn pgn_writes_marks_as_glyphs_and_reads_them_back_in_every_notation() {
    let r = marked();
    for notation in [Notation::Chinese, Notation::Wxf, Notation::Iccs] {
        let text = pgn::write(&r, notation);
        assert!(
            text.contains("$1") && text.contains("$5") && text.contains("$6"),
            "{text}"
        );
        let mut back = pgn::read_str(&text).unwrap();
        assert_eq!(pgn::write(&back, notation), text);
        back.goto(3);
        assert_eq!(
            (back.mark(1), back.mark(2), back.mark(3)),
            (Some(Mark::Good), None, Some(Mark::Dubious))
        );
        assert!(back.enter_variation(1, 1));
        assert_eq!(back.mark(2), Some(Mark::Interesting));
    }
}

#[test]
fn pgn_reads_signs_written_onto_moves_or_standing_alone() {
    let text = "1. h2e2!? h9g7 ?? 2. h0g2 $4 $14 b9c7!!\n";
    let r = pgn::read_str(text).unwrap();
    assert_eq!(r.len(), 4);
    assert_eq!(r.mark(1), Some(Mark::Interesting));
    assert_eq!(r.mark(2), Some(Mark::Blunder));
    assert_eq!(
        r.mark(3),
        Some(Mark::Blunder),
        "$14 is not a mark and is passed over"
    );
    assert_eq!(r.mark(4), Some(Mark::Brilliant));
    // Chinese moves carry signs too.
    let r = pgn::read_str("1. 炮二平五! 马8进7?\n").unwrap();
    assert_eq!(
        (r.mark(1), r.mark(2)),
        (Some(Mark::Good), Some(Mark::Mistake))
    );
}

#[test]
fn ron_keeps_marks_on_both_lines() {
    let r = marked();
    let text = r.to_ron();
    assert!(text.contains("marks"), "{text}");
    assert_eq!(GameRecord::from_ron(&text).unwrap(), r);
    let bad = text.replacen("\"!\"", "\"!!!\"", 1);
    assert!(
        GameRecord::from_ron(&bad)
            .unwrap_err()
            .to_string()
            .contains("not a mark")
    );
    // A record without marks writes no marks field.
    let mut plain = GameRecord::new(Position::startpos());
    plain.append(mv("h2e2")).unwrap();
    assert!(!plain.to_ron().contains("marks"));
}
