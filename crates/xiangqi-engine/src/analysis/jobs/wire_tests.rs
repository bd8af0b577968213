//! Tests of the module beside it.
use super::*;
use std::time::Duration;

use xiangqi::{Position, Rulebook};

use crate::Engine;
use crate::search::Limits;

fn served(text: &str) -> Vec<(u64, Reply)> {
    let mut engine = Engine::new();
    let mut out = Vec::new();
    serve(&mut engine, text, &mut |t| {
        out.push(read_reply(&t).expect("a reply the GUI reads"));
    });
    out
}

#[test]
fn a_job_goes_out_as_text_and_its_answer_comes_back() {
    let job = Job::Play {
        start: Position::startpos(),
        moves: vec!["h2e2".parse().expect("move")],
        limits: Limits {
            depth: Some(3),
            time: Some(Duration::from_millis(60_000)),
            increment: Duration::from_millis(500),
            ..Limits::default()
        },
        level: Some(crate::Level::from_index(3).expect("level")),
        rulebook: Rulebook::Asian,
        threads: 1,
    };
    let text = request(7, &job);
    let (id, back) = read_request(&text).expect("read");
    assert_eq!(id, 7);
    assert_eq!(format!("{back:?}"), format!("{job:?}"));
    let replies = served(&text);
    let (last_id, last) = replies.last().expect("an answer");
    assert_eq!(*last_id, 7);
    let Reply::Done(Ok(Answer::Played(Some(m)))) = last else {
        panic!("not a move: {last:?}");
    };
    let mut after = Position::startpos();
    after.play("h2e2".parse().expect("move")).expect("legal");
    assert!(after.is_legal(*m));
    let dones = replies
        .iter()
        .filter(|(_, r)| matches!(r, Reply::Done(_)))
        .count();
    assert_eq!(dones, 1, "exactly one answer");
}

#[test]
fn a_review_crosses_whole() {
    let mut record = GameRecord::new(Position::startpos());
    for m in ["h2e2", "h9g7"] {
        record.append(m.parse().expect("move")).expect("legal");
    }
    let job = Job::Review {
        record,
        limits: Limits {
            depth: Some(2),
            ..Limits::default()
        },
    };
    let replies = served(&request(3, &job));
    let Some((3, Reply::Done(Ok(Answer::Reviewed(Some(r)))))) = replies.last() else {
        panic!("no review: {replies:?}");
    };
    assert_eq!(r.moves.len(), 2);
    assert_eq!(r.moves[0].played.to_string(), "h2e2");
    // Progress came before it, position by position.
    assert!(replies.contains(&(3, Reply::Report(Report::Reviewed(3, 3)))));
}

#[test]
fn bad_requests_get_one_failure_each() {
    for (text, id) in [
        ("not json", 0),
        (r#"{"id":5,"job":{"kind":"dance"}}"#, 5),
        (
            r#"{"id":6,"job":{"kind":"analyse","fen":"bad fen","moves":[],"limits":{"depth":1,"nodes":null,"movetime_ms":null,"time_ms":null,"increment_ms":0,"moves_to_go":null,"infinite":false,"search_moves":[],"max_time_ms":null,"move_overhead_ms":null},"lines":1,"rulebook":null}}"#,
            6,
        ),
    ] {
        let replies = served(text);
        assert_eq!(replies.len(), 1, "{text}");
        assert!(
            matches!(&replies[0], (i, Reply::Done(Err(_))) if *i == id),
            "{text}: {replies:?}"
        );
    }
}
