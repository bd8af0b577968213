//! The repetition cases of `tests/data/repetition_cases.txt`, judged by both rulebooks, and
//! compared with Fairy-Stockfish's judgement written beside them (made by
//! `tools/rules/repetition_cases.py`; Fairy-Stockfish is not needed here).

use xiangqi::{Color, DrawReason, GameRecord, Move, Outcome, Rulebook, WinReason};

const CASES: &str = include_str!("data/repetition_cases.txt");

/// Cases where the Asian rulebook reads the rules otherwise than Fairy-Stockfish, and why.
const DIFFERS_FROM_FAIRY: [(&str, &str); 3] = [
    (
        "pinned-attacker",
        "a pinned attacker does not chase (the issue's reading); Fairy-Stockfish does not look at the attacker's pin",
    ),
    (
        "crossed-pawn-chases-protected-cannon",
        "a crossed pawn chases (only the king and uncrossed pawns attack at will); Fairy-Stockfish lets no pawn chase",
    ),
    (
        "one-check-one-chase",
        "checks mixed with chases of one piece lose (一将一捉); Fairy-Stockfish needs every move to chase",
    ),
];

struct Case {
    name: String,
    fen: String,
    cycle: Vec<Move>,
    league: String,
    asian: String,
    fairy: String,
}

fn cases() -> Vec<Case> {
    CASES
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('|').map(str::trim).collect();
            assert_eq!(f.len(), 7, "{l}");
            Case {
                name: f[0].to_owned(),
                fen: f[2].to_owned(),
                cycle: f[3]
                    .split_whitespace()
                    .map(|m| m.parse().unwrap())
                    .collect(),
                league: f[4].to_owned(),
                asian: f[5].to_owned(),
                fairy: f[6].to_owned(),
            }
        })
        .collect()
}

/// The outcome in the file's words, and the ply it came at.
fn play(case: &Case, rulebook: Rulebook) -> (String, usize) {
    let mut record = GameRecord::from_fen(&case.fen).unwrap();
    record.set_rulebook(rulebook);
    for (ply, &m) in case
        .cycle
        .iter()
        .cycle()
        .take(case.cycle.len() * 4)
        .enumerate()
    {
        record
            .play(m)
            .unwrap_or_else(|e| panic!("{}: {m}: {e}", case.name));
        if let Some(o) = record.outcome() {
            return (words(o), ply + 1);
        }
    }
    ("none".to_owned(), 0)
}

fn words(o: Outcome) -> String {
    match o {
        Outcome::Draw {
            reason: DrawReason::Repetition,
        } => "= rep".to_owned(),
        Outcome::Draw {
            reason: DrawReason::BothPerpetual,
        } => "= both".to_owned(),
        Outcome::Win { winner, reason } => {
            let r = match reason {
                WinReason::PerpetualCheck => "check",
                WinReason::PerpetualChase => "chase",
                WinReason::CheckAndChase => "checkchase",
                other => panic!("not a repetition: {other:?}"),
            };
            let w = if winner == Color::Red { "1-0" } else { "0-1" };
            format!("{w} {r}")
        }
        other => panic!("not a repetition: {other:?}"),
    }
}

#[test]
fn there_are_at_least_thirty_cases() {
    assert!(cases().len() >= 30, "{}", cases().len());
}

/// Every case ends as `expected` says, after `cycles` times round (at the position's
/// `cycles + 1`-th occurrence).
fn judged_as(rulebook: Rulebook, expected: fn(&Case) -> &str, cycles: usize) {
    for case in cases() {
        let (got, ply) = play(&case, rulebook);
        assert_eq!(got, expected(&case), "{}", case.name);
        assert_eq!(ply, case.cycle.len() * cycles, "{}", case.name);
    }
}

#[test]
fn league_rulebook_judges_each_case_at_the_fourth_occurrence() {
    judged_as(Rulebook::League, |c| &c.league, 3);
}

#[test]
fn asian_rulebook_judges_each_case_at_the_third_occurrence() {
    judged_as(Rulebook::Asian, |c| &c.asian, 2);
}

#[test]
fn asian_rulebook_agrees_with_fairy_stockfish_except_where_documented() {
    for case in cases() {
        let base = case.name.trim_end_matches("-flipped");
        let ours = case.asian.split(' ').next().unwrap();
        let fairy = case.fairy.split(' ').next().unwrap();
        let listed = DIFFERS_FROM_FAIRY.iter().any(|(n, _)| *n == base);
        assert_eq!(
            ours != fairy,
            listed,
            "{}: ours {ours}, Fairy-Stockfish {fairy}",
            case.name
        );
        if fairy != "=" {
            // Fairy-Stockfish decides at the third occurrence too.
            assert_eq!(
                case.fairy.split('@').nth(1).map(str::parse::<usize>),
                Some(Ok(case.cycle.len() * 2)),
                "{}",
                case.name
            );
        }
    }
}

#[test]
fn rulebook_is_kept_in_the_rules_tag_and_rejudges_the_record() {
    // Perpetual check: the third occurrence ends it by the Asian rules, the fourth by the league's.
    let case = cases()
        .into_iter()
        .find(|c| c.name == "perpetual-check-rook")
        .unwrap();
    let mut record = GameRecord::from_fen(&case.fen).unwrap();
    for &m in case.cycle.iter().cycle().take(case.cycle.len() * 2) {
        record.play(m).unwrap();
    }
    assert_eq!(record.rulebook(), Rulebook::League);
    assert_eq!(record.outcome(), None);
    record.set_tag(xiangqi::RULES_TAG, "亚洲规则");
    assert_eq!(record.rulebook(), Rulebook::Asian);
    assert_eq!(
        record.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::PerpetualCheck
        })
    );
    record.set_rulebook(Rulebook::League);
    assert_eq!(record.tag(xiangqi::RULES_TAG), Some("League"));
    assert_eq!(record.outcome(), None);
}

#[test]
fn rulebook_names_parse_and_bad_ones_are_typed_errors() {
    for r in Rulebook::ALL {
        assert_eq!(r.name().parse::<Rulebook>(), Ok(r));
        assert_eq!(r.chinese().parse::<Rulebook>(), Ok(r));
        assert_eq!(r.name().to_lowercase().parse::<Rulebook>(), Ok(r));
    }
    let e = "fide".parse::<Rulebook>().unwrap_err();
    assert!(e.to_string().contains("fide"), "{e}");
}
