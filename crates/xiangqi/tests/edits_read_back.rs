//! Every record the edits can make is one the readers read back: variations never nest deeper
//! than [`MAX_VARIATION_NESTING`] through play, play_variation, truncate and promote, and the
//! record written in each format reads back with the same moves.

use xiangqi::notation::Notation;
use xiangqi::{GameRecord, MAX_VARIATION_NESTING, Move, PlayError, cbr, dhtml, pgn, xqf};

mod common;

/// Writes `record` in every format and reads it back: each must read, and the RON and PGN
/// readings hold the same tree (the same lines, moves and comments).
fn reads_back(record: &GameRecord, what: &str) {
    assert!(
        record.nesting() <= MAX_VARIATION_NESTING,
        "{what}: nests {}",
        record.nesting()
    );
    let mut main = record.clone();
    main.choose_line(&[]);
    main.goto(0);
    let ron = GameRecord::from_ron(&record.to_ron())
        .unwrap_or_else(|e| panic!("{what}: RON does not read back: {e}"));
    let mut ron_main = ron.clone();
    ron_main.choose_line(&[]);
    ron_main.goto(0);
    assert_eq!(ron_main, main, "{what}: RON");
    let text = pgn::write(record, Notation::Iccs);
    let back = pgn::read_str(&text).unwrap_or_else(|e| panic!("{what}: PGN: {e}"));
    assert_eq!(back.all_moves(), main.all_moves(), "{what}: PGN");
    assert_eq!(back.nesting(), record.nesting(), "{what}: PGN nesting");
    let back =
        dhtml::read(&dhtml::write(record)).unwrap_or_else(|e| panic!("{what}: DhtmlXQ: {e}"));
    assert_eq!(back.nesting(), record.nesting(), "{what}: DhtmlXQ nesting");
    let back = xqf::read(&xqf::write(record)).unwrap_or_else(|e| panic!("{what}: XQF: {e}"));
    assert_eq!(back.nesting(), record.nesting(), "{what}: XQF nesting");
    let back = cbr::read(&cbr::write(record)).unwrap_or_else(|e| panic!("{what}: CBR: {e}"));
    assert_eq!(back.nesting(), record.nesting(), "{what}: CBR nesting");
}

/// The sequence: a main line of `n + 1` moves with a one-move alternative at each ply;
/// then for each ply, the line of the alternatives taken so far followed to that ply's
/// alternative, which is promoted (as 提升变着 does at the point where the line leaves the main
/// one). Each promotion puts the old main line one level deeper.
#[test]
fn promoting_alternative_after_alternative_stops_at_the_limit() {
    let n = MAX_VARIATION_NESTING + 20;
    let mut record = GameRecord::default();
    let cycle: Vec<Move> = ["h0g2", "h9g7", "g2h0", "g7h9"]
        .iter()
        .map(|m| m.parse().unwrap())
        .collect();
    for ply in 0..=n {
        record.append(cycle[ply % 4]).unwrap();
    }
    for ply in 0..=n {
        record.goto(ply);
        let other = *record
            .position()
            .legal_moves()
            .iter()
            .find(|&&m| m != cycle[ply % 4])
            .unwrap();
        record.append_variation(other).unwrap();
        record.choose_line(&[]);
    }
    assert_eq!(record.nesting(), 1);
    let mut refused = None;
    // The old main line at ply i: continuation 1 at every ply before it once promoted.
    for i in 0..=n {
        let mut choices: Vec<(usize, usize)> = (0..i).map(|p| (p, 1)).collect();
        choices.push((i, 1));
        assert!(record.choose_line(&choices), "ply {i}");
        record.goto(i + 1);
        match record.promote_variation(i, 1) {
            Ok(true) => {}
            Ok(false) => panic!("ply {i}: nothing promoted"),
            Err(e) => {
                assert_eq!(e, PlayError::NestedTooDeep);
                refused = Some(i);
                break;
            }
        }
        assert!(record.nesting() <= MAX_VARIATION_NESTING, "ply {i}");
    }
    // Refused exactly when the old main line would go past the limit: at ply i it sits below i
    // variations, one more for itself, and holds its own one-move alternatives (one more). The
    // record as it stands, nested to the limit, reads back in every format.
    assert_eq!(refused, Some(MAX_VARIATION_NESTING - 1));
    assert_eq!(record.nesting(), MAX_VARIATION_NESTING);
    reads_back(&record, "after the promotions");
}

/// Random edits, as a player makes them in replay: moves (played over what was taken back, or as
/// variations), taking back, stepping into variations, truncating, promoting and deleting.
#[test]
fn random_edit_sequences_always_read_back() {
    let mut next = common::xorshift(0x5eed_0051);
    let mut pick = |n: usize| (next() % n.max(1) as u64) as usize;
    for case in 0..300 {
        let mut record = GameRecord::default();
        let mut log = Vec::new();
        for _ in 0..80 {
            let op = pick(10);
            let ply = record.ply();
            match op {
                0..=2 => {
                    let moves = record.position().legal_moves();
                    if !moves.is_empty() {
                        let m = moves[pick(moves.len())];
                        let r = if op == 0 {
                            record.play(m)
                        } else {
                            record.play_variation(m)
                        };
                        log.push(format!(
                            "{} {m}: {r:?}",
                            if op == 0 { "play" } else { "var" }
                        ));
                    }
                }
                3 => {
                    record.undo();
                    log.push("undo".into());
                }
                4 => {
                    let to = pick(record.len() + 1);
                    record.goto(to);
                    log.push(format!("goto {to}"));
                }
                5 => {
                    let at = pick(record.len() + 1);
                    let vars = record.variations_at(at);
                    if !vars.is_empty() {
                        let v = &vars[pick(vars.len())];
                        record.enter_variation(at, v.index);
                        log.push(format!("enter {at} {}", v.index));
                    }
                }
                6 => {
                    // 提升变着: the last point before here where the line leaves the main one.
                    if let Some(&(at, index)) =
                        record.line_choices().iter().rev().find(|(p, _)| *p < ply)
                    {
                        let r = record.promote_variation(at, index);
                        log.push(format!("promote {at} {index}: {r:?}"));
                    }
                }
                7 => {
                    record.truncate();
                    log.push("truncate".into());
                }
                8 => {
                    if let Some(at) = ply.checked_sub(1) {
                        let index = record
                            .line_choices()
                            .iter()
                            .find(|(p, _)| *p == at)
                            .map_or(0, |c| c.1);
                        record.delete_variation(at, index);
                        log.push(format!("delete {at} {index}"));
                    }
                }
                _ => {
                    record.set_comment(ply, Some(format!("note {case} {{x}} [DhtmlXQ_movelist]")));
                    log.push("comment".into());
                }
            }
        }
        reads_back(&record, &format!("case {case}: {}", log.join("; ")));
    }
}
