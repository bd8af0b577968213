//! A session's life: autosave and resume, settings kept between runs, the move list after undo,
//! leaving a game in progress, resigning.

use super::*;

#[test]
fn autosave_then_restart_resumes_the_same_position() {
    let dir = scratch_dir();
    let (position, players) = {
        let mut app = app_in(&dir);
        leave(
            &mut app,
            Command::NewGame(Setup::Standard(Players::TWO_PLAYERS)),
        );
        click(&mut app, "h2", "e2");
        click(&mut app, "h9", "g7");
        click(&mut app, "b0", "c2");
        (game(&app).record.position().clone(), game(&app).players)
        // The app is dropped here: as if the game had crashed or quit.
    };
    assert!(dir.join("autosave.ron").exists());
    let mut app = app_in(&dir);
    let offer = app.world().resource::<ResumeOffer>().0.clone();
    let offer = offer.expect("an offer to resume");
    assert_eq!(offer.record.position(), &position);
    // The autosave is not overwritten while the offer is open, even by a move on the board
    // behind the dialog.
    let saved = std::fs::read(dir.join("autosave.ron")).expect("the autosave");
    click(&mut app, "h2", "e2");
    app.update();
    app.world()
        .resource::<chuhan::storage::writer::Writer>()
        .flush();
    assert!(app.world().resource::<ResumeOffer>().0.is_some());
    assert_eq!(
        std::fs::read(dir.join("autosave.ron")).expect("the autosave"),
        saved
    );
    send(&mut app, Command::Resume(true));
    assert_eq!(game(&app).record.position(), &position);
    assert_eq!(game(&app).record.ply(), 3);
    assert_eq!(game(&app).players, players);
    assert!(app.world().resource::<ResumeOffer>().0.is_none());
    // Declining starts fresh.
    let mut again = app_in(&dir);
    assert!(again.world().resource::<ResumeOffer>().0.is_some());
    send(&mut again, Command::Resume(false));
    assert!(again.world().resource::<ResumeOffer>().0.is_none());
    assert!(game(&again).record.is_empty());
    // A finished game is not offered.
    let mut mate = app_in(&dir);
    send(&mut mate, Command::Resume(false));
    mate.world_mut().write_message(chuhan::core::game::NewGame {
        record: GameRecord::from_fen("3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1").expect("fen"),
        players: Players::TWO_PLAYERS,
        puzzle: None,
    });
    mate.update();
    click(&mut mate, "e1", "d1");
    assert!(game(&mate).record.outcome().is_some());
    let after = app_in(&dir);
    assert!(after.world().resource::<ResumeOffer>().0.is_none());
}

#[test]
fn settings_persist_between_runs() {
    let dir = scratch_dir();
    {
        let mut app = app_in(&dir);
        send(&mut app, SettingChange::Level(Level::Master));
        send(&mut app, SettingChange::ToggleSound);
        send(
            &mut app,
            SettingChange::Language(chuhan::core::settings::Language::English),
        );
        // The themes: pieces carved -> plastic -> jade, board wood -> paper.
        send(&mut app, SettingChange::CyclePieces);
        send(&mut app, SettingChange::CyclePieces);
        send(&mut app, SettingChange::CycleBoard);
        send(
            &mut app,
            Command::NewGame(Setup::Handicap {
                handicap: Handicap::TwoHorses,
                player_gives: true,
            }),
        );
        app.update();
    }
    let app = app_in(&dir);
    let s = app.world().resource::<Settings>();
    assert_eq!(s.level, Level::Master);
    assert!(!s.sound);
    assert_eq!(s.language, chuhan::core::settings::Language::English);
    assert_eq!(s.pieces, chuhan::core::settings::PieceTheme::Jade);
    assert_eq!(s.board, chuhan::core::settings::BoardTheme::Paper);
    assert_eq!(app.world().resource::<Settings>().level, Level::Master);
    // The last setup starts the next run.
    assert_eq!(
        game(&app).record.start(),
        &Handicap::TwoHorses.position(Side::Red)
    );
}

#[test]
fn the_move_list_follows_a_different_move_after_undo() {
    let dir = scratch_dir();
    let mut app = app_in(&dir);
    leave(
        &mut app,
        Command::NewGame(Setup::Standard(Players::TWO_PLAYERS)),
    );
    click(&mut app, "h2", "e2");
    app.update();
    let texts = |app: &App| {
        app.world()
            .resource::<chuhan::core::move_list::MoveList>()
            .texts
            .clone()
    };
    assert_eq!(texts(&app), vec!["炮二平五".to_owned()]);
    send(&mut app, Command::Undo);
    click(&mut app, "b2", "e2");
    app.update();
    // Same length as before, different move.
    assert_eq!(texts(&app), vec!["炮八平五".to_owned()]);
}

