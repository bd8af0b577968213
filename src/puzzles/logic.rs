//! Puzzles (残局挑战): the shipped set, the puzzle being played, and its rules. The player moves
//! for the side to move; each move is judged off the frame loop by the puzzle solvers of
//! `xiangqi_engine::puzzle` (a wrong one is taken back with a cue, to try again), the computer
//! answers with the best defence, a hint lights the piece to move, and a solved puzzle's stars
//! are kept in the settings.

use std::sync::Mutex;
use std::sync::mpsc::{Receiver, channel};

use bevy::prelude::*;
use xiangqi::{Color as Side, GameRecord, Move, Square};
use xiangqi_engine::puzzle::{self, Attempt, Puzzle, Tier, Verdict};

use super::PuzzleNotice;
use crate::core::game::{
    Controller, CoreSet, Game, MovePlayed, MoveRequested, MoveTakenBack, NewGame, Players,
};
use crate::core::i18n::Language;
use crate::core::notice::Notice;
use crate::core::settings::Settings;
use crate::hints::HintRequested;
use crate::puzzles::PuzzleRequest;

/// The set shipped with the game (made by `xiangqi-puzzles generate`, see its header).
const SET: &str = include_str!("../../assets/puzzles/puzzles.tsv");

/// The puzzle set.
#[derive(Resource, Debug, Default)]
pub struct PuzzleSet(pub Vec<Puzzle>);

impl PuzzleSet {
    /// The puzzle numbered `id`.
    #[must_use]
    pub fn get(&self, id: u32) -> Option<&Puzzle> {
        self.0.iter().find(|p| p.id == id)
    }

    /// The puzzles of a tier.
    pub fn of_tier(&self, tier: Tier) -> impl Iterator<Item = &Puzzle> {
        self.0.iter().filter(move |p| p.tier == tier)
    }
}

/// How the puzzle being played stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum PuzzleStatus {
    /// The player's turn.
    #[default]
    YourMove,
    /// A move is being judged or the defence found.
    Thinking,
    /// The last move was wrong and was taken back.
    Wrong,
    /// Solved, with this many stars.
    Solved(u8),
}

/// What a background job found.
enum Found {
    Judged(Move, Verdict),
    Hint(Option<Move>),
    OutOfBudget,
}

/// The puzzle being played and the list's state.
#[derive(Resource, Default)]
pub struct PuzzleState {
    /// The list of puzzles is shown, at this tier.
    pub list: Option<Tier>,
    /// The puzzle being played, by number.
    pub current: Option<u32>,
    /// How it stands.
    pub status: PuzzleStatus,
    /// Wrong moves so far.
    pub mistakes: u32,
    /// Hints taken so far.
    pub hints: u32,
    /// The piece the hint points at.
    pub hint: Option<Square>,
    job: Option<Mutex<Receiver<Found>>>,
}

impl PuzzleState {
    /// Stars for a solve: three without help, two after one wrong move or hint, one otherwise.
    #[must_use]
    pub fn stars(&self) -> u8 {
        match self.mistakes + self.hints {
            0 => 3,
            1 => 2,
            _ => 1,
        }
    }
}

pub(crate) fn plugin(app: &mut App) {
    let set = match puzzle::parse(SET) {
        Ok(set) => set,
        Err(e) => {
            error!("the puzzle set: {e}");
            Vec::new()
        }
    };
    app.insert_resource(PuzzleSet(set));
    app.init_resource::<PuzzleState>();
    // Requests first, so that a puzzle's game is set up in the same frame.
    app.add_systems(Update, handle_requests.in_set(CoreSet::Input));
    app.add_systems(
        Update,
        (judge_moves, collect_jobs)
            .chain()
            .after(CoreSet::Apply)
            .before(CoreSet::Views),
    );
}

/// The game that sets a puzzle up: the player for the side to move, the computer for the other.
#[must_use]
pub fn puzzle_game(p: &Puzzle) -> NewGame {
    let mut record = GameRecord::new(p.start.clone());
    // The tag is kept with the record and read by other programs: it is in Chinese whatever the
    // player's language.
    let event = crate::msg!("puzzle-record-event", id = p.id).in_(Language::Chinese);
    record.set_tag("Event", &event);
    let players = if p.start.side_to_move() == Side::Red {
        Players::HUMAN_RED
    } else {
        Players::HUMAN_BLACK
    };
    NewGame {
        record,
        players,
        puzzle: Some(p.id),
    }
}

