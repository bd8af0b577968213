//! The shipped puzzle set (`assets/puzzles/puzzles.tsv`): it reads, it has its four tiers and at
//! least 300 puzzles, and the solvers (not the engine's search) prove its puzzles: a sample here,
//! every one in the ignored `every_shipped_puzzle_is_proven` (see the README).

use xiangqi::Position;
use xiangqi_engine::puzzle::{self, Goal, ProofError, Puzzle, Tier};

const SET: &str = include_str!("../../../assets/puzzles/puzzles.tsv");

fn set() -> Vec<Puzzle> {
    puzzle::parse(SET).expect("the shipped set reads")
}

#[test]
fn the_shipped_set_has_four_tiers_and_says_how_it_was_made() {
    let puzzles = set();
    assert!(puzzles.len() >= 300, "{} puzzles", puzzles.len());
    for tier in Tier::ALL {
        let n = puzzles.iter().filter(|p| p.tier == tier).count();
        assert!(n >= 20, "tier {tier:?} has {n} puzzles");
    }
    for n in 1..=7 {
        assert!(
            puzzles.iter().any(|p| p.goal == Goal::Mate(n)),
            "no mate in {n}"
        );
    }
    assert!(puzzles.iter().any(|p| matches!(p.goal, Goal::Material(_))));
    for (i, p) in puzzles.iter().enumerate() {
        assert_eq!(p.id as usize, i + 1, "numbered in order");
        assert_eq!(p.tier, Tier::of(p.goal));
        if let Goal::Mate(n) = p.goal {
            // The line ends in mate after the player's n-th move.
            assert_eq!(p.line.len() as u32, 2 * n - 1, "puzzle {}", p.id);
            let mut pos = p.start.clone();
            for &m in &p.line {
                pos.play(m).expect("a legal line");
            }
            assert!(!pos.has_legal_move(), "puzzle {} ends in mate", p.id);
        }
    }
    // The header names the command, its seed and the figures.
    assert!(SET.contains("xiangqi-puzzles -- generate --seed "));
    assert!(SET.contains("positions examined"));
}

#[test]
fn a_sample_of_the_shipped_puzzles_is_proven() {
    // Every fifteenth puzzle: all tiers, in a few seconds.
    for p in set().iter().step_by(15) {
        puzzle::prove(p).unwrap_or_else(|e| panic!("puzzle {}: {e}", p.id));
    }
}

#[test]
#[ignore = "proves all the shipped puzzles: about a minute in release"]
fn every_shipped_puzzle_is_proven() {
    for p in &set() {
        puzzle::prove(p).unwrap_or_else(|e| panic!("puzzle {}: {e}", p.id));
    }
}

#[test]
fn a_puzzle_with_two_keys_or_a_shorter_mate_fails_its_proof() {
    // The rook mates on a8 or on d1: not a puzzle with one answer.
    let start = Position::from_fen("3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1").unwrap();
    let mut p = Puzzle {
        id: 1,
        tier: Tier::Beginner,
        goal: Goal::Mate(1),
        start,
        line: vec!["a1a8".parse().unwrap()],
    };
    assert!(matches!(puzzle::prove(&p), Err(ProofError::Wrong(_))));
    // Claimed as a mate in 2, it mates in 1.
    p.goal = Goal::Mate(2);
    assert!(matches!(puzzle::prove(&p), Err(ProofError::Wrong(_))));
}

#[test]
fn a_damaged_set_file_names_its_line() {
    let good = set()[0].to_line();
    let text = format!(
        "# header\n{good}\n1\t1\tmate 9\t{}\tb0c2\n",
        Position::START_FEN
    );
    let err = puzzle::parse(&text).unwrap_err();
    assert_eq!(err.line, 3);
    assert!(err.to_string().contains("bad goal"), "{err}");
    let err = puzzle::parse("1\t1\tmate 1\tnot a fen\ta0a1\n").unwrap_err();
    assert!(err.message.contains("FEN"), "{err}");
    let err = puzzle::parse(&format!("1\t1\tmate 1\t{}\te9e8\n", Position::START_FEN)).unwrap_err();
    assert!(err.message.contains("illegal"), "{err}");
}