fn exits(app: &mut App) -> usize {
    app.world_mut()
        .resource_mut::<Messages<AppExit>>()
        .drain()
        .count()
}

#[test]
fn leaving_a_game_in_progress_asks_first_and_keeps_the_autosave() {
    let dir = scratch_dir();
    let mut app = app_in(&dir);
    // Nothing played yet: a new game starts without asking.
    send(
        &mut app,
        Command::NewGame(Setup::Standard(Players::TWO_PLAYERS)),
    );
    assert_eq!(pending(&app), None);
    click(&mut app, "h2", "e2");
    app.world()
        .resource::<chuhan::storage::writer::Writer>()
        .flush();
    let autosave = std::fs::read(dir.join("autosave.ron")).expect("the autosave");
    std::fs::write(dir.join("x.pgn"), "1. h2e2 h9g7 *\n").expect("a record");
    for leave in [
        Command::NewGame(Setup::Standard(Players::HUMAN_RED)),
        Command::OpenRecord(dir.join("x.pgn")),
        Command::RestorePosition,
        Command::Quit,
    ] {
        send(&mut app, leave.clone());
        // A record is read first (a file that does not read says so without asking); the
        // question is about opening what was read.
        match (&leave, pending(&app)) {
            (Command::OpenRecord(_), Some(Command::OpenLoaded(_))) => {}
            (_, asked) => assert_eq!(asked, Some(leave.clone())),
        }
        assert_eq!(game(&app).record.len(), 1, "{leave:?} changed the game");
        assert_eq!(exits(&mut app), 0);
        // Staying keeps everything as it was.
        send(&mut app, Command::Confirm(false));
        assert_eq!(pending(&app), None);
        assert_eq!(game(&app).record.len(), 1);
        app.world()
            .resource::<chuhan::storage::writer::Writer>()
            .flush();
        assert_eq!(
            std::fs::read(dir.join("autosave.ron")).expect("autosave"),
            autosave
        );
    }
    // Leaving after all: the new game starts.
    send(
        &mut app,
        Command::NewGame(Setup::Standard(Players::TWO_PLAYERS)),
    );
    send(&mut app, Command::Confirm(true));
    app.update();
    assert!(game(&app).record.is_empty());
    assert_eq!(pending(&app), None);
    // Quitting a game in progress, confirmed, exits.
    click(&mut app, "h2", "e2");
    send(&mut app, Command::Quit);
    assert_eq!(exits(&mut app), 0);
    send(&mut app, Command::Confirm(true));
    assert_eq!(exits(&mut app), 1);
}

#[test]
fn resigning_ends_the_game_for_the_player() {
    let dir = scratch_dir();
    {
        let mut app = app_in(&dir);
        leave(
            &mut app,
            Command::NewGame(Setup::Standard(Players::TWO_PLAYERS)),
        );
        click(&mut app, "h2", "e2");
        // Black to move resigns: Red wins.
        send(&mut app, Command::Resign);
        let expected = xiangqi::Outcome::Win {
            winner: Side::Red,
            reason: xiangqi::WinReason::Resignation,
        };
        assert_eq!(game(&app).outcome(), Some(expected));
        // No more moves; a new game no longer asks.
        click(&mut app, "h9", "g7");
        assert_eq!(game(&app).record.len(), 1);
        assert!(!game(&app).in_progress());
        // Taking the move back takes the resignation back too.
        send(&mut app, Command::Undo);
        assert_eq!(game(&app).outcome(), None);
        click(&mut app, "h2", "e2");
        send(&mut app, Command::Resign);
        assert!(game(&app).outcome().is_some());
    }
    // The finished game is not offered again.
    let app = app_in(&dir);
    assert!(app.world().resource::<ResumeOffer>().0.is_none());
    // Against the computer, the player's side loses whoever is to move.
    let mut app = app_in(&scratch_dir());
    app.world_mut()
        .resource_mut::<chuhan::core::settings::Settings>()
        .level = Level::Idiot;
    leave(
        &mut app,
        Command::NewGame(Setup::Standard(Players::HUMAN_BLACK)),
    );
    send(&mut app, Command::Resign);
    assert_eq!(
        game(&app).outcome(),
        Some(xiangqi::Outcome::Win {
            winner: Side::Red,
            reason: xiangqi::WinReason::Resignation
        })
    );
}
