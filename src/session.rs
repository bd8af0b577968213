//! Everything around the board that the menus and buttons ask for: new games and handicaps,
//! levels, undo and redo, hints, saving and restoring a position, records (RON and PGN), replay,
//! settings that persist, and the autosave. All of it is driven by [`Command`] messages and runs
//! headless; the HUD only sends commands and shows resources.

use std::path::{Path, PathBuf};
use std::time::Duration;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use xiangqi::notation::Notation;
use xiangqi::{Color as Side, GameRecord, Handicap, Move, Position};
use xiangqi_engine::{Level, Limits};

use crate::ai::{AiLevel, Thinking};
use crate::audio::Sound;
use crate::camera::View;
use crate::engine_task::{Running, SharedEngine};
use crate::files::{self, Dirs, FileError, Writer};
use crate::game::{
    BoardReset, Controller, CoreSet, Game, GameEnded, MovePlayed, MoveRefused, NewGame, Players,
};
use crate::text::{Language, NoticeKind};

/// How a game starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Setup {
    /// The usual start position with these players.
    Standard(Players),
    /// A handicap game against the computer; the giver plays Red and moves first.
    Handicap {
        /// What is given.
        handicap: Handicap,
        /// Whether the player gives it (让) or the computer (被让).
        player_gives: bool,
    },
}

impl Default for Setup {
    fn default() -> Setup {
        Setup::Standard(Players::HUMAN_RED)
    }
}

impl Setup {
    /// Who plays which side: in a handicap game the giver is Red.
    #[must_use]
    pub fn players(self) -> Players {
        match self {
            Setup::Standard(players) => players,
            Setup::Handicap {
                player_gives: true, ..
            } => Players::HUMAN_RED,
            Setup::Handicap {
                player_gives: false,
                ..
            } => Players::HUMAN_BLACK,
        }
    }

    /// The new game this setup starts.
    #[must_use]
    pub fn start(self) -> NewGame {
        let record = match self {
            Setup::Standard(_) => GameRecord::new(Position::startpos()),
            Setup::Handicap { handicap, .. } => {
                let mut record = GameRecord::new(handicap.position(Side::Red));
                record.set_tag("Opening", handicap.chinese_name());
                record
            }
        };
        NewGame {
            record,
            players: self.players(),
        }
    }
}

/// What the menus and buttons ask for.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum Command {
    /// Start a new game.
    NewGame(Setup),
    /// Change the computer's level (from its next move on).
    SetLevel(Level),
    /// Take back the last move (against the computer: its reply and your move).
    Undo,
    /// Play again a move taken back.
    Redo,
    /// Ask the engine for a move.
    Hint,
    /// Remember the current game (保存).
    SavePosition,
    /// Go back to the remembered game and play on from there (复盘).
    RestorePosition,
    /// Save the record as RON and PGN in the records directory.
    SaveRecord,
    /// Open a RON or PGN record in replay mode.
    OpenRecord(PathBuf),
    /// A replay step.
    Step(Step),
    /// Leave replay and play on from the current move.
    ContinueHere,
    /// Switch the language.
    SetLanguage(Language),
    /// Sound on or off.
    ToggleSound,
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
            Command::NewGame(_) | Command::OpenRecord(_) | Command::RestorePosition | Command::Quit
        )
    }
}

/// A command waiting for the player's answer: it would end the game in progress.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct PendingConfirm(pub Option<Command>);

/// A step through a record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The start.
    First,
    /// One move back.
    Previous,
    /// One move on.
    Next,
    /// The end.
    Last,
    /// After this many moves.
    To(usize),
}

/// A message for the notice line.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct Notice(pub NoticeKind);

/// A move taken back during replay (the view glides it back).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveTakenBack {
    /// The move.
    pub mv: Move,
    /// The piece it had taken, now back on the board.
    pub captured: Option<xiangqi::Piece>,
}

/// The game was set up by a scripted run (screenshot mode): the last setup and level from the
/// settings do not replace it.
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct Scripted;

/// What persists between runs.
#[derive(Resource, Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Sound on.
    pub sound: bool,
    /// The computer's level, by name (`master`).
    pub level: String,
    /// The interface language.
    pub language: Language,
    /// The last game's setup (new games start with it).
    pub setup: Setup,
    /// The camera's view (yaw, pitch, distance), if it was moved.
    pub camera: Option<(f32, f32, f32)>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            sound: true,
            level: Level::Beginner.name().to_owned(),
            language: Language::Chinese,
            setup: Setup::default(),
            camera: None,
        }
    }
}

