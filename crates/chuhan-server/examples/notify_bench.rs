//! How well PostgreSQL's LISTEN/NOTIFY carries live messages between server instances: one
//! publisher sends `--messages` notifications (a `moved` message's size) at `--rate` a second on
//! one channel; `--listeners` connections (the other instances) listen and time each message from
//! its send. Prints the messages delivered to every listener, the rate reached and the delivery
//! latency (p50, p99, max). Loopback only; bounded in count and time.
//!
//! ```text
//! cargo run --release -p chuhan-server --example notify_bench -- \
//!     postgres://chuhan:chuhan-test-only@127.0.0.1:55432/chuhan_test --messages 20000 --rate 5000
//! ```

use std::time::{Duration, Instant};

use sqlx::Connection;
use sqlx::postgres::{PgConnection, PgListener};

fn arg(args: &[String], name: &str, default: u64) -> u64 {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let url = args
        .first()
        .cloned()
        .ok_or("usage: notify_bench POSTGRES_URL [--messages N] [--rate R] [--listeners L]")?;
    let host = url
        .split('@')
        .nth(1)
        .unwrap_or("")
        .split(['/', ':'])
        .next()
        .unwrap_or("");
    if !matches!(host, "127.0.0.1" | "localhost" | "[::1]") {
        return Err(format!("{host}: loopback only"));
    }
    let messages = arg(&args, "--messages", 20_000).min(1_000_000);
    let rate = arg(&args, "--rate", 5_000).clamp(1, 100_000);
    let listeners = arg(&args, "--listeners", 2).clamp(1, 16);
    let started = Instant::now();
    // A channel of this run's own (several runs at once stand for several instances).
    let channel = format!("chuhan_bench_{}", std::process::id());
    let mut tasks = Vec::new();
    for _ in 0..listeners {
        let mut l = PgListener::connect(&url).await.map_err(|e| e.to_string())?;
        l.listen(&channel).await.map_err(|e| e.to_string())?;
        tasks.push(tokio::spawn(async move {
            let mut latencies = Vec::with_capacity(messages as usize);
            let deadline = tokio::time::Instant::now() + Duration::from_secs(120);
            while (latencies.len() as u64) < messages {
                let Ok(Ok(n)) = tokio::time::timeout_at(deadline, l.recv()).await else {
                    break;
                };
                // The payload starts with the send time in µs since the run began.
                let sent: u64 = n
                    .payload()
                    .split(',')
                    .next()
                    .and_then(|t| t.parse().ok())
                    .unwrap_or(0);
                let now = started.elapsed().as_micros() as u64;
                latencies.push(now.saturating_sub(sent));
            }
            latencies
        }));
    }
    let mut publisher = PgConnection::connect(&url)
        .await
        .map_err(|e| e.to_string())?;
    // A moved message's size: the JSON a server relays for a move (about 120 bytes).
    let body = r#"{"t":"moved","game":123456,"ply":42,"mv":"h2e2","clocks":{"red_ms":287000,"black_ms":291000,"running":"black"}}"#;
    let period = Duration::from_secs_f64(1.0 / rate as f64);
    let sending = Instant::now();
    for i in 0..messages {
        let due = sending + period * i as u32;
        if let Some(wait) = due.checked_duration_since(Instant::now()) {
            tokio::time::sleep(wait).await;
        }
        let payload = format!("{},{body}", started.elapsed().as_micros());
        sqlx::query("SELECT pg_notify($1, $2)")
            .bind(&channel)
            .bind(payload)
            .execute(&mut publisher)
            .await
            .map_err(|e| e.to_string())?;
    }
    let sent_in = sending.elapsed();
    let mut all = Vec::new();
    let mut delivered = Vec::new();
    for t in tasks {
        let l = t.await.map_err(|e| e.to_string())?;
        delivered.push(l.len());
        all.extend(l);
    }
    all.sort_unstable();
    let pick = |q: f64| {
        all.get(((all.len() as f64 * q) as usize).min(all.len().saturating_sub(1)))
            .copied()
            .unwrap_or(0) as f64
            / 1000.0
    };
    println!(
        "{messages} notifications at {rate}/s asked ({:.0}/s reached) to {listeners} listeners: delivered {delivered:?}; latency p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        messages as f64 / sent_in.as_secs_f64(),
        pick(0.5),
        pick(0.99),
        pick(1.0)
    );
    Ok(())
}
