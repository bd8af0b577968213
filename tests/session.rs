//! Menus and buttons without a window: every command of the session, driven headless through
//! `Command` messages as the HUD sends them.

mod common;

use std::path::{Path, PathBuf};
use std::time::Duration;

use bevy::prelude::*;
use chuhan::core::autosave::ResumeOffer;
use chuhan::core::commands::Command;
use chuhan::core::game::{Game, Players};
use chuhan::core::notice::NoticeKind;
use chuhan::core::phase::Phase;
use chuhan::core::replay::Step;
use chuhan::core::selection::Pick;
use chuhan::core::settings::SettingChange;
use chuhan::core::settings::Settings;
use chuhan::core::setup::Setup;
use chuhan::hints::HintRequested;
use chuhan::hints::logic::HintState;
use common::{app_in, notices, scratch_dir, send};
use xiangqi::{Color as Side, GameRecord, Handicap, Position, Square};
use xiangqi_engine::Level;

/// Sends a command that may end the game in progress, and confirms it if asked.
fn leave(app: &mut App, c: Command) {
    send(app, c);
    if pending(app).is_some() {
        send(app, Command::Confirm(true));
    }
}

/// Updates until the hint shows (at most 5 s).
fn wait_for_hint(app: &mut App) -> Option<xiangqi::Move> {
    for _ in 0..1000 {
        app.update();
        if let Some(m) = app.world().resource::<HintState>().shown {
            return Some(m);
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    None
}

fn phase(app: &App) -> Phase {
    *app.world().resource::<State<Phase>>().get()
}

fn game(app: &App) -> &Game {
    app.world().resource::<Game>()
}

/// Clicks `from` then `to`; what the move queued on the storage thread (the autosave) is
/// written before it returns, so an app started next reads it.
fn click(app: &mut App, from: &str, to: &str) {
    for s in [from, to] {
        let sq: Square = s.parse().expect("a square");
        app.world_mut().write_message(Pick::Click(Some(sq)));
        app.update();
    }
    app.world()
        .resource::<chuhan::storage::writer::Writer>()
        .flush();
}

/// Updates until the record reaches `ply` (the computer has moved) or gives up.
fn wait_for_ply(app: &mut App, ply: usize) -> bool {
    for _ in 0..2000 {
        if game(app).record.ply() == ply {
            return true;
        }
        app.update();
        std::thread::sleep(Duration::from_millis(5));
    }
    false
}

#[test]
fn new_games_in_each_mode() {
    let dir = scratch_dir();
    let mut app = app_in(&dir);
    app.world_mut()
        .resource_mut::<chuhan::core::settings::Settings>()
        .level = Level::Rookie;
    for players in [
        Players::HUMAN_RED,
        Players::TWO_PLAYERS,
        Players::HUMAN_BLACK,
    ] {
        leave(&mut app, Command::NewGame(Setup::Standard(players)));
        assert_eq!(game(&app).players, players);
        assert_eq!(game(&app).record.start(), &Position::startpos());
        assert!(game(&app).record.len() <= 1);
        assert_eq!(
            app.world().resource::<Settings>().setup,
            Setup::Standard(players)
        );
    }
    // Computer first: it opens as Red.
    assert!(wait_for_ply(&mut app, 1), "the computer did not open");
    let record = &game(&app).record;
    assert_eq!(
        Position::startpos()
            .piece_at(record.moves()[0].from())
            .map(|p| p.color),
        Some(Side::Red)
    );
    // I play first: nothing happens until I move.
    leave(
        &mut app,
        Command::NewGame(Setup::Standard(Players::HUMAN_RED)),
    );
    for _ in 0..20 {
        app.update();
    }
    assert!(game(&app).record.is_empty());
}

#[test]
fn each_handicap_starts_from_its_setup_with_the_giver_to_move() {
    let dir = scratch_dir();
    let mut app = app_in(&dir);
    for handicap in Handicap::ALL {
        for player_gives in [true, false] {
            send(
                &mut app,
                Command::NewGame(Setup::Handicap {
                    handicap,
                    player_gives,
                }),
            );
            let g = game(&app);
            let start = g.record.start();
            assert_eq!(start, &handicap.position(Side::Red), "{handicap:?}");
            // The giver plays Red and moves first.
            assert_eq!(start.side_to_move(), Side::Red);
            let expected = if player_gives {
                Players::HUMAN_RED
            } else {
                Players::HUMAN_BLACK
            };
            assert_eq!(
                g.players, expected,
                "{handicap:?} given by the player: {player_gives}"
            );
            // The pieces given are missing from Red's side only.
            let count = |side| {
                Square::ALL
                    .iter()
                    .filter(|&&s| start.piece_at(s).is_some_and(|p| p.color == side))
                    .count()
            };
            let given = match handicap {
                Handicap::LeftHorse | Handicap::RightHorse => 1,
                Handicap::TwoHorses => 2,
                Handicap::NinePieces => 9,
            };
            assert_eq!((count(Side::Red), count(Side::Black)), (16 - given, 16));
        }
    }
    let left = Handicap::LeftHorse.position(Side::Red);
    assert!(left.piece_at("b0".parse().expect("sq")).is_none());
    assert!(left.piece_at("h0".parse().expect("sq")).is_some());
}

#[test]
fn undo_takes_back_the_reply_and_the_move_and_redo_replays_both() {
    let dir = scratch_dir();
    let mut app = app_in(&dir);
    leave(
        &mut app,
        Command::NewGame(Setup::Standard(Players::HUMAN_RED)),
    );
    app.world_mut()
        .resource_mut::<chuhan::core::settings::Settings>()
        .level = Level::Rookie;
    click(&mut app, "h2", "e2");
    assert!(wait_for_ply(&mut app, 2), "no reply");
    let after_two = game(&app).record.position().clone();
    click(&mut app, "b0", "c2");
    assert!(wait_for_ply(&mut app, 4), "no second reply");
    send(&mut app, Command::Undo);
    assert_eq!(game(&app).record.ply(), 2);
    assert_eq!(game(&app).record.position(), &after_two);
    send(&mut app, Command::Undo);
    assert_eq!(game(&app).record.ply(), 0);
    assert_eq!(game(&app).record.position(), &Position::startpos());
    // Nothing more to take back.
    send(&mut app, Command::Undo);
    assert_eq!(notices(&mut app), vec![NoticeKind::NothingToUndo]);
    send(&mut app, Command::Redo);
    assert_eq!(game(&app).record.ply(), 2);
    assert_eq!(game(&app).record.position(), &after_two);
    send(&mut app, Command::Redo);
    assert_eq!(game(&app).record.ply(), 4);
    // The computer does not move after a redo puts the player to move.
    for _ in 0..30 {
        app.update();
    }
    assert_eq!(game(&app).record.ply(), 4);
    // Two players: undo takes back one move.
    leave(
        &mut app,
        Command::NewGame(Setup::Standard(Players::TWO_PLAYERS)),
    );
    click(&mut app, "h2", "e2");
    click(&mut app, "h9", "g7");
    send(&mut app, Command::Undo);
    assert_eq!(game(&app).record.ply(), 1);
}

#[test]
fn hint_gives_a_legal_move() {
    let dir = scratch_dir();
    let mut app = app_in(&dir);
    leave(
        &mut app,
        Command::NewGame(Setup::Standard(Players::TWO_PLAYERS)),
    );
    click(&mut app, "h2", "e2");
    send(&mut app, HintRequested);
    let hint = wait_for_hint(&mut app).expect("a hint within 5 s");
    assert!(game(&app).record.position().is_legal(hint), "{hint}");
    // The hint goes when the position changes.
    app.world_mut()
        .write_message(chuhan::core::game::MoveRequested(hint));
    app.update();
    app.update();
    assert_eq!(app.world().resource::<HintState>().shown, None);
}

/// Frames in which the hint resource was marked changed (what the hint marks rebuild on).
#[derive(Resource, Default)]
struct HintChanges(usize);

#[test]
fn a_shown_hint_is_not_rebuilt_every_frame() {
    let dir = scratch_dir();
    let mut app = app_in(&dir);
    app.init_resource::<HintChanges>();
    app.add_systems(
        PostUpdate,
        |hint: Res<HintState>, mut n: ResMut<HintChanges>| {
            if hint.is_changed() {
                n.0 += 1;
            }
        },
    );
    leave(
        &mut app,
        Command::NewGame(Setup::Standard(Players::TWO_PLAYERS)),
    );
    send(&mut app, HintRequested);
    assert!(wait_for_hint(&mut app).is_some(), "a hint within 5 s");
    app.update();
    let before = app.world().resource::<HintChanges>().0;
    for _ in 0..30 {
        app.update();
    }
    assert_eq!(
        app.world().resource::<HintChanges>().0,
        before,
        "the hint changed while shown"
    );
    // Idle frames with no hint at all touch nothing either.
    click(&mut app, "h2", "e2");
    app.update();
    let before = app.world().resource::<HintChanges>().0;
    for _ in 0..30 {
        app.update();
    }
    assert_eq!(app.world().resource::<HintChanges>().0, before);
}

#[test]
fn save_position_and_restore_it() {
    let dir = scratch_dir();
    let mut app = app_in(&dir);
    leave(
        &mut app,
        Command::NewGame(Setup::Standard(Players::TWO_PLAYERS)),
    );
    leave(&mut app, Command::RestorePosition);
    assert_eq!(notices(&mut app), vec![NoticeKind::NothingSaved]);
    click(&mut app, "h2", "e2");
    send(&mut app, Command::SavePosition);
    let kept = game(&app).record.position().clone();
    click(&mut app, "h9", "g7");
    click(&mut app, "b0", "c2");
    leave(&mut app, Command::RestorePosition);
    assert_eq!(game(&app).record.position(), &kept);
    assert_eq!(game(&app).record.moves().len(), 1);
}

#[test]
fn a_saved_record_opens_as_the_same_record() {
    let dir = scratch_dir();
    let mut app = app_in(&dir);
    leave(
        &mut app,
        Command::NewGame(Setup::Standard(Players::TWO_PLAYERS)),
    );
    for (a, b) in [
        ("h2", "e2"),
        ("h9", "g7"),
        ("h0", "g2"),
        ("i9", "h9"),
        ("e2", "e6"),
    ] {
        click(&mut app, a, b);
    }
    let played = game(&app).record.clone();
    assert_eq!(played.len(), 5);
    send(&mut app, Command::SaveRecord);
    let saved = notices(&mut app);
    let Some(NoticeKind::Saved(path)) = saved.first() else {
        panic!("no saved notice: {saved:?}");
    };
    let path = PathBuf::from(path);
    assert!(path.starts_with(dir.join("records")));
    assert!(path.with_extension("pgn").exists(), "the PGN export");
    // The RON and the PGN both read back as the same moves from the same start.
    for file in [path.clone(), path.with_extension("pgn")] {
        let back = chuhan::storage::records::read_record(&file)
            .expect("reads back")
            .record;
        assert_eq!(back.start(), played.start());
        assert_eq!(back.all_moves(), played.all_moves());
    }
    // Opening it enters replay at the start; stepping to the end gives the same game.
    leave(
        &mut app,
        Command::NewGame(Setup::Standard(Players::TWO_PLAYERS)),
    );
    leave(&mut app, Command::OpenRecord(path));
    assert_eq!(phase(&app), Phase::Replaying);
    assert_eq!(game(&app).record.ply(), 0);
    send(&mut app, Command::Step(Step::Last));
    assert_eq!(game(&app).record.position(), played.position());
    assert_eq!(game(&app).record.all_moves(), played.all_moves());
}

fn shared_pgns() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/xiangqi/tests/data/pgn");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e.eq_ignore_ascii_case("pgn")))
        .collect();
    files.sort();
    files
}

#[test]
fn every_shared_pgn_opens_in_replay_and_steps_to_its_end() {
    let files = shared_pgns();
    assert!(files.len() >= 10, "{} PGN files", files.len());
    let dir = scratch_dir();
    let mut app = app_in(&dir);
    for file in files {
        let expected = chuhan::storage::records::read_record(&file)
            .expect("the PGN reads")
            .record;
        leave(&mut app, Command::OpenRecord(file.clone()));
        assert!(notices(&mut app).is_empty(), "{}", file.display());
        assert_eq!(phase(&app), Phase::Replaying);
        assert_eq!(game(&app).record.ply(), 0);
        let len = game(&app).record.len();
        assert!(len > 10, "{}: {len} moves", file.display());
        for ply in 1..=len {
            send(&mut app, Command::Step(Step::Next));
            assert_eq!(game(&app).record.ply(), ply);
        }
        // One more step stays at the end; the board shows the final position.
        send(&mut app, Command::Step(Step::Next));
        assert_eq!(game(&app).record.ply(), len);
        assert_eq!(
            game(&app).record.position(),
            expected.position_at(len).expect("the end")
        );
        // The piece views show the final position.
        let mut q = app.world_mut().query::<&chuhan::core::pieces::PieceView>();
        let mut shown: Vec<(usize, char)> = q
            .iter(app.world())
            .map(|v| (v.square.index(), v.piece.fen_char()))
            .collect();
        shown.sort_unstable();
        let end = game(&app).record.position();
        let mut want: Vec<(usize, char)> = Square::ALL
            .iter()
            .filter_map(|&s| end.piece_at(s).map(|p| (s.index(), p.fen_char())))
            .collect();
        want.sort_unstable();
        assert_eq!(shown, want, "{}", file.display());
        // Back one step and forward again.
        send(&mut app, Command::Step(Step::Previous));
        assert_eq!(game(&app).record.ply(), len - 1);
        send(&mut app, Command::Step(Step::To(3)));
        assert_eq!(game(&app).record.ply(), 3);
        // No moves are accepted in replay.
        let pos = game(&app).record.position().clone();
        let legal = pos.legal_moves()[0];
        app.world_mut()
            .write_message(Pick::Click(Some(legal.from())));
        app.update();
        assert_eq!(
            app.world()
                .resource::<chuhan::core::selection::Selection>()
                .0,
            None
        );
    }
    // Play on from a point of the last record.
    send(&mut app, Command::ContinueHere);
    assert_ne!(phase(&app), Phase::Replaying);
    assert_eq!(game(&app).record.ply(), 3);
}

#[test]
fn a_corrupt_settings_file_gives_a_notice_and_the_defaults() {
    let dir = scratch_dir();
    std::fs::write(dir.join("settings.ron"), "(sound: maybe, level: ").expect("write");
    let mut app = app_in(&dir);
    let got = notices(&mut app);
    assert!(
        matches!(got.as_slice(), [NoticeKind::BadSettings(e)] if e.contains("settings.ron")),
        "{got:?}"
    );
    assert_eq!(*app.world().resource::<Settings>(), Settings::default());
    // The damaged file is kept aside, not lost.
    assert!(dir.join("settings.ron.corrupt").exists());
    // The game goes on.
    leave(
        &mut app,
        Command::NewGame(Setup::Standard(Players::TWO_PLAYERS)),
    );
    click(&mut app, "h2", "e2");
    assert_eq!(game(&app).record.len(), 1);
}

#[test]
fn a_settings_file_from_a_newer_version_keeps_every_value_this_one_knows() {
    let dir = scratch_dir();
    let mut mine = Settings {
        sound: false,
        ..Settings::default()
    };
    mine.puzzles.insert(7, 3);
    let text = ron::ser::to_string_pretty(&mine, ron::ser::PrettyConfig::default()).unwrap();
    // A graphics setting this version has never heard of.
    let newer = text.replacen("graphics: ", "graphics: Holographic, old_graphics: ", 1);
    assert_ne!(newer, text);
    std::fs::write(dir.join("settings.ron"), &newer).expect("write");
    let mut app = app_in(&dir);
    let got = notices(&mut app);
    assert!(
        matches!(got.as_slice(), [NoticeKind::BadSettings(e)] if e.contains("graphics")),
        "{got:?}"
    );
    let s = app.world().resource::<Settings>();
    assert_eq!(s.puzzles.get(&7), Some(&3), "puzzle progress kept");
    assert!(!s.sound);
    assert_eq!(s.graphics, Settings::default().graphics);
    // The file as the newer version wrote it is kept whole beside.
    assert_eq!(
        std::fs::read_to_string(dir.join("settings.ron.corrupt")).expect("kept"),
        newer
    );
}

#[test]
fn a_settings_file_that_cannot_be_read_is_left_where_it_is() {
    let dir = scratch_dir();
    // A folder where the file should be: reading fails, but nothing in it is damaged.
    std::fs::create_dir_all(dir.join("settings.ron")).expect("a folder");
    let mut app = app_in(&dir);
    let got = notices(&mut app);
    assert!(
        matches!(got.as_slice(), [NoticeKind::BadSettings(_)]),
        "{got:?}"
    );
    assert!(dir.join("settings.ron").is_dir());
    assert!(!dir.join("settings.ron.corrupt").exists());
}

#[test]
fn a_corrupt_record_gives_a_notice_and_changes_nothing() {
    let dir = scratch_dir();
    let mut app = app_in(&dir);
    leave(
        &mut app,
        Command::NewGame(Setup::Standard(Players::TWO_PLAYERS)),
    );
    click(&mut app, "h2", "e2");
    let before = game(&app).record.clone();
    let bad_ron = dir.join("bad.ron");
    std::fs::write(&bad_ron, "(start: \"not a fen\", moves: [").expect("write");
    let bad_pgn = dir.join("bad.pgn");
    std::fs::write(&bad_pgn, "[Event \"x\"]\n1. h2e2 zz99 *\n").expect("write");
    let missing = dir.join("missing.pgn");
    for path in [bad_ron, bad_pgn, missing] {
        leave(&mut app, Command::OpenRecord(path.clone()));
        let got = notices(&mut app);
        assert!(
            matches!(got.as_slice(), [NoticeKind::BadRecord(e)] if e.contains(path.file_name().and_then(|n| n.to_str()).unwrap_or("?"))),
            "{}: {got:?}",
            path.display()
        );
        assert_eq!(game(&app).record, before);
        assert_ne!(phase(&app), Phase::Replaying);
    }
}

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

fn pending(app: &App) -> Option<Command> {
    app.world()
        .resource::<chuhan::core::commands::PendingConfirm>()
        .0
        .clone()
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
