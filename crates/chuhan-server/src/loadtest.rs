//! The load program (`chuhan-server loadtest`): N games between pairs of bot guests on a running
//! server on loopback, each side moving at a set rate, for a bounded time. It prints moves a
//! second, the relay latency from the mover's send to the opponent's receipt (p50, p99, max),
//! moves lost (acknowledged to the mover, never seen by the opponent) or doubled (seen twice),
//! and, given the server's pid, its memory and CPU.

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::{Duration, Instant};

use rand::seq::IndexedRandom;
use tokio::sync::Mutex;
use xiangqi::Position;
use xiangqi_protocol::{ClientMsg, ColorChoice, Role, Rules, ServerMsg, TimeControl};

use crate::bot::Bot;

/// The load program's flags.
#[derive(clap::Args, Debug, Clone)]
pub struct LoadArgs {
    /// The server (a loopback address only).
    #[arg(long, default_value = "127.0.0.1:7878")]
    pub server: SocketAddr,
    /// Games played at once (two connections each).
    #[arg(long, default_value_t = 100)]
    pub games: usize,
    /// Moves a second in each game.
    #[arg(long, default_value_t = 1.0)]
    pub rate: f64,
    /// How long to play, in seconds (at most 900).
    #[arg(long, default_value_t = 60)]
    pub seconds: u64,
    /// Connections opened a second while starting.
    #[arg(long, default_value_t = 400)]
    pub connect_rate: u32,
    /// The server's process id, to report its memory and CPU.
    #[arg(long)]
    pub server_pid: Option<u32>,
}

/// What a run measured.
#[derive(Debug, Default)]
pub struct Report {
    /// Games that started.
    pub games_started: u64,
    /// Moves acknowledged.
    pub moves: u64,
    /// Acknowledged moves the opponent never saw.
    pub lost: u64,
    /// Moves seen twice.
    pub doubled: u64,
    /// Moves sent and never acknowledged (the run ended or an error came).
    pub unacknowledged: u64,
    /// Errors the server sent.
    pub errors: u64,
    /// Relay latencies, in microseconds.
    pub latencies: Vec<u64>,
    /// Pairs that could not start (connection refused, login failed).
    pub failed_pairs: u64,
}

#[derive(Default)]
struct Counters {
    games: AtomicU64,
    moves: AtomicU64,
    lost: AtomicU64,
    doubled: AtomicU64,
    unacked: AtomicU64,
    errors: AtomicU64,
    failed: AtomicU64,
}

/// Runs the load and prints the report.
pub async fn run(args: LoadArgs) -> Result<(), String> {
    if !args.server.ip().is_loopback() {
        return Err(format!(
            "{}: the load program talks to loopback only",
            args.server
        ));
    }
    let seconds = args.seconds.min(900);
    println!(
        "load: {} games ({} connections) at {} moves/s each for {seconds} s against {}",
        args.games,
        2 * args.games,
        args.rate,
        args.server
    );
    let cpu_before = args.server_pid.and_then(cpu_ticks);
    let started = Instant::now();
    let report = measure(&args, Duration::from_secs(seconds)).await;
    let took = started.elapsed();
    let cpu = match (args.server_pid.and_then(cpu_ticks), cpu_before) {
        (Some(after), Some(before)) => Some((after - before) as f64 / 100.0 / took.as_secs_f64()),
        _ => None,
    };
    print_report(&report, took, cpu, args.server_pid.and_then(rss_kb));
    if report.lost > 0 || report.doubled > 0 {
        return Err(format!(
            "{} lost and {} doubled moves",
            report.lost, report.doubled
        ));
    }
    Ok(())
}

