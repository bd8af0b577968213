//! SIGTERM during play: the binary stops taking connections, tells every client to reconnect
//! (WebSocket status 1012) and exits within its bound, and no move it acknowledged is missing
//! from the database afterwards.

mod common;

use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use chuhan_server::bot::Bot;
use xiangqi::GameRecord;
use xiangqi_protocol::{ClientMsg, Rules, ServerMsg, TimeControl};

/// Plays `game` as fast as the server acknowledges, `red` and `black` taking turns, until the
/// server closes a connection. Returns the moves acknowledged (the mover heard `moved`) and the
/// two bots.
async fn play_on(
    mut red: Bot,
    mut black: Bot,
    game: u64,
    stop: Arc<AtomicBool>,
) -> (Vec<String>, Bot, Bot) {
    let mut record = GameRecord::default();
    let mut acked = Vec::new();
    while !stop.load(Ordering::Relaxed) && record.len() < 150 {
        let ply = record.len() as u32;
        let Some(m) = record.position().legal_moves().iter().next().copied() else {
            break;
        };
        let text = m.to_string();
        let mover = if ply.is_multiple_of(2) {
            &mut red
        } else {
            &mut black
        };
        if mover
            .send(&ClientMsg::Move {
                game,
                ply,
                mv: text.clone(),
                think_ms: None,
            })
            .await
            .is_err()
        {
            break;
        }
        let heard = mover
            .expect_within(Duration::from_secs(10), |m| {
                matches!(m, ServerMsg::Moved { ply: p, .. } if *p == ply)
                    || matches!(m, ServerMsg::GameOver { .. })
            })
            .await;
        match heard {
            Ok(ServerMsg::Moved { .. }) => {
                acked.push(text);
                record.play(m).expect("a legal move");
            }
            _ => break,
        }
    }
    (acked, red, black)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_drains_tells_every_client_and_loses_no_acknowledged_move() {
    let dir = std::env::temp_dir().join(format!("chuhan-drain-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let url = format!("sqlite://{}", dir.join("db.sqlite").display());
    let config = dir.join("server.toml");
    std::fs::write(
        &config,
        "max_connections_per_ip = 1000\nlogins_per_minute = 100000\nmessages_per_s = 1000\n\
         drain_timeout_s = 5\n",
    )
    .unwrap();
    let port = common::free_port();
    let addr: std::net::SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
    let mut server = Command::new(env!("CARGO_BIN_EXE_chuhan-server"))
        .args([
            "--listen",
            &addr.to_string(),
            "--database",
            &url,
            "--config",
        ])
        .arg(&config)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the server runs");
    common::wait_ready(addr).await;

    let stop = Arc::new(AtomicBool::new(false));
    let mut runs = Vec::new();
    for _ in 0..6 {
        let (mut r, mut b) = (
            common::player(addr, "dr").await,
            common::player(addr, "db").await,
        );
        let g = common::game(
            &mut r,
            &mut b,
            TimeControl::new(600, 0),
            false,
            Rules::Asian,
            None,
        )
        .await;
        runs.push((g, tokio::spawn(play_on(r, b, g, Arc::clone(&stop)))));
    }
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let asked = Instant::now();
    let killed = Command::new("kill")
        .args(["-TERM", &server.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    // The process ends by itself within its drain bound.
    let status = loop {
        if let Some(s) = server.try_wait().unwrap() {
            break s;
        }
        assert!(
            asked.elapsed() < Duration::from_secs(15),
            "still running after SIGTERM"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert!(status.success(), "{status:?}");
    stop.store(true, Ordering::Relaxed);

    let store = chuhan_server::open_store(&url).await.unwrap();
    let mut total = 0;
    for (g, run) in runs {
        let (acked, mut red, mut black) = run.await.unwrap();
        total += acked.len();
        // Every client was told to reconnect.
        for bot in [&mut red, &mut black] {
            if !bot.closed {
                assert!(
                    bot.closed_within(Duration::from_secs(5)).await,
                    "{} not closed",
                    bot.name
                );
            }
            assert_eq!(bot.close_code, Some(1012), "{}", bot.name);
        }
        // Every acknowledged move is stored, in order.
        let (_, moves) = store.game(g as i64).await.unwrap().expect("stored");
        let stored: Vec<&str> = moves.iter().map(|m| m.mv.as_str()).collect();
        assert!(
            stored.len() >= acked.len(),
            "game {g}: {} stored, {} acknowledged",
            stored.len(),
            acked.len()
        );
        assert_eq!(
            stored[..acked.len()],
            acked.iter().map(String::as_str).collect::<Vec<_>>()[..]
        );
    }
    assert!(total >= 12, "only {total} moves were played before SIGTERM");
    let _ = std::fs::remove_dir_all(&dir);
}
