//! The external-engine client driving our own UCI binary as a child process.

use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use xiangqi::{GameRecord, Position};
use xiangqi_engine::Limits;
use xiangqi_engine::analysis::Analyser;
use xiangqi_engine::analysis::external::UciEngine;
use xiangqi_engine::analysis::review::review;

fn engine() -> UciEngine {
    UciEngine::start(
        env!("CARGO_BIN_EXE_xiangqi-engine"),
        // Analysis wants searches, not book moves.
        &[
            ("Hash".into(), "8".into()),
            ("OwnBook".into(), "false".into()),
        ],
    )
    .unwrap()
}

#[test]
fn a_child_engine_analyses_plays_and_stops() {
    let mut e = engine();
    assert!(e.name().starts_with("Chuhan"), "{}", e.name());
    let start = Position::startpos();
    let depth = Limits {
        depth: Some(5),
        ..Limits::default()
    };
    let lines = e.analyse(&start, &[], &depth, 2, &mut |_, _| {}).unwrap();
    assert_eq!(lines.len(), 2);
    assert!(lines.iter().all(|l| start.is_legal(l.pv[0])));
    let m = e
        .play(&start, &[], &depth, None, &mut |_| {})
        .unwrap()
        .unwrap();
    assert!(start.is_legal(m));
    // An infinite search ends soon after the stop flag is set.
    let stop = e.stop_flag();
    let setter = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(300));
        stop.store(true, Ordering::SeqCst);
    });
    let t = Instant::now();
    let infinite = Limits {
        infinite: true,
        ..Limits::default()
    };
    let lines = e
        .analyse(&start, &[], &infinite, 1, &mut |_, _| {})
        .unwrap();
    setter.join().unwrap();
    assert!(t.elapsed() < Duration::from_secs(5));
    assert!(!lines.is_empty());
}

#[test]
fn a_review_through_a_child_engine_marks_every_move() {
    let mut record = GameRecord::new(Position::startpos());
    for m in ["h2e2", "h9g7", "e2e6"] {
        record.play(m.parse().unwrap()).unwrap();
    }
    let mut e = engine();
    let limits = Limits {
        depth: Some(6),
        ..Limits::default()
    };
    let cancel = xiangqi_engine::analysis::review::never();
    let r = review(&mut e, &record, &limits, &cancel, |_, _| {})
        .unwrap()
        .unwrap();
    assert_eq!(r.moves.len(), 3);
    // 炮五进四 takes a pawn but drops the cannon to the horse: a blunder at least a mistake.
    assert!(r.moves[2].loss > 0.1, "{:?}", r.moves[2]);
}
