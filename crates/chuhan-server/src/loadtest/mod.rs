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

mod report;
use report::{cpu_ticks, print_report, rss_kb};

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
        resumed: counters.resumed.load(Relaxed),
        moves_after_resume: counters.after_resume.load(Relaxed),
        resume_ms_max: counters.resume_ms_max.load(Relaxed),
    }
}

async fn connect_guest(addr: SocketAddr) -> Result<Bot, String> {
    let mut bot = Bot::connect(addr).await?;
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

/// One game as the pair plays it: the moves the server acknowledged.
struct Play {
    game: u64,
    a_red: bool,
    moves: Vec<String>,
}

/// Both bots log in again (their server went away) and get the game back: the acknowledged
/// moves are checked against the server's (missing ones are lost); the game goes on from the
/// server's moves. `None` when they could not come back.
async fn recover(a: &mut Bot, b: &mut Bot, play: &mut Play, c: &Counters) -> Option<()> {
    for bot in [&mut *a, &mut *b] {
        if let Err(e) = bot.reconnect(RECONNECT_WITHIN).await {
            tracing::warn!("a bot could not come back: {e}");
            return None;
        }
    }
    let game = play.game;
    let mut view = None;
    for bot in [&mut *a, &mut *b] {
        match bot
            .expect(|m| matches!(m, ServerMsg::Game { game: g } if g.id == game))
            .await
        {
            Ok(ServerMsg::Game { game: g }) => view = Some(g),
            _ => return None,
        }
    }
    let view = view?;
    let kept = play
        .moves
        .iter()
        .zip(&view.moves)
        .take_while(|(x, y)| x == y)
        .count();
    c.lost.fetch_add((play.moves.len() - kept) as u64, Relaxed);
    c.resumed.fetch_add(1, Relaxed);
    play.moves = view.moves;
    a.seen.clear();
    b.seen.clear();
    view.result.is_none().then_some(())
}

/// Two bots play game after game until the deadline; when their connections die they log in
/// again and go on with the game the server kept.
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
        let mut play = Play {
            game,
            a_red,
            moves: Vec::new(),
        };
        let mut last = Instant::now();
        let mut over = false;
        let mut resumed = false;
        while !over && Instant::now() < deadline {
            let next = last + interval;
            tokio::time::sleep_until(next.into()).await;
            match one_move(&mut a, &mut b, &mut play, last, &c, &lat).await {
                Step::Played(sent) => {
                    last = sent;
                    if resumed {
                        c.after_resume.fetch_add(1, Relaxed);
                    }
                }
                Step::Over => over = true,
                Step::Stop => break,
                Step::Gone => {
                    let lost_at = Instant::now();
                    if recover(&mut a, &mut b, &mut play, &c).await.is_none() {
                        c.unacked.fetch_add(1, Relaxed);
                        return;
                    }
                    let took = lost_at.elapsed().as_millis() as u64;
                    c.resume_ms_max.fetch_max(took, Relaxed);
                    resumed = true;
                    last = Instant::now();
                }
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

/// What one move came to.
enum Step {
    /// Acknowledged and relayed (sent at that instant).
    Played(Instant),
    /// The game ended.
    Over,
    /// The server refused it, or relayed it to nobody: the pair stops this game.
    Stop,
    /// A connection died: log in again.
    Gone,
}

/// The side to move plays a random quiet move; its acknowledgement and the relay to the
/// opponent are measured.
async fn one_move(
    a: &mut Bot,
    b: &mut Bot,
    play: &mut Play,
    last: Instant,
    c: &Counters,
    lat: &Mutex<Vec<u64>>,
) -> Step {
    let game = play.game;
    let mut pos = Position::startpos();
    for m in &play.moves {
        match m.parse() {
            Ok(mv) if pos.play(mv).is_ok() => {}
            _ => return Step::Stop,
        }
    }
    let ply = play.moves.len() as u32;
    let (mover, other) = if ply.is_multiple_of(2) == play.a_red {
        (a, b)
    } else {
        (b, a)
    };
    let Some(mv) = quiet_random_move(&pos) else {
        return Step::Over;
    };
    let sent = Instant::now();
    let msg = ClientMsg::Move {
        game,
        ply,
        mv: mv.to_string(),
        think_ms: Some(sent.duration_since(last).as_millis() as u64),
    };
    if mover.send(&msg).await.is_err() {
        return Step::Gone;
    }
    let is_move = move |m: &ServerMsg| matches!(m, ServerMsg::Moved { game: g, ply: p, .. } if *g == game && *p == ply);
    let is_end =
        move |m: &ServerMsg| matches!(m, ServerMsg::GameOver { game: g, .. } if *g == game);
    let is_err = |m: &ServerMsg| matches!(m, ServerMsg::Error { .. });
    match mover.expect(|m| is_move(m) || is_err(m) || is_end(m)).await {
        Ok(ServerMsg::Moved { .. }) => {
            c.moves.fetch_add(1, Relaxed);
            play.moves.push(mv.to_string());
        }
        Ok(ServerMsg::GameOver { .. }) => return Step::Over,
        Ok(other) => {
            if c.errors.fetch_add(1, Relaxed) < 5 {
                eprintln!("game {game} ply {ply}: {other:?}");
            }
            c.unacked.fetch_add(1, Relaxed);
            return Step::Stop;
        }
        Err(_) if mover.closed => return Step::Gone,
        Err(_) => {
            c.unacked.fetch_add(1, Relaxed);
            return Step::Stop;
        }
    }
    match other.expect(|m| is_move(m) || is_end(m)).await {
        Ok(ServerMsg::Moved { .. }) => {
            lat.lock().await.push(sent.elapsed().as_micros() as u64);
        }
        // The server died between the acknowledgement and the relay: the move must be there
        // when the game comes back.
        _ if other.closed => return Step::Gone,
        _ => {
            c.lost.fetch_add(1, Relaxed);
            return Step::Stop;
        }
    }
    // A second copy of this ply, already queued, is a doubled move.
    let mut over = false;
    for bot in [mover, other] {
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
    if over { Step::Over } else { Step::Played(sent) }
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
