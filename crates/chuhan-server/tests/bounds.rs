//! Bounds on what a client may hold and how long the server waits: a request head sent slowly (or
//! never finished) holds its connection only for `header_timeout_s`; a database that stops
//! answering mid-game makes a move fail after `write_timeout_ms`, never acknowledged, the game
//! consistent; the write that commits late is deleted again, and the move played next is kept.

mod common;

use chuhan_server::bot::Bot;
use xiangqi_protocol::{ClientMsg, ErrorCode, Rules, ServerMsg, TimeControl};

use std::time::{Duration, Instant};

use tokio::io::{AsyncReadExt, AsyncWriteExt};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unfinished_request_head_is_closed_after_the_header_timeout() {
    let mut cfg = common::config("sqlite::memory:");
    cfg.header_timeout_s = 1;
    let s = chuhan_server::start(cfg).await.expect("the server starts");
    // A slow client: half a request head, then nothing (the WebSocket handshake is such a head).
    let mut slow = tokio::net::TcpStream::connect(s.addr).await.unwrap();
    slow.write_all(b"GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        .await
        .unwrap();
    let started = Instant::now();
    let mut buf = [0u8; 512];
    let closed = tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            match slow.read(&mut buf).await {
                Ok(0) | Err(_) => break,
                Ok(_) => {}
            }
        }
    })
    .await;
    assert!(
        closed.is_ok(),
        "the server kept a half-sent request head open"
    );
    assert!(started.elapsed() >= Duration::from_millis(900));
    // A whole request is answered.
    let body = common::http_get(s.addr, "/healthz").await;
    assert!(body.contains("ok"), "{body}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_database_that_stops_answering_refuses_the_move_and_loses_nothing() {
    use sqlx::Connection;

    let dir = std::env::temp_dir().join(format!("chuhan-bounds-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let url = format!("sqlite://{}", dir.join("db.sqlite").display());
    let mut cfg = common::config(&url);
    cfg.write_timeout_ms = 700;
    let s = chuhan_server::start(cfg).await.expect("the server starts");
    let (mut r, mut b) = (
        common::player(s.addr, "dbr").await,
        common::player(s.addr, "dbb").await,
    );
    let g = common::game(
        &mut r,
        &mut b,
        TimeControl::new(300, 0),
        false,
        Rules::Asian,
        None,
    )
    .await;
    common::play(&mut r, &mut b, g, 0, "h2e2").await;

    // Another connection takes the database's write lock and keeps it.
    let mut locker = sqlx::SqliteConnection::connect(&format!("{url}?mode=rw"))
        .await
        .unwrap();
    sqlx::query("BEGIN EXCLUSIVE")
        .execute(&mut locker)
        .await
        .unwrap();
    let started = Instant::now();
    let mv = |mv: &str| ClientMsg::Move {
        game: g,
        ply: 1,
        mv: mv.into(),
        think_ms: None,
    };
    b.send(&mv("h9g7")).await.unwrap();
    common::refused(&mut b, ErrorCode::Internal).await;
    let waited = started.elapsed();
    assert!(
        waited < Duration::from_secs(5),
        "refused only after {waited:?}"
    );
    // Nobody heard of the move: the game is where it was (Black to play ply 1).
    assert_no_move(&mut r).await;

    // The database answers again. The refused write commits late, and is deleted again: the
    // database holds only what was acknowledged.
    sqlx::query("ROLLBACK").execute(&mut locker).await.unwrap();
    let settled = Instant::now();
    while !s.hub.moves.idle() {
        assert!(
            settled.elapsed() < Duration::from_secs(15),
            "the late write never ended"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(stored(&s, g).await, ["h2e2"]);
    // Another move at that ply is kept, and the game goes on.
    common::play(&mut b, &mut r, g, 1, "b9c7").await;
    common::play(&mut r, &mut b, g, 2, "h0g2").await;
    assert_eq!(stored(&s, g).await, ["h2e2", "b9c7", "h0g2"]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The moves stored for game `g`.
async fn stored(s: &chuhan_server::Running, g: u64) -> Vec<String> {
    let (_, moves) = s
        .hub
        .store
        .game(g as i64)
        .await
        .unwrap()
        .expect("the game is stored");
    moves.into_iter().map(|m| m.mv).collect()
}

/// No move reaches `bot` for a moment.
async fn assert_no_move(bot: &mut Bot) {
    while let Some(m) = bot.next(Duration::from_millis(300)).await {
        assert!(!matches!(m, ServerMsg::Moved { .. }), "{m:?}");
    }
}
