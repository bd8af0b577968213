//! The frame loop's own cost, headless: the game's core (`MinimalPlugins` + `CorePlugin`) updated at
//! a 60 Hz pace, first with nobody thinking, then with the analysis shown, then while the computer
//! searches at 大师 (Master) level for both sides. Prints the mean and 99th percentile time of one `App::update`.
//!
//! `cargo run --release --example frame_cost [frames]` (default 600 frames per phase)

use std::time::{Duration, Instant};

use bevy::prelude::*;
use chuhan::core::computer::Thinking;
use chuhan::core::game::{Controller, NewGame, Players};
use xiangqi::GameRecord;
use xiangqi_engine::Level;

/// A middlegame out of the opening book, so the engine searches instead of reading the book.
const FEN: &str = "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN1B1NC1/9/R2AKAB1R w - - 0 1";

fn measure(app: &mut App, frames: usize) -> (Vec<f64>, usize) {
    let period = Duration::from_micros(16_667);
    let mut times = Vec::with_capacity(frames);
    let mut thinking_frames = 0;
    for _ in 0..frames {
        let start = Instant::now();
        app.update();
        let took = start.elapsed();
        times.push(took.as_secs_f64() * 1000.0);
        if app.world().resource::<Thinking>().is_thinking() {
            thinking_frames += 1;
        }
        if let Some(rest) = period.checked_sub(took) {
            std::thread::sleep(rest);
        }
    }
    (times, thinking_frames)
}

fn report(name: &str, (mut times, thinking): (Vec<f64>, usize)) {
    times.sort_by(f64::total_cmp);
    let mean = times.iter().sum::<f64>() / times.len() as f64;
    let p99 = times[(times.len() * 99).div_ceil(100) - 1];
    println!(
        "{name}: {} updates ({thinking} while searching), mean {mean:.3} ms, p99 {p99:.3} ms, max {:.3} ms",
        times.len(),
        times[times.len() - 1]
    );
}

fn main() {
    let frames: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(600);
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, chuhan::CorePlugin));
    // Files apart from the player's; the level is set after the settings are loaded.
    let dir = std::env::temp_dir().join(format!("chuhan-frame-cost-{}", std::process::id()));
    app.insert_resource(chuhan::storage::files::Dirs::in_one(&dir));
    app.update();
    app.world_mut()
        .resource_mut::<chuhan::core::settings::Settings>()
        .level = Level::Master;
    let record = GameRecord::from_fen(FEN).expect("the FEN reads");
    app.world_mut().write_message(NewGame {
        record: record.clone(),
        players: Players::TWO_PLAYERS,
    });
    app.update();
    report("idle (two players)", measure(&mut app, frames));
    // The analysis shown: its endless search runs beside the frames, its lines copied in.
    app.world_mut()
        .write_message(chuhan::core::commands::Command::ToggleAnalysis);
    app.update();
    report("analysis shown (two players)", measure(&mut app, frames));
    let depth = app
        .world()
        .resource::<chuhan::core::analysis::Analysis>()
        .lines
        .first()
        .map(|l| l.depth);
    println!("the analysis reached depth {depth:?}");
    app.world_mut()
        .write_message(chuhan::core::commands::Command::ToggleAnalysis);
    app.update();
    app.world_mut().write_message(NewGame {
        record,
        players: Players {
            red: Controller::Computer,
            black: Controller::Computer,
        },
    });
    app.update();
    report("searching (大师 for both sides)", measure(&mut app, frames));
    let _ = std::fs::remove_dir_all(&dir);
    let game = app.world().resource::<chuhan::core::game::Game>();
    let progress = app.world().resource::<Thinking>().progress();
    println!(
        "the computers played {} moves; the search in flight: {progress:?}",
        game.record.ply()
    );
}
