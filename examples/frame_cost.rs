//! The frame loop's own cost, headless: the game's core (`MinimalPlugins` + `CorePlugin`) updated at
//! a 60 Hz pace, first with nobody thinking, then with the analysis shown, then with a review
//! running beside the analysis, then while the computer
//! searches at 大师 (Master) level for both sides. Prints the mean and 99th percentile time of one
//! `App::update`: wall time, and the frame loop thread's own CPU time (on two cores, two engine
//! threads beside the loop stretch its wall time by preempting it, not by adding work to it).
//!
//! Last, an online game with a busy chat: a `chuhan-server` on loopback in this process, the
//! game logged in as a guest and playing a bot, which writes ten chat lines a second into the
//! game while another writes ten a second into the lobby (compare with the idle phase).
//!
//! `cargo run --release --example frame_cost [frames]` (default 600 frames per phase)

use std::time::{Duration, Instant};

use bevy::prelude::*;
use chuhan::analysis::AnalysisRequest;
use chuhan::core::computer::Thinking;
use chuhan::core::game::{Controller, NewGame, Players};
use chuhan::review::ReviewRequest;
use xiangqi::GameRecord;
use xiangqi_engine::Level;

/// A middlegame out of the opening book, so the engine searches instead of reading the book.
const FEN: &str = "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN1B1NC1/9/R2AKAB1R w - - 0 1";

/// The CPU time this thread has used (the frame loop's own work, whatever else runs on the cores).
fn thread_cpu() -> Duration {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid timespec for the call to fill.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &raw mut t) };
    Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
}

/// Wall and CPU milliseconds of each update, and how many ran while the computer searched.
struct Measured {
    wall: Vec<f64>,
    cpu: Vec<f64>,
    thinking: usize,
}

fn measure(app: &mut App, frames: usize) -> Measured {
    let period = Duration::from_micros(16_667);
    let mut times = Vec::with_capacity(frames);
    let mut cpu = Vec::with_capacity(frames);
    let mut thinking_frames = 0;
    for _ in 0..frames {
        let start = Instant::now();
        let cpu_start = thread_cpu();
        app.update();
        cpu.push((thread_cpu() - cpu_start).as_secs_f64() * 1000.0);
        let took = start.elapsed();
        times.push(took.as_secs_f64() * 1000.0);
        if app.world().resource::<Thinking>().is_thinking() {
            thinking_frames += 1;
        }
        if let Some(rest) = period.checked_sub(took) {
            std::thread::sleep(rest);
        }
    }
    Measured {
        wall: times,
        cpu,
        thinking: thinking_frames,
    }
}

/// Mean, 99th percentile and max of `times`.
fn stats(mut times: Vec<f64>) -> (f64, f64, f64) {
    times.sort_by(f64::total_cmp);
    let mean = times.iter().sum::<f64>() / times.len() as f64;
    let p99 = times[(times.len() * 99).div_ceil(100) - 1];
    (mean, p99, times[times.len() - 1])
}

fn report(name: &str, m: Measured) {
    let n = m.wall.len();
    let (mean, p99, max) = stats(m.wall);
    let (cpu_mean, cpu_p99, _) = stats(m.cpu);
    println!(
        "{name}: {n} updates ({} while searching), wall mean {mean:.3} ms, p99 {p99:.3} ms, max {max:.3} ms; frame loop CPU mean {cpu_mean:.3} ms, p99 {cpu_p99:.3} ms",
        m.thinking
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
        puzzle: None,
    });
    app.update();
    report("idle (two players)", measure(&mut app, frames));
    // The analysis shown: its endless search runs beside the frames, its lines copied in.
    app.world_mut().write_message(AnalysisRequest::Toggle);
    app.update();
    report("analysis shown (two players)", measure(&mut app, frames));
    let depth = app
        .world()
        .resource::<chuhan::analysis::logic::Analysis>()
        .lines
        .first()
        .map(|l| l.depth);
    println!("the analysis reached depth {depth:?}");
    // A review running (复盘分析 of a championship game from the test data) with the analysis shown
    // beside it: two searches off the frame loop, progress and lines copied in.
    let shared =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/xiangqi/tests/data/pgn");
    let game_file = std::fs::read_dir(&shared)
        .ok()
        .and_then(|d| {
            d.filter_map(Result::ok)
                .map(|e| e.path())
                .find(|p| p.to_string_lossy().contains("/01."))
        })
        .expect("a record in crates/xiangqi/tests/data/pgn");
    app.world_mut()
        .write_message(chuhan::core::commands::Command::OpenRecord(game_file));
    app.update();
    app.world_mut().write_message(ReviewRequest::Start);
    app.update();
    // The first updates after opening rebuild the board; measured apart.
    report(
        "opening the record (first 10 updates)",
        measure(&mut app, 10),
    );
    report("review running, analysis shown", measure(&mut app, frames));
    let review = app.world().resource::<chuhan::review::logic::Review>();
    println!(
        "the review's progress: {:?} (done: {})",
        review.progress,
        review.result.is_some()
    );
    app.world_mut().write_message(ReviewRequest::Cancel);
    app.world_mut().write_message(AnalysisRequest::Toggle);
    app.update();
    app.world_mut().write_message(NewGame {
        record,
        players: Players {
            red: Controller::Computer,
            black: Controller::Computer,
        },
        puzzle: None,
    });
    app.update();
    report("searching (大师 for both sides)", measure(&mut app, frames));
    let game = app.world().resource::<chuhan::core::game::Game>();
    let progress = app.world().resource::<Thinking>().progress();
    println!(
        "the computers played {} moves; the search in flight: {progress:?}",
        game.record.ply()
    );
    online_with_busy_chat(&mut app, frames);
    let _ = std::fs::remove_dir_all(&dir);
}

