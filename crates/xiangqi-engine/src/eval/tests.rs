use super::*;

#[test]
fn start_position_is_balanced() {
    let pos = Position::startpos();
    assert_eq!(evaluate_red(&pos), 0);
    assert_eq!(evaluate(&pos), blend(WEIGHTS[W_TEMPO], phase(&pos)));
}

#[test]
fn mirrored_positions_score_the_same() {
    let fen = "r1bakab1r/9/1cn4c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b - - 2 2";
    let pos = Position::from_fen(fen).unwrap();
    // Colour-flip the position: mirror the ranks and swap colours.
    let flipped = flip_colours(fen);
    let pos2 = Position::from_fen(&flipped).unwrap();
    assert_eq!(evaluate(&pos), evaluate(&pos2));
    assert_eq!(evaluate_red(&pos), -evaluate_red(&pos2));
}

#[test]
fn a_lone_rook_against_all_four_defenders_is_drawish() {
    let full = Position::from_fen("2bakab2/9/9/9/9/9/9/9/R8/3K5 w").unwrap();
    let one_short = Position::from_fen("2bak1b2/9/9/9/9/9/9/9/R8/3K5 w").unwrap();
    let with_pawn = Position::from_fen("2bakab2/9/9/9/9/9/P8/9/R8/3K5 w").unwrap();
    let plain = |p: &Position| {
        let mut sum = Sum(psq_red(p));
        let mut attackers = [0; 2];
        features(p, &mut sum, &mut attackers);
        (blend(sum.0, phase(p)), attackers)
    };
    let (score, attackers) = plain(&full);
    assert!(score > 0);
    assert_eq!(scale(&full, score, attackers), score / 4);
    let (score, attackers) = plain(&one_short);
    assert_eq!(scale(&one_short, score, attackers), score);
    let (score, attackers) = plain(&with_pawn);
    assert_eq!(scale(&with_pawn, score, attackers), score);
}

#[test]
fn extra_rook_is_winning() {
    let pos = Position::from_fen("rnbakabn1/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w")
        .unwrap();
    assert!(evaluate(&pos) > 700, "{}", evaluate(&pos));
}

#[test]
fn hollow_cannon_counts() {
    let hollow = Position::from_fen("4k4/9/9/9/9/9/9/4C4/9/3K5 w").unwrap();
    let aside = Position::from_fen("4k4/9/9/9/9/9/9/3C5/9/3K5 w").unwrap();
    let gain = evaluate_red(&hollow) - evaluate_red(&aside);
    assert!(gain >= WEIGHTS[W_HOLLOW_CANNON].eg, "{gain}");
}

/// Records the features as the tuner does.
#[derive(Default)]
struct Trace(Vec<(usize, i32)>);

impl Accumulator for Trace {
    fn add(&mut self, weight: usize, n: i32) {
        self.0.push((weight, n));
    }
}

#[test]
fn an_undefended_attacked_rook_is_hanging() {
    // The red rook on a5 is attacked by the black horse on b7; nothing of Red guards it.
    let hanging = Position::from_fen("3k5/9/1n7/9/R8/9/9/9/9/4K4 w").unwrap();
    let mut trace = Trace::default();
    features(&hanging, &mut trace, &mut [0; 2]);
    assert!(trace.0.contains(&(W_HANGING, 1)), "{:?}", trace.0);
    assert!(
        !trace
            .0
            .iter()
            .any(|&(w, n)| w == W_HANGING_ON_MOVE && n != 0),
        "{:?}",
        trace.0
    );
    // Black to move: it can take the rook now.
    let on_move = Position::from_fen("3k5/9/1n7/9/R8/9/9/9/9/4K4 b").unwrap();
    let mut trace = Trace::default();
    features(&on_move, &mut trace, &mut [0; 2]);
    assert!(trace.0.contains(&(W_HANGING_ON_MOVE, 1)), "{:?}", trace.0);
    // A red pawn on a4 guards it (pawns not yet across the river guard forwards).
    let guarded = Position::from_fen("3k5/9/1n7/9/R8/P8/9/9/9/4K4 w").unwrap();
    let mut trace = Trace::default();
    features(&guarded, &mut trace, &mut [0; 2]);
    assert!(
        !trace.0.iter().any(|&(w, n)| w == W_HANGING && n != 0),
        "{:?}",
        trace.0
    );
}

