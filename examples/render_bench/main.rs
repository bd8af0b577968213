//! The real scene's frame times with no window and no display: the game (`OffscreenPlugin`: the
//! same board, pieces, lights, materials, interface and post-processing) drawn into an image, for
//! each graphics setting, size and scene, on whatever adapter wgpu picks (Mesa's lavapipe here,
//! NVIDIA's driver on a GPU server; `WGPU_ADAPTER_NAME` picks another).
//!
//! Each frame is timed from the start of `App::update` until the GPU has finished it (the update
//! draws its frame before it returns, pipelining is off, and the device is then polled until idle),
//! so a figure is what the GPU delivers, not how fast the CPU submits.
//!
//! Scenes: `idle` (a middlegame, nobody thinking), `search` (大师 / Master searching for both
//! sides from that middlegame), `capture` (a cannon takes a horse and the move is taken back, over
//! and over: the glide and the captured piece leaving, every frame).
//!
//! ```text
//! cargo run --release --example render_bench -- [--frames N] [--graphics low,high]
//!     [--sizes 1920x1080,3840x2160] [--scenes idle,search,capture] [--png DIR]
//!     [--compare WINDOW.png] [--passes] [--check]
//! ```
//!
//! `--png DIR` saves each run's last frame. `--compare` renders the usual game's start at the
//! picture's own size and compares it with that picture taken from the window (the screenshot
//! mode with `CHUHAN_GRAPHICS=low`): the mean difference per channel is printed, and more than 2
//! of 255 fails. `--passes` prints the render passes' own times (GPU timestamps where the adapter
//! has them, and the CPU's recording of each). A run fails unless it produced its frames and its
//! saved frame (`--png`, or a temporary one with `--check`) shows the board. Each run is a
//! process of its own (the program runs itself), so one run's engine threads and memory do not
//! weigh on the next.

use std::process::Command;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use bevy::diagnostic::DiagnosticsStore;
use bevy::prelude::*;
use bevy::render::render_resource::PollType;
use bevy::render::renderer::{RenderAdapterInfo, RenderDevice};
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};
use chuhan::OffscreenPlugin;
use chuhan::core::commands::Command as GameCommand;
use chuhan::core::game::{Game, MoveRequested};
use chuhan::dev::measure::FrameSummary;
use chuhan::dev::offscreen::Offscreen;
use chuhan::dev::probe::shows_board;

mod options;

use options::{Options, difference, parse, parse_size};

/// A middlegame out of the opening book, so the engine searches instead of reading the book.
const MIDDLEGAME: &str =
    "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN1B1NC1/9/R2AKAB1R w - - 0 1";

/// The capture scene's move: the red cannon takes the horse (炮二进七).
const CAPTURE: &str = "h2h9";

/// Frames between the capture and its taking back (the glide lasts well under this at 60 fps).
const CAPTURE_EVERY: u32 = 40;

/// The most a run waits for its first frame showing the board (the software renderer compiles
/// its pipelines over the first frames).
const BOARD_WAIT: Duration = Duration::from_secs(300);

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = if args.first().map(String::as_str) == Some("--one") {
        one(&args[1..])
    } else {
        parse(&args).and_then(|o| all(&o))
    };
    if let Err(e) = result {
        eprintln!("render_bench: {e}");
        std::process::exit(1);
    }
}

