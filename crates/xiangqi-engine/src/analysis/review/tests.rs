use super::*;

#[test]
fn thresholds_mark_moves_by_their_loss() {
    assert_eq!(classify(0.0, 50, Some(40)), Mark::Good);
    assert_eq!(classify(0.049, 50, None), Mark::Good);
    assert_eq!(classify(0.05, 50, None), Mark::Inaccuracy);
    assert_eq!(classify(0.10, 50, None), Mark::Mistake);
    assert_eq!(classify(0.20, 50, None), Mark::Blunder);
    // The only move in a balanced position: brilliant; in a won one: just good.
    assert_eq!(classify(0.0, 50, Some(-300)), Mark::Brilliant);
    assert_eq!(classify(0.0, 1500, Some(200)), Mark::Good);
}

#[test]
fn expected_score_and_accuracy_follow_their_formulas() {
    assert!((expected(0) - 0.5).abs() < 1e-12);
    assert!((expected(100) - 0.598_687).abs() < 1e-5);
    assert!(expected(MATE - 3) > 0.9996 && expected(-MATE + 3) < 0.0004);
    assert!((accuracy(0.0) - 100.0).abs() < 1e-3);
    assert!((accuracy(0.16) - 48.2).abs() < 0.1);
    assert_eq!(accuracy(0.9), 0.0);
}

#[test]
fn scores_at_the_ends_of_i32_neither_overflow_nor_leave_the_mate_scale() {
    let m = |s: &str| s.parse::<Move>().unwrap();
    let moves = [m("h2e2"), m("h9g7")];
    let line = |score: i32, mv: &str| {
        vec![Line {
            depth: 1,
            score,
            pv: vec![m(mv)],
        }]
    };
    let lines = vec![
        line(i32::MIN, "h2e2"),
        line(i32::MIN, "h9g7"),
        line(i32::MAX, "h0g2"),
    ];
    let review = assemble(&moves, &lines, None, Color::Black);
    for s in review.red_scores(Color::Red) {
        assert!(s.abs() <= MATE, "{s}");
    }
    // The same numbers in a record's annotations.
    let mut record = GameRecord::default();
    for mv in moves {
        record.append(mv).unwrap();
    }
    annotate(&mut record, &review);
    for ply in 1..=2 {
        let c = record.comment(ply).unwrap().to_owned();
        let at = c.find(ANNOTATION).unwrap() + ANNOTATION.len();
        let mut words: Vec<String> = c[at..].split_whitespace().map(str::to_owned).collect();
        words[1] = i32::MIN.to_string();
        words[2] = i32::MIN.to_string();
        record.set_comment(ply, Some(format!("{}{}", &c[..at], words.join(" "))));
    }
    let back = read_annotations(&record).expect("annotations read back");
    for s in back.red_scores(Color::Red) {
        assert!(s.abs() <= MATE, "{s}");
    }
}

#[test]
fn a_hung_rook_is_a_blunder_and_the_summary_counts_it() {
    // Lines as an engine would report them: Red's first move gives up 900 cp against its
    // best (20 cp); Black's answer is its engine's best.
    let m = |s: &str| s.parse::<Move>().unwrap();
    let moves = [m("a0a1"), m("a9a8")];
    let line = |score: i32, mv: &str| {
        vec![Line {
            depth: 10,
            score,
            pv: vec![m(mv)],
        }]
    };
    let lines = vec![line(20, "h2e2"), line(900, "a9a8"), line(-890, "a1a8")];
    let review = assemble(&moves, &lines, None, Color::Black);
    assert_eq!(review.moves[0].mark, Mark::Blunder);
    assert_eq!(review.moves[1].mark, Mark::Good);
    let red = review.summary(true);
    assert_eq!(red.counts, [0, 0, 0, 0, 1]);
    assert!(red.accuracy < 10.0);
    assert_eq!(review.summary(false).counts, [0, 1, 0, 0, 0]);
    assert_eq!(review.red_scores(Color::Red), vec![20, -900, -890]);
}

#[test]
fn a_review_written_into_comments_reads_back_and_keeps_the_comments() {
    let m = |s: &str| s.parse::<Move>().unwrap();
    let mut record = GameRecord::default();
    record.play(m("a0a1")).unwrap();
    record.play(m("a9a8")).unwrap();
    record.set_comment(2, Some("a note".to_owned()));
    assert_eq!(read_annotations(&record), None);
    let line = |score: i32, mv: &str| {
        vec![Line {
            depth: 10,
            score,
            pv: vec![m(mv), m("h9g7")],
        }]
    };
    let lines = vec![line(20, "h2e2"), line(900, "a9a8"), line(-890, "a1a8")];
    let review = assemble(record.all_moves(), &lines, None, Color::Black);
    annotate(&mut record, &review);
    assert_eq!(read_annotations(&record), Some(review.clone()));
    assert!(
        record
            .comment(2)
            .unwrap()
            .starts_with("a note [%review good")
    );
    // Written again, the tag is replaced, not repeated.
    annotate(&mut record, &review);
    assert_eq!(record.comment(2).unwrap().matches("[%review").count(), 1);
    assert_eq!(strip_annotation(record.comment(2).unwrap()), "a note");
    // A damaged tag is no review.
    record.set_comment(1, Some("[%review awful 1 2]".to_owned()));
    assert_eq!(read_annotations(&record), None);
}
