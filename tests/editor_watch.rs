//! The position editor (摆棋) and watching the computer play itself, headless: every rule a set-up
//! position can break refuses it with its reason and changes nothing; an accepted one is played,
//! saved or analysed; a watched game plays each side at its seat, stands still while paused, and
//! is saved when it ends.

mod common;

use bevy::prelude::*;
use chuhan::core::game::{Game, Players};
use chuhan::core::notice::NoticeKind;
use chuhan::core::phase::Phase;
use chuhan::core::pieces::{Palette, PieceView};
use chuhan::editor::logic::Editor;
use chuhan::editor::{EditorRequest, Finish, Start};
use chuhan::watch::{COMPUTERS, Seat, Watch, WatchRequest};
use common::*;
use xiangqi::{Color, FenError, Piece, PieceKind, Square};
use xiangqi_engine::Level;

fn phase(app: &App) -> Phase {
    *app.world().resource::<State<Phase>>().get()
}

fn sq(s: &str) -> Square {
    s.parse().expect("a square")
}

fn count<C: Component>(app: &mut App) -> usize {
    app.world_mut().query::<&C>().iter(app.world()).count()
}

fn verdict(app: &App) -> Result<String, FenError> {
    app.world()
        .resource::<Editor>()
        .verdict()
        .map(|p| p.to_fen())
}

#[test]
fn the_editor_shows_its_board_and_trays_and_undoes_and_cancels() {
    let mut app = app_in(&scratch_dir());
    new_game(&mut app, START, &["h2e2"], Players::TWO_PLAYERS);
    send(&mut app, EditorRequest::Open(Start::Current));
    app.update();
    assert_eq!(phase(&app), Phase::Editing);
    assert_eq!(count::<PieceView>(&mut app), 32);
    assert_eq!(
        count::<Palette>(&mut app),
        14,
        "one of each kind of both sides"
    );
    // Drag the red cannon off the board, then back: undo brings it back.
    send(&mut app, EditorRequest::Remove(sq("e2")));
    app.update();
    assert_eq!(count::<PieceView>(&mut app), 31);
    send(&mut app, EditorRequest::Undo);
    app.update();
    assert_eq!(count::<PieceView>(&mut app), 32);
    // A held piece is set down by clicks; a click with nothing held takes a piece off.
    send(
        &mut app,
        EditorRequest::Hold(Some(Piece::new(Color::Red, PieceKind::Pawn))),
    );
    send(&mut app, EditorRequest::Point(sq("e5")));
    send(&mut app, EditorRequest::Hold(None));
    send(&mut app, EditorRequest::Point(sq("a9")));
    app.update();
    let editor = app.world().resource::<Editor>().placement;
    assert_eq!(
        editor.piece_at(sq("e5")),
        Some(Piece::new(Color::Red, PieceKind::Pawn))
    );
    assert_eq!(editor.piece_at(sq("a9")), None);
    // Cancel: back to the game as it was, its pieces on the board.
    send(&mut app, EditorRequest::Cancel);
    app.update();
    assert_eq!(phase(&app), Phase::Playing);
    assert_eq!(app.world().resource::<Game>().record.len(), 1);
    assert_eq!(count::<PieceView>(&mut app), 32);
    assert_eq!(count::<Palette>(&mut app), 0);
}

