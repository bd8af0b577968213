//! Variations in the game (the move list, stepping into one in replay, adding one after 从此处继续)
//! and the puzzles (残局挑战): a wrong move refused and taken back, the defence, the hint, the
//! stars kept in the settings. Driven headless through `Command` messages.

mod common;

use std::path::Path;

use bevy::prelude::*;
use chuhan::analysis::AnalysisRequest;
use chuhan::core::commands::Command;
use chuhan::core::game::{Game, MoveRequested};
use chuhan::core::move_list::MoveList;
use chuhan::core::phase::Phase;
use chuhan::core::replay::Step;
use chuhan::core::settings::Settings;
use chuhan::hints::HintRequested;
use chuhan::puzzles::PuzzleRequest;
use chuhan::puzzles::logic::{PuzzleSet, PuzzleState, PuzzleStatus};
use common::{app_in, mv, scratch_dir, send, wait_for};
use xiangqi::Move;
use xiangqi_engine::puzzle::{Goal, Puzzle};

fn play(app: &mut App, m: Move) {
    app.world_mut().write_message(MoveRequested(m));
    app.update();
}

fn game(app: &App) -> &Game {
    app.world().resource::<Game>()
}

const TREE: &str = "[Game \"Chinese Chess\"]\n[Format \"ICCS\"]\n  1. h2e2 (1. c3c4 g6g5) h9g7\n  2. h0g2 (2. b0c2 b9c7) i9h9\n  3. i0h0 *\n";

#[test]
fn variations_show_in_the_list_and_can_be_entered_in_replay() {
    let dir = scratch_dir();
    let path = dir.join("tree.pgn");
    std::fs::write(&path, TREE).expect("a record");
    let mut app = app_in(&dir);
    send(&mut app, Command::OpenRecord(path));
    assert_eq!(
        *app.world().resource::<State<Phase>>().get(),
        Phase::Replaying
    );
    app.update();
    let list = app.world().resource::<MoveList>().clone();
    let branches: Vec<(usize, usize)> = list.branches.iter().map(|b| (b.ply, b.index)).collect();
    assert_eq!(branches, [(0, 1), (2, 1)]);
    assert!(
        list.branches[1].text.contains("马八进七"),
        "{:?}",
        list.branches
    );
    // Into the variation at move 2: the list now offers the main line there.
    send(&mut app, Command::Step(Step::Variation(2, 1)));
    app.update();
    assert_eq!(game(&app).record.ply(), 3);
    assert_eq!(game(&app).record.last_move(), Some(mv("b0c2")));
    let list = app.world().resource::<MoveList>().clone();
    assert!(!list.on_main_line);
    assert!(list.branches.iter().any(|b| b.ply == 2 && b.index == 0));
    send(&mut app, Command::Step(Step::Variation(2, 0)));
    assert!(game(&app).record.is_main_line());
}

/// The tree record opened in `dir`, continued from its second move with another third move
/// (a0a1, two players so that nobody answers).
fn continued_with_another_move(dir: &Path) -> App {
    let path = dir.join("tree.pgn");
    std::fs::write(&path, TREE).expect("a record");
    let mut app = app_in(dir);
    send(&mut app, Command::OpenRecord(path));
    send(&mut app, Command::Step(Step::To(2)));
    send(&mut app, Command::ContinueHere);
    assert_eq!(
        *app.world().resource::<State<Phase>>().get(),
        Phase::Playing
    );
    app.world_mut().resource_mut::<Game>().players = chuhan::core::game::Players::TWO_PLAYERS;
    play(&mut app, mv("a0a1"));
    app
}

#[test]
fn a_different_move_after_continuing_from_replay_adds_a_variation() {
    let app = continued_with_another_move(&scratch_dir());
    let record = &game(&app).record;
    assert_eq!(record.last_move(), Some(mv("a0a1")));
    // The record's main line is whole, the new move one more alternative at ply 2.
    let main = record.main_line();
    assert_eq!(
        main.all_moves(),
        [mv("h2e2"), mv("h9g7"), mv("h0g2"), mv("i9h9"), mv("i0h0")]
    );
    let alternatives: Vec<Move> = record.variations_at(2).iter().map(|v| v.moves[0]).collect();
    assert_eq!(alternatives, [mv("h0g2"), mv("b0c2")]);
}

fn puzzle(app: &App, wanted: impl Fn(&Puzzle) -> bool) -> Puzzle {
    app.world()
        .resource::<PuzzleSet>()
        .0
        .iter()
        .find(|p| wanted(p))
        .cloned()
        .expect("such a puzzle in the set")
}

fn status(app: &App) -> PuzzleStatus {
    app.world().resource::<PuzzleState>().status
}

#[test]
fn a_wrong_move_is_taken_back_and_the_right_one_solves_with_stars_saved() {
    let dir = scratch_dir();
    let mut app = app_in(&dir);
    let p = puzzle(&app, |p| p.goal == Goal::Mate(1));
    send(&mut app, PuzzleRequest::Start(p.id));
    assert_eq!(game(&app).puzzle, Some(p.id));
    assert_eq!(game(&app).record.position(), &p.start);
    // A wrong move: refused, taken back, may be retried.
    let wrong = p
        .start
        .legal_moves()
        .iter()
        .copied()
        .find(|&m| m != p.key())
        .expect("another move");
    play(&mut app, wrong);
    assert!(wait_for(&mut app, 60, |a| status(a) == PuzzleStatus::Wrong));
    assert_eq!(game(&app).record.ply(), 0, "taken back");
    assert!(game(&app).record.is_empty(), "and not kept for 重做");
    // The hint lights the key move's piece.
    send(&mut app, HintRequested);
    assert!(wait_for(&mut app, 60, |a| a
        .world()
        .resource::<PuzzleState>()
        .hint
        .is_some()));
    assert_eq!(
        app.world().resource::<PuzzleState>().hint,
        Some(p.key().from())
    );
    play(&mut app, p.key());
    assert!(wait_for(&mut app, 60, |a| matches!(
        status(a),
        PuzzleStatus::Solved(_)
    )));
    // One mistake and one hint: one star, kept in the settings (and so saved with them).
    assert_eq!(status(&app), PuzzleStatus::Solved(1));
    assert_eq!(
        app.world().resource::<Settings>().puzzles.get(&p.id),
        Some(&1)
    );
}