fn handle_requests(
    mut requests: MessageReader<PuzzleRequest>,
    mut hints: MessageReader<HintRequested>,
    set: Res<PuzzleSet>,
    game: Res<Game>,
    mut state: ResMut<PuzzleState>,
    mut new_games: MessageWriter<NewGame>,
) {
    // A puzzle's hint is the puzzle's own (the piece to move), not the engine's.
    if hints.read().count() > 0 && game.puzzle.is_some() {
        hint(&game, &set, &mut state);
    }
    for r in requests.read() {
        let start = match r {
            PuzzleRequest::Show(tier) => {
                state.list = *tier;
                None
            }
            PuzzleRequest::Start(id) => Some(*id),
            PuzzleRequest::Retry => state.current,
            PuzzleRequest::Next => state.current.and_then(|id| {
                let at = set.0.iter().position(|p| p.id == id)?;
                set.0.get(at + 1).map(|p| p.id)
            }),
        };
        if let Some(p) = start.and_then(|id| set.get(id)) {
            new_games.write(puzzle_game(p));
            *state = PuzzleState {
                current: Some(p.id),
                ..PuzzleState::default()
            };
        }
    }
}

/// The attempt at the current point of the game: the player's moves are the even plies.
fn attempt(game: &Game, p: &Puzzle, before_move: bool) -> Attempt {
    let ply = game.record.ply() - usize::from(before_move);
    let mut a = Attempt::new(p.clone());
    if let Some(pos) = game.record.position_at(ply) {
        a.position = pos.clone();
    }
    a.made = (ply / 2) as u32;
    a
}

fn hint(game: &Game, set: &PuzzleSet, state: &mut PuzzleState) {
    let Some(p) = game.puzzle.and_then(|id| set.get(id)) else {
        return;
    };
    if state.job.is_some() || matches!(state.status, PuzzleStatus::Solved(_)) {
        return;
    }
    state.hints += 1;
    let a = attempt(game, p, false);
    let (tx, rx) = channel();
    crate::storage::background::spawn("chuhan-puzzle", move || {
        let _ = tx.send(a.hint().map_or(Found::OutOfBudget, Found::Hint));
    });
    state.job = Some(Mutex::new(rx));
}

/// Sends the player's moves to be judged.
fn judge_moves(
    mut played: MessageReader<MovePlayed>,
    game: Res<Game>,
    set: Res<PuzzleSet>,
    mut state: ResMut<PuzzleState>,
) {
    for m in played.read() {
        let Some(p) = game.puzzle.and_then(|id| set.get(id)) else {
            continue;
        };
        // Only the player's moves; the computer's answers are the solvers' own.
        if m.piece.color != p.start.side_to_move()
            || matches!(state.status, PuzzleStatus::Solved(_))
        {
            continue;
        }
        state.hint = None;
        state.status = PuzzleStatus::Thinking;
        let a = attempt(&game, p, true);
        let mv = m.mv;
        let (tx, rx) = channel();
        crate::storage::background::spawn("chuhan-puzzle", move || {
            let found = a
                .judge(mv)
                .map_or(Found::OutOfBudget, |v| Found::Judged(mv, v));
            let _ = tx.send(found);
        });
        state.job = Some(Mutex::new(rx));
    }
}

/// Takes what the jobs found: a wrong move back, the computer's answer, a solve, a hint.
fn collect_jobs(
    mut state: ResMut<PuzzleState>,
    mut game: ResMut<Game>,
    mut settings: ResMut<Settings>,
    mut requests: MessageWriter<MoveRequested>,
    mut back: MessageWriter<MoveTakenBack>,
    mut notices: MessageWriter<Notice>,
) {
    if game.puzzle.is_none() || game.puzzle != state.current {
        state.bypass_change_detection().job = None;
        return;
    }
    let Some(found) = state
        .bypass_change_detection()
        .job
        .as_ref()
        .and_then(|rx| rx.lock().ok()?.try_recv().ok())
    else {
        return;
    };
    state.job = None;
    match found {
        Found::Hint(m) => state.hint = m.map(|m| m.from()),
        Found::OutOfBudget => state.status = PuzzleStatus::YourMove,
        Found::Judged(mv, Verdict::Refused) => {
            if game.record.last_move() == Some(mv) && game.record.undo().is_some() {
                // Gone for good: 重做 must not bring a refused move back.
                game.record.truncate();
                let captured = game.record.position().piece_at(mv.to());
                back.write(MoveTakenBack { mv, captured });
            }
            state.mistakes += 1;
            state.status = PuzzleStatus::Wrong;
            notices.write(Notice(PuzzleNotice::Wrong.into()));
        }
        Found::Judged(_, Verdict::Accepted(reply)) => {
            requests.write(MoveRequested(reply));
            state.status = PuzzleStatus::YourMove;
        }
        Found::Judged(_, Verdict::Solved) => {
            let stars = state.stars();
            state.status = PuzzleStatus::Solved(stars);
            if let Some(id) = state.current {
                let best = settings.puzzles.get(&id).copied().unwrap_or(0).max(stars);
                settings.puzzles.insert(id, best);
            }
            // The game is over for the clock and the computer: nothing more to play.
            game.players = Players {
                red: Controller::Human,
                black: Controller::Human,
            };
            notices.write(Notice(PuzzleNotice::Solved(stars).into()));
        }
    }
}
