//! Search behaviour: mates found at the right distance, the repetition rules respected, the
//! bench signature unchanged.

use xiangqi::{GameRecord, Move, Position, Rulebook};
use xiangqi_engine::search::{Limits, SearchOptions, Searcher};
use xiangqi_engine::{MATE, MATE_BOUND, ScoreKind, by_rule, rule_score, score_kind};

/// Whether the side to move can force mate (the loser has no legal move) within `n` of its own
/// moves: a plain exhaustive search, independent of the engine.
fn forced_mate(pos: &mut Position, n: u32) -> bool {
    if n == 0 {
        return false;
    }
    for &m in &pos.legal_moves() {
        let undo = pos.make_move(m);
        let replies = pos.legal_moves();
        let wins = replies.is_empty()
            || (n > 1
                && replies.iter().all(|&r| {
                    let u = pos.make_move(r);
                    let w = forced_mate(pos, n - 1);
                    pos.unmake_move(r, u);
                    w
                }));
        pos.unmake_move(m, undo);
        if wins {
            return true;
        }
    }
    false
}

fn search(fen: &str, moves: &[&str], depth: u32) -> xiangqi_engine::SearchResult {
    search_limited(fen, moves, depth, &[])
}

fn search_limited(
    fen: &str,
    moves: &[&str],
    depth: u32,
    only: &[&str],
) -> xiangqi_engine::SearchResult {
    search_by(Rulebook::League, fen, moves, depth, only)
}

fn search_by(
    rulebook: Rulebook,
    fen: &str,
    moves: &[&str],
    depth: u32,
    only: &[&str],
) -> xiangqi_engine::SearchResult {
    let start = Position::from_fen(fen).unwrap();
    let moves: Vec<Move> = moves.iter().map(|m| m.parse().unwrap()).collect();
    let limits = Limits {
        depth: Some(depth),
        search_moves: only.iter().map(|m| m.parse().unwrap()).collect(),
        ..Limits::default()
    };
    let mut searcher = Searcher::new(16);
    searcher.set_rulebook(rulebook);
    searcher.search(&start, &moves, &limits, &SearchOptions::default(), |_| {})
}

fn check_mate_in(fen: &str, n: i32) {
    let mut pos = Position::from_fen(fen).unwrap();
    assert!(forced_mate(&mut pos, n as u32), "{fen}: no mate in {n}");
    assert!(
        !forced_mate(&mut pos, n as u32 - 1),
        "{fen}: mate in fewer than {n}"
    );
    let r = search(fen, &[], 2 * n as u32 + 2);
    assert_eq!(
        score_kind(r.score),
        ScoreKind::Mate(n),
        "{fen}: pv {:?}",
        r.pv
    );
    // The principal variation ends the game: the loser has no legal move.
    let mut record = GameRecord::new(pos.clone());
    for &m in &r.pv {
        record.play(m).unwrap();
    }
    assert_eq!(record.len(), 2 * n as usize - 1, "{fen}: pv {:?}", r.pv);
    assert!(!record.position().has_legal_move(), "{fen}: pv {:?}", r.pv);
}

#[test]
fn finds_mate_in_one() {
    // Rook to the back rank; the advisor blocks the king's step forward.
    check_mate_in("4k4/4a4/9/9/9/9/9/9/9/R3K4 w", 1);
}

#[test]
fn finds_mate_in_two() {
    check_mate_in("4k4/9/9/9/9/9/9/9/R8/1R1K5 w", 2);
}

#[test]
fn finds_mate_in_three() {
    // The rook alone against king and advisors, with the red king holding the d-file.
    check_mate_in("3ak4/4a4/9/9/9/9/9/9/9/3K2R2 w", 3);
}

/// Red's rook against the bare king, where Red has checked the king back and forth. Repeating
/// the check once more is a perpetual check, which loses; any other move keeps the win.
const PERPETUAL: &str = "R8/4k4/9/9/9/9/9/9/9/3K5 w";
const CHECKS: [&str; 8] = [
    "a9a8", "e8e9", "a8a9", "e9e8", "a9a8", "e8e9", "a8a9", "e9e8",
];

#[test]
fn repeating_the_check_is_scored_as_a_loss() {
    let r = search_limited(PERPETUAL, &CHECKS, 6, &["a9a8"]);
    assert!(r.score <= -MATE_BOUND, "score {}", r.score);
    assert!(
        by_rule(r.score, 0),
        "a loss by rule, not a mate: {}",
        r.score
    );
}