impl Settings {
    /// The level, or the default when the name is unknown.
    #[must_use]
    pub fn level(&self) -> Level {
        self.level.parse().unwrap_or(Level::Beginner)
    }

    /// The camera view, if one was kept.
    #[must_use]
    pub fn view(&self) -> Option<View> {
        self.camera.map(|(yaw, pitch, distance)| {
            View {
                yaw,
                pitch,
                distance,
            }
            .clamped()
        })
    }
}

/// Reads settings; a missing file gives the defaults, a damaged one an error.
pub fn load_settings(path: &Path) -> Result<Settings, String> {
    match std::fs::read_to_string(path) {
        Ok(text) => ron::from_str(&text).map_err(|e| format!("{}: {e}", path.display())),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Settings::default()),
        Err(e) => Err(format!("{}: {e}", path.display())),
    }
}

/// The game in progress, as the autosave keeps it.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Autosave {
    /// Who plays which side.
    pub players: Players,
    /// The level by name.
    pub level: String,
    /// The game.
    pub record: GameRecord,
}

/// The last game, found unfinished at start: the HUD asks whether to resume it.
#[derive(Resource, Clone, Debug, Default)]
pub struct ResumeOffer(pub Option<Autosave>);

/// The position kept by 保存, for 复盘.
#[derive(Resource, Clone, Debug, Default)]
pub struct SavedPosition(pub Option<(GameRecord, Players)>);

/// A hint: its own engine, the search for the record at a ply, and the move it suggests.
#[derive(Resource, Default)]
pub struct HintState {
    engine: SharedEngine,
    task: Option<(usize, Running<Move>)>,
    /// The suggested move, for the current position.
    pub shown: Option<Move>,
}

impl HintState {
    /// Whether a hint is being computed.
    #[must_use]
    pub fn is_thinking(&self) -> bool {
        self.task.is_some()
    }

    /// Whether the hint engine is free (no search running or still stopping).
    #[must_use]
    pub fn engine_free(&self) -> bool {
        self.engine.is_free()
    }
}

/// Seconds the engine spends on a hint.
const HINT_TIME: Duration = Duration::from_millis(1500);

/// The moves of the record in Chinese notation, kept in step with it.
#[derive(Resource, Clone, Debug, Default)]
pub struct MoveList {
    /// One text per move of the whole record (including moves taken back).
    pub texts: Vec<String>,
    /// The start and moves the texts were written for.
    written_for: Option<(Position, Vec<Move>)>,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Dirs>()
        .init_resource::<Writer>()
        .init_resource::<PendingConfirm>()
        .init_resource::<Settings>()
        .init_resource::<ResumeOffer>()
        .init_resource::<SavedPosition>()
        .init_resource::<HintState>()
        .init_resource::<MoveList>()
        .init_resource::<Sound>();
    app.add_message::<Command>()
        .add_message::<Notice>()
        .add_message::<MoveTakenBack>();
    app.add_systems(Startup, load_settings_and_autosave);
    app.add_systems(
        Update,
        (collect_hint, handle_commands)
            .chain()
            .in_set(CoreSet::Input)
            .before(crate::ai::AiSystems),
    );
    app.add_systems(
        Update,
        (
            notice_refusals,
            update_move_list,
            autosave,
            save_settings,
            report_write_errors,
        )
            .chain()
            .after(CoreSet::Views),
    );
}

