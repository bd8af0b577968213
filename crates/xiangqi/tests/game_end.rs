//! One test per way a game ends, each on a position built for it.

use xiangqi::{Color, DrawReason, GameRecord, Move, Outcome, PlayError, WinReason};

fn game(fen: &str) -> GameRecord {
    GameRecord::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Plays `cycle` `times` times; the outcome must stay open until the last move.
fn repeat(g: &mut GameRecord, cycle: &[&str], times: usize) -> Option<Outcome> {
    let total = cycle.len() * times;
    for (i, m) in cycle.iter().cycle().take(total).enumerate() {
        assert_eq!(g.outcome(), None, "ended early, before ply {i}");
        let m: Move = m.parse().unwrap();
        g.play(m).unwrap_or_else(|e| panic!("ply {i} {m}: {e}"));
    }
    g.outcome()
}

#[test]
fn one_sided_perpetual_check_loses() {
    // The red rook checks along ranks 9 and 8 while the black king steps between e8 and e9.
    let mut g = game("R8/4k4/9/9/9/9/9/9/9/3K5 w");
    let o = repeat(&mut g, &["a9a8", "e8e9", "a8a9", "e9e8"], 3);
    assert_eq!(
        o,
        Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::PerpetualCheck
        })
    );
    // no more moves after the end
    let e = g.play("a9a8".parse().unwrap()).unwrap_err();
    assert!(matches!(e, PlayError::GameOver(_)));
}

#[test]
fn repetition_is_judged_at_the_fourth_occurrence() {
    let mut g = game("R8/4k4/9/9/9/9/9/9/9/3K5 w");
    // two full cycles: the start position occurs three times, the game goes on
    assert_eq!(repeat(&mut g, &["a9a8", "e8e9", "a8a9", "e9e8"], 2), None);
    assert!(g.play("a9a8".parse().unwrap()).is_ok());
}

#[test]
fn mutual_perpetual_check_is_a_draw() {
    // Every move checks: the cannons and the horse open and close the d- and f-files in turn.
    let mut g = game("3c5/5k3/9/5h3/9/3C5/7r1/9/3K1R3/9 w");
    let cycle = ["d4f4", "f6d5", "f4d4", "d5f6"];
    let mut probe = g.clone();
    for m in cycle {
        probe.play(m.parse().unwrap()).unwrap();
        assert!(probe.position().is_check(), "{m} must give check");
    }
    assert_eq!(
        repeat(&mut g, &cycle, 3),
        Some(Outcome::Draw {
            reason: DrawReason::Repetition
        })
    );
}

#[test]
fn rook_chasing_an_unprotected_horse_loses() {
    // The black horse hops between c5 and a4; the red rook follows along the i-file.
    let mut g = game("4k4/9/9/9/2n5R/9/9/9/9/3K5 b");
    let o = repeat(&mut g, &["c5a4", "i5i4", "a4c5", "i4i5"], 3);
    assert_eq!(
        o,
        Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::PerpetualChase
        })
    );
}

#[test]
fn horse_chasing_a_rook_loses() {
    // The black rook shuttles a6-a7; the red horse follows b4-c6. When the rook attacks the horse
    // on c6, the red rook on c0 protects it, so the black rook does not chase.
    let mut g = game("4k4/9/9/r8/9/1N7/9/9/9/2RK5 b");
    let o = repeat(&mut g, &["a6a7", "b4c6", "a7a6", "c6b4"], 3);
    assert_eq!(
        o,
        Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::PerpetualChase
        })
    );
}

#[test]
fn chasing_a_protected_horse_is_no_chase() {
    // As the rook-and-horse case, but black rooks on a9 and c9 protect the horse on a4 and on c5.
    let mut g = game("r1r1k4/9/9/9/2n5R/9/9/9/9/3K5 b");
    let o = repeat(&mut g, &["c5a4", "i5i4", "a4c5", "i4i5"], 3);
    assert_eq!(
        o,
        Some(Outcome::Draw {
            reason: DrawReason::Repetition
        })
    );
}

#[test]
fn repetition_without_check_or_chase_is_a_draw() {
    let mut g = GameRecord::default();
    let o = repeat(&mut g, &["h0g2", "h9g7", "g2h0", "g7h9"], 3);
    assert_eq!(
        o,
        Some(Outcome::Draw {
            reason: DrawReason::Repetition
        })
    );
}

