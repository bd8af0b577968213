//! What the menus, buttons and keys ask of the game itself, as [`Command`] messages, and what
//! handling them does: new games and handicaps, undo and redo, saving and restoring a position,
//! records, replay steps, resigning, and asking before a game in progress is lost. Runs headless;
//! the UI only sends commands and shows resources.

use std::path::PathBuf;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use xiangqi::{Color as Side, GameRecord};

use crate::core::autosave::ResumeOffer;
use crate::core::computer::Thinking;
use crate::core::game::{
    BoardReset, Controller, CoreSet, Game, GameEnded, MovePlayed, MoveTakenBack, NewGame, Players,
};
use crate::core::notice::{Notice, NoticeKind};
use crate::core::phase::{Dialog, Phase};
use crate::core::record_edit::RecordEdit;
use crate::core::replay::{Step, Stepped, step_through};
use crate::core::settings::Settings;
use crate::core::setup::Setup;
use crate::storage::records::{Opened, RecordFormat};

/// What the menus and buttons ask of the game itself: new games, moves taken back and played
/// again, positions and records kept and opened, replay steps, resigning, quitting, and the
/// answers to the game's own questions. Features (analysis, review, puzzles, the clock, draw
/// offers, hints) and settings have messages of their own.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum Command {
    /// Start a new game.
    NewGame(Setup),
    /// Take back the last move (against the computer: its reply and your move).
    Undo,
    /// Play again a move taken back.
    Redo,
    /// Remember the current game (保存).
    SavePosition,
    /// Go back to the remembered game and play on from there (复盘).
    RestorePosition,
    /// Save the record as RON and PGN in the records directory.
    SaveRecord,
    /// Save the record in one format (另存为).
    SaveRecordAs(RecordFormat),
    /// Edit the record at its current move.
    Edit(RecordEdit),
    /// Open a record file in replay mode (read on the storage thread; see [`Command::OpenLoaded`]).
    OpenRecord(PathBuf),
    /// Open a file the player just handed over (in a browser: picked in the browser's dialog and
    /// kept in the page's records) as [`Command::OpenRecord`] does, and remove it again if it
    /// does not read: a file that cannot be opened leaves nothing behind.
    OpenHanded(PathBuf),
    /// Open a pasted text in replay mode: a FEN, a PGN, a DhtmlXQ block or a move list (read on
    /// the storage thread).
    OpenText(String),
    /// Open in replay the record the storage thread read under this number (sent by the game
    /// itself once [`Command::OpenRecord`] or [`Command::OpenText`] has been read).
    OpenLoaded(u64),
    /// A replay step.
    Step(Step),
    /// Leave replay and play on from the current move.
    ContinueHere,
    /// Answer the offer to resume the last game.
    Resume(bool),
    /// Quit.
    Quit,
    /// Resign the game in progress (认输): the player's side loses (the side to move between two
    /// players).
    Resign,
    /// Answer the question asked before a command that would end the game in progress.
    Confirm(bool),
}

impl Command {
    /// Whether the command ends the game in progress, so that the player is asked first.
    #[must_use]
    pub fn loses_the_game(&self) -> bool {
        matches!(
            self,
            Command::NewGame(_) | Command::OpenLoaded(_) | Command::RestorePosition | Command::Quit
        )
    }
}

/// A command waiting for the player's answer: it would end the game in progress.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct PendingConfirm(pub Option<Command>);

/// A record read by the storage thread, with its number, waiting for [`Command::OpenLoaded`]
/// (and the player's answer, when a game is in progress).
#[derive(Resource, Debug, Default)]
pub struct Loaded(pub Option<(u64, Opened)>);

impl Loaded {
    /// The record read under `ticket`, if it is the one waiting.
    pub fn take(&mut self, ticket: u64) -> Option<Opened> {
        match self.0.take() {
            Some((n, opened)) if n == ticket => Some(opened),
            other => {
                self.0 = other;
                None
            }
        }
    }
}

/// The system that handles [`Command`]s, for ordering.
#[derive(SystemSet, Clone, Debug, PartialEq, Eq, Hash)]
pub struct CommandSystems;

