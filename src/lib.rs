//! Chuhan (楚汉): a 3D xiangqi game.
//!
//! [`CorePlugin`] is the game without a window ([`core`] and [`storage`]): the record, picks,
//! moves, piece entities and their animation, the computer, files. It runs headless (the tests
//! drive it with `MinimalPlugins`). [`AppPlugin`] adds the window, the 3D scene ([`view`]), the
//! interface ([`ui`]) and the developer tools ([`dev`]). Core and storage never name view or ui.

use bevy::prelude::*;

pub mod core;
pub mod dev;
pub mod storage;
pub mod ui;
pub mod view;

pub mod analysis;
pub mod clipboard;
pub mod clock;
pub mod draw;
pub mod editor;
pub mod hints;
pub mod online;
pub mod pictures;
pub mod puzzles;
pub mod review;
pub mod watch;

/// The game's logic: needs no GPU, window or assets. The layers storage and core, and the logic
/// of each feature.
pub struct CorePlugin;

impl Plugin for CorePlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((storage::plugin, core::plugin));
        app.add_plugins((
            analysis::plugin,
            clipboard::plugin,
            clock::plugin,
            draw::plugin,
            editor::plugin,
            hints::plugin,
            online::plugin,
            pictures::plugin,
            puzzles::plugin,
            review::plugin,
            watch::plugin,
        ));
    }
}

/// The application id on the desktop (Wayland's app id, X11's class), the desktop entry's name.
pub const APP_ID: &str = "chuhan";

/// The whole game in a window.
#[derive(Default)]
pub struct AppPlugin {
    /// Draw with the software renderer: the display shows no GPU's frames
    /// ([`view::display::check`]).
    pub software_renderer: bool,
}

impl Plugin for AppPlugin {
    fn build(&self, app: &mut App) {
        let render = bevy::render::RenderPlugin {
            render_creation: bevy::render::settings::WgpuSettings {
                force_fallback_adapter: self.software_renderer,
                ..default()
            }
            .into(),
            ..default()
        };
        // A first start speaks the system's language.
        app.insert_resource(core::settings::SystemLocales(storage::locale::preferred()));
        app.add_plugins(bevy_plugins().set(render).set(WindowPlugin {
            primary_window: Some(Window {
                title: "楚汉 Chuhan".into(),
                // The application id (Wayland) and WM_CLASS (X11): the desktop entry
                // `chuhan.desktop` matches it, so the desktop shows the game's name and icon.
                name: Some(APP_ID.into()),
                resolution: (1280, 720).into(),
                // In a browser: the page's canvas (web/index.html), as large as the page, and
                // the browser's own keys (reload, zoom) left to it.
                canvas: cfg!(target_arch = "wasm32").then(|| "#chuhan".into()),
                fit_canvas_to_parent: true,
                prevent_default_event_handling: false,
                ..default()
            }),
            // Closing the window asks first when a game is in progress (`Command::Quit`).
            close_when_requested: false,
            ..default()
        }));
        add_post_processing(app);
        app.add_systems(Update, ask_to_close);
        // A player who starts the game meets the start screen (dev closes it for scripted runs).
        app.insert_resource(ui::start::StartScreen { open: true });
        add_game(app);
    }
}

/// The whole game with no window: the same scene, interface and post-processing drawn into an
/// image of `size` pixels (see [`dev::offscreen`]), for machines with no display (a GPU server,
/// CI). Nothing drives it: the caller runs `App::update` itself, and each update draws one frame
/// before it returns (no pipelined rendering), so the caller can wait for the GPU to finish it.
pub struct OffscreenPlugin {
    /// The image's size in pixels.
    pub size: UVec2,
}

impl Plugin for OffscreenPlugin {
    fn build(&self, app: &mut App) {
        let plugins = bevy_plugins()
            .set(WindowPlugin {
                primary_window: None,
                exit_condition: bevy::window::ExitCondition::DontExit,
                close_when_requested: false,
                ..default()
            })
            .disable::<bevy::winit::WinitPlugin>();
        // A browser page has no render thread to turn off.
        #[cfg(not(target_arch = "wasm32"))]
        let plugins =
            plugins.disable::<bevy::render::pipelined_rendering::PipelinedRenderingPlugin>();
        app.add_plugins(plugins);
        add_post_processing(app);
        add_game(app);
        app.add_plugins(dev::offscreen::Offscreen::plugin(self.size));
    }
}

/// Bevy's default plugins less its post-processing, whose effect stack (chromatic aberration,
/// vignette, lens distortion: none of which the game uses) builds a pipeline for every camera
/// all the same. A software renderer (SwiftShader in a browser, llvmpipe) takes well over a
/// second to compile that one shader before the first frame shows the board.
fn bevy_plugins() -> bevy::app::PluginGroupBuilder {
    DefaultPlugins
        .build()
        .disable::<bevy::post_process::PostProcessPlugin>()
}

/// The post-processing the game uses: bloom (on the high setting), and MSAA's write-back, which
/// Bevy's post-processing plugin would have added.
fn add_post_processing(app: &mut App) {
    app.add_plugins((
        bevy::post_process::msaa_writeback::MsaaWritebackPlugin,
        bevy::post_process::bloom::BloomPlugin,
    ));
}

/// The game's plugins over Bevy's: the same with a window or without.
fn add_game(app: &mut App) {
    // The desktop's clipboard (used off the frame loop).
    app.insert_resource(storage::clipboard::Clipboard::start(
        storage::clipboard::System::default(),
    ));
    app.add_plugins((CorePlugin, view::plugin, ui::plugin));
    // The features' panels, over the ui layer.
    app.add_plugins((
        analysis::panel::plugin,
        clipboard::panel::plugin,
        clock::panel::plugin,
        draw::panel::plugin,
        editor::panel::plugin,
        hints::panel::plugin,
        online::panel::plugin,
        pictures::panel::plugin,
        puzzles::panel::plugin,
        review::panel::plugin,
        watch::panel::plugin,
    ));
    app.add_plugins(dev::plugin);
}

/// The window's close button quits as the menu does (asking first during a game).
fn ask_to_close(
    mut requests: MessageReader<bevy::window::WindowCloseRequested>,
    mut commands: MessageWriter<core::commands::Command>,
) {
    if requests.read().count() > 0 {
        commands.write(core::commands::Command::Quit);
    }
}