/// An online game against a bot on a loopback server, with chat pouring in.
fn online_with_busy_chat(app: &mut App, frames: usize) {
    use chuhan::online::{LoginKind, Online, OnlineRequest, Screen};
    use chuhan_server::bot::Bot;
    use xiangqi_protocol::{ClientMsg, ColorChoice, Room, Rules, ServerMsg, TimeControl};
    let rt = tokio::runtime::Runtime::new().expect("a runtime");
    let cfg = chuhan_server::config::Config {
        listen: "127.0.0.1:0".parse().expect("loopback"),
        database: "sqlite::memory:".into(),
        chat_per_10s: 1_000,
        messages_per_s: 1_000,
        ..chuhan_server::config::Config::default()
    };
    let addr = rt
        .block_on(chuhan_server::start(cfg))
        .expect("the server")
        .addr;
    app.world_mut()
        .resource_mut::<chuhan::online::form::Form>()
        .address = addr.to_string();
    app.world_mut().write_message(OnlineRequest::Open);
    app.world_mut()
        .write_message(OnlineRequest::LogIn(LoginKind::Guest));
    let until = |app: &mut App, done: &dyn Fn(&Online) -> bool| {
        let deadline = Instant::now() + Duration::from_secs(10);
        while !done(app.world().resource::<Online>()) {
            assert!(Instant::now() < deadline, "online play did not get there");
            app.update();
            std::thread::sleep(Duration::from_millis(5));
        }
    };
    until(app, &|o| o.screen == Screen::Lobby);
    let guest = |rt: &tokio::runtime::Runtime| {
        rt.block_on(async {
            let mut b = Bot::connect(addr).await?;
            b.log_in(ClientMsg::Guest).await?;
            b.send(&ClientMsg::Lobby { subscribe: true }).await?;
            Ok::<_, String>(b)
        })
        .expect("a bot")
    };
    let (mut opponent, mut lobby) = (guest(&rt), guest(&rt));
    app.world_mut().write_message(OnlineRequest::Seek {
        time: TimeControl::new(600, 5),
        rated: false,
        color: ColorChoice::Red,
        rules: Rules::Asian,
        range: None,
    });
    app.update();
    let seek = rt
        .block_on(opponent.expect(|m| matches!(m, ServerMsg::SeekAdded { .. })))
        .expect("the seek");
    let ServerMsg::SeekAdded { seek } = seek else {
        unreachable!()
    };
    rt.block_on(opponent.send(&ClientMsg::AcceptSeek { seek: seek.id }))
        .expect("accepted");
    until(app, &|o| o.screen == Screen::Game);
    let game = app.world().resource::<Online>().active.expect("a game");
    // Ten lines a second each, for the phase's length (bounded).
    let lines = frames * 17 / 100 + 20;
    rt.spawn(async move {
        for i in 0..lines {
            let text = format!("第{i}句：好棋！nice move {i}");
            let _ = opponent
                .send(&ClientMsg::Chat {
                    room: Room::Game { game },
                    text: text.clone(),
                })
                .await;
            let _ = lobby
                .send(&ClientMsg::Chat {
                    room: Room::Lobby,
                    text,
                })
                .await;
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    });
    report("online game, busy chat (20 lines/s)", measure(app, frames));
    let online = app.world().resource::<Online>();
    let seen = online.game().map_or(0, |g| g.chat.len()) + online.session.lobby.chat.len();
    println!("chat lines kept by the session: {seen}");
}
