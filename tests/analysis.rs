//! Analysis, draw offers and the move notation, driven headless through `Command` messages.

mod common;

use std::time::Duration;

use bevy::prelude::*;
use chuhan::analysis::AnalysisRequest;
use chuhan::analysis::logic::Analysis;
use chuhan::core::commands::Command;
use chuhan::core::game::{Game, Players};
use chuhan::core::move_list::MoveList;
use chuhan::core::notice::NoticeKind;
use chuhan::core::phase::{Dialog, Phase};
use chuhan::core::replay::Step;
use chuhan::core::settings::{Language, MoveNotation, SettingChange, Settings};
use chuhan::draw::DrawNotice;
use chuhan::draw::DrawRequest;
use common::{START, app_in, mv, new_game, notices, scratch_dir, send};
use xiangqi::{DrawReason, Move, Outcome};

fn app_with(players: Players, fen: &str, moves: &[&str]) -> App {
    let mut app = app_in(&scratch_dir());
    new_game(&mut app, fen, moves, players);
    app
}

/// Updates until the analysis has a line of at least `depth` for the position on the board (5 s
/// at most); returns its first move.
fn analysed(app: &mut App, depth: u32) -> Option<Move> {
    for _ in 0..1000 {
        app.update();
        let a = app.world().resource::<Analysis>();
        let on_board = app.world().resource::<Game>().record.position().clone();
        if a.position.as_ref() == Some(&on_board)
            && let Some(l) = a.lines.first().filter(|l| l.depth >= depth)
        {
            assert!(on_board.is_legal(l.pv[0]), "a line for another position");
            return Some(l.pv[0]);
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    None
}

#[test]
fn notation_settings_change_the_move_list() {
    let mut app = app_with(Players::TWO_PLAYERS, START, &["h2e2", "h9g7"]);
    let texts = |app: &App| app.world().resource::<MoveList>().texts.clone();
    assert_eq!(texts(&app), ["炮二平五", "马８进７"]);
    send(&mut app, SettingChange::CycleNotation); // Chinese
    send(&mut app, SettingChange::CycleNotation); // Chinese in traditional characters
    assert_eq!(texts(&app), ["炮二平五", "馬８進７"]);
    send(&mut app, SettingChange::CycleNotation); // WXF
    assert_eq!(
        app.world().resource::<Settings>().notation,
        MoveNotation::Wxf
    );
    assert_eq!(texts(&app), ["C2.5", "H8+7"]);
    send(&mut app, SettingChange::CycleNotation); // Vietnamese
    assert_eq!(texts(&app), ["P2-5", "M8.7"]);
    send(&mut app, SettingChange::CycleNotation); // ICCS
    assert_eq!(texts(&app), ["h2e2", "h9g7"]);
    // Auto follows the language: Vietnamese writes its own, Traditional Chinese its script,
    // English WXF.
    send(&mut app, SettingChange::CycleNotation);
    send(&mut app, SettingChange::Language(Language::Vietnamese));
    assert_eq!(texts(&app), ["P2-5", "M8.7"]);
    send(
        &mut app,
        SettingChange::Language(Language::TraditionalChinese),
    );
    assert_eq!(texts(&app), ["炮二平五", "馬８進７"]);
    send(&mut app, SettingChange::Language(Language::English));
    assert_eq!(texts(&app), ["C2.5", "H8+7"]);
}

#[test]
fn analysis_follows_moves_undo_and_replay_steps_and_stops_when_hidden() {
    let mut app = app_with(Players::TWO_PLAYERS, START, &[]);
    send(&mut app, AnalysisRequest::Toggle);
    assert!(app.world().resource::<Analysis>().shown);
    analysed(&mut app, 4).expect("lines for the start");
    // A move: the lines are for the new position (Black to move).
    app.world_mut()
        .write_message(chuhan::core::game::MoveRequested(mv("h2e2")));
    analysed(&mut app, 4).expect("lines after a move");
    let after = app.world().resource::<Analysis>().position.clone().unwrap();
    assert_eq!(after.side_to_move(), xiangqi::Color::Black);
    // Undo: the start again.
    send(&mut app, Command::Undo);
    analysed(&mut app, 4).expect("lines after undo");
    assert_eq!(
        app.world().resource::<Analysis>().position.as_ref(),
        Some(&xiangqi::Position::startpos())
    );
    // Hidden: the search stops and the engine is free within a few frames.
    send(&mut app, AnalysisRequest::Toggle);
    let mut freed = false;
    for _ in 0..200 {
        app.update();
        let a = app.world().resource::<Analysis>();
        if !a.is_searching() && a.engine_free() && a.lines.is_empty() {
            freed = true;
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    assert!(freed, "the analysis went on after it was hidden");
}

#[test]
fn analysis_follows_replay_steps() {
    let mut app = app_with(Players::TWO_PLAYERS, START, &["h2e2", "h9g7", "h0g2"]);
    let path = scratch_dir().with_extension("pgn");
    let record = app.world().resource::<Game>().record.clone();
    std::fs::write(
        &path,
        xiangqi::pgn::write(&record, xiangqi::notation::Notation::Chinese),
    )
    .unwrap();
    send(&mut app, Command::OpenRecord(path));
    // Leaving the game in progress is confirmed.
    send(&mut app, Command::Confirm(true));
    app.update();
    assert_eq!(
        *app.world().resource::<State<Phase>>().get(),
        Phase::Replaying
    );
    send(&mut app, AnalysisRequest::Toggle);
    for (step, ply) in [(Step::First, 0), (Step::Next, 1), (Step::To(3), 3)] {
        send(&mut app, Command::Step(step));
        assert_eq!(app.world().resource::<Game>().record.ply(), ply);
        analysed(&mut app, 3).unwrap_or_else(|| panic!("no lines at ply {ply}"));
    }
}

#[test]
fn analysis_is_off_against_the_computer_unless_the_settings_allow_it() {
    let mut app = app_with(Players::HUMAN_RED, START, &[]);
    notices(&mut app);
    send(&mut app, AnalysisRequest::Toggle);
    assert!(!app.world().resource::<Analysis>().shown);
    assert!(notices(&mut app).contains(&chuhan::analysis::AnalysisNotice::OffInPlay.into()));
    app.world_mut().resource_mut::<Settings>().analysis_in_play = true;
    send(&mut app, AnalysisRequest::Toggle);
    assert!(app.world().resource::<Analysis>().shown);
}

/// Offers a draw and waits for the computer's answer (5 s at most).
fn offer_draw(app: &mut App) -> Option<NoticeKind> {
    notices(app);
    send(app, DrawRequest::Offer);
    for _ in 0..1000 {
        app.update();
        if let Some(n) = notices(app)
            .into_iter()
            .find(|n| [DrawNotice::Accepted.into(), DrawNotice::Declined.into()].contains(n))
        {
            return Some(n);
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    None
}

#[test]
fn the_computer_accepts_a_draw_when_clearly_lost_and_declines_when_winning() {
    // Black (the computer) has a bare king against Red's two rooks: it accepts.
    let lost = "4k4/9/9/9/9/9/9/9/R8/R2K5 w - - 0 1";
    let mut app = app_with(Players::HUMAN_RED, lost, &[]);
    assert_eq!(offer_draw(&mut app), Some(DrawNotice::Accepted.into()));
    assert_eq!(
        app.world().resource::<Game>().outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::Agreement
        })
    );
    app.update();
    assert_eq!(
        *app.world().resource::<State<Phase>>().get(),
        Phase::GameOver
    );
    // The roles reversed: the computer (Black) has the rooks and declines.
    let winning = "r3k4/r8/9/9/9/9/9/9/9/3K5 w - - 0 1";
    let mut app = app_with(Players::HUMAN_RED, winning, &[]);
    assert_eq!(offer_draw(&mut app), Some(DrawNotice::Declined.into()));
    assert_eq!(app.world().resource::<Game>().outcome(), None);
}

#[test]
fn between_two_people_the_other_side_answers_a_draw_offer() {
    let mut app = app_with(Players::TWO_PLAYERS, START, &["h2e2"]);
    send(&mut app, DrawRequest::Offer);
    app.update();
    assert_eq!(
        *app.world().resource::<State<Dialog>>().get(),
        Dialog::DrawOffer
    );
    send(&mut app, DrawRequest::Answer(false));
    app.update();
    assert_eq!(*app.world().resource::<State<Dialog>>().get(), Dialog::None);
    assert_eq!(app.world().resource::<Game>().outcome(), None);
    send(&mut app, DrawRequest::Offer);
    send(&mut app, DrawRequest::Answer(true));
    app.update();
    assert_eq!(
        app.world().resource::<Game>().outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::Agreement
        })
    );
}
