//! The clipboard: the position and the record are copied as FEN and PGN; a pasted FEN, PGN,
//! DhtmlXQ block or move list opens in replay; a bad paste says why and changes nothing; a paste
//! over a game in progress asks first.

mod common;

use bevy::prelude::*;
use chuhan::clipboard::ClipboardRequest;
use chuhan::core::commands::{Command, PendingConfirm};
use chuhan::core::game::{Game, Players};
use chuhan::core::notice::NoticeKind;
use chuhan::core::phase::Phase;
use chuhan::storage::clipboard::{Clipboard, Memory};
use common::*;

/// A headless game whose clipboard is `memory`.
fn app_with(memory: &Memory) -> App {
    let mut app = app_in(&scratch_dir());
    app.insert_resource(Clipboard::start(memory.clone()));
    app.update();
    app
}

fn text_of(memory: &Memory) -> String {
    memory.0.lock().expect("the clipboard").clone()
}

fn moves(app: &App) -> Vec<String> {
    let game = app.world().resource::<Game>();
    game.record
        .all_moves()
        .iter()
        .map(ToString::to_string)
        .collect()
}

fn phase(app: &App) -> Phase {
    *app.world().resource::<State<Phase>>().get()
}

#[test]
fn the_position_and_the_record_are_copied() {
    let memory = Memory::default();
    let mut app = app_with(&memory);
    new_game(&mut app, START, &["h2e2", "h9g7"], Players::TWO_PLAYERS);
    send(&mut app, ClipboardRequest::CopyPosition);
    let fen = "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2";
    assert!(
        wait_for(&mut app, 5, |_| text_of(&memory) == fen),
        "{}",
        text_of(&memory)
    );
    assert!(
        notices(&mut app)
            .contains(&chuhan::clipboard::ClipboardNotice::Copied { record: false }.into())
    );
    send(&mut app, ClipboardRequest::CopyRecord);
    assert!(wait_for(&mut app, 5, |_| text_of(&memory).starts_with('[')));
    let back = xiangqi::pgn::read_str(&text_of(&memory)).expect("the copied PGN reads");
    assert_eq!(back.all_moves(), [mv("h2e2"), mv("h9g7")]);
}

#[test]
fn each_kind_of_paste_opens_in_replay() {
    for (text, expected) in [
        ("炮二平五 马８进７ 马二进三", vec!["h2e2", "h9g7", "h0g2"]),
        ("1. C2.5 H8+7 2. H2+3", vec!["h2e2", "h9g7", "h0g2"]),
        (
            "[DhtmlXQ][DhtmlXQ_movelist]774770627967[/DhtmlXQ_movelist][/DhtmlXQ]",
            vec!["h2e2", "h9g7", "h0g2"],
        ),
        ("4k4/9/9/9/9/9/9/9/R8/3K5 w", vec![]),
    ] {
        let memory = Memory::default();
        *memory.0.lock().expect("lock") = text.into();
        let mut app = app_with(&memory);
        send(&mut app, ClipboardRequest::Paste);
        assert!(
            wait_for(&mut app, 5, |app| phase(app) == Phase::Replaying),
            "{text}: {:?}",
            notices(&mut app)
        );
        assert_eq!(moves(&app), expected, "{text}");
        if expected.is_empty() {
            let game = app.world().resource::<Game>();
            assert_eq!(
                game.record.start().to_fen(),
                "4k4/9/9/9/9/9/9/9/R8/3K5 w - - 0 1"
            );
        }
    }
}

#[test]
fn a_bad_paste_says_why_and_a_paste_over_a_game_asks_first() {
    let memory = Memory::default();
    *memory.0.lock().expect("lock") = "炮二平五 马８进７ 车一进九".into();
    let mut app = app_with(&memory);
    new_game(&mut app, START, &["h2e2"], Players::TWO_PLAYERS);
    send(&mut app, ClipboardRequest::Paste);
    let mut seen = Vec::new();
    assert!(
        wait_for(&mut app, 5, |app| {
            seen.extend(notices(app));
            seen.iter()
                .any(|n| matches!(n, NoticeKind::BadPaste(e) if e.contains("move 3")))
        }),
        "{seen:?}"
    );
    assert_eq!(moves(&app), ["h2e2"], "nothing changed");
    assert_eq!(phase(&app), Phase::Playing);
    // A good paste over the game in progress waits for the player's answer.
    *memory.0.lock().expect("lock") = "h2e2 h9g7".into();
    send(&mut app, ClipboardRequest::Paste);
    assert!(wait_for(&mut app, 5, |app| {
        app.world().resource::<PendingConfirm>().0.is_some()
    }));
    assert_eq!(moves(&app), ["h2e2"]);
    send(&mut app, Command::Confirm(true));
    assert!(wait_for(&mut app, 5, |app| phase(app) == Phase::Replaying));
    assert_eq!(moves(&app), ["h2e2", "h9g7"]);
}