/// The position kept by 保存, for 复盘.
#[derive(Resource, Clone, Debug, Default)]
pub struct SavedPosition(pub Option<(GameRecord, Players)>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PendingConfirm>()
        .init_resource::<SavedPosition>()
        .init_resource::<Loaded>();
    app.add_message::<Command>();
    app.add_systems(
        Update,
        handle_commands
            .in_set(CoreSet::Input)
            .in_set(CommandSystems)
            .before(crate::core::computer::AiSystems),
    );
    app.add_systems(
        Update,
        settle_dialog
            .in_set(CoreSet::Apply)
            .before(crate::core::phase::PhaseSystems),
    );
}

/// What handling a command may announce.
#[derive(SystemParam)]
struct Outbox<'w> {
    resets: MessageWriter<'w, BoardReset>,
    new_games: MessageWriter<'w, NewGame>,
    played: MessageWriter<'w, MovePlayed>,
    back: MessageWriter<'w, MoveTakenBack>,
    notices: MessageWriter<'w, Notice>,
    exit: MessageWriter<'w, AppExit>,
    ended: MessageWriter<'w, GameEnded>,
}

fn handle_commands(
    mut commands_in: MessageReader<Command>,
    mut game: ResMut<Game>,
    mut settings: ResMut<Settings>,
    mut saved: ResMut<SavedPosition>,
    mut offer: ResMut<ResumeOffer>,
    mut thinking: ResMut<Thinking>,
    mut loaded: ResMut<Loaded>,
    mut pending: ResMut<PendingConfirm>,
    phase: Res<State<Phase>>,
    mut next_phase: ResMut<NextState<Phase>>,
    mut out: Outbox,
) {
    // The phase as the commands of this frame leave it (the transition applies after them).
    let mut replaying = *phase.get() == Phase::Replaying;
    let mut queue: std::collections::VecDeque<(Command, bool)> =
        commands_in.read().map(|c| (c.clone(), false)).collect();
    while let Some((command, confirmed)) = queue.pop_front() {
        let command = &command;
        if !confirmed && command.loses_the_game() && !replaying && game.in_progress() {
            // Ask first; nothing changes (the autosave neither) until the answer.
            pending.0 = Some(command.clone());
            continue;
        }
        match command {
            Command::Confirm(yes) => match pending.0.take() {
                Some(asked) if *yes => queue.push_front((asked, true)),
                Some(Command::OpenLoaded(_)) => loaded.0 = None,
                _ => {}
            },
            Command::Resign => {
                // In an online game the server decides (the online feature asks it).
                if replaying || game.players.has_remote() {
                    continue;
                }
                if let Some(outcome) = game.resign() {
                    thinking.cancel();
                    out.ended.write(GameEnded(outcome));
                }
            }
            Command::NewGame(setup) => {
                settings.setup = *setup;
                offer.0 = None;
                out.new_games.write(setup.start());
            }
            Command::Undo => {
                // In an online game the server decides (the online feature asks it).
                if replaying || game.players.has_remote() {
                    continue;
                }
                thinking.cancel();
                game.ended = None;
                let mut undone = 0;
                while game.record.undo().is_some() {
                    undone += 1;
                    // Against the computer, go back to a position where the player is to move.
                    let side = game.record.position().side_to_move();
                    if game.players.of(side) == Controller::Human {
                        break;
                    }
                }
                if undone == 0 {
                    out.notices.write(Notice(NoticeKind::NothingToUndo));
                } else {
                    out.resets.write(BoardReset);
                }
            }
            Command::Redo => {
                // In an online game the server decides (the online feature asks it).
                if replaying || game.players.has_remote() {
                    continue;
                }
                thinking.cancel();
                game.ended = None;
                let mut redone = false;
                while game.record.redo().is_some() {
                    redone = true;
                    let side = game.record.position().side_to_move();
                    if game.players.of(side) == Controller::Human
                        || game.record.ply() == game.record.len()
                    {
                        break;
                    }
                }
                if redone {
                    out.resets.write(BoardReset);
                } else {
                    out.notices.write(Notice(NoticeKind::NothingToRedo));
                }
            }
            Command::SavePosition => {
                saved.0 = Some((game.record.clone(), game.players));
                out.notices.write(Notice(NoticeKind::PositionSaved));
            }
            Command::RestorePosition => match saved.0.clone() {
                Some((record, players)) => {
                    out.new_games.write(NewGame {
                        record,
                        players,
                        puzzle: None,
                    });
                }
                None => {
                    out.notices.write(Notice(NoticeKind::NothingSaved));
                }
            },
            // Read and saved on the storage thread (`core::opening`).
            Command::SaveRecord
            | Command::SaveRecordAs(_)
            | Command::OpenRecord(_)
            | Command::OpenHanded(_)
            | Command::OpenText(_) => {}
            Command::OpenLoaded(ticket) => {
                let Some(opened) = loaded.take(*ticket) else {
                    continue;
                };
                let (mut record, skipped) = (opened.record, opened.skipped);
                if let Some(first) = skipped.first() {
                    out.notices.write(Notice(NoticeKind::PartlyRead {
                        skipped: skipped.len(),
                        first: first.clone(),
                    }));
                }
                thinking.cancel();
                record.goto(0);
                game.record = record;
                game.ended = None;
                replaying = true;
                next_phase.set(Phase::Replaying);
                out.resets.write(BoardReset);
            }
            Command::Edit(edit) => {
                if edit.changes_moves() && !replaying {
                    continue;
                }
                match edit.apply(&mut game.record) {
                    Ok(true) if edit.changes_moves() => {
                        out.resets.write(BoardReset);
                    }
                    Ok(_) => {}
                    Err(_) => {
                        out.notices.write(Notice(NoticeKind::NestedTooDeep));
                    }
                }
            }
            Command::Step(step) => {
                if !replaying {
                    continue;
                }
                match step_through(&mut game, *step) {
                    Some(Stepped::On(played)) => {
                        out.played.write(played);
                    }
                    Some(Stepped::Back(back)) => {
                        out.back.write(back);
                    }
                    Some(Stepped::Jumped) => {
                        out.resets.write(BoardReset);
                    }
                    None => {}
                }
            }
            Command::ContinueHere => {
                if replaying {
                    replaying = false;
                    next_phase.set(Phase::Playing);
                    // A different move from here adds a variation; the record stays whole.
                    game.continued = true;
                    // Two players stay two players; against the computer the player takes the
                    // side to move.
                    game.players = if settings.setup.players() == Players::TWO_PLAYERS {
                        Players::TWO_PLAYERS
                    } else if game.record.position().side_to_move() == Side::Red {
                        Players::HUMAN_RED
                    } else {
                        Players::HUMAN_BLACK
                    };
                    out.resets.write(BoardReset);
                }
            }
            Command::Resume(yes) => {
                if let Some(save) = offer.0.take()
                    && *yes
                {
                    if let Ok(l) = save.level.parse() {
                        settings.level = l;
                    }
                    out.new_games.write(NewGame {
                        record: save.record,
                        players: save.players,
                        puzzle: None,
                    });
                }
            }
            Command::Quit => {
                thinking.cancel();
                out.exit.write(AppExit::Success);
            }
        }
    }
}

/// The dialog open: the confirmation first, then the offer to resume (unless it is held: see
/// [`ResumeHeld`](crate::core::autosave::ResumeHeld)).
fn settle_dialog(
    pending: Res<PendingConfirm>,
    offer: Res<ResumeOffer>,
    held: Res<crate::core::autosave::ResumeHeld>,
    draw: Res<crate::core::phase::DrawAsked>,
    state: Res<State<Dialog>>,
    mut next: ResMut<NextState<Dialog>>,
) {
    let wanted = if pending.0.is_some() {
        Dialog::Confirm
    } else if offer.0.is_some() && !held.0 {
        Dialog::Resume
    } else if draw.0.is_some() {
        Dialog::DrawOffer
    } else {
        Dialog::None
    };
    if wanted != *state.get() {
        next.set(wanted);
    }
}