fn load_settings_and_autosave(
    mut commands: Commands,
    dirs: Res<Dirs>,
    mut notices: MessageWriter<Notice>,
    mut game: ResMut<Game>,
    scripted: Option<Res<Scripted>>,
) {
    let settings = match load_settings(&dirs.settings()) {
        Ok(s) => s,
        Err(e) => {
            warn!("settings: {e}");
            files::set_aside(&dirs.settings());
            notices.write(Notice(NoticeKind::BadSettings(e)));
            Settings::default()
        }
    };
    commands.insert_resource(Sound { on: settings.sound });
    // A new run starts with the last setup and level (a scripted run has its own).
    if scripted.is_none() {
        commands.insert_resource(AiLevel(settings.level()));
        let start = settings.setup.start();
        game.record = start.record;
        game.players = start.players;
    }
    commands.insert_resource(settings);
    match std::fs::read_to_string(dirs.autosave()) {
        Ok(text) => match ron::from_str::<Autosave>(&text) {
            Ok(save)
                if !save.record.is_empty()
                    && save.record.outcome().is_none()
                    && save.record.tag("Result").is_none_or(|r| r == "*") =>
            {
                commands.insert_resource(ResumeOffer(Some(save)));
            }
            Ok(_) => {}
            Err(e) => {
                warn!("autosave {}: {e}", dirs.autosave().display());
                files::set_aside(&dirs.autosave());
                notices.write(Notice(NoticeKind::BadRecord(format!(
                    "{}: {e}",
                    dirs.autosave().display()
                ))));
            }
        },
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => warn!("autosave {}: {e}", dirs.autosave().display()),
    }
}

/// Reads a record: RON by its `.ron` extension, otherwise PGN (GBK or UTF-8).
pub fn read_record(path: &Path) -> Result<GameRecord, String> {
    let bytes = files::read(path).map_err(|e| e.to_string())?;
    let is_ron = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("ron"));
    let parsed = if is_ron {
        let text = String::from_utf8(bytes).map_err(|e| e.to_string())?;
        GameRecord::from_ron(&text).map_err(|e| e.to_string())
    } else {
        xiangqi::pgn::read(&bytes).map_err(|e| e.to_string())
    };
    parsed.map_err(|e| format!("{}: {e}", path.display()))
}

