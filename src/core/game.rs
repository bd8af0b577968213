//! The game core: one resource owns the record (and through it the position); messages carry
//! what is asked for and what happened. Everything here runs headless; the rules library decides.

use bevy::prelude::*;
use xiangqi::{Color as Side, GameRecord, Move, Outcome, Piece, PlayError, Position, WinReason};

/// Who moves a side's pieces.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Controller {
    /// A person at the board.
    #[default]
    Human,
    /// The engine.
    Computer,
    /// A person elsewhere: an online opponent, whose moves the online feature brings in.
    Remote,
}

/// Who plays each side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Players {
    /// Red's controller.
    pub red: Controller,
    /// Black's controller.
    pub black: Controller,
}

impl Players {
    /// The player is Red, the computer Black.
    pub const HUMAN_RED: Players = Players {
        red: Controller::Human,
        black: Controller::Computer,
    };
    /// The computer is Red, the player Black.
    pub const HUMAN_BLACK: Players = Players {
        red: Controller::Computer,
        black: Controller::Human,
    };
    /// Two people on one board.
    pub const TWO_PLAYERS: Players = Players {
        red: Controller::Human,
        black: Controller::Human,
    };

    /// Who moves `side`.
    #[must_use]
    pub fn of(self, side: Side) -> Controller {
        match side {
            Side::Red => self.red,
            Side::Black => self.black,
        }
    }

    /// An online game: the player at `side`, the opponent elsewhere (or, `None`, watching).
    #[must_use]
    pub fn online(side: Option<Side>) -> Players {
        let of = |s: Side| {
            if side == Some(s) {
                Controller::Human
            } else {
                Controller::Remote
            }
        };
        Players {
            red: of(Side::Red),
            black: of(Side::Black),
        }
    }

    /// Whether a side is played elsewhere (an online game).
    #[must_use]
    pub fn has_remote(self) -> bool {
        self.red == Controller::Remote || self.black == Controller::Remote
    }

    /// The side the board is seen from: Black's only when a person plays Black alone.
    #[must_use]
    pub fn bottom_side(self) -> Side {
        if self.black == Controller::Human && self.red != Controller::Human {
            Side::Black
        } else {
            Side::Red
        }
    }
}

impl Default for Players {
    fn default() -> Players {
        Players::HUMAN_RED
    }
}

/// The game in play: its record and who plays which side. Piece entities are views of it.
#[derive(Resource, Clone, Debug, Default)]
pub struct Game {
    /// Moves so far from the start position; the current position is `record.position()`.
    pub record: GameRecord,
    /// Who plays which side.
    pub players: Players,
    /// How the game ended other than by the rules on the board (a resignation).
    pub ended: Option<Outcome>,
    /// The game goes on from a replayed record (从此处继续).
    pub continued: bool,
    /// The analysis is shown (kept in step by the analysis).
    pub analysing: bool,
    /// The puzzle (残局挑战) being played, by its number.
    pub puzzle: Option<u32>,
}

impl Game {
    /// Whether a move played where the record goes on becomes a variation instead of cutting the
    /// record: after 从此处继续, or while the analysis is shown.
    #[must_use]
    pub fn keeps_variations(&self) -> bool {
        self.continued || self.analysing
    }

    /// How the game stands: ended by a resignation, or by the rules at the record's current point.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.ended.or_else(|| self.record.outcome())
    }

    /// Whether engine help (hints, the analysis and its arrows) is refused: in a game against a
    /// person elsewhere (online) that goes on. Fair play, as on every server; it returns when
    /// the game is over.
    #[must_use]
    pub fn engine_help_refused(&self) -> bool {
        self.players.has_remote() && self.outcome().is_none()
    }

    /// Whether 悔棋 has a move to take back (at this machine; online, the server is asked).
    #[must_use]
    pub fn can_undo(&self) -> bool {
        self.record.ply() > 0
    }

    /// Whether 重做 has a move taken back to play again.
    #[must_use]
    pub fn can_redo(&self) -> bool {
        self.record.ply() < self.record.len()
    }

    /// Whether, while playing (not replaying), leaving the game would lose it: it is not over and
    /// at least one move was made.
    #[must_use]
    pub fn in_progress(&self) -> bool {
        self.outcome().is_none() && self.record.ply() > 0
    }

    /// Resigns for the player (between two players, for the side to move): the game ends with
    /// the other side's win. `None` when there is nothing to resign (a finished game, or the
    /// computer playing both sides). Only while playing, not in a replay.
    pub fn resign(&mut self) -> Option<Outcome> {
        if self.outcome().is_some() {
            return None;
        }
        let to_move = self.record.position().side_to_move();
        let loser = match (self.players.red, self.players.black) {
            (Controller::Human, Controller::Human) => to_move,
            (Controller::Human, _) => Side::Red,
            (_, Controller::Human) => Side::Black,
            _ => return None,
        };
        let outcome = Outcome::Win {
            winner: !loser,
            reason: WinReason::Resignation,
        };
        self.ended = Some(outcome);
        Some(outcome)
    }

    /// The record as it is saved: the result of a resignation, the date and the players' names
    /// added where the record has none.
    #[must_use]
    pub fn record_for_saving(&self, date: &str, level: xiangqi_engine::Level) -> GameRecord {
        let mut record = self.record.clone();
        if let Some(outcome) = self.ended {
            record.set_tag("Result", outcome.pgn_result());
        }
        if record.tag("Date").is_none() {
            record.set_tag("Date", date);
        }
        for side in [Side::Red, Side::Black] {
            let tag = if side == Side::Red { "Red" } else { "Black" };
            if record.tag(tag).is_none() {
                let name = match self.players.of(side) {
                    Controller::Human => "Player".to_owned(),
                    Controller::Computer => format!("Chuhan {}", level.chinese_name()),
                    Controller::Remote => "Opponent".to_owned(),
                };
                record.set_tag(tag, &name);
            }
        }
        record
    }

    /// Whether, while playing (not replaying), a person may move now: the game goes on and the
    /// side to move is not the engine's.
    #[must_use]
    pub fn human_to_move(&self) -> bool {
        self.outcome().is_none()
            && self.players.of(self.record.position().side_to_move()) == Controller::Human
    }
}

