//! What persists between runs: sound, level, language, the last setup, the camera's view and the
//! graphics setting, the notation, the time control, the external engine, the puzzles solved and
//! the window's place. The
//! settings resource is the one place each of these lives; the settings file is written from it
//! whenever it changes.

use std::path::Path;

use bevy::prelude::*;
use xiangqi::Rulebook;
use xiangqi_engine::Level;

use crate::core::game::CoreSet;
use crate::core::setup::{Setup, TimeControl};
use crate::storage::files::Dirs;
use crate::storage::writer::Writer;

pub use crate::core::choices::{
    BoardTheme, Graphics, Language, MoveNotation, PieceSet, PieceTheme, UiSize,
};

/// What persists between runs.
#[derive(Resource, Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Sound on.
    pub sound: bool,
    /// The computer's level (saved by name, `master`; an unknown name reads as the default).
    #[serde(with = "level_by_name")]
    pub level: Level,
    /// The interface language.
    pub language: Language,
    /// The last game's setup (new games start with it).
    pub setup: Setup,
    /// The camera's view (yaw, pitch, distance), if it was moved.
    pub camera: Option<(f32, f32, f32)>,
    /// The flat view from straight above (2D, for study) instead of the 3D view.
    pub flat_view: bool,
    /// The look of the pieces.
    pub pieces: PieceTheme,
    /// What the pieces' faces show (characters or pictograms).
    #[serde(default)]
    pub piece_set: PieceSet,
    /// Whether pieces glide, lift and fly to their trays (off: they are placed at once).
    pub animations: bool,
    /// The look of the board.
    pub board: BoardTheme,
    /// How much the renderer draws.
    pub graphics: Graphics,
    /// How large the interface is drawn (界面大小).
    pub ui_size: UiSize,
    /// How moves are written.
    pub notation: MoveNotation,
    /// Whether the analysis may be shown in a game against the computer.
    pub analysis_in_play: bool,
    /// The time control of new games.
    pub time_control: TimeControl,
    /// The player's own time control (offered in the clock menu, adjustable there).
    pub custom_clock: TimeControl,
    /// Another UCI engine to play, analyse and review with instead of the built-in one.
    pub engine: ExternalEngine,
    /// Puzzles solved (残局挑战), by number, with the best stars earned (1 to 3).
    pub puzzles: std::collections::BTreeMap<u32, u8>,
    /// The window's place on the desktop, as the player last left it.
    pub window: WindowPlace,
    /// The online server's address as last typed (empty: this machine, the default port).
    pub online_server: String,
    /// The repetition rules of new games (规则): the Asian rules people play by, or the
    /// computer-league rules. Each game keeps its own in its record's `Rules` tag.
    pub rules: Rulebook,
    /// The threads 大师 searches with; `None`: the machine's logical cores less one, so the
    /// game itself keeps one (see [`Settings::engine_threads`]).
    pub threads: Option<usize>,
}

impl Settings {
    /// The threads 大师 searches with: the setting, within 1 and the machine's logical cores.
    #[must_use]
    pub fn engine_threads(&self) -> usize {
        self.threads
            .unwrap_or_else(|| logical_cores() - 1)
            .clamp(1, logical_cores())
    }
}

/// The machine's logical cores (1 when the system does not say).
#[must_use]
pub fn logical_cores() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
}

/// The setting after `threads` in the menu's cycle: automatic, then 1, 2, ... up to the cores.
#[must_use]
pub fn next_threads(threads: Option<usize>, cores: usize) -> Option<usize> {
    match threads {
        None => Some(1),
        Some(n) if n < cores => Some(n + 1),
        Some(_) => None,
    }
}

/// Where the window was and how large, in physical pixels, and whether it filled the screen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct WindowPlace {
    /// Its size, if it was ever resized.
    pub size: Option<(u32, u32)>,
    /// Its top-left corner, if the desktop told it (Wayland never does).
    pub position: Option<(i32, i32)>,
    /// Full screen (F11).
    pub fullscreen: bool,
}

/// Another UCI xiangqi engine (Pikafish, for example): its program and options. Used for the
/// computer's moves, hints, draw offers, analysis and review when enabled and a path is set;
/// one child process per use, started off the frame loop and told to quit when the game does.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct ExternalEngine {
    /// The program (an absolute path, or a name found on `PATH`).
    pub path: String,
    /// Its `Threads` option (0: the engine's default).
    pub threads: u32,
    /// Its `Hash` option in MiB (0: the engine's default).
    pub hash_mb: u32,
    /// Whether it is used.
    pub enabled: bool,
}

impl ExternalEngine {
    /// Whether it is to be used: enabled, with a path.
    #[must_use]
    pub fn in_use(&self) -> bool {
        self.enabled && !self.path.trim().is_empty()
    }

