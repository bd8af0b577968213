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
use xiangqi_protocol::ClientMsg;

use crate::bot::Bot;

mod play;
mod report;
#[cfg(test)]
mod tests;
use play::pair;
use report::{cpu_ticks, print_report, rss_kb};

/// The load program's flags.
#[derive(clap::Args, Debug, Clone)]
pub struct LoadArgs {
    /// The server (a loopback address only), or several instances of it, comma-separated: the
    /// two players of a game connect to different instances, and a bot whose instance went
    /// away logs in again on the next.
    #[arg(long, default_value = "127.0.0.1:7878", value_delimiter = ',')]
    pub server: Vec<SocketAddr>,
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
    /// Acknowledged moves the opponent saw only in the whole game, sent by the instance that
    /// took the game over (the owner died between the acknowledgement and the relay).
    pub by_view: u64,
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
    /// Games got back after their connections died (the server restarted).
    pub resumed: u64,
    /// Moves acknowledged in games after they were got back.
    pub moves_after_resume: u64,
    /// The longest a pair took to get its game back, in milliseconds.
    pub resume_ms_max: u64,
}

#[derive(Default)]
struct Counters {
    games: AtomicU64,
    moves: AtomicU64,
    lost: AtomicU64,
    by_view: AtomicU64,
    doubled: AtomicU64,
    unacked: AtomicU64,
    errors: AtomicU64,
    failed: AtomicU64,
    resumed: AtomicU64,
    after_resume: AtomicU64,
    resume_ms_max: AtomicU64,
}

/// Runs the load and prints the report.
pub async fn run(args: LoadArgs) -> Result<(), String> {
    if let Some(a) = args.server.iter().find(|a| !a.ip().is_loopback()) {
        return Err(format!("{a}: the load program talks to loopback only"));
    }
    if args.server.is_empty() {
        return Err("--server: no address".into());
    }
    let seconds = args.seconds.min(900);
    println!(
        "load: {} games ({} connections) at {} moves/s each for {seconds} s against {}",
        args.games,
        2 * args.games,
        args.rate,
        args.server
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", ")
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
    let servers = &args.server;
    for i in 0..args.games {
        let a = connect_guest(servers, i).await;
        let b = connect_guest(servers, i + 1).await;
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
        by_view: counters.by_view.load(Relaxed),
        doubled: counters.doubled.load(Relaxed),
        unacknowledged: counters.unacked.load(Relaxed),
        errors: counters.errors.load(Relaxed),
        latencies,
        failed_pairs: counters.failed.load(Relaxed),
        resumed: counters.resumed.load(Relaxed),
        moves_after_resume: counters.after_resume.load(Relaxed),
        resume_ms_max: counters.resume_ms_max.load(Relaxed),
    }
}

/// A guest on instance `i` (of those given, counted round), the others its fallbacks.
async fn connect_guest(servers: &[SocketAddr], i: usize) -> Result<Bot, String> {
    let n = servers.len().max(1);
    let mut bot = Bot::connect(servers[i % n]).await?;
    bot.fallbacks = (1..n).map(|k| servers[(i + k) % n]).collect();
    bot.log_in(ClientMsg::Guest).await?;
    Ok(bot)
}

/// A random quiet move (no check, the opponent keeps a move), or any legal move when there is
/// none: random games that mate, stalemate or check perpetually end in a few dozen plies, and a
/// load of games should stay games in play.
#[must_use]
pub fn quiet_random_move(pos: &Position) -> Option<xiangqi::Move> {
    let list = pos.legal_moves();
    let mut quiet = Vec::new();
    let mut all = Vec::new();
    for &m in &list {
        all.push(m);
        if let Ok(after) = pos.after(m)
            && !after.is_check()
            && after.has_legal_move()
        {
            quiet.push(m);
        }
    }
    let from = if quiet.is_empty() { &all } else { &quiet };
    from.choose(&mut rand::rng()).copied()
}

/// How long a bot keeps trying to log in again after its connection died.
const RECONNECT_WITHIN: Duration = Duration::from_secs(60);
