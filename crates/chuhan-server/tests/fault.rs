//! The fault test: the server binary is SIGKILLed in the middle of many games and started again
//! on the same database; every acknowledged move is there, every game goes on, and its players
//! get it back by logging in again with their tokens. `FAULT_GAMES` sets the number of games (20
//! by default; the README gives a larger run). Loopback only.

mod common;

use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use chuhan_server::bot::Bot;
use rand::seq::IndexedRandom;
use tokio::sync::Mutex;
use xiangqi::Position;
use xiangqi_protocol::{ClientMsg, Role, Rules, ServerMsg, TimeControl};

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

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

async fn wait_ready(addr: SocketAddr) {
    let deadline = Instant::now() + Duration::from_secs(30);
    while Instant::now() < deadline {
        if Bot::connect(addr).await.is_ok() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the server did not come up on {addr}");
}

/// A game, its players' tokens and the moves acknowledged.
type Watched = (
    u64,
    (String, String),
    Arc<Mutex<Vec<String>>>,
    Arc<std::sync::atomic::AtomicBool>,
);

/// A game's two players, with the moves acknowledged to them.
struct Pair {
    game: u64,
    red: Bot,
    black: Bot,
    tokens: (String, String),
    acked: Arc<Mutex<Vec<String>>>,
    /// The game ended before the kill (nothing to resume).
    ended: Arc<std::sync::atomic::AtomicBool>,
}

async fn random_move(moves: &[String], fen: &str) -> String {
    let mut pos = Position::from_fen(fen).expect("fen");
    for m in moves {
        pos.play(m.parse().expect("move")).expect("legal");
    }
    let list = pos.legal_moves();
    // Quiet moves only (no check, the opponent keeps a move): a random game that mates, is
    // stalemated or checks perpetually would end before the kill and have nothing to resume.
    let mut all = Vec::new();
    for &m in &list {
        if let Ok(after) = pos.after(m)
            && !after.is_check()
            && after.has_legal_move()
        {
            all.push(m);
        }
    }
    if all.is_empty() {
        all.extend(list.iter().copied());
    }
    all.choose(&mut rand::rng())
        .map(ToString::to_string)
        .unwrap_or_default()
}

/// Plays until the connection dies; the acknowledged moves are kept.
async fn play_on(mut p: Pair, fen: String) -> Pair {
    loop {
        let moves = p.acked.lock().await.clone();
        let ply = moves.len() as u32;
        let mv = random_move(&moves, &fen).await;
        if mv.is_empty() {
            return p;
        }
        let mover = if ply.is_multiple_of(2) {
            &mut p.red
        } else {
            &mut p.black
        };
        let game = p.game;
        if mover
            .send(&ClientMsg::Move {
                game,
                ply,
                mv: mv.clone(),
                think_ms: Some(5),
            })
            .await
            .is_err()
        {
            return p;
        }
        let ack = mover
            .expect_within(Duration::from_secs(3), |m| {
                matches!(m, ServerMsg::Moved { ply: q, .. } if *q == ply)
                    || matches!(m, ServerMsg::Error { .. } | ServerMsg::GameOver { .. })
            })
            .await;
        match ack {
            Ok(ServerMsg::Moved { .. }) => p.acked.lock().await.push(mv),
            Ok(ServerMsg::GameOver { .. }) => {
                p.ended.store(true, std::sync::atomic::Ordering::Relaxed);
                return p;
            }
            _ => return p,
        }
        mover.seen.clear();
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigkill_mid_game_loses_no_acknowledged_move() {
    let games: usize = std::env::var("FAULT_GAMES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(20);
    let dir = std::env::temp_dir().join(format!("chuhan-fault-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    let db = format!("sqlite://{}", dir.join("server.db").display());
    let port = free_port();
    let addr: SocketAddr = format!("127.0.0.1:{port}").parse().expect("addr");
    let mut server = start_server(port, &db);
    wait_ready(addr).await;
    let fen = Position::startpos().to_fen();
    let mut pairs = Vec::new();
    for _ in 0..games {
        let mut red = common::player(addr, "fr").await;
        let mut black = common::player(addr, "fb").await;
        let game = common::game(
            &mut red,
            &mut black,
            TimeControl::new(600, 5),
            true,
            Rules::Asian,
            None,
        )
        .await;
        let tokens = (
            red.token.clone().expect("t"),
            black.token.clone().expect("t"),
        );
        pairs.push(Pair {
            game,
            red,
            black,
            tokens,
            acked: Arc::default(),
            ended: Arc::default(),
        });
    }
    let acked: Vec<Watched> = pairs
        .iter()
        .map(|p| {
            (
                p.game,
                p.tokens.clone(),
                Arc::clone(&p.acked),
                Arc::clone(&p.ended),
            )
        })
        .collect();
    let tasks: Vec<_> = pairs
        .into_iter()
        .map(|p| tokio::spawn(play_on(p, fen.clone())))
        .collect();
    tokio::time::sleep(Duration::from_secs(2)).await;
    // SIGKILL in the middle of it.
    server.kill();
    for t in tasks {
        let _ = t.await;
    }
    let total: usize = {
        let mut n = 0;
        for (_, _, a, _) in &acked {
            n += a.lock().await.len();
        }
        n
    };
    assert!(
        total >= games,
        "moves were being played when the server died: {total}"
    );
    // Started again on the same database: each player logs in with its token and gets its game.
    let mut server = start_server(port, &db);
    let restarted = Instant::now();
    wait_ready(addr).await;
    let mut resumed = 0;
    let mut lost = 0;
    let mut ended = 0;
    for (game, (rt, bt), moves, over) in &acked {
        if over.load(std::sync::atomic::Ordering::Relaxed) {
            ended += 1;
            continue;
        }
        let moves = moves.lock().await.clone();
        let mut red = Bot::connect(addr).await.expect("connects");
        red.log_in(ClientMsg::Resume { token: rt.clone() })
            .await
            .expect("resumes");
        let mut black = Bot::connect(addr).await.expect("connects");
        black
            .log_in(ClientMsg::Resume { token: bt.clone() })
            .await
            .expect("resumes");
        let ServerMsg::Game { game: view } = red
            .expect(|m| matches!(m, ServerMsg::Game { game: g } if g.id == *game))
            .await
            .expect("the game comes back")
        else {
            unreachable!()
        };
        assert_eq!(view.you, Role::Red);
        assert!(view.result.is_none(), "game {game} still in play");
        // Every acknowledged move is there (one more may be: stored, its acknowledgement lost).
        if view.moves.len() < moves.len() || view.moves[..moves.len()] != moves[..] {
            lost += 1;
        }
        // And the game goes on.
        let ply = view.moves.len() as u32;
        let mv = random_move(&view.moves, &fen).await;
        let (mover, other) = if ply.is_multiple_of(2) {
            (&mut red, &mut black)
        } else {
            (&mut black, &mut red)
        };
        common::play(mover, other, *game, ply, &mv).await;
        resumed += 1;
    }
    eprintln!(
        "fault test: {games} games, {total} moves acknowledged before SIGKILL, {lost} games lost moves, \
         {resumed} games resumed and played on, {ended} ended before the kill, \
         {:.1} s from restart to the last game back",
        restarted.elapsed().as_secs_f64()
    );
    assert_eq!(lost, 0);
    assert_eq!(resumed + ended, games);
    assert!(
        ended <= games / 10,
        "quiet random games rarely end: {ended}"
    );
    server.kill();
    let _ = std::fs::remove_dir_all(&dir);
}