#[test]
fn does_not_fall_for_a_perpetual_check_loss() {
    let r = search(PERPETUAL, &CHECKS, 8);
    let best = r.best.unwrap().to_string();
    assert_ne!(best, "a9a8", "walked into the perpetual check");
    assert!(r.score > 500, "a rook up should stay winning: {}", r.score);
}

#[test]
fn rule_scores_and_mates_share_one_scale_and_stay_apart() {
    for ply in 0..40 {
        for won in [true, false] {
            // Handed up the tree, negated at each ply, a rule's score is still read as one.
            let mut s = rule_score(won, ply);
            for up in (0..=ply).rev() {
                assert!(
                    by_rule(s, up),
                    "won {won}, judged at {ply}, read at {up}: {s}"
                );
                s = -s;
            }
        }
        // Mates at every distance, read at every ply above them, never are.
        for up in 0..=ply {
            let mated = -(MATE - ply as i32);
            let sign = if (ply - up) % 2 == 0 { 1 } else { -1 };
            assert!(!by_rule(sign * mated, up), "mate at {ply} read at {up}");
        }
        // Losing by a rule now ranks between being mated now and being mated a move later.
        assert!(rule_score(false, ply) > -(MATE - ply as i32));
        assert!(rule_score(false, ply) < -(MATE - ply as i32 - 2));
        assert!(!by_rule(ply as i32 * 50, ply), "an evaluation");
    }
    assert_eq!(score_kind(-rule_score(true, 1)), ScoreKind::Mate(-1));
    assert_eq!(score_kind(-rule_score(false, 3)), ScoreKind::Mate(2));
}

/// The perpetual check above with Black's mate in one on the board (the rook from h2 to h0; the
/// red rook cannot reach rank 0 in time and the red king cannot move). Repeating the check loses
/// by the rules at once; every other move is mated a move later. A loss by a rule is a loss like
/// a mate: the engine takes the longer road (it used to take the rule loss, scored above any mate).
const PERPETUAL_OR_MATE: &str = "R8/4k4/5a3/7n1/6b2/9/9/7r1/8r/3K5 w";

#[test]
fn a_loss_by_the_rules_is_no_better_than_a_later_mate() {
    for rulebook in [Rulebook::League, Rulebook::Asian] {
        let r = search_by(rulebook, PERPETUAL_OR_MATE, &CHECKS, 6, &[]);
        assert_ne!(
            r.best.unwrap().to_string(),
            "a9a8",
            "{rulebook:?}: {:?}",
            r.pv
        );
        assert_eq!(
            score_kind(r.score),
            ScoreKind::Mate(-1),
            "{rulebook:?}: {}",
            r.score
        );
    }
}

/// Black is a rook and a horse down. Both sides have shuffled (Black's king, Red's rook); playing
/// the king up once more repeats the position with no check and no chase: a draw.
const LOST: &str = "3ak4/9/9/9/9/9/9/9/9/R2K2N2 b";
const SHUFFLE: [&str; 4] = ["e9e8", "a0a1", "e8e9", "a1a0"];

#[test]
fn one_repetition_before_the_root_decides_nothing() {
    // Once round the shuffle: the king's step up would be only the second occurrence, which the
    // rules do not judge, so Black is still lost (the engine used to call it a draw).
    let r = search(LOST, &SHUFFLE, 7);
    assert!(
        r.score < -800,
        "a second occurrence is no draw: {} {:?}",
        r.score,
        r.pv
    );
}

#[test]
fn asian_rules_give_the_draw_at_the_third_occurrence() {
    // Twice round: the king's step up is the third occurrence, a draw by the Asian rules only.
    let twice: Vec<&str> = SHUFFLE.iter().cycle().take(8).copied().collect();
    let asian = search_by(Rulebook::Asian, LOST, &twice, 7, &[]);
    assert_eq!(asian.best.unwrap().to_string(), "e9e8", "pv {:?}", asian.pv);
    assert_eq!(asian.score, 0);
    let league = search_by(Rulebook::League, LOST, &twice, 7, &[]);
    assert!(
        league.score < -800,
        "league: {} {:?}",
        league.score,
        league.pv
    );
}

/// Red, two rooks against a horse, has checked with one rook and chased the horse with the other
/// (一将一捉) once round. Checking again repeats it: a loss by the Asian rules (avoided a
/// repetition early, as the engine does), nothing by the league rules, where checks mixed with
/// chases are allowed.
const CHECK_CHASE: &str = "4k4/1n7/9/9/5R3/9/9/R8/9/3K5 w";
const CHECK_CHASE_CYCLE: [&str; 8] = [
    "f5e5", "e9f9", "a2b2", "b8a6", "e5f5", "f9e9", "b2a2", "a6b8",
];

