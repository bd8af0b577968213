//! Repetition in play: whole games between two engines, judged by the rules library (not by the
//! search's own verdicts), from positions where a perpetual check or chase decides the game.
//! The side that would lose by the rules must find another way, and the side that profits from
//! the opponent's forced repetition must keep it going.

use xiangqi::{Color, GameRecord, Move, Outcome, Position, Rulebook, WinReason};
use xiangqi_engine::MATE_BOUND;
use xiangqi_engine::search::{Limits, SearchOptions, Searcher};

/// Plays the game from `fen` (after `moves`) with the engine on both sides at `depth`, judged by
/// `rulebook`, until it ends or `max_plies` more moves have been played.
fn play_out(
    rulebook: Rulebook,
    fen: &str,
    moves: &[&str],
    depth: u32,
    max_plies: usize,
) -> (GameRecord, Option<Outcome>, Vec<i32>) {
    let mut record = GameRecord::new(Position::from_fen(fen).unwrap());
    record.set_rulebook(rulebook);
    for m in moves {
        record.play(m.parse::<Move>().unwrap()).unwrap();
    }
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let mut red = Searcher::new(16);
    let mut black = Searcher::new(16);
    red.set_rulebook(rulebook);
    black.set_rulebook(rulebook);
    let mut scores = Vec::new();
    for _ in 0..max_plies {
        if record.outcome().is_some() {
            break;
        }
        let searcher = match record.position().side_to_move() {
            Color::Red => &mut red,
            Color::Black => &mut black,
        };
        let r = searcher.search(
            record.start(),
            record.moves(),
            &limits,
            &SearchOptions::default(),
            |_| {},
        );
        let best = r.best.expect("a move in a position that goes on");
        scores.push(r.score);
        record.play(best).expect("the engine's move is legal");
    }
    let outcome = record.outcome();
    (record, outcome, scores)
}

fn moves_text(record: &GameRecord) -> String {
    record
        .moves()
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Red's rook against the bare king, after Red has checked the king back and forth once round
/// (twice round is already a loss by the Asian rules): going on with the checks loses by the
/// rules (both rulebooks forbid a perpetual check). Red must win by mate instead.
const ROOK_UP: &str = "R8/4k4/9/9/9/9/9/9/9/3K5 w";
const CHECKS: [&str; 4] = ["a9a8", "e8e9", "a8a9", "e9e8"];

#[test]
fn the_stronger_side_wins_without_a_perpetual_check() {
    for rulebook in [Rulebook::League, Rulebook::Asian] {
        let (record, outcome, _) = play_out(rulebook, ROOK_UP, &CHECKS, 7, 120);
        assert_eq!(
            outcome.and_then(Outcome::winner),
            Some(Color::Red),
            "{rulebook:?}: {outcome:?} after {}",
            moves_text(&record)
        );
        assert!(
            matches!(
                outcome,
                Some(Outcome::Win {
                    reason: WinReason::Checkmate | WinReason::Stalemate,
                    ..
                })
            ),
            "{rulebook:?}: won otherwise than on the board: {outcome:?}"
        );
    }
}

/// Red's rook checks the black king, and Black has a mate in one (the rook from h2 to h0) the
/// moment Red stops checking: Red's only way on is to repeat the checks, which loses by the
/// rules. Black must keep the repetition going (step the king between the checks, never give
/// the rook something else to do) and win by the rules or by mate.
const CHECKED_WITH_MATE_THREAT: &str = "R8/4k4/5a3/7n1/6b2/9/9/7r1/8r/3K5 w";

#[test]
fn the_side_being_checked_lets_the_forced_repetition_decide() {
    for rulebook in [Rulebook::League, Rulebook::Asian] {
        let (record, outcome, scores) = play_out(rulebook, CHECKED_WITH_MATE_THREAT, &[], 6, 60);
        // Black sees the win from its first move, before any position has come back: the
        // checks can only repeat, and the repetition is Red's loss (a search blind to the
        // rules would call the cycle a draw).
        assert!(
            scores[1] >= MATE_BOUND,
            "{rulebook:?}: Black's first score {} ({})",
            scores[1],
            moves_text(&record)
        );
        assert_eq!(
            outcome.and_then(Outcome::winner),
            Some(Color::Black),
            "{rulebook:?}: {outcome:?} after {}",
            moves_text(&record)
        );
    }
}

/// Red, two rooks against a horse, has checked with one rook and chased the horse with the other
/// (一将一捉) once round. Going on with it loses by the Asian rules and is allowed by the league
/// rules; either way Red, far ahead, must end the game a winner.
const CHECK_CHASE: &str = "4k4/1n7/9/9/5R3/9/9/R8/9/3K5 w";
const CHECK_CHASE_CYCLE: [&str; 8] = [
    "f5e5", "e9f9", "a2b2", "b8a6", "e5f5", "f9e9", "b2a2", "a6b8",
];

#[test]
fn two_rooks_win_by_either_rulebook_without_a_forbidden_cycle() {
    for rulebook in [Rulebook::League, Rulebook::Asian] {
        let (record, outcome, _) = play_out(rulebook, CHECK_CHASE, &CHECK_CHASE_CYCLE, 6, 120);
        assert_eq!(
            outcome.and_then(Outcome::winner),
            Some(Color::Red),
            "{rulebook:?}: {outcome:?} after {}",
            moves_text(&record)
        );
    }
}

/// Red, a rook against two, can check the black king back and forth for ever (the king has only
/// the three ranks of its palace; the black rooks cannot get between). A search that took the
/// repetition for a draw would check on, since a draw beats being two rooks to one down; by
/// both rulebooks the perpetual check loses, so Red must stop checking and play on.
const PERPETUAL_TEMPTATION: &str = "R8/4k4/9/9/9/9/7rr/9/9/3K5 w";

#[test]
fn the_weaker_side_does_not_take_a_perpetual_check_for_a_draw() {
    for rulebook in [Rulebook::League, Rulebook::Asian] {
        let (record, outcome, _) = play_out(rulebook, PERPETUAL_TEMPTATION, &[], 6, 40);
        assert!(
            !matches!(
                outcome,
                Some(Outcome::Win {
                    winner: Color::Black,
                    reason: WinReason::PerpetualCheck,
                })
            ),
            "{rulebook:?}: lost by the rules after {}",
            moves_text(&record)
        );
    }
}