/// A move asked for, by a click, a drag or the computer. The rules library decides.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveRequested(pub Move);

/// A move the rules accepted and the record now holds.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MovePlayed {
    /// The move.
    pub mv: Move,
    /// The piece that moved.
    pub piece: Piece,
    /// The piece it took, if any.
    pub captured: Option<Piece>,
    /// Whether the move gives check.
    pub check: bool,
}

/// A move the rules refused, and why.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct MoveRefused {
    /// The move asked for.
    pub mv: Move,
    /// Why it was refused.
    pub error: PlayError,
}

/// A move taken back during replay (the view glides it back).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveTakenBack {
    /// The move.
    pub mv: Move,
    /// The piece it had taken, now back on the board.
    pub captured: Option<xiangqi::Piece>,
}

/// The game just ended.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameEnded(pub Outcome);

/// Start a game from `record` (its current point) with these players.
#[derive(Message, Clone, Debug)]
pub struct NewGame {
    /// The record to play on (a start position and maybe moves).
    pub record: GameRecord,
    /// Who plays which side.
    pub players: Players,
    /// The puzzle it sets up, if it is one.
    pub puzzle: Option<u32>,
}

impl NewGame {
    /// A game from the usual start position.
    #[must_use]
    pub fn standard(players: Players) -> NewGame {
        NewGame {
            record: GameRecord::new(Position::startpos()),
            players,
            puzzle: None,
        }
    }
}

/// The record changed other than by one move played (new game, undo, load): views rebuild.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct BoardReset;

/// Ordering of the core systems in `Update`.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CoreSet {
    /// Turning picks and engine results into requests.
    Input,
    /// Applying requests to the record.
    Apply,
    /// Views following the record.
    Views,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Game>();
    app.add_message::<MoveRequested>()
        .add_message::<MovePlayed>()
        .add_message::<MoveRefused>()
        .add_message::<GameEnded>()
        .add_message::<NewGame>()
        .add_message::<BoardReset>()
        .add_message::<MoveTakenBack>();
    app.configure_sets(
        Update,
        (CoreSet::Input, CoreSet::Apply, CoreSet::Views).chain(),
    );
    app.add_systems(Startup, |mut reset: MessageWriter<BoardReset>| {
        reset.write(BoardReset);
    });
    app.add_systems(
        Update,
        (start_new_games, apply_moves)
            .chain()
            .in_set(CoreSet::Apply)
            .in_set(ApplySystems),
    );
}

/// The systems that change the record in [`CoreSet::Apply`] (the phase settles after them).
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ApplySystems;

/// Starts the last game asked for. Moves requested before it (a computer's result collected in
/// this frame, a click) were meant for the old game and are dropped.
fn start_new_games(
    mut requests: MessageReader<NewGame>,
    mut game: ResMut<Game>,
    mut moves: ResMut<Messages<MoveRequested>>,
    mut reset: MessageWriter<BoardReset>,
) {
    if let Some(new) = requests.read().last() {
        moves.clear();
        game.record = new.record.clone();
        game.players = new.players;
        game.ended = None;
        game.continued = false;
        game.puzzle = new.puzzle;
        reset.write(BoardReset);
    }
}

/// Plays requested moves through the rules library and reports what happened.
fn apply_moves(
    mut requests: MessageReader<MoveRequested>,
    mut game: ResMut<Game>,
    mut played: MessageWriter<MovePlayed>,
    mut refused: MessageWriter<MoveRefused>,
    mut ended: MessageWriter<GameEnded>,
) {
    for &MoveRequested(mv) in requests.read() {
        let before = game.record.position();
        let piece = before.piece_at(mv.from());
        let captured = before.piece_at(mv.to());
        if let Some(outcome) = game.ended {
            refused.write(MoveRefused {
                mv,
                error: PlayError::GameOver(outcome),
            });
            continue;
        }
        let branch = game.keeps_variations() && game.record.ply() < game.record.len();
        let result = if branch {
            game.record.play_variation(mv)
        } else {
            game.record.play(mv)
        };
        match result {
            Ok(()) => {
                let Some(piece) = piece else {
                    continue; // cannot happen: the move was legal
                };
                played.write(MovePlayed {
                    mv,
                    piece,
                    captured,
                    check: game.record.position().is_check(),
                });
                if let Some(outcome) = game.record.outcome() {
                    ended.write(GameEnded(outcome));
                }
            }
            Err(error) => {
                debug!("move {mv} refused: {error}");
                refused.write(MoveRefused { mv, error });
            }
        }
    }
}