#[test]
fn pieces_bearing_on_the_palace_are_counted() {
    // A red rook on the f-file reaches the black palace (3 units), a horse on e6 jumps into
    // it (2), a cannon on the d-file (2) and a pawn beside it on c7 (1): 8 units.
    let pos = Position::from_fen("4k4/9/2P6/4N4/9/9/9/3C5/9/4KR3 w").unwrap();
    let mut trace = Trace::default();
    features(&pos, &mut trace, &mut [0; 2]);
    assert!(trace.0.contains(&(W_KING_ATTACK, 8)), "{:?}", trace.0);
    assert!(
        trace.0.contains(&(W_KING_ATTACK_SQUARED, 64)),
        "{:?}",
        trace.0
    );
    // Black has nothing near the red palace.
    assert!(trace.0.contains(&(W_KING_ATTACK, 0)), "{:?}", trace.0);
}

#[test]
fn scores_shrink_towards_the_sixty_move_rule() {
    let fresh = Position::from_fen("4k4/9/9/9/9/9/9/9/R8/3K5 w - - 0 1").unwrap();
    let late = Position::from_fen("4k4/9/9/9/9/9/9/9/R8/3K5 w - - 100 60").unwrap();
    assert!(evaluate(&fresh) > 400, "{}", evaluate(&fresh));
    assert!(
        evaluate(&late) < evaluate(&fresh) * 6 / 10,
        "{}",
        evaluate(&late)
    );
    assert!(evaluate(&late) > 0);
}

#[test]
fn the_traced_features_sum_to_the_evaluation() {
    for fen in crate::bench::POSITIONS {
        let pos = Position::from_fen(fen).unwrap();
        let mut trace = Trace::default();
        let mut attackers = [0; 2];
        psq_features(&pos, &mut trace);
        features(&pos, &mut trace, &mut attackers);
        let mut total = Term::default();
        for &(w, n) in &trace.0 {
            total += WEIGHTS[w] * n;
        }
        let red = blend(total, phase(&pos));
        let red = damp(scale(&pos, red, attackers), pos.halfmove_clock());
        let stm = if pos.side_to_move() == Color::Red {
            red
        } else {
            -red
        };
        assert_eq!(stm, evaluate(&pos), "{fen}");
    }
}

#[test]
fn the_two_cannon_and_rook_terms_fire() {
    // A cannon behind two screens on the king's file, and a rook behind one.
    let pos = Position::from_fen("4k4/9/9/4p4/9/9/4P4/4C4/9/3K5 w").unwrap();
    let mut trace = Trace::default();
    features(&pos, &mut trace, &mut [0; 2]);
    assert!(trace.0.contains(&(W_CENTRAL_CANNON, 1)), "{:?}", trace.0);
    let pos = Position::from_fen("4k4/9/9/4p4/9/9/9/4R4/9/3K5 w").unwrap();
    let mut trace = Trace::default();
    features(&pos, &mut trace, &mut [0; 2]);
    assert!(trace.0.contains(&(W_ROOK_ON_KING_FILE, 1)), "{:?}", trace.0);
}

#[test]
fn pawn_attacks_match_the_pawn_moves() {
    // Every pawn's legal targets on an open board are exactly its attacks.
    let pos = Position::from_fen("4k4/9/9/P3P3P/9/p3p3p/9/9/9/4K4 w").unwrap();
    for color in Color::ALL {
        let pawns = pos.pieces(Piece::new(color, PieceKind::Pawn));
        let mut expected = Bitboard::EMPTY;
        for sq in pawns {
            for t in Square::ALL {
                let (df, dr) = (
                    t.file().index() as i32 - sq.file().index() as i32,
                    t.rank().index() as i32 - sq.rank().index() as i32,
                );
                let fwd = if color == Color::Red { 1 } else { -1 };
                let crossed = !sq.on_side_of(color);
                if (df == 0 && dr == fwd) || (crossed && dr == 0 && df.abs() == 1) {
                    expected |= Bitboard::from_square(t);
                }
            }
        }
        assert_eq!(
            Bitboard(pawn_attacks(color, pawns.0)),
            expected,
            "{color:?}"
        );
    }
}

fn flip_colours(fen: &str) -> String {
    let mut parts = fen.split(' ');
    let board = parts.next().unwrap();
    let side = parts.next().unwrap();
    let ranks: Vec<String> = board
        .split('/')
        .rev()
        .map(|r| {
            r.chars()
                .map(|c| {
                    if c.is_ascii_uppercase() {
                        c.to_ascii_lowercase()
                    } else {
                        c.to_ascii_uppercase()
                    }
                })
                .collect()
        })
        .collect();
    let side = if side == "w" { "b" } else { "w" };
    // The counters stay (the no-capture count damps the score).
    let rest: Vec<&str> = parts.collect();
    format!("{} {side} {}", ranks.join("/"), rest.join(" "))
        .trim_end()
        .to_string()
}
