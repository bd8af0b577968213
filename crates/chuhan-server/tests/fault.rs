//! The fault test: the load program plays many games against the server binary, which is
//! SIGKILLed in the middle of them and started again on the same database. The load program's
//! bots log in again by themselves (with their tokens, trying with a growing pause), check that
//! every move acknowledged to them is in the game the server gives back, and play on.
//! `FAULT_GAMES` sets the number of games (40 by default; docs/server.md gives a larger run).
//! Loopback only.

#[macro_use]
mod common;

use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use chuhan_server::loadtest::{LoadArgs, measure};

/// The server process, killed when dropped (a failing test leaves no server behind).
struct Server(Child);

impl Server {
    fn kill(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}

fn start_server(port: u16, db: &str) -> Server {
    Server(start_child(port, db))
}

fn start_child(port: u16, db: &str) -> Child {
    Command::new(env!("CARGO_BIN_EXE_chuhan-server"))
        .args(["--listen", &format!("127.0.0.1:{port}"), "--database", db])
        .args([
            "--max-connections-per-ip",
            "100000",
            "--logins-per-minute",
            "100000",
        ])
        .args(["--log", "warn"])
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("the server starts")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigkill_mid_load_loses_no_acknowledged_move() {
    let games: usize = std::env::var("FAULT_GAMES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(40);
    let dir = std::env::temp_dir().join(format!("chuhan-fault-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    let db = format!("sqlite://{}", dir.join("server.db").display());
    let port = common::free_port();
    let addr: SocketAddr = format!("127.0.0.1:{port}").parse().expect("addr");
    let mut server = start_server(port, &db);
    common::wait_ready(addr).await;
    let args = LoadArgs {
        server: vec![addr],
        games,
        rate: 3.0,
        seconds: 0,
        connect_rate: 400,
        server_pid: None,
    };
    let load = tokio::spawn(async move { measure(&args, Duration::from_secs(12)).await });
    tokio::time::sleep(Duration::from_secs(4)).await;
    // SIGKILL in the middle of the load, and start again on the same database.
    server.kill();
    let mut server = start_server(port, &db);
    let restarted = Instant::now();
    common::wait_ready(addr).await;
    let listening = restarted.elapsed();
    let report = load.await.expect("the load program ran");
    eprintln!(
        "fault test: {games} games, {} moves acknowledged, {} lost, {} doubled, {} games resumed \
         (the slowest in {} ms; the server took {:.1} s to listen again), {} moves played since",
        report.moves,
        report.lost,
        report.doubled,
        report.resumed,
        report.resume_ms_max,
        listening.as_secs_f64(),
        report.moves_after_resume
    );
    assert_eq!(report.failed_pairs, 0, "every pair played");
    assert_eq!(report.lost, 0, "no acknowledged move lost");
    assert_eq!(report.doubled, 0, "no move seen twice");
    assert_eq!(report.resumed, games as u64, "every game came back");
    assert!(
        report.moves_after_resume >= games as u64,
        "the games went on: {} moves",
        report.moves_after_resume
    );
    server.kill();
    let _ = std::fs::remove_dir_all(&dir);
}