    /// The UCI options to set: `Threads` and `Hash` where given.
    #[must_use]
    pub fn options(&self) -> Vec<(String, String)> {
        let mut out = Vec::new();
        if self.threads > 0 {
            out.push(("Threads".to_owned(), self.threads.to_string()));
        }
        if self.hash_mb > 0 {
            out.push(("Hash".to_owned(), self.hash_mb.to_string()));
        }
        out
    }
}

impl Settings {
    /// The notation moves are written in now.
    #[must_use]
    pub fn notation(&self) -> xiangqi::notation::Notation {
        use xiangqi::notation::Notation;
        match self.notation {
            MoveNotation::Auto => self.language.notation(),
            MoveNotation::Chinese => Notation::Chinese,
            MoveNotation::Traditional => Notation::Traditional,
            MoveNotation::Wxf => Notation::Wxf,
            MoveNotation::Vietnamese => Notation::Vietnamese,
            MoveNotation::Iccs => Notation::Iccs,
        }
    }
}

/// The locales the system prefers, most preferred first: a first start speaks the first the game
/// has. The window's app reads them from the system ([`crate::storage::locale`]); headless runs
/// have none, and start in Chinese.
#[derive(Resource, Clone, Debug, Default)]
pub struct SystemLocales(pub Vec<String>);

impl Settings {
    /// A first start's settings: the defaults, in the first of `locales` (most preferred first,
    /// as `zh_TW.UTF-8` or `vi-VN`) that the game speaks; Chinese when none.
    #[must_use]
    pub fn first_start(locales: &[String]) -> Settings {
        Settings {
            language: Language::from_locales(locales.iter().map(String::as_str))
                .unwrap_or_default(),
            ..Settings::default()
        }
    }
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            sound: true,
            level: Level::Beginner,
            language: Language::Chinese,
            setup: Setup::default(),
            camera: None,
            flat_view: false,
            pieces: PieceTheme::Carved,
            piece_set: PieceSet::Characters,
            animations: true,
            board: BoardTheme::Wood,
            graphics: Graphics::Auto,
            ui_size: UiSize::Normal,
            notation: MoveNotation::Auto,
            analysis_in_play: false,
            time_control: TimeControl::Untimed,
            custom_clock: TimeControl::CUSTOM_DEFAULT,
            engine: ExternalEngine::default(),
            puzzles: std::collections::BTreeMap::new(),
            window: WindowPlace::default(),
            online_server: String::new(),
            rules: Rulebook::Asian,
            threads: None,
        }
    }
}

/// Why the settings file was not used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SettingsError {
    /// It could not be read (permissions, the disk): left where it is.
    Unreadable(String),
    /// It is not a settings file at all: to be set aside.
    Damaged(String),
}

/// Reads settings; a missing file gives a first start's (in the first of `locales`, the system's,
/// that the game speaks). A file with values this version does not know (from a newer one)
/// keeps all the others: the names of those left out come beside.
pub fn load_settings(
    path: &Path,
    locales: &[String],
) -> Result<(Settings, Vec<String>), SettingsError> {
    let at = |e: &dyn std::fmt::Display| format!("{}: {e}", path.display());
    match crate::storage::files::read_text(path) {
        Ok(text) => {
            crate::storage::lenient::read_fields(&text).map_err(|e| SettingsError::Damaged(at(&e)))
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            Ok((Settings::first_start(locales), Vec::new()))
        }
        Err(e) if e.kind() == std::io::ErrorKind::InvalidData => {
            Err(SettingsError::Damaged(at(&e)))
        }
        Err(e) => Err(SettingsError::Unreadable(at(&e))),
    }
}

/// Reads and writes a level as its name.
mod level_by_name {
    use serde::{Deserialize, Deserializer, Serializer};
    use xiangqi_engine::Level;