#[test]
fn every_broken_rule_refuses_the_position_with_its_reason() {
    let mut app = app_in(&scratch_dir());
    send(&mut app, EditorRequest::Open(Start::Empty));
    let red = |k| Piece::new(Color::Red, k);
    let black = |k| Piece::new(Color::Black, k);
    // Each case: what is set on an empty board with the kings on e0 and d9, and the rule.
    let cases: Vec<(Vec<(&str, Piece)>, FenError)> = vec![
        (
            vec![("d9", black(PieceKind::King))],
            FenError::MissingKing(Color::Red),
        ),
        (
            vec![
                ("e0", red(PieceKind::King)),
                ("d0", red(PieceKind::King)),
                ("d9", black(PieceKind::King)),
            ],
            FenError::TooManyKings(Color::Red),
        ),
        (
            vec![("e3", red(PieceKind::King)), ("d9", black(PieceKind::King))],
            FenError::OutsidePalace {
                piece: red(PieceKind::King),
                square: sq("e3"),
            },
        ),
        (
            vec![("e0", red(PieceKind::King)), ("e9", black(PieceKind::King))],
            FenError::KingsFacing,
        ),
        (
            vec![
                ("e0", red(PieceKind::King)),
                ("d9", black(PieceKind::King)),
                ("d5", red(PieceKind::Rook)),
            ],
            FenError::OpponentInCheck,
        ),
        (
            vec![
                ("e0", red(PieceKind::King)),
                ("d9", black(PieceKind::King)),
                ("d1", red(PieceKind::Advisor)),
            ],
            FenError::OutsidePalace {
                piece: red(PieceKind::Advisor),
                square: sq("d1"),
            },
        ),
        (
            vec![
                ("e0", red(PieceKind::King)),
                ("d9", black(PieceKind::King)),
                ("c3", red(PieceKind::Elephant)),
            ],
            FenError::ElephantOffPoints(sq("c3")),
        ),
        (
            vec![
                ("e0", red(PieceKind::King)),
                ("d9", black(PieceKind::King)),
                ("b3", red(PieceKind::Pawn)),
            ],
            FenError::PawnOffFile(sq("b3")),
        ),
        (
            vec![
                ("e0", red(PieceKind::King)),
                ("d9", black(PieceKind::King)),
                ("a2", red(PieceKind::Pawn)),
            ],
            FenError::PawnBehindStart(sq("a2")),
        ),
        (
            vec![
                ("e0", red(PieceKind::King)),
                ("d9", black(PieceKind::King)),
                ("a5", black(PieceKind::Cannon)),
                ("b5", black(PieceKind::Cannon)),
                ("c5", black(PieceKind::Cannon)),
            ],
            FenError::TooManyPieces {
                piece: black(PieceKind::Cannon),
                count: 3,
            },
        ),
    ];
    for (pieces, rule) in cases {
        send(&mut app, EditorRequest::Open(Start::Empty));
        for (at, piece) in &pieces {
            send(&mut app, EditorRequest::Put(sq(at), *piece));
        }
        assert_eq!(verdict(&app), Err(rule.clone()));
        notices(&mut app);
        send(
            &mut app,
            EditorRequest::Finish(Finish::Play(Players::HUMAN_RED)),
        );
        app.update();
        assert_eq!(
            notices(&mut app),
            vec![NoticeKind::PositionRefused(rule.clone())]
        );
        assert_eq!(phase(&app), Phase::Editing, "{rule:?}: nothing changes");
    }
}

#[test]
fn an_accepted_position_is_played_saved_and_analysed() {
    let dir = scratch_dir();
    let mut app = app_in(&dir);
    send(&mut app, EditorRequest::Open(Start::Empty));
    for (at, piece) in [
        ("e0", Piece::new(Color::Red, PieceKind::King)),
        ("d9", Piece::new(Color::Black, PieceKind::King)),
        ("a5", Piece::new(Color::Red, PieceKind::Rook)),
    ] {
        send(&mut app, EditorRequest::Put(sq(at), piece));
    }
    send(&mut app, EditorRequest::ToggleSide);
    let fen = "3k5/9/9/9/R8/9/9/9/9/4K4 b - - 0 1";
    assert_eq!(verdict(&app), Ok(fen.to_owned()));
    notices(&mut app);
    send(&mut app, EditorRequest::Finish(Finish::Save));
    let saved = notices(&mut app);
    let Some(NoticeKind::Saved(path)) = saved.first() else {
        panic!("{saved:?}");
    };
    let pgn =
        std::fs::read_to_string(std::path::Path::new(path).with_extension("pgn")).expect("the PGN");
    assert!(pgn.contains(&format!("[FEN \"{fen}\"]")), "{pgn}");
    assert_eq!(phase(&app), Phase::Editing, "saving stays in the editor");
    send(
        &mut app,
        EditorRequest::Finish(Finish::Play(Players::HUMAN_BLACK)),
    );
    app.update();
    assert_eq!(phase(&app), Phase::Playing);
    let game = app.world().resource::<Game>();
    assert_eq!(game.record.start().to_fen(), fen);
    assert_eq!(game.players, Players::HUMAN_BLACK);
    assert_eq!(
        count::<Palette>(&mut app),
        0,
        "the trays are the game's again"
    );
    // Analyse: the position opens with the analysis shown.
    send(&mut app, EditorRequest::Open(Start::Current));
    send(&mut app, EditorRequest::Finish(Finish::Analyse));
    assert!(wait_for(&mut app, 5, |app| app
        .world()
        .resource::<Game>()
        .analysing));
    assert_eq!(app.world().resource::<Game>().record.start().to_fen(), fen);
}