#[test]
fn asian_rules_make_one_check_one_chase_a_loss_in_the_search() {
    let asian = search_by(
        Rulebook::Asian,
        CHECK_CHASE,
        &CHECK_CHASE_CYCLE,
        4,
        &["f5e5"],
    );
    assert!(asian.score <= -MATE_BOUND, "asian: {}", asian.score);
    let league = search_by(
        Rulebook::League,
        CHECK_CHASE,
        &CHECK_CHASE_CYCLE,
        4,
        &["f5e5"],
    );
    assert!(league.score > 500, "league: {}", league.score);
}

#[test]
fn takes_a_repetition_draw_when_lost_otherwise() {
    let fresh = search(LOST, &[], 7);
    assert!(fresh.score < -800, "should be lost: {}", fresh.score);
    // Three times round: the king's step up is the fourth occurrence, a draw by the rules.
    let thrice: Vec<&str> = SHUFFLE.iter().cycle().take(12).copied().collect();
    let r = search(LOST, &thrice, 7);
    assert_eq!(r.best.unwrap().to_string(), "e9e8", "pv {:?}", r.pv);
    assert_eq!(r.score, 0);
    // The rules library agrees it is a draw by repetition once it has happened often enough.
    let mut record = GameRecord::from_fen(LOST).unwrap();
    for m in SHUFFLE.iter().cycle().take(40) {
        if record.outcome().is_some() {
            break;
        }
        record.play(m.parse().unwrap()).unwrap();
    }
    assert_eq!(
        record.outcome(),
        Some(xiangqi::Outcome::Draw {
            reason: xiangqi::DrawReason::Repetition
        })
    );
}

#[test]
fn bench_signature_is_unchanged() {
    // Update this constant only with a search change that is meant to change behaviour, and
    // say so in the commit.
    const SIGNATURE: u64 = 3_799_763;
    let r = xiangqi_engine::bench::run(xiangqi_engine::bench::DEPTH, |_, _, _| {});
    assert_eq!(r.nodes, SIGNATURE);
}

#[test]
fn never_returns_an_illegal_move_under_tiny_budgets() {
    let start = Position::startpos();
    let mut record = GameRecord::new(start.clone());
    let mut searcher = Searcher::new(1);
    for i in 0..60 {
        if record.outcome().is_some() {
            break;
        }
        let limits = Limits {
            nodes: Some(1 + i * 37),
            ..Limits::default()
        };
        let r = searcher.search(
            &start,
            record.moves(),
            &limits,
            &SearchOptions::default(),
            |_| {},
        );
        record.play(r.best.unwrap()).unwrap();
    }
}

/// Lazy SMP: with helpers searching beside it the main thread still proves the mate at its
/// distance, whatever the helpers wrote into the shared table first.
#[test]
fn three_threads_prove_the_same_mate() {
    let start = Position::from_fen("3ak4/4a4/9/9/9/9/9/9/9/3K2R2 w").unwrap();
    let mut searcher = Searcher::new(16);
    searcher.set_threads(3);
    assert_eq!(searcher.threads(), 3);
    let options = SearchOptions {
        threads: 3,
        ..SearchOptions::default()
    };
    for _ in 0..3 {
        let limits = Limits {
            depth: Some(8),
            ..Limits::default()
        };
        let r = searcher.search(&start, &[], &limits, &options, |_| {});
        assert_eq!(score_kind(r.score), ScoreKind::Mate(3), "pv {:?}", r.pv);
    }
}

/// Two threads sharing a 1 MiB table (so entries are overwritten all the time) through a game
/// of short searches: every move played is legal.
#[test]
fn two_threads_on_a_small_shared_table_never_play_an_illegal_move() {
    let start = Position::startpos();
    let mut record = GameRecord::new(start.clone());
    let mut searcher = Searcher::new(1);
    searcher.set_threads(2);
    let options = SearchOptions {
        threads: 2,
        ..SearchOptions::default()
    };
    for i in 0..80 {
        if record.outcome().is_some() {
            break;
        }
        let limits = Limits {
            nodes: Some(3_000 + i * 50),
            ..Limits::default()
        };
        let r = searcher.search(&start, record.moves(), &limits, &options, |_| {});
        let m = r.best.expect("a move while the game goes on");
        assert!(record.position().is_legal(m), "ply {i}: {m}");
        record.play(m).unwrap();
    }
}
