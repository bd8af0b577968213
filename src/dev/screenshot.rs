//! Scripted runs, set by environment variables, for screenshots and measurements:
//!
//! - `CHUHAN_FEN` (default: the start position), `CHUHAN_MOVES` (ICCS moves, spaced),
//!   `CHUHAN_PLAYERS` (`red`, `black`, `two` or `computers`), `CHUHAN_LEVEL` (`idiot` … `master`),
//!   `CHUHAN_SELECT` (a point to select, e.g. `h2`);
//! - `CHUHAN_OPEN` (a RON or PGN record to replay) and `CHUHAN_STEP` (how many of its moves to show);
//! - `CHUHAN_PLAY` (a move to play once the board shows) and `CHUHAN_ANIM_CAP` (stop its glide part
//!   way, 0 to 1: a capture in progress);
//! - `CHUHAN_GRAPHICS` (`auto`, `high` or `low`),
//! - `CHUHAN_COMMAND` (`new`, `quit`, `resign`, `analysis`, `draw`, `review`, `flat`, `puzzles`
//!   `puzzle:N`, `edit`, `edit-remove:SQ`, `edit-put:SQ:PIECE`, `hold:PIECE`, `watch` or
//!   `comment`: commands sent once the board shows, several separated by `;`),
//! - `CHUHAN_WINDOW=1920x1080` (the window's size for the picture),
//! - `CHUHAN_UI` (`small`, `normal` or `large`: the interface size),
//! - `CHUHAN_LANG=en` (a language by its locale: `en`, `zh-TW`, `vi`), `CHUHAN_MENU` (a menu to open: game, level, handicap, records,
//!   language), `CHUHAN_BROWSE` (a folder to show in the record browser), `CHUHAN_HINT` (ask for a
//!   hint);
//! - `CHUHAN_SCREENSHOT=path.png`: wait until a frame shows the board (the software renderer
//!   compiles its pipelines over the first frames), wait `CHUHAN_SCREENSHOT_FRAMES` more (default
//!   10), save the window to the PNG (temp file, then rename) and exit. The time from launch to the
//!   first frame showing the board is logged;
//! - `CHUHAN_FRAME_STATS=N`: once the board shows, measure N frames and print the mean and 99th
//!   percentile frame time, then exit.

use std::time::Duration;

use bevy::platform::time::Instant;

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};
use xiangqi::{GameRecord, Move, Position, Square};

use crate::core::autosave::Scripted;
use crate::core::game::{Controller, Game, MoveRequested, Players};
use crate::core::phase::Phase;
use crate::core::pieces::AnimationCap;
use crate::core::selection::Selection;
use crate::core::settings::SettingChange;
use crate::core::settings::{Graphics, Language, UiSize};
use crate::dev::measure::{FrameSummary, frame_count};
use crate::hints::HintRequested;
use crate::storage::files::Dirs;
use crate::storage::records::read_record;
use crate::ui::actions::{Browser, Menu, OpenMenu};

/// When the process started (set by `main`, read for the launch-to-first-frame figure).
pub static LAUNCHED: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();

/// A game set up from the environment.
pub struct ScriptedGame {
    /// The record and players.
    pub game: Game,
    /// Whether the record is replayed (`CHUHAN_OPEN`).
    pub replay: bool,
    /// A point to select.
    pub select: Option<Square>,
    /// The computer's level.
    pub level: Option<xiangqi_engine::Level>,
}

/// The game set up from the environment: record, players, level, selection. `Err` says which
/// variable was wrong.
pub fn scripted_game() -> Result<Option<ScriptedGame>, String> {
    let var = crate::dev::vars::var;
    if var("CHUHAN_FEN").is_none()
        && var("CHUHAN_MOVES").is_none()
        && var("CHUHAN_PLAYERS").is_none()
        && var("CHUHAN_SELECT").is_none()
        && var("CHUHAN_LEVEL").is_none()
        && var("CHUHAN_OPEN").is_none()
        && var("CHUHAN_GRAPHICS").is_none()
    {
        return Ok(None);
    }
    let fen = var("CHUHAN_FEN").unwrap_or_else(|| Position::START_FEN.into());
    let mut record = GameRecord::from_fen(&fen).map_err(|e| format!("CHUHAN_FEN: {e}"))?;
    for text in var("CHUHAN_MOVES").unwrap_or_default().split_whitespace() {
        let m: Move = text
            .parse()
            .map_err(|e| format!("CHUHAN_MOVES: {text}: {e}"))?;
        record
            .play(m)
            .map_err(|e| format!("CHUHAN_MOVES: {text}: {e}"))?;
    }
    let players = match var("CHUHAN_PLAYERS").as_deref() {
        None | Some("red") => Players::HUMAN_RED,
        Some("black") => Players::HUMAN_BLACK,
        Some("two") => Players::TWO_PLAYERS,
        Some("computers") => Players {
            red: Controller::Computer,
            black: Controller::Computer,
        },
        Some(other) => {
            return Err(format!(
                "CHUHAN_PLAYERS: {other:?} is not red, black, two or computers"
            ));
        }
    };
    let select = match var("CHUHAN_SELECT") {
        Some(s) => Some(
            s.parse::<Square>()
                .map_err(|e| format!("CHUHAN_SELECT: {e}"))?,
        ),
        None => None,
    };
    let level = match var("CHUHAN_LEVEL") {
        Some(s) => Some(
            s.parse::<xiangqi_engine::Level>()
                .map_err(|e| format!("CHUHAN_LEVEL: {e}"))?,
        ),
        None => None,
    };
    let mut replay = false;
    if let Some(path) = var("CHUHAN_OPEN") {
        record = read_record(std::path::Path::new(&path))
            .map_err(|e| format!("CHUHAN_OPEN: {e}"))?
            .record;
        let step = var("CHUHAN_STEP").and_then(|s| s.parse().ok()).unwrap_or(0);
        record.goto(step.min(record.len()));
        replay = true;
    }
    Ok(Some(ScriptedGame {
        game: Game {
            record,
            players,
            ..Game::default()
        },
        replay,
        select,
        level,
    }))
}