/// Runs every combination, each in a process of its own, and prints the table.
fn all(o: &Options) -> Result<(), String> {
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    if let Some(dir) = &o.png {
        std::fs::create_dir_all(dir).map_err(|e| format!("{dir}: {e}"))?;
    }
    let mut runs = Vec::new();
    for graphics in &o.graphics {
        for size in &o.sizes {
            for scene in &o.scenes {
                runs.push((graphics.clone(), *size, scene.clone(), None));
            }
        }
    }
    if let Some(window) = &o.compare {
        let (w, h) = image::image_dimensions(window).map_err(|e| format!("{window}: {e}"))?;
        // The usual game's start, as the window's picture (taken with `CHUHAN_GRAPHICS=low`
        // alone, so that it too keeps apart from the player's files).
        runs.push(("low".into(), UVec2::new(w, h), "start".into(), Some(window)));
    }
    let mut failed = Vec::new();
    for (graphics, size, scene, compare) in runs {
        let name = format!("{graphics}-{}x{}-{scene}", size.x, size.y);
        let mut cmd = Command::new(&exe);
        cmd.arg("--one")
            .arg(format!("{}x{}", size.x, size.y))
            .arg(&scene)
            .arg(
                o.frames
                    .min(if compare.is_some() { 5 } else { usize::MAX })
                    .to_string(),
            );
        let png = match (&o.png, compare) {
            (_, Some(_)) => Some(std::env::temp_dir().join(format!("render-bench-{name}.png"))),
            (Some(dir), None) => Some(std::path::Path::new(dir).join(format!("{name}.png"))),
            // A check looks at a saved frame too.
            (None, None) if o.check => {
                Some(std::env::temp_dir().join(format!("render-bench-{name}.png")))
            }
            (None, None) => None,
        };
        cmd.arg(png.as_ref().map_or("-".into(), |p| p.display().to_string()));
        cmd.arg(if o.passes { "passes" } else { "-" });
        cmd.env("CHUHAN_GRAPHICS", &graphics)
            .env("RUST_LOG", "error");
        match scene.as_str() {
            "idle" => cmd
                .env("CHUHAN_FEN", MIDDLEGAME)
                .env("CHUHAN_PLAYERS", "two"),
            "search" => cmd
                .env("CHUHAN_FEN", MIDDLEGAME)
                .env("CHUHAN_PLAYERS", "computers")
                .env("CHUHAN_LEVEL", "master"),
            "capture" => cmd.env("CHUHAN_PLAYERS", "two"),
            _ => &mut cmd,
        };
        let out = cmd.output().map_err(|e| e.to_string())?;
        let stdout = String::from_utf8_lossy(&out.stdout);
        for line in stdout.lines() {
            if let Some(row) = line.strip_prefix("row ") {
                println!(
                    "{graphics:4} {:>9} {scene:7} {row}",
                    format!("{}x{}", size.x, size.y)
                );
            } else if line.starts_with("adapter ") || line.starts_with("  ") {
                println!("{line}");
            }
        }
        if !out.status.success() {
            eprint!("{}", String::from_utf8_lossy(&out.stderr));
            failed.push(name);
            continue;
        }
        if let (Some(window), Some(png)) = (compare, &png) {
            let d = difference(window, &png.display().to_string())?;
            println!(
                "the offscreen frame against the window's picture {window}: mean difference \
                 {:.2} of 255 per channel, {:.2}% of pixels differ by more than 24",
                d.0,
                d.1 * 100.0
            );
            // The same scene, interface and renderer: only the odd edge pixel may differ.
            if d.0 > 2.0 {
                failed.push(format!("{name} (differs from the window's picture)"));
            }
        }
    }
    if !failed.is_empty() {
        return Err(format!("runs failed: {}", failed.join(", ")));
    }
    Ok(())
}

/// The frame a screenshot brought back, shared with the loop.
type Captured = Arc<Mutex<Option<Image>>>;

fn capture(app: &mut App, into: &Captured) {
    let image = app.world().resource::<Offscreen>().image.clone();
    let into = into.clone();
    app.world_mut()
        .spawn(Screenshot::image(image))
        .observe(move |c: On<ScreenshotCaptured>| {
            *into.lock().unwrap() = Some(c.image.clone());
        });
}

/// One update, and the wait until the GPU has finished the frame it drew.
fn frame(app: &mut App) -> Result<Duration, String> {
    let start = Instant::now();
    app.update();
    app.world()
        .resource::<RenderDevice>()
        .wgpu_device()
        .poll(PollType::Wait {
            submission_index: None,
            timeout: None,
        })
        .map_err(|e| format!("waiting for the GPU: {e}"))?;
    Ok(start.elapsed())
}

/// Whether a captured frame shows the board.
fn board(image: &Image) -> bool {
    image
        .clone()
        .try_into_dynamic()
        .is_ok_and(|i| shows_board(i.to_rgb8().as_raw()))
}

