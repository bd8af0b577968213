//! Files: positions and records saved and opened, the shared PGNs, corrupt and unreadable
//! settings and records.

use super::*;

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

/// A file the player handed over (in a browser, picked in its dialog and kept in the page's
/// records) that cannot be read leaves nothing behind; one that reads stays among the records.
#[test]
fn a_handed_file_that_does_not_read_is_removed_and_one_that_reads_is_kept() {
    let dir = scratch_dir();
    let mut app = app_in(&dir);
    let records = dir.join("records");
    std::fs::create_dir_all(&records).expect("the records folder");
    let garbage = records.join("garbage.xqf");
    std::fs::write(&garbage, vec![0x5a; 4096]).expect("write");
    leave(&mut app, Command::OpenHanded(garbage.clone()));
    app.world()
        .resource::<chuhan::storage::writer::Writer>()
        .flush();
    let got = notices(&mut app);
    assert!(
        matches!(got.as_slice(), [NoticeKind::BadRecord(e)] if e.contains("garbage.xqf")),
        "{got:?}"
    );
    assert!(!garbage.exists(), "the unreadable file is still kept");
    let good = records.join("good.pgn");
    std::fs::write(&good, "[Event \"x\"]\n1. h2e2 h9g7 *\n").expect("write");
    leave(&mut app, Command::OpenHanded(good.clone()));
    app.world()
        .resource::<chuhan::storage::writer::Writer>()
        .flush();
    app.update();
    assert!(good.exists(), "a record that reads is kept");
    assert_eq!(game(&app).record.len(), 2);
}