/// Plays the load for `length` (after the connections are made) and measures it.
pub async fn measure(args: &LoadArgs, length: Duration) -> Report {
    let counters = Arc::new(Counters::default());
    let latencies = Arc::new(Mutex::new(Vec::new()));
    let gap = Duration::from_secs_f64(2.0 / f64::from(args.connect_rate.max(2)));
    let mut pairs = Vec::new();
    let mut bots = Vec::new();
    for _ in 0..args.games {
        let a = connect_guest(args.server).await;
        let b = connect_guest(args.server).await;
        match (a, b) {
            (Ok(a), Ok(b)) => bots.push((a, b)),
            (a, b) => {
                if let Err(e) = a.and(b) {
                    tracing::warn!("a pair could not start: {e}");
                }
                counters.failed.fetch_add(1, Relaxed);
            }
        }
        tokio::time::sleep(gap).await;
    }
    let deadline = Instant::now() + length;
    let interval = Duration::from_secs_f64(1.0 / args.rate.max(0.01));
    for (a, b) in bots {
        let c = Arc::clone(&counters);
        let l = Arc::clone(&latencies);
        pairs.push(tokio::spawn(pair(a, b, deadline, interval, c, l)));
    }
    for p in pairs {
        let _ = p.await;
    }
    let latencies = std::mem::take(&mut *latencies.lock().await);
    Report {
        games_started: counters.games.load(Relaxed),
        moves: counters.moves.load(Relaxed),
        lost: counters.lost.load(Relaxed),
        doubled: counters.doubled.load(Relaxed),
        unacknowledged: counters.unacked.load(Relaxed),
        errors: counters.errors.load(Relaxed),
        latencies,
        failed_pairs: counters.failed.load(Relaxed),
    }
}

async fn connect_guest(addr: SocketAddr) -> Result<Bot, String> {
    let mut bot = Bot::connect(addr).await?;
    bot.log_in(ClientMsg::Guest).await?;
    Ok(bot)
}

/// Two bots play game after game until the deadline.
async fn pair(
    mut a: Bot,
    mut b: Bot,
    deadline: Instant,
    interval: Duration,
    c: Arc<Counters>,
    lat: Arc<Mutex<Vec<u64>>>,
) {
    while Instant::now() < deadline {
        let Some((game, a_red)) = start(&mut a, &mut b, &c).await else {
            c.failed.fetch_add(1, Relaxed);
            return;
        };
        c.games.fetch_add(1, Relaxed);
        let mut pos = Position::startpos();
        let mut ply = 0u32;
        let mut last = Instant::now();
        let mut over = false;
        while !over && Instant::now() < deadline {
            let next = last + interval;
            tokio::time::sleep_until(next.into()).await;
            let red_to_move = ply.is_multiple_of(2);
            let (mover, other) = if red_to_move == a_red {
                (&mut a, &mut b)
            } else {
                (&mut b, &mut a)
            };
            let list = pos.legal_moves();
            let mut moves = Vec::new();
            for &m in &list {
                moves.push(m);
            }
            let Some(&mv) = moves.choose(&mut rand::rng()) else {
                break;
            };
            let sent = Instant::now();
            let msg = ClientMsg::Move {
                game,
                ply,
                mv: mv.to_string(),
                think_ms: Some(sent.duration_since(last).as_millis() as u64),
            };
            if mover.send(&msg).await.is_err() {
                c.unacked.fetch_add(1, Relaxed);
                return;
            }
            let this = ply;
            let is_move = move |m: &ServerMsg| matches!(m, ServerMsg::Moved { game: g, ply: p, .. } if *g == game && *p == this);
            let is_end =
                move |m: &ServerMsg| matches!(m, ServerMsg::GameOver { game: g, .. } if *g == game);
            let is_err = |m: &ServerMsg| matches!(m, ServerMsg::Error { .. });
            let ack = mover.expect(|m| is_move(m) || is_err(m) || is_end(m)).await;
            match ack {
                Ok(ServerMsg::Moved { .. }) => {
                    c.moves.fetch_add(1, Relaxed);
                }
                Ok(ServerMsg::GameOver { .. }) => break,
                Ok(other) => {
                    if c.errors.fetch_add(1, Relaxed) < 5 {
                        eprintln!("game {game} ply {this}: {other:?}");
                    }
                    c.unacked.fetch_add(1, Relaxed);
                    break;
                }
                Err(_) => {
                    c.unacked.fetch_add(1, Relaxed);
                    return;
                }
            }
            match other.expect(|m| is_move(m) || is_end(m)).await {
                Ok(ServerMsg::Moved { .. }) => {
                    lat.lock().await.push(sent.elapsed().as_micros() as u64);
                }
                _ => {
                    c.lost.fetch_add(1, Relaxed);
                    return;
                }
            }
            let _ = pos.play(mv);
            ply += 1;
            last = sent;
            // A second copy of this ply, already queued, is a doubled move.
            for bot in [&mut a, &mut b] {
                while let Some(i) = bot.seen.iter().position(is_move) {
                    bot.seen.remove(i);
                    c.doubled.fetch_add(1, Relaxed);
                }
                if bot.seen.iter().any(is_end) {
                    over = true;
                }
                bot.seen
                    .retain(|m| !is_end(m) && !matches!(m, ServerMsg::OfferGone { .. }));
            }
        }
        if !over {
            let _ = a.send(&ClientMsg::Resign { game }).await;
        }
        let end = |m: &ServerMsg| matches!(m, ServerMsg::GameOver { game: g, .. } if *g == game);
        let _ = a.expect_within(Duration::from_secs(5), end).await;
        let _ = b.expect_within(Duration::from_secs(5), end).await;
        a.seen.clear();
        b.seen.clear();
    }
    a.close().await;
    b.close().await;
}