#[test]
fn sixty_moves_each_without_a_capture_draw() {
    let mut g = game("4k4/9/9/9/9/9/9/9/R8/3K5 w - - 118 80");
    g.play("a1a2".parse().unwrap()).unwrap();
    assert_eq!(g.outcome(), None, "119 plies: not yet");
    g.play("e9e8".parse().unwrap()).unwrap();
    assert_eq!(g.position().halfmove_clock(), 120);
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::NoCaptureLimit
        })
    );
    // a capture resets the count
    let mut g = game("4k4/9/9/9/4p4/9/9/9/4R4/3K5 w - - 119 80");
    g.play("e1e5".parse().unwrap()).unwrap();
    assert_eq!(g.position().halfmove_clock(), 0);
    assert_eq!(g.outcome(), None);
}

#[test]
fn no_attacking_pieces_draw() {
    let g = game("3ak4/4a4/4b4/9/9/9/9/4B4/4A4/3AK4 w");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::NoAttackingPieces
        })
    );
    // capturing the last attacker leaves none
    let mut g = game("3ak4/4a4/4b4/9/9/9/9/4B4/4A4/3A1K2p w");
    assert_eq!(g.outcome(), None);
    g.play("f0f1".parse().unwrap())
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(g.outcome(), None);
}

#[test]
fn stalemate_and_checkmate_lose() {
    let g = game("3k5/R8/9/9/9/9/9/9/4R4/5K3 b");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Color::Red,
            reason: WinReason::Stalemate
        })
    );
    let g = game("R3k4/1R7/9/9/9/9/9/9/9/3K5 b");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Color::Red,
            reason: WinReason::Checkmate
        })
    );
    assert_eq!(g.outcome().unwrap().pgn_result(), "1-0");
    assert_eq!(g.outcome().unwrap().chinese(), "红方胜（将死）");
}

#[test]
fn undo_redo_and_goto() {
    let mut g = GameRecord::default();
    for m in ["h2e2", "h9g7", "h0g2", "i9h9"] {
        g.play(m.parse().unwrap()).unwrap();
    }
    let end = g.position().clone();
    assert_eq!(g.undo(), Some("i9h9".parse().unwrap()));
    assert_eq!(g.undo(), Some("h0g2".parse().unwrap()));
    assert_eq!(g.ply(), 2);
    assert_eq!(g.len(), 4);
    assert_eq!(g.redo(), Some("h0g2".parse().unwrap()));
    assert!(g.goto(4));
    assert_eq!(g.position(), &end);
    assert!(!g.goto(5));
    assert!(g.goto(0));
    assert_eq!(g.undo(), None);
    assert_eq!(g.position(), g.start());
    // playing after an undo drops the moves that were taken back
    g.goto(2);
    g.play("b0c2".parse().unwrap()).unwrap();
    assert_eq!(g.len(), 3);
    assert_eq!(g.redo(), None);
    // an illegal move changes nothing
    let before = g.clone();
    assert!(matches!(
        g.play("a0a5".parse().unwrap()),
        Err(PlayError::Illegal(_))
    ));
    assert_eq!(g, before);
}

#[test]
fn a_flag_fall_loses_unless_the_other_side_cannot_mate() {
    // Black keeps a pawn: Red's flag fall loses.
    let pos: xiangqi::Position = "3ak4/4a4/4b4/9/9/9/9/4B4/4A4/3AK3p w".parse().unwrap();
    assert_eq!(
        xiangqi::on_time(&pos, Color::Red),
        Outcome::Win {
            winner: Color::Black,
            reason: WinReason::Timeout
        }
    );
    // Red has only its king, advisors and elephants: Black's flag fall is a draw.
    assert_eq!(
        xiangqi::on_time(&pos, Color::Black),
        Outcome::Draw {
            reason: DrawReason::TimeoutNoMatingMaterial
        }
    );
    assert!(xiangqi::has_attacking_pieces(&pos, Color::Black));
    assert!(!xiangqi::has_attacking_pieces(&pos, Color::Red));
}