/// One run: `--one WxH SCENE FRAMES PNG|- passes|-`, the position, players and setting from the
/// environment (the screenshot mode's variables).
fn one(args: &[String]) -> Result<(), String> {
    let [size, scene, frames, png, passes] = args else {
        return Err("--one WxH SCENE FRAMES PNG|- passes|-".into());
    };
    let size = parse_size(size)?;
    let frames: usize = frames.parse().map_err(|_| "FRAMES is a number")?;
    let mut app = App::new();
    app.add_plugins(OffscreenPlugin { size });
    if passes == "passes" {
        app.add_plugins(bevy::render::diagnostic::RenderDiagnosticsPlugin);
    }
    app.finish();
    app.cleanup();
    let adapter = app
        .world()
        .get_resource::<RenderAdapterInfo>()
        .map_or("unknown".into(), |a| {
            format!("{} ({:?})", a.name, a.backend)
        });
    println!("adapter {adapter}");

    // Until a frame shows the board.
    let seen: Captured = Arc::default();
    let started = Instant::now();
    let mut asked = false;
    loop {
        if !asked {
            capture(&mut app, &seen);
            asked = true;
        }
        frame(&mut app)?;
        if let Some(image) = seen.lock().unwrap().take() {
            if board(&image) {
                break;
            }
            asked = false;
        }
        if started.elapsed() > BOARD_WAIT {
            return Err(format!("no frame showed the board in {BOARD_WAIT:?}"));
        }
    }
    let first_board = started.elapsed();
    // A few frames for the settings and the scene to settle (the high setting's light).
    for _ in 0..10 {
        frame(&mut app)?;
    }
    let capture_move: xiangqi::Move = CAPTURE.parse().map_err(|e| format!("{e}"))?;
    let capturing = scene == "capture";
    let mut times = Vec::with_capacity(frames);
    for i in 0..frames {
        if capturing && (i as u32).is_multiple_of(CAPTURE_EVERY) {
            let world = app.world_mut();
            if world
                .resource::<Game>()
                .record
                .position()
                .is_legal(capture_move)
            {
                world.write_message(MoveRequested(capture_move));
            } else {
                world.write_message(GameCommand::Undo);
            }
        }
        times.push(frame(&mut app)?);
    }
    let thinking = app
        .world()
        .resource::<chuhan::core::computer::Thinking>()
        .is_thinking();
    let s = FrameSummary::of(&times).ok_or("no frames")?;
    println!(
        "row frames {:4}  mean {:7.2} ms ({:6.1} fps)  p50 {:7.2}  p99 {:7.2}  max {:7.2}  \
         (board after {:.1} s{})",
        s.frames,
        s.mean,
        1000.0 / s.mean,
        s.p50,
        s.p99,
        s.max,
        first_board.as_secs_f64(),
        if thinking { ", engine thinking" } else { "" }
    );
    if passes == "passes" {
        print_passes(&app);
    }
    if png != "-" {
        save_last(&mut app, png)?;
    }
    Ok(())
}

/// The render passes' mean times over the run, the dearest first: the GPU's own (timestamp
/// queries, where the adapter has them) and the CPU's recording of each pass.
fn print_passes(app: &App) {
    let Some(store) = app.world().get_resource::<DiagnosticsStore>() else {
        return;
    };
    for (kind, what) in [("elapsed_gpu", "GPU"), ("elapsed_cpu", "CPU")] {
        let mut rows: Vec<(String, f64)> = store
            .iter()
            .filter_map(|d| {
                let path = d.path().as_str();
                let pass = path.strip_prefix("render/")?.strip_suffix(kind)?;
                Some((pass.trim_end_matches('/').to_owned(), d.average()?))
            })
            .collect();
        rows.sort_by(|a, b| b.1.total_cmp(&a.1));
        // Nested spans (`fxaa/fxaa`) are inside their parent's time already.
        let total: f64 = rows
            .iter()
            .filter(|r| !r.0.contains('/'))
            .map(|r| r.1)
            .sum();
        println!("  passes, {what} time (total {total:.2} ms):");
        for (pass, ms) in rows.iter().take(10) {
            println!("  {ms:9.3} ms  {pass}");
        }
    }
}

/// Saves the next frame to `path` (temp file, then rename) and checks it shows the board.
fn save_last(app: &mut App, path: &str) -> Result<(), String> {
    let last: Captured = Arc::default();
    capture(app, &last);
    for _ in 0..10 {
        frame(app)?;
        if let Some(image) = last.lock().unwrap().take() {
            let ok = board(&image);
            let picture = image.try_into_dynamic().map_err(|e| e.to_string())?;
            let tmp = format!("{path}.tmp.png");
            picture.to_rgb8().save(&tmp).map_err(|e| e.to_string())?;
            std::fs::rename(&tmp, path).map_err(|e| e.to_string())?;
            return if ok {
                Ok(())
            } else {
                Err(format!("{path}: the frame does not show the board"))
            };
        }
    }
    Err("the frame was never read back".into())
}