#[test]
fn the_computer_defends_and_a_clean_solve_earns_three_stars() {
    let dir = scratch_dir();
    let mut app = app_in(&dir);
    let p = puzzle(&app, |p| p.goal == Goal::Mate(2));
    send(&mut app, PuzzleRequest::Start(p.id));
    play(&mut app, p.key());
    // The computer answers.
    assert!(wait_for(&mut app, 60, |a| game(a).record.ply() == 2));
    assert_eq!(status(&app), PuzzleStatus::YourMove);
    // Any mate now solves it (not only the line's).
    let pos = game(&app).record.position().clone();
    let mate = pos
        .legal_moves()
        .iter()
        .copied()
        .find(|&m| !pos.after(m).expect("legal").has_legal_move())
        .expect("a mate in one after the best defence");
    play(&mut app, mate);
    assert!(wait_for(&mut app, 60, |a| matches!(
        status(a),
        PuzzleStatus::Solved(_)
    )));
    assert_eq!(status(&app), PuzzleStatus::Solved(3));
    // The list shows it solved; 下一题 moves on to the next puzzle.
    send(&mut app, PuzzleRequest::Next);
    assert_eq!(game(&app).puzzle, Some(p.id + 1));
    assert_eq!(status(&app), PuzzleStatus::YourMove);
}

#[test]
fn the_autosave_keeps_the_variations_and_skips_puzzles() {
    let dir = scratch_dir();
    let mut app = continued_with_another_move(&dir);
    let save = dir.join("autosave.ron");
    let saved = |_: &mut App| {
        std::fs::read_to_string(&save).is_ok_and(|t| t.contains("a0a1") && t.contains("i0h0"))
    };
    assert!(
        wait_for(&mut app, 30, saved),
        "the old line is kept beside the new move"
    );
    // A puzzle leaves the save alone.
    let p = puzzle(&app, |p| p.goal == Goal::Mate(2));
    send(&mut app, PuzzleRequest::Start(p.id));
    play(&mut app, p.key());
    assert!(wait_for(&mut app, 60, |a| game(a).record.ply() == 2));
    for _ in 0..20 {
        app.update();
    }
    let text = std::fs::read_to_string(&save).expect("the save");
    assert!(
        text.contains("a0a1") && !text.contains(&p.start.to_fen()),
        "{text}"
    );
}

#[test]
fn with_the_analysis_shown_a_new_move_is_a_variation_and_hidden_it_cuts() {
    let dir = scratch_dir();
    let mut app = app_in(&dir);
    app.world_mut().resource_mut::<Game>().players = chuhan::core::game::Players::TWO_PLAYERS;
    for m in ["h2e2", "h9g7"] {
        play(&mut app, mv(m));
    }
    send(&mut app, AnalysisRequest::Toggle);
    send(&mut app, Command::Undo);
    play(&mut app, mv("b9c7"));
    assert_eq!(game(&app).record.variations_at(1).len(), 1, "h9g7 kept");
    send(&mut app, AnalysisRequest::Toggle);
    app.update();
    send(&mut app, Command::Undo);
    play(&mut app, mv("h7e7"));
    let record = &game(&app).record;
    assert_eq!(record.all_moves(), [mv("h2e2"), mv("h7e7")]);
    assert_eq!(
        record.variations_at(1).len(),
        1,
        "only h9g7 is left beside it"
    );
}

/// The pieces taken in play, in their trays in capture order, and the balance they show.
fn trays(app: &mut App) -> (Vec<(char, usize)>, i32) {
    let mut q = app.world_mut().query::<&chuhan::core::pieces::Taken>();
    let mut taken: Vec<_> = q.iter(app.world()).map(|t| (t.piece, t.slot)).collect();
    taken.sort_by_key(|&(p, slot)| (p.color as u8, slot));
    let balance = chuhan::core::pieces::material_balance(taken.iter().map(|(p, _)| *p));
    (
        taken.iter().map(|(p, s)| (p.fen_char(), *s)).collect(),
        balance,
    )
}

#[test]
fn taken_pieces_go_to_the_trays_in_order_and_come_back_on_undo() {
    use chuhan::core::commands::Command;
    let mut app = app_in(&scratch_dir());
    common::new_game(
        &mut app,
        common::START,
        &[],
        chuhan::core::game::Players::TWO_PLAYERS,
    );
    // The cannon takes the horse (Red 4 up), the rook takes the cannon back (Black 0.5 up).
    for m in ["h2h9", "i9h9"] {
        play(&mut app, mv(m));
    }
    assert_eq!(trays(&mut app), (vec![('C', 0), ('n', 0)], -1));
    play(&mut app, mv("b2b9"));
    play(&mut app, mv("a9b9"));
    assert_eq!(
        trays(&mut app),
        (vec![('C', 0), ('C', 1), ('n', 0), ('n', 1)], -2)
    );
    // Undo gives the last capture back to the board, the first ones stay in order.
    send(&mut app, Command::Undo);
    app.update();
    assert_eq!(trays(&mut app), (vec![('C', 0), ('n', 0), ('n', 1)], 7));
    assert_eq!(game(&app).record.ply(), 3);
}