/// `a` seeks, `b` accepts: the game's number and whether `a` plays red.
async fn start(a: &mut Bot, b: &mut Bot, c: &Counters) -> Option<(u64, bool)> {
    let seek = ClientMsg::Seek {
        time: TimeControl::new(1800, 0),
        rated: false,
        color: ColorChoice::Random,
        rules: Rules::Asian,
        rating_min: None,
        rating_max: None,
    };
    a.send(&seek).await.ok()?;
    let Ok(ServerMsg::SeekAdded { seek }) =
        a.expect(|m| matches!(m, ServerMsg::SeekAdded { .. })).await
    else {
        c.errors.fetch_add(1, Relaxed);
        return None;
    };
    b.send(&ClientMsg::AcceptSeek { seek: seek.id })
        .await
        .ok()?;
    let game = |m: &ServerMsg| matches!(m, ServerMsg::Game { .. });
    let Ok(ServerMsg::Game { game: ga }) = a.expect(game).await else {
        return None;
    };
    let Ok(ServerMsg::Game { .. }) = b.expect(game).await else {
        return None;
    };
    a.seen.clear();
    b.seen.clear();
    Some((ga.id, ga.you == Role::Red))
}

fn percentile(sorted: &[u64], p: f64) -> u64 {
    if sorted.is_empty() {
        return 0;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

fn print_report(r: &Report, took: Duration, cpu: Option<f64>, rss: Option<u64>) {
    let mut l = r.latencies.clone();
    l.sort_unstable();
    let ms = |us: u64| us as f64 / 1000.0;
    println!("games started      {}", r.games_started);
    println!("pairs that failed  {}", r.failed_pairs);
    println!(
        "moves acknowledged {} ({:.1}/s over {:.1} s)",
        r.moves,
        r.moves as f64 / took.as_secs_f64(),
        took.as_secs_f64()
    );
    println!(
        "relay latency      p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms ({} moves)",
        ms(percentile(&l, 0.50)),
        ms(percentile(&l, 0.99)),
        ms(l.last().copied().unwrap_or(0)),
        l.len()
    );
    println!("lost moves         {}", r.lost);
    println!("doubled moves      {}", r.doubled);
    println!("unacknowledged     {}", r.unacknowledged);
    println!("server errors      {}", r.errors);
    if let Some(cpu) = cpu {
        println!("server CPU         {:.0}% of one core", cpu * 100.0);
    }
    if let Some(kb) = rss {
        println!("server memory      {:.1} MB resident", kb as f64 / 1024.0);
    }
}

/// A process's user + system CPU time, in clock ticks.
fn cpu_ticks(pid: u32) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let rest = &stat[stat.rfind(')')? + 2..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    Some(f.get(11)?.parse::<u64>().ok()? + f.get(12)?.parse::<u64>().ok()?)
}

/// A process's resident memory, in kB.
fn rss_kb(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find(|l| l.starts_with("VmRSS:"))?
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()
}
