//! Bounds on what a client may hold: a request head sent slowly (or never finished) holds its
//! connection only for `header_timeout_s`, then the server closes it; a whole request in time is
//! answered as ever.

mod common;

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
