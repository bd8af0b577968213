//! The fault test with several instances: the load program spread over three instance processes
//! on one PostgreSQL database (a schema of its own); one instance is SIGKILLed in the middle of
//! the load. Every move acknowledged is still in its game, every game the dead instance owned is
//! taken over by another once its lease runs out, and the pairs play on. `FAULT_GAMES` sets the
//! number of games (30 by default). Loopback only.

#[macro_use]
mod common;

use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use chuhan_server::loadtest::{LoadArgs, measure};
use sqlx::Connection;

/// An instance process, killed when dropped.
struct Instance(Child);

impl Drop for Instance {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn start(port: u16, db: &str, n: u16) -> Instance {
    Instance(
        Command::new(env!("CARGO_BIN_EXE_chuhan-server"))
            .args(["--listen", &format!("127.0.0.1:{port}"), "--database", db])
            .args(["--instance", &n.to_string()])
            .args(["--max-connections-per-ip", "100000"])
            .args(["--logins-per-minute", "100000", "--log", "warn"])
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the instance starts"),
    )
}

/// The games in play whose lease `owner` holds.
async fn in_play_owned_by(db: &mut sqlx::PgConnection, owner: &str) -> i64 {
    sqlx::query_scalar(
        "SELECT count(*) FROM game_leases l JOIN games g ON g.id = l.game_id \
         WHERE l.owner = $1 AND g.status = 'playing'",
    )
    .bind(owner)
    .fetch_one(db)
    .await
    .expect("count")
}

/// A counter of an instance's `/metrics`.
async fn metric(addr: SocketAddr, name: &str) -> u64 {
    let text = common::http_get(addr, "/metrics").await;
    text.lines()
        .find_map(|l| l.strip_prefix(name)?.trim().parse().ok())
        .unwrap_or_else(|| panic!("{name} in {text}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigkill_of_one_instance_mid_load_loses_no_move_and_its_games_are_taken_over() {
    let Some(pg) = common::postgres() else {
        return;
    };
    let games: usize = std::env::var("FAULT_GAMES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(30);
    let schema = common::unique("cluster_fault_");
    let mut db = sqlx::PgConnection::connect(&pg).await.expect("PostgreSQL");
    sqlx::query(&format!("CREATE SCHEMA {schema}"))
        .execute(&mut db)
        .await
        .expect("a schema");
    sqlx::query(&format!("SET search_path = {schema}"))
        .execute(&mut db)
        .await
        .expect("the schema");
    let url = format!("{pg}?options=-c%20search_path%3D{schema}");
    let base = 1 + (rand::random::<u16>() % 300) * 3;
    let ports = [
        common::free_port(),
        common::free_port(),
        common::free_port(),
    ];
    let addrs: Vec<SocketAddr> = ports
        .iter()
        .map(|p| format!("127.0.0.1:{p}").parse().expect("addr"))
        .collect();
    let mut instances = Vec::new();
    for (i, &port) in ports.iter().enumerate() {
        instances.push(Some(start(port, &url, base + i as u16)));
        common::wait_ready(addrs[i]).await;
    }
    let args = LoadArgs {
        server: addrs.clone(),
        games,
        rate: 3.0,
        seconds: 0,
        connect_rate: 400,
        server_pid: None,
    };
    let load = tokio::spawn(async move { measure(&args, Duration::from_secs(25)).await });
    tokio::time::sleep(Duration::from_secs(5)).await;
    // The first instance dies; the games it owned then are counted from their leases.
    let victim = format!("i{base}");
    let owned = in_play_owned_by(&mut db, &victim).await;
    instances[0] = None;
    let killed = Instant::now();
    let report = load.await.expect("the load program ran");
    let mut taken = 0;
    for &addr in &addrs[1..] {
        taken += metric(addr, "chuhan_games_taken_over_total").await;
    }
    let left = in_play_owned_by(&mut db, &victim).await;
    eprintln!(
        "cluster fault test: {games} games over 3 instances, {} moves acknowledged, {} lost, {} \
         doubled; {owned} games owned by the killed instance, {taken} taken over, {} pairs got \
         their game back (the slowest in {} ms), {} moves since; {:.1} s from the kill to the end",
        report.moves,
        report.lost,
        report.doubled,
        report.resumed,
        report.resume_ms_max,
        report.moves_after_resume,
        killed.elapsed().as_secs_f64()
    );
    assert_eq!(report.failed_pairs, 0, "every pair played");
    assert_eq!(report.lost, 0, "no acknowledged move lost");
    assert_eq!(report.doubled, 0, "no move seen twice");
    assert!(owned > 0, "the killed instance owned games");
    // (A game it had just started, its lease not yet taken, is taken over too.)
    assert!(taken >= owned as u64, "every game it owned was taken over");
    assert_eq!(left, 0, "no lease of the dead instance is left");
    assert!(
        report.moves_after_resume >= owned as u64,
        "the games went on: {} moves",
        report.moves_after_resume
    );
}