#[test]
fn a_watched_game_plays_each_seat_pauses_and_is_saved_when_it_ends() {
    let dir = scratch_dir();
    let mut app = app_in(&dir);
    send(
        &mut app,
        WatchRequest::SetSeat(Color::Red, Seat::Level(Level::Idiot)),
    );
    send(
        &mut app,
        WatchRequest::SetSeat(Color::Black, Seat::Level(Level::Idiot)),
    );
    send(&mut app, WatchRequest::Start);
    assert!(wait_for(&mut app, 5, |app| app
        .world()
        .resource::<Game>()
        .players
        == COMPUTERS));
    let game = app.world().resource::<Game>();
    assert_eq!(game.record.tag("Red"), Some("Chuhan 傻瓜"));
    // Both sides move by themselves.
    assert!(wait_for(&mut app, 30, |app| app
        .world()
        .resource::<Game>()
        .record
        .len()
        >= 4));
    // Paused: nothing moves; resumed: it goes on.
    send(&mut app, WatchRequest::TogglePause);
    assert!(app.world().resource::<Watch>().paused);
    // A search already under way may still land; then nothing more.
    assert!(wait_for(&mut app, 5, |app| app
        .world()
        .resource::<chuhan::core::computer::Thinking>()
        .engine_free()));
    let moves = app.world().resource::<Game>().record.len();
    let still = !wait_for(&mut app, 2, |app| {
        app.world().resource::<Game>().record.len() != moves
    });
    assert!(still, "a paused game stands still");
    send(&mut app, WatchRequest::TogglePause);
    assert!(wait_for(&mut app, 30, |app| app
        .world()
        .resource::<Game>()
        .record
        .len()
        > moves));
    // From a position with a mate in one (set up in the editor), Red mates and the game is
    // saved as a record.
    send(
        &mut app,
        WatchRequest::SetSeat(Color::Red, Seat::Level(Level::Beginner)),
    );
    send(&mut app, EditorRequest::Open(Start::Empty));
    for (at, piece) in [
        ("e0", Piece::new(Color::Red, PieceKind::King)),
        ("d9", Piece::new(Color::Black, PieceKind::King)),
        ("a8", Piece::new(Color::Red, PieceKind::Rook)),
        ("b0", Piece::new(Color::Red, PieceKind::Rook)),
    ] {
        send(&mut app, EditorRequest::Put(sq(at), piece));
    }
    notices(&mut app);
    send(&mut app, EditorRequest::Finish(Finish::Play(COMPUTERS)));
    let mut said = Vec::new();
    assert!(
        wait_for(&mut app, 30, |app| {
            said.extend(notices(app));
            said.iter().any(|n| matches!(n, NoticeKind::Saved(_)))
        }),
        "{said:?}"
    );
    let game = app.world().resource::<Game>();
    // Mate in one is there, but a level's noise may choose a mate a few moves longer.
    assert_eq!(game.outcome().and_then(|o| o.winner()), Some(Color::Red));
    let saved: Vec<_> = std::fs::read_dir(dir.join("records"))
        .expect("the records folder")
        .filter_map(Result::ok)
        .collect();
    assert!(!saved.is_empty());
}

#[test]
fn a_replayed_record_takes_marks_comments_deletions_and_promotions() {
    use chuhan::core::commands::Command;
    use chuhan::core::record_edit::RecordEdit;
    use chuhan::core::replay::Step;
    let mut app = app_in(&scratch_dir());
    let text = "1. h2e2 h9g7 (1... b9c7 2. h0g2) 2. h0g2 *";
    send(&mut app, Command::OpenText(text.into()));
    app.update();
    assert_eq!(phase(&app), Phase::Replaying);
    send(&mut app, Command::Step(Step::To(1)));
    send(
        &mut app,
        Command::Edit(RecordEdit::Mark(Some(xiangqi::Mark::Good))),
    );
    send(
        &mut app,
        Command::Edit(RecordEdit::Comment(Some("中炮".into()))),
    );
    let record = &app.world().resource::<Game>().record;
    assert_eq!(
        (record.mark(1), record.comment(1)),
        (Some(xiangqi::Mark::Good), Some("中炮"))
    );
    // Into the variation, promote it, then delete the old main line's move.
    send(&mut app, Command::Step(Step::Variation(1, 1)));
    send(&mut app, Command::Edit(RecordEdit::Promote));
    let main = app.world().resource::<Game>().record.main_line();
    assert_eq!(main.all_moves()[1], mv("b9c7"));
    send(&mut app, Command::Step(Step::To(1)));
    send(&mut app, Command::Step(Step::Variation(1, 1)));
    send(&mut app, Command::Edit(RecordEdit::DeleteMove));
    let record = &app.world().resource::<Game>().record;
    assert!(!record.has_variations(), "the old main line is gone");
    assert_eq!(
        record.mark(1),
        Some(xiangqi::Mark::Good),
        "the rest is kept"
    );
    // While playing, moves are not deleted.
    send(&mut app, Command::ContinueHere);
    app.update();
    let before = app.world().resource::<Game>().record.len();
    send(&mut app, Command::Edit(RecordEdit::DeleteMove));
    assert_eq!(app.world().resource::<Game>().record.len(), before);
}