/// Saves `record` as `<stem>.ron` and `<stem>.pgn` (xqbase dialect, Chinese moves) in `dir`;
/// returns the RON file's path.
pub fn save_record(record: &GameRecord, dir: &Path, stem: &str) -> Result<PathBuf, FileError> {
    let ron_path = dir.join(format!("{stem}.ron"));
    files::write_atomic(&ron_path, record.to_ron().as_bytes())?;
    let pgn = xiangqi::pgn::write(record, Notation::Chinese);
    files::write_atomic(&dir.join(format!("{stem}.pgn")), pgn.as_bytes())?;
    Ok(ron_path)
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

#[allow(clippy::too_many_arguments)]
fn handle_commands(
    mut commands_in: MessageReader<Command>,
    mut game: ResMut<Game>,
    mut settings: ResMut<Settings>,
    mut level: ResMut<AiLevel>,
    mut sound: ResMut<Sound>,
    mut saved: ResMut<SavedPosition>,
    mut hint: ResMut<HintState>,
    mut offer: ResMut<ResumeOffer>,
    mut thinking: ResMut<Thinking>,
    dirs: Res<Dirs>,
    mut pending: ResMut<PendingConfirm>,
    mut out: Outbox,
) {
    let mut queue: std::collections::VecDeque<(Command, bool)> =
        commands_in.read().map(|c| (c.clone(), false)).collect();
    while let Some((command, confirmed)) = queue.pop_front() {
        let command = &command;
        if !confirmed && command.loses_the_game() && game.in_progress() {
            // Ask first; nothing changes (the autosave neither) until the answer.
            pending.0 = Some(command.clone());
            continue;
        }
        match command {
            Command::Confirm(yes) => {
                if let Some(asked) = pending.0.take()
                    && *yes
                {
                    queue.push_front((asked, true));
                }
            }
            Command::Resign => {
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
            Command::SetLevel(l) => level.0 = *l,
            Command::Undo => {
                if game.replay {
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
                if game.replay {
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
                    out.notices.write(Notice(NoticeKind::NothingToUndo));
                }
            }
            Command::Hint => start_hint(&game, &mut hint),
            Command::SavePosition => {
                saved.0 = Some((game.record.clone(), game.players));
                out.notices.write(Notice(NoticeKind::PositionSaved));
            }
            Command::RestorePosition => match saved.0.clone() {
                Some((record, players)) => {
                    out.new_games.write(NewGame { record, players });
                }
                None => {
                    out.notices.write(Notice(NoticeKind::NothingSaved));
                }
            },
            Command::SaveRecord => {
                let (date, time) = files::now_stamp();
                let mut record = game.record.clone();
                if let Some(outcome) = game.ended {
                    record.set_tag("Result", outcome.pgn_result());
                }
                if record.tag("Date").is_none() {
                    record.set_tag("Date", &date);
                }
                let names = |p: Players, side: Side| match p.of(side) {
                    Controller::Human => "Player".to_owned(),
                    Controller::Computer => format!("Chuhan {}", level.0.chinese_name()),
                };
                if record.tag("Red").is_none() {
                    record.set_tag("Red", &names(game.players, Side::Red));
                }
                if record.tag("Black").is_none() {
                    record.set_tag("Black", &names(game.players, Side::Black));
                }
                let stem = format!("chuhan-{date}-{time}");
                match save_record(&record, &dirs.records(), &stem) {
                    Ok(path) => {
                        out.notices.write(Notice(NoticeKind::Saved(path.display().to_string())));
                    }
                    Err(e) => {
                        out.notices.write(Notice(NoticeKind::WriteFailed(e.to_string())));
                    }
                }
            }
            Command::OpenRecord(path) => match read_record(path) {
                Ok(mut record) => {
                    thinking.cancel();
                    record.goto(0);
                    game.record = record;
                    game.replay = true;
                    game.ended = None;
                    out.resets.write(BoardReset);
                }
                Err(e) => {
                    out.notices.write(Notice(NoticeKind::BadRecord(e)));
                }
            },
            Command::Step(step) => {
                if !game.replay {
                    continue;
                }
                match step {
                    Step::Next => {
                        let before = game.record.position().clone();
                        if let Some(mv) = game.record.redo()
                            && let Some(piece) = before.piece_at(mv.from())
                        {
                            out.played.write(MovePlayed {
                                mv,
                                piece,
                                captured: before.piece_at(mv.to()),
                                check: game.record.position().is_check(),
                            });
                        }
                    }
                    Step::Previous => {
                        if let Some(mv) = game.record.undo() {
                            let captured = game.record.position().piece_at(mv.to());
                            out.back.write(MoveTakenBack { mv, captured });
                        }
                    }
                    Step::First => {
                        game.record.goto(0);
                        out.resets.write(BoardReset);
                    }
                    Step::Last => {
                        let end = game.record.len();
                        game.record.goto(end);
                        out.resets.write(BoardReset);
                    }
                    Step::To(ply) => {
                        if game.record.goto(*ply) {
                            out.resets.write(BoardReset);
                        }
                    }
                }
            }
            Command::ContinueHere => {
                if game.replay {
                    game.replay = false;
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
            Command::SetLanguage(lang) => settings.language = *lang,
            Command::ToggleSound => {
                sound.on = !sound.on;
            }
            Command::Resume(yes) => {
                if let Some(save) = offer.0.take()
                    && *yes
                {
                    if let Ok(l) = save.level.parse() {
                        level.0 = l;
                    }
                    out.new_games.write(NewGame {
                        record: save.record,
                        players: save.players,
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

/// Starts a hint search for the current position (one at a time).
fn start_hint(game: &Game, hint: &mut HintState) {
    if game.replay || game.outcome().is_some() || hint.task.is_some() {
        return;
    }
    hint.shown = None;
    let start = game.record.start().clone();
    let moves = game.record.moves().to_vec();
    let task = hint.engine.spawn(move |engine| {
        engine.set_level(None);
        let limits = Limits {
            movetime: Some(HINT_TIME),
            ..Limits::default()
        };
        engine.think(&start, &moves, &limits, |_| {}).best
    });
    hint.task = Some((game.record.ply(), task));
}

fn collect_hint(
    game: Res<Game>,
    mut hint: ResMut<HintState>,
    mut played: MessageReader<MovePlayed>,
    mut resets: MessageReader<BoardReset>,
) {
    // Any change of position makes a hint stale. The resource is only touched (marked changed)
    // when something changes: the hint marks are rebuilt on change.
    if played.read().count() + resets.read().count() > 0 && (hint.shown.is_some() || hint.task.is_some()) {
        hint.shown = None;
        if let Some((_, running)) = hint.task.take() {
            running.cancel();
        }
    }
    let Some(result) = hint.bypass_change_detection().task.as_mut().and_then(|(_, t)| t.poll()) else {
        return;
    };
    let ply = hint.task.take().map(|(ply, _)| ply);
    if ply == Some(game.record.ply()) {
        hint.shown = result.filter(|&m| game.record.position().is_legal(m));
    }
}

fn notice_refusals(mut refused: MessageReader<MoveRefused>, mut notices: MessageWriter<Notice>) {
    if let Some(r) = refused.read().last() {
        notices.write(Notice(match r.error {
            xiangqi::PlayError::GameOver(_) => NoticeKind::GameOver,
            xiangqi::PlayError::Illegal(_) => NoticeKind::Illegal(r.mv.to_string()),
        }));
    }
}

fn update_move_list(game: Res<Game>, mut list: ResMut<MoveList>) {
    if !game.is_changed() {
        return;
    }
    let record = &game.record;
    let current = list
        .written_for
        .as_ref()
        .is_some_and(|(start, moves)| start == record.start() && moves == record.all_moves());
    if !current {
        list.texts = record.move_texts(Notation::Chinese);
        list.written_for = Some((record.start().clone(), record.all_moves().to_vec()));
    }
}

/// Keeps the game in progress on disk after every move and every new board (not while replaying a
/// record, nor while the offer to resume the last game is open).
fn autosave(
    dirs: Res<Dirs>,
    writer: Res<Writer>,
    game: Res<Game>,
    level: Res<AiLevel>,
    offer: Res<ResumeOffer>,
    mut played: MessageReader<MovePlayed>,
    mut resets: MessageReader<BoardReset>,
    mut ended: MessageReader<GameEnded>,
) {
    let changed = played.read().count() + resets.read().count() + ended.read().count() > 0;
    if !changed || game.replay || offer.0.is_some() {
        return;
    }
    let mut record = game.record.clone();
    // Moves taken back are not part of the game in progress.
    let mut trimmed = GameRecord::new(record.start().clone());
    for &m in record.moves() {
        if trimmed.append(m).is_err() {
            break;
        }
    }
    for (k, v) in record.tags().to_vec() {
        trimmed.set_tag(&k, &v);
    }
    // A resigned game is finished: the result says so, and it is not offered again.
    if let Some(outcome) = game.ended {
        trimmed.set_tag("Result", outcome.pgn_result());
    }
    record = trimmed;
    let save = Autosave {
        players: game.players,
        level: level.0.name().to_owned(),
        record,
    };
    let text = match ron::ser::to_string_pretty(&save, ron::ser::PrettyConfig::default()) {
        Ok(t) => t,
        Err(e) => {
            warn!("autosave: {e}");
            return;
        }
    };
    writer.write(dirs.autosave(), text.into_bytes());
}

/// Failed background writes become notices.
fn report_write_errors(writer: Res<Writer>, mut notices: MessageWriter<Notice>) {
    for e in writer.errors() {
        warn!("{e}");
        notices.write(Notice(NoticeKind::WriteFailed(e.to_string())));
    }
}

/// Writes the settings when they change (the level, sound and camera are gathered here).
fn save_settings(
    dirs: Res<Dirs>,
    writer: Res<Writer>,
    mut settings: ResMut<Settings>,
    level: Res<AiLevel>,
    sound: Res<Sound>,
    view: Option<Res<CameraPrefs>>,
    mut written: Local<Option<Settings>>,
) {
    let level_name = level.0.name();
    if settings.level != level_name {
        settings.level = level_name.to_owned();
    }
    if settings.sound != sound.on {
        settings.sound = sound.on;
    }
    if let Some(view) = view
        && let Some(v) = view.0
    {
        let camera = Some((v.yaw, v.pitch, v.distance));
        if settings.camera != camera {
            settings.camera = camera;
        }
    }
    if written.is_none() {
        // The first frame: what was loaded is what is on disk.
        *written = Some(settings.clone());
        return;
    }
    if written.as_ref() == Some(&*settings) {
        return;
    }
    let text = match ron::ser::to_string_pretty(&*settings, ron::ser::PrettyConfig::default()) {
        Ok(t) => t,
        Err(e) => {
            warn!("settings: {e}");
            return;
        }
    };
    writer.write(dirs.settings(), text.into_bytes());
    *written = Some(settings.clone());
}

/// The camera's settled view, set by the camera (absent headless).
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct CameraPrefs(pub Option<View>);
