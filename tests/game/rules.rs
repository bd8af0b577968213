//! The rules on the board: mate ends the game; the Asian rules by default, the setting switching
//! them, a loaded record keeping its own.

use super::*;

#[test]
fn mate_ends_the_game_and_moves_are_refused_after_it() {
    // Red mates with the rook: Rd1 (the black king cannot step onto e9, facing Red's king).
    let mut app = app_with(Players::TWO_PLAYERS, "3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1");
    pick(&mut app, Pick::Click(Some(sq("e1"))));
    pick(&mut app, Pick::Click(Some(sq("d1"))));
    let outcome = game(&app).record.outcome();
    assert_eq!(
        outcome,
        Some(Outcome::Win {
            winner: Side::Red,
            reason: WinReason::Checkmate
        })
    );
    let ended: Vec<_> = app
        .world_mut()
        .resource_mut::<Messages<chuhan::core::game::GameEnded>>()
        .drain()
        .collect();
    assert_eq!(ended.len(), 1);
    // Nothing can be selected and nothing is played.
    pick(&mut app, Pick::Click(Some(sq("d9"))));
    assert_eq!(app.world().resource::<Selection>().0, None);
    app.world_mut().write_message(MoveRequested(mv("d1d2")));
    app.world_mut().write_message(MoveRequested(mv("d9e9")));
    app.update();
    let refused = refusals(&mut app);
    assert_eq!(refused.len(), 2);
    assert!(
        refused
            .iter()
            .all(|r| matches!(r.error, PlayError::GameOver(_)))
    );
    assert_eq!(game(&app).record.len(), 1);
}

/// Red's rook checks the king back and forth (长将): by the Asian rules the third occurrence of
/// the position ends the game, by the computer-league rules the fourth.
const CHECKING: &str = "3k5/9/9/9/4R4/9/9/9/9/5K3 w - - 0 1";
const CHECKS: [&str; 4] = ["e5d5", "d9e9", "d5e5", "e9d9"];

fn play_checks(app: &mut App, times: usize) {
    for m in CHECKS.iter().cycle().take(CHECKS.len() * times) {
        app.world_mut().write_message(MoveRequested(mv(m)));
        app.update();
    }
}

#[test]
fn new_games_are_judged_by_the_asian_rules_by_default_and_say_which_rule_decided() {
    let mut app = app_with(Players::TWO_PLAYERS, CHECKING);
    let record = &game(&app).record;
    assert_eq!(record.rulebook(), xiangqi::Rulebook::Asian);
    assert_eq!(record.tag(xiangqi::RULES_TAG), Some("Asian"));
    play_checks(&mut app, 2);
    let outcome = game(&app).outcome().expect("the third occurrence decides");
    assert_eq!(
        outcome,
        Outcome::Win {
            winner: Side::Black,
            reason: WinReason::PerpetualCheck
        }
    );
    assert!(outcome.chinese().contains("长将"), "{}", outcome.chinese());
    // The saved game names its rules.
    let saved = game(&app).record_for_saving("2026.11.23", Level::Beginner);
    let pgn = xiangqi::pgn::write(&saved, xiangqi::notation::Notation::Iccs);
    assert!(pgn.contains("[Rules \"Asian\"]"), "{pgn}");
    let back = xiangqi::pgn::read_str(&pgn).unwrap();
    assert_eq!(back.rulebook(), xiangqi::Rulebook::Asian);
}

#[test]
fn the_rules_setting_switches_the_game_on_the_board_and_the_next_ones() {
    let mut app = app_with(Players::TWO_PLAYERS, CHECKING);
    play_checks(&mut app, 1);
    send(&mut app, chuhan::core::settings::SettingChange::CycleRules);
    let settings = app.world().resource::<chuhan::core::settings::Settings>();
    assert_eq!(settings.rules, xiangqi::Rulebook::League);
    assert_eq!(game(&app).record.rulebook(), xiangqi::Rulebook::League);
    // Twice round is not yet decided by the league rules; three times is.
    play_checks(&mut app, 1);
    assert_eq!(game(&app).outcome(), None);
    play_checks(&mut app, 1);
    assert!(matches!(
        game(&app).outcome(),
        Some(Outcome::Win {
            reason: WinReason::PerpetualCheck,
            ..
        })
    ));
    // The next game is judged by the league rules too.
    new_game(&mut app, CHECKING, &[], Players::TWO_PLAYERS);
    assert_eq!(game(&app).record.rulebook(), xiangqi::Rulebook::League);
}

#[test]
fn a_loaded_record_keeps_the_rules_it_names() {
    let mut app = app_with(Players::TWO_PLAYERS, CHECKING);
    let mut record = GameRecord::from_fen(CHECKING).unwrap();
    record.set_rulebook(xiangqi::Rulebook::League);
    send(
        &mut app,
        NewGame {
            record,
            players: Players::TWO_PLAYERS,
            puzzle: None,
        },
    );
    assert_eq!(game(&app).record.rulebook(), xiangqi::Rulebook::League);
    play_checks(&mut app, 2);
    assert_eq!(game(&app).outcome(), None);
}