/// A point to select once the board shows.
#[derive(Resource, Default)]
struct Preselect(Option<Square>);

/// What the scripted run still has to do.
#[derive(Resource, Default)]
struct Script {
    play: Option<Move>,
    screenshot: Option<String>,
    extra_frames: u32,
    stats: Option<usize>,
    board_seen: bool,
    /// A check of the current frame is in flight.
    probing: bool,
    frames: Vec<Duration>,
    done: bool,
    commands_sent: bool,
}

pub(super) fn plugin(app: &mut App) {
    match scripted_game() {
        Ok(Some(ScriptedGame {
            game,
            replay,
            select,
            level,
        })) => {
            app.insert_resource(game);
            if replay {
                app.insert_state(Phase::Replaying);
            }
            let graphics = match crate::dev::vars::var("CHUHAN_GRAPHICS").as_deref() {
                Some("high") => Some(Graphics::High),
                Some("low") => Some(Graphics::Low),
                Some("auto") | None => None,
                Some(other) => {
                    error!("CHUHAN_GRAPHICS: {other:?} is not auto, high or low");
                    None
                }
            };
            app.insert_resource(Scripted { level, graphics });
            // A scripted run keeps its files apart from the player's (no resume offer, no
            // settings written over theirs) unless CHUHAN_HOME says where.
            if crate::dev::vars::var("CHUHAN_HOME").is_none() {
                // In a page: a folder of its own in the page's storage.
                #[cfg(target_arch = "wasm32")]
                let dir = std::path::PathBuf::from("/chuhan-script");
                #[cfg(not(target_arch = "wasm32"))]
                let dir =
                    std::env::temp_dir().join(format!("chuhan-script-{}", std::process::id()));
                app.insert_resource(Dirs::in_one(&dir));
            }
            app.insert_resource(Preselect(select));
        }
        Ok(None) => {}
        Err(e) => error!("{e}; starting the usual game instead"),
    }
    let var = crate::dev::vars::var;
    if let Some(cap) = var("CHUHAN_ANIM_CAP")
        .and_then(|c| c.parse::<f32>().ok())
        .filter(|c| c.is_finite())
    {
        app.insert_resource(AnimationCap(cap.clamp(0.0, 1.0)));
    }
    let script = Script {
        play: var("CHUHAN_PLAY").and_then(|m| m.parse().ok()),
        screenshot: var("CHUHAN_SCREENSHOT"),
        extra_frames: var("CHUHAN_SCREENSHOT_FRAMES")
            .and_then(|f| f.parse().ok())
            .unwrap_or(10),
        stats: match var("CHUHAN_FRAME_STATS").map(|n| frame_count(&n)) {
            Some(Ok(n)) => Some(n),
            Some(Err(e)) => {
                error!("CHUHAN_FRAME_STATS: {e}");
                None
            }
            None => None,
        },
        ..default()
    };
    if script.screenshot.is_some() || script.stats.is_some() {
        app.insert_resource(script);
        // Pictures and measurements at the size the window was made with (1280x720), or the
        // size `CHUHAN_WINDOW=WxH` asks for.
        app.insert_resource(crate::view::window::FixedWindow);
        if let Some((w, h)) = var("CHUHAN_WINDOW").and_then(|s| {
            let (w, h) = s.split_once('x')?;
            Some((w.parse::<u32>().ok()?, h.parse::<u32>().ok()?))
        }) {
            app.add_systems(
                Startup,
                move |mut windows: Query<&mut Window, With<bevy::window::PrimaryWindow>>| {
                    for mut window in &mut windows {
                        window.resolution.set_physical_resolution(w, h);
                    }
                },
            );
        }
        app.init_resource::<Preselect>();
        app.add_systems(Update, run_script);
    }
}