    pub fn serialize<S: Serializer>(level: &Level, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(level.name())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Level, D::Error> {
        let name = String::deserialize(d)?;
        Ok(name.parse().unwrap_or(Level::Beginner))
    }
}

/// A change of a setting from the menus or a key.
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub enum SettingChange {
    /// The computer's level (from its next move on).
    Level(Level),
    /// The language of the interface.
    Language(Language),
    /// Sound on or off.
    ToggleSound,
    /// The next graphics setting (auto, high, low).
    CycleGraphics,
    /// The next interface size (small, normal, large).
    CycleUiSize,
    /// An interface size.
    UiSize(UiSize),
    /// The next move notation (auto, Chinese, WXF, ICCS).
    CycleNotation,
    /// The external engine set in the settings, or the built-in one.
    ToggleExternalEngine,
    /// The next look of the pieces.
    CyclePieces,
    /// The other piece set (characters, pictograms).
    CyclePieceSet,
    /// Animations on or off.
    ToggleAnimations,
    /// The next look of the board.
    CycleBoard,
    /// The other rulebook (亚洲规则, 计算机规则): for new games, and for the game on the board
    /// while it goes on.
    CycleRules,
    /// The next thread count for 大师 (automatic, 1, 2, ... the cores).
    CycleThreads,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Settings>();
    app.init_resource::<SystemLocales>();
    app.add_message::<SettingChange>();
    app.add_systems(Update, apply_changes.in_set(CoreSet::Input));
    app.add_systems(
        Update,
        judge_new_games_by_the_setting
            .in_set(CoreSet::Apply)
            .after(crate::core::game::ApplySystems),
    );
    app.add_systems(Last, save_settings);
}

fn apply_changes(
    mut changes: MessageReader<SettingChange>,
    mut settings: ResMut<Settings>,
    mut game: ResMut<crate::core::game::Game>,
    mut ended: MessageWriter<crate::core::game::GameEnded>,
) {
    for change in changes.read() {
        match *change {
            SettingChange::Level(level) => settings.level = level,
            SettingChange::Language(language) => settings.language = language,
            SettingChange::ToggleSound => settings.sound = !settings.sound,
            SettingChange::CycleGraphics => settings.graphics = settings.graphics.next(),
            SettingChange::CycleUiSize => settings.ui_size = settings.ui_size.next(),
            SettingChange::UiSize(size) => settings.ui_size = size,
            SettingChange::CycleNotation => settings.notation = settings.notation.next(),
            SettingChange::ToggleExternalEngine => {
                settings.engine.enabled = !settings.engine.enabled;
            }
            SettingChange::CyclePieces => settings.pieces = settings.pieces.next(),
            SettingChange::CyclePieceSet => settings.piece_set = settings.piece_set.next(),
            SettingChange::ToggleAnimations => settings.animations = !settings.animations,
            SettingChange::CycleBoard => settings.board = settings.board.next(),
            SettingChange::CycleThreads => {
                settings.threads = next_threads(settings.threads, logical_cores());
            }
            SettingChange::CycleRules => {
                settings.rules = next_rulebook(settings.rules);
                if game.outcome().is_none() {
                    game.record.set_rulebook(settings.rules);
                    // Judged again from the start: the third occurrence may already be here.
                    if let Some(outcome) = game.outcome() {
                        ended.write(crate::core::game::GameEnded(outcome));
                    }
                }
            }
        }
    }
}

/// A new game is judged by the rules its record names, or else by the player's setting.
fn judge_new_games_by_the_setting(
    mut new_games: MessageReader<crate::core::game::NewGame>,
    settings: Res<Settings>,
    mut game: ResMut<crate::core::game::Game>,
) {
    if new_games.read().last().is_some() && game.record.tag(xiangqi::RULES_TAG).is_none() {
        game.record.set_rulebook(settings.rules);
    }
}

/// The other rulebook, for the menu's toggle.
#[must_use]
pub fn next_rulebook(rulebook: Rulebook) -> Rulebook {
    match rulebook {
        Rulebook::League => Rulebook::Asian,
        Rulebook::Asian => Rulebook::League,
    }
}

/// Writes the settings (off the frame loop) whenever they change.
fn save_settings(
    dirs: Res<Dirs>,
    writer: Res<Writer>,
    settings: Res<Settings>,
    mut written: Local<Option<Settings>>,
) {
    if !settings.is_changed() {
        return;
    }
    let Some(last) = written.as_ref() else {
        // The first frame: what was loaded is what is on disk.
        *written = Some(settings.clone());
        return;
    };
    if last == &*settings {
        return;
    }
    let text = match ron::ser::to_string_pretty(&*settings, xiangqi::ron::pretty_config()) {
        Ok(t) => t,
        Err(e) => {
            warn!("settings: {e}");
            return;
        }
    };
    writer.write(dirs.settings(), text.into_bytes());
    *written = Some(settings.clone());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn threads_cycle_from_automatic_through_each_count_and_back() {
        let mut t = None;
        let mut seen = Vec::new();
        for _ in 0..5 {
            t = next_threads(t, 3);
            seen.push(t);
        }
        assert_eq!(seen, [Some(1), Some(2), Some(3), None, Some(1)]);
    }

    #[test]
    fn automatic_threads_leave_the_game_a_core() {
        let cores = logical_cores();
        let mut s = Settings::default();
        assert_eq!(s.engine_threads(), (cores - 1).max(1));
        s.threads = Some(cores + 5);
        assert_eq!(s.engine_threads(), cores);
        s.threads = Some(0);
        assert_eq!(s.engine_threads(), 1);
    }

    #[test]
    fn a_settings_file_from_before_the_threads_setting_reads_as_automatic() {
        let mut text = ron::to_string(&Settings {
            threads: Some(2),
            ..Settings::default()
        })
        .unwrap();
        assert!(text.contains("threads:Some(2)"), "{text}");
        text = text.replace(",threads:Some(2)", "");
        let s: Settings = ron::from_str(&text).unwrap();
        assert_eq!(s.threads, None);
    }
}
