//! Numbers at the edge of their types in what the readers take in: no panic, no wrap-around.

use xiangqi::{GameRecord, Position, dhtml};

#[test]
fn fen_counters_at_their_largest_survive_moves_and_take_backs() {
    let max = u32::MAX;
    let fen =
        format!("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - {max} {max}");
    let mut pos = Position::from_fen(&fen).unwrap();
    let before = pos.clone();
    // Black moves: the full-move number goes up; a quiet move: the half-move clock too.
    let m = pos.legal_moves()[0];
    let undo = pos.make_move(m);
    pos.unmake_move(m, undo);
    assert_eq!(pos, before);
    let undo = pos.make_null_move();
    pos.unmake_null_move(undo);
    assert_eq!(pos, before);
    // A record plays on from it, judging each position (the no-capture rule reads the clock).
    let mut r = GameRecord::new(before);
    for _ in 0..4 {
        let m = r.position().legal_moves()[0];
        r.append(m).unwrap();
    }
    assert!(r.position().fullmove_number() >= 1);
    // Its FEN reads back (the full-move number kept below u32::MAX).
    let back = Position::from_fen(&r.position().to_fen()).unwrap();
    assert_eq!(back.key(), r.position().key());
    assert!(back.fullmove_number() <= u32::MAX / 2);
}

#[test]
fn dhtml_move_numbers_at_their_largest_are_left_out() {
    let max = u64::MAX;
    for name in [
        format!("move_0_{max}_1"),
        format!("move_{max}_1_1"),
        format!("move_0_1_{max}"),
        format!("move_{max}_{max}_{max}"),
        "move_0_99999999999999999999999_1".to_owned(),
    ] {
        let text = format!(
            "[DhtmlXQ][DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]\
             [DhtmlXQ_{name}]26256254[/DhtmlXQ_{name}][DhtmlXQ_comment{max}]x[/DhtmlXQ_comment{max}]\
             [DhtmlXQ_comment0_{max}]y[/DhtmlXQ_comment0_{max}][/DhtmlXQ]"
        );
        let (r, _) = dhtml::read_lenient(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(r.len(), 2, "{name}: the main line is kept");
    }
}