fn run_script(
    mut commands: Commands,
    mut script: ResMut<Script>,
    time: Res<Time<Real>>,
    mut preselect: ResMut<Preselect>,
    mut selection: ResMut<Selection>,
    mut requests: MessageWriter<MoveRequested>,
    mut exit: MessageWriter<AppExit>,
    game: Res<Game>,
) {
    if script.done {
        return;
    }
    if !script.board_seen {
        if !script.probing {
            script.probing = true;
            commands
                .spawn(Screenshot::primary_window())
                .observe(probe_board);
        }
        return;
    }
    if let Some(sq) = preselect.0.take() {
        selection.0 = Some(sq);
    }
    if !script.commands_sent {
        script.commands_sent = true;
        let var = crate::dev::vars::var;
        if let Some(lang) = var("CHUHAN_LANG")
            .as_deref()
            .and_then(Language::from_locale)
        {
            commands.queue(move |w: &mut World| {
                w.write_message(SettingChange::Language(lang));
            });
        }
        let size = match var("CHUHAN_UI").as_deref() {
            Some("small") => Some(UiSize::Small),
            Some("normal") => Some(UiSize::Normal),
            Some("large") => Some(UiSize::Large),
            None => None,
            Some(other) => {
                error!("CHUHAN_UI: {other:?} is not small, normal or large");
                None
            }
        };
        if let Some(size) = size {
            commands.queue(move |w: &mut World| {
                w.write_message(SettingChange::UiSize(size));
            });
        }
        if let Some(menu) = var("CHUHAN_MENU").and_then(|m| Menu::named(&m)) {
            commands.insert_resource(OpenMenu(Some(menu)));
        }
        if let Some(dir) = var("CHUHAN_BROWSE") {
            commands.insert_resource(Browser::at(dir.into()));
        }
        if let Some(c) = var("CHUHAN_COMMAND") {
            // Several commands are separated by `;`, sent in order.
            for one in c.split(';').map(str::trim).filter(|c| !c.is_empty()) {
                let one = one.to_owned();
                commands.queue(move |w: &mut World| {
                    crate::dev::commands::send_scripted_command(&one, w);
                });
            }
        }
        if var("CHUHAN_HINT").is_some() {
            commands.queue(|w: &mut World| {
                w.write_message(HintRequested);
            });
        }
    }
    // The move waits until it is legal: a command (a puzzle) may set up the board first.
    if let Some(m) = script.play
        && game.record.position().is_legal(m)
    {
        script.play = None;
        requests.write(MoveRequested(m));
    }
    if let Some(n) = script.stats {
        script.frames.push(time.delta());
        // The first frame after the board shows is left out (it carries the wait before it).
        if script.frames.len() > n {
            if let Some(s) = FrameSummary::of(&script.frames[1..]) {
                println!("{s}");
            }
            script.done = true;
            exit.write(AppExit::Success);
        }
        return;
    }
    if script.extra_frames > 0 {
        script.extra_frames -= 1;
        return;
    }
    script.done = true;
    if let Some(path) = script.screenshot.clone() {
        commands
            .spawn(Screenshot::primary_window())
            .observe(move |captured: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
                match save_png(&captured, &path) {
                    Ok(()) => {
                        info!("screenshot saved to {path}");
                        exit.write(AppExit::Success);
                    }
                    Err(e) => {
                        error!("cannot save screenshot {path}: {e}");
                        exit.write(AppExit::error());
                    }
                }
            });
    }
}

/// Looks at a frame: once one shows the board, logs the time since launch and lets the script go on.
fn probe_board(captured: On<ScreenshotCaptured>, mut script: ResMut<Script>) {
    script.probing = false;
    let Ok(image) = captured.image.clone().try_into_dynamic() else {
        return;
    };
    if crate::dev::probe::shows_board(image.to_rgb8().as_raw()) {
        script.board_seen = true;
        if let Some(launched) = LAUNCHED.get() {
            info!(
                "first frame showing the board: {:.2} s after launch",
                launched.elapsed().as_secs_f64()
            );
            println!(
                "first board frame after {:.2} s",
                launched.elapsed().as_secs_f64()
            );
        }
    }
}

pub(super) fn save_png(captured: &ScreenshotCaptured, path: &str) -> Result<(), String> {
    let image = captured
        .image
        .clone()
        .try_into_dynamic()
        .map_err(|e| e.to_string())?;
    let tmp = format!("{path}.tmp.png");
    image.to_rgb8().save(&tmp).map_err(|e| e.to_string())?;
    std::fs::rename(&tmp, path).map_err(|e| e.to_string())
}
