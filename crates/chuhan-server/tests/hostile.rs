//! What a hostile user found from outside (issue 72), each on SQLite in memory and on PostgreSQL:
//! a seek whose rating range is upside down was accepted; chat was relayed with ANSI escapes,
//! bidirectional overrides and NUL; on PostgreSQL a chat line with a NUL was acknowledged but not
//! stored and a mute with a NUL answered `internal` with the database's own words; mutes were
//! unlimited and took names nobody has.

#[macro_use]
mod common;

use std::time::Duration;

use common::{game, guest, player, refused, server};
use xiangqi_protocol::{
    ClientMsg, ColorChoice, ErrorCode, Room, Rules, SeekTerms, ServerMsg, TimeControl,
};

const BLITZ: TimeControl = TimeControl::new(300, 3);

on_both!(
    a_seek_whose_range_is_upside_down_is_refused,
    chat_loses_its_controls_and_a_nul_is_refused_at_the_door,
    mutes_name_real_players_and_are_bounded
);

/// A server on SQLite in memory with settings of the test's own.
async fn server_with(
    change: impl FnOnce(&mut chuhan_server::config::Config),
) -> chuhan_server::Running {
    let mut cfg = common::config("sqlite::memory:");
    change(&mut cfg);
    chuhan_server::start(cfg).await.expect("the server starts")
}

/// Whether `holds` comes true within five seconds.
async fn comes_true(holds: impl Fn() -> bool) -> bool {
    for _ in 0..100 {
        if holds() {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    false
}

/// A game's chat history is bounded: whoever joins gets the last `CHAT_KEPT` lines (842 lines
/// once made a new watcher's `game` message 507 KiB); every line is still stored.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_games_chat_sent_to_newcomers_is_its_last_lines() {
    use chuhan_server::game::CHAT_KEPT;
    let s = server_with(|c| {
        c.chat_per_10s = 10_000;
        c.messages_per_s = 10_000;
    })
    .await;
    let (mut r, mut b) = (player(s.addr, "kr").await, player(s.addr, "kb").await);
    let g = game(&mut r, &mut b, BLITZ, false, Rules::Asian, None).await;
    let lines = CHAT_KEPT + 50;
    for n in 0..lines {
        r.send(&ClientMsg::Chat {
            room: Room::Game { game: g },
            text: format!("line {n}"),
        })
        .await
        .unwrap();
    }
    let last = format!("line {}", lines - 1);
    b.expect(|m| matches!(m, ServerMsg::Chat { line, .. } if line.text == last))
        .await
        .expect("every line relayed");
    let mut w = guest(s.addr).await;
    w.send(&ClientMsg::Watch { game: g }).await.unwrap();
    let Ok(ServerMsg::Game { game }) = w.expect(|m| matches!(m, ServerMsg::Game { .. })).await
    else {
        panic!("no game for the watcher")
    };
    let texts: Vec<&str> = game.chat.iter().map(|l| l.text.as_str()).collect();
    assert_eq!(texts.len(), CHAT_KEPT, "the lines a newcomer gets");
    assert_eq!(texts.first(), Some(&"line 50"));
    assert_eq!(texts.last(), Some(&last.as_str()));
    let stored = s.hub.store.chat(Some(g as i64), 10_000).await.unwrap();
    assert_eq!(stored.len(), lines, "every line stored");
}

/// TCP connections that send nothing: closed after the header timeout (1,000 of them once stayed
/// open for good), and counted by address before any HTTP is read. Which of them is the one
/// over the limit is the server's to choose (each is admitted in its own task, so the last
/// connected may be admitted before an earlier one): exactly one is closed at once, the others
/// only once the header timeout has passed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn silent_connections_are_closed_and_counted_before_http() {
    use tokio::io::AsyncReadExt;
    const TIMEOUT: Duration = Duration::from_secs(3);
    let s = server_with(|c| {
        c.header_timeout_s = TIMEOUT.as_secs();
        c.max_connections_per_ip = 2;
    })
    .await;
    let most = 2 * chuhan_server::gate::TCP_PER_WEBSOCKET;
    let start = tokio::time::Instant::now();
    let mut waits = tokio::task::JoinSet::new();
    for _ in 0..=most {
        let mut stream = tokio::net::TcpStream::connect(s.addr).await.unwrap();
        waits.spawn(async move {
            let mut buf = [0u8; 64];
            let read = tokio::time::timeout(2 * TIMEOUT, stream.read(&mut buf)).await;
            (matches!(read, Ok(Ok(0) | Err(_))), start.elapsed())
        });
    }
    let mut closed_at = Vec::new();
    while let Some(done) = waits.join_next().await {
        let (closed, after) = done.unwrap();
        assert!(closed, "a silent connection still open after {after:?}");
        closed_at.push(after);
    }
    closed_at.sort();
    // One over the limit: closed at once, before it says anything (well before the timeout).
    assert!(closed_at[0] < TIMEOUT / 2, "{closed_at:?}");
    // The silent ones: closed once the header timeout has passed, not before.
    assert!(
        closed_at[1..]
            .iter()
            .all(|&t| t >= TIMEOUT - Duration::from_millis(100)),
        "{closed_at:?}"
    );
    // And their places are free again: a player connects.
    tokio::time::sleep(Duration::from_millis(100)).await;
    guest(s.addr).await;
}

/// An address at its limit of WebSockets is told so before the upgrade (HTTP 429 with the
/// protocol's error), not with a close frame carrying no code.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn too_many_connections_are_refused_before_the_upgrade() {
    let s = server_with(|c| c.max_connections_per_ip = 1).await;
    let _first = guest(s.addr).await;
    let second = chuhan_server::bot::Bot::connect_raw(s.addr).await;
    let e = second.err().expect("the second connection refused");
    assert!(e.contains("429"), "{e}");
}

/// Behind a trusted proxy, the limits count the client's address from `X-Forwarded-For`; from
/// anyone else the header is ignored.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn behind_a_trusted_proxy_each_client_is_counted_by_its_own_address() {
    use chuhan_server::bot::Bot;
    use std::net::Ipv4Addr;
    let proxy = Ipv4Addr::new(127, 0, 0, 2);
    let s = server_with(|c| {
        c.logins_per_minute = 2;
        c.trusted_proxies = vec![proxy.into()];
    })
    .await;
    let addr = s.addr;
    let log_in = move |from: Ipv4Addr, client: &'static str| async move {
        let mut bot = Bot::connect_with(addr, from, &[("X-Forwarded-For", client)])
            .await
            .expect("connects");
        bot.send(&ClientMsg::Hello {
            protocol: xiangqi_protocol::PROTOCOL_VERSION,
            client: "test".into(),
        })
        .await
        .unwrap();
        bot.expect(|m| matches!(m, ServerMsg::Welcome { .. }))
            .await
            .unwrap();
        bot.send(&ClientMsg::Guest).await.unwrap();
        let answer = bot
            .expect(|m| matches!(m, ServerMsg::LoggedIn { .. } | ServerMsg::Error { .. }))
            .await
            .unwrap();
        matches!(answer, ServerMsg::LoggedIn { .. })
    };
    // Through the proxy: the first client uses its two logins, another client still has its own.
    assert!(log_in(proxy, "203.0.113.7").await);
    assert!(log_in(proxy, "203.0.113.7").await);
    assert!(
        !log_in(proxy, "203.0.113.7").await,
        "the third of one client is limited"
    );
    assert!(log_in(proxy, "203.0.113.8").await, "another client is not");
    // Not a trusted proxy: its header is the client's word, and ignored.
    let other = Ipv4Addr::new(127, 0, 0, 3);
    assert!(log_in(other, "203.0.113.9").await);
    assert!(log_in(other, "203.0.113.10").await);
    assert!(!log_in(other, "203.0.113.11").await, "counted as 127.0.0.3");
}

async fn a_seek_whose_range_is_upside_down_is_refused(db: &str) {
    let s = server(db).await;
    let mut p = player(s.addr, "rg").await;
    let terms = |min, max| {
        ClientMsg::Seek(SeekTerms {
            time: BLITZ,
            rated: true,
            color: ColorChoice::Random,
            rules: Rules::Asian,
            rating_min: Some(min),
            rating_max: Some(max),
        })
    };
    p.send(&terms(1800, 1200)).await.unwrap();
    refused(&mut p, ErrorCode::BadSeek).await;
    p.send(&terms(1200, 1800)).await.unwrap();
    p.expect(|m| matches!(m, ServerMsg::SeekAdded { .. }))
        .await
        .expect("a seek the right way up opens");
}

async fn chat_loses_its_controls_and_a_nul_is_refused_at_the_door(db: &str) {
    let s = server(db).await;
    let (mut r, mut b) = (player(s.addr, "cr").await, player(s.addr, "cb").await);
    let g = game(&mut r, &mut b, BLITZ, false, Rules::Asian, None).await;
    let room = Room::Game { game: g };
    r.send(&ClientMsg::Chat {
        room,
        text: "\u{1B}[31mred\u{1B}[0m \u{202E}txet\u{202C} ok".into(),
    })
    .await
    .unwrap();
    let ServerMsg::Chat { line, .. } = b
        .expect(|m| matches!(m, ServerMsg::Chat { .. }))
        .await
        .expect("the line")
    else {
        unreachable!()
    };
    assert_eq!(line.text, "red txet ok");
    // A NUL: refused in words, never stored, never relayed.
    r.send(&ClientMsg::Chat {
        room,
        text: "a\u{0}b".into(),
    })
    .await
    .unwrap();
    refused(&mut r, ErrorCode::BadField).await;
    let relayed = b
        .expect_within(Duration::from_millis(500), |m| {
            matches!(m, ServerMsg::Chat { .. })
        })
        .await;
    assert!(
        relayed.is_err(),
        "a line with a NUL was relayed: {relayed:?}"
    );
    r.send(&ClientMsg::Mute {
        name: "x\u{0}y".into(),
    })
    .await
    .unwrap();
    let e = r
        .expect(|m| matches!(m, ServerMsg::Error { .. }))
        .await
        .unwrap();
    let ServerMsg::Error { code, message, .. } = e else {
        unreachable!()
    };
    assert_eq!(code, ErrorCode::BadField, "{message}");
    assert!(!message.to_lowercase().contains("sql"), "{message}");
}

async fn mutes_name_real_players_and_are_bounded(db: &str) {
    let s = server(db).await;
    let mut p = player(s.addr, "mu").await;
    p.send(&ClientMsg::Mute {
        name: "nobody_has_this_name".into(),
    })
    .await
    .unwrap();
    refused(&mut p, ErrorCode::NoSuchPlayer).await;
    p.send(&ClientMsg::Mute {
        name: "x".repeat(8000),
    })
    .await
    .unwrap();
    refused(&mut p, ErrorCode::NoSuchPlayer).await;
    // As many guests online as the bound, and one more.
    let mut guests = Vec::new();
    for _ in 0..=chuhan_server::MAX_MUTES {
        guests.push(guest(s.addr).await);
    }
    for g in &guests {
        p.send(&ClientMsg::Mute {
            name: g.name.clone(),
        })
        .await
        .unwrap();
    }
    p.send(&ClientMsg::Lobby { subscribe: true }).await.unwrap();
    let mut errors = Vec::new();
    loop {
        let m = p
            .expect(|m| matches!(m, ServerMsg::Error { .. } | ServerMsg::Lobby { .. }))
            .await
            .unwrap();
        match m {
            ServerMsg::Error { code, .. } => errors.push(code),
            _ => break,
        }
    }
    assert_eq!(
        errors,
        [ErrorCode::NotNow],
        "only the mute past the bound is refused"
    );
}

/// A storm of logins: the password work is bounded (here one hash at a time, two waiting), the
/// rest refused as `rate_limited` in words, and those let through log in.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_login_storm_is_bounded_and_the_rest_refused() {
    use chuhan_server::bot::Bot;
    let s = server_with(|c| {
        c.password_workers = Some(1);
        c.password_queue = 2;
    })
    .await;
    let mut tasks = Vec::new();
    for n in 0..16 {
        let addr = s.addr;
        tasks.push(tokio::spawn(async move {
            let mut bot = Bot::connect(addr).await.expect("connects");
            bot.send(&ClientMsg::Register {
                name: common::unique(&format!("st{n}")),
                password: "long enough secret".into(),
            })
            .await
            .unwrap();
            match bot
                .expect(|m| matches!(m, ServerMsg::LoggedIn { .. } | ServerMsg::Error { .. }))
                .await
                .unwrap()
            {
                ServerMsg::LoggedIn { .. } => None,
                ServerMsg::Error { code, .. } => Some(code),
                _ => unreachable!(),
            }
        }));
    }
    let mut refused = 0;
    let mut logged_in = 0;
    for t in tasks {
        match t.await.unwrap() {
            None => logged_in += 1,
            Some(code) => {
                assert_eq!(code, ErrorCode::RateLimited);
                refused += 1;
            }
        }
    }
    // The two the queue holds always get in; a third only if the thread took the first job
    // off the queue before the others arrived.
    assert!(
        logged_in >= 2 && refused >= 1,
        "{logged_in} in, {refused} refused"
    );
}

/// A client that asks and never reads: its queue is bounded in bytes, and once past the bound the
/// connection is closed (four such clients once held 1.21 GB; the frame bound alone let 512
/// frames of any size wait).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_never_reads_is_closed_at_its_queues_bytes() {
    use std::sync::atomic::Ordering::Relaxed;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let s = server_with(|c| {
        c.messages_per_s = 100_000;
        c.chat_per_10s = 100_000;
    })
    .await;
    let (mut r, mut b) = (player(s.addr, "qr").await, player(s.addr, "qb").await);
    let g = game(&mut r, &mut b, BLITZ, false, Rules::Asian, None).await;
    // A game whose `game` message is large (47 KiB of chat): the socket's buffers fill before
    // the queue's 4 MiB, so the server's writer is blocked in a send when the queue overflows.
    for n in 0..chuhan_server::game::CHAT_KEPT {
        let text = format!(
            "{n:03}{}",
            "楚河汉界".repeat(35).chars().skip(3).collect::<String>()
        );
        (r.send(&ClientMsg::Chat {
            room: Room::Game { game: g },
            text,
        }))
        .await
        .unwrap();
    }
    let last = format!("{:03}", chuhan_server::game::CHAT_KEPT - 1);
    b.expect(|m| matches!(m, ServerMsg::Chat { line, .. } if line.text.starts_with(&last)))
        .await
        .expect("the chat relayed");
    // A WebSocket by hand with a small receive window, which reads nothing after the handshake
    // (a client library reads on while it sends): the server's sends stop at once.
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.set_recv_buffer_size(4096).unwrap();
    let mut ws = socket.connect(s.addr).await.unwrap();
    let request = format!(
        "GET /ws HTTP/1.1\r\nHost: {}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n",
        s.addr
    );
    ws.write_all(request.as_bytes()).await.unwrap();
    let mut head = Vec::new();
    while !head.ends_with(b"\r\n\r\n") {
        head.push(ws.read_u8().await.unwrap());
    }
    assert!(
        head.starts_with(b"HTTP/1.1 101"),
        "{}",
        String::from_utf8_lossy(&head)
    );
    // A client's text frame: masked (with a zero mask, which leaves the text as it is).
    let frame = |text: String| {
        let mut f = vec![0x81u8];
        match text.len() {
            n @ 0..126 => f.push(0x80 | n as u8),
            n => {
                f.push(0x80 | 126);
                f.extend_from_slice(&(n as u16).to_be_bytes());
            }
        }
        f.extend_from_slice(&[0; 4]);
        f.extend_from_slice(text.as_bytes());
        f
    };
    let hello = ClientMsg::Hello {
        protocol: xiangqi_protocol::PROTOCOL_VERSION,
        client: "never reads".into(),
    };
    for msg in [hello, ClientMsg::Guest] {
        ws.write_all(&frame(msg.to_json())).await.unwrap();
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    let before = s.hub.metrics.connections.load(Relaxed);
    let sockets = s.hub.metrics.sockets.load(Relaxed);
    let watch = ClientMsg::Watch { game: g }.to_json();
    let mut sent = 0;
    // As a hostile client would, it goes on sending (watch and unwatch) for a while after its
    // queue overflowed.
    let unwatch = ClientMsg::Unwatch { game: g }.to_json();
    let started = std::time::Instant::now();
    while started.elapsed() < Duration::from_secs(3) {
        let bytes = [frame(watch.clone()), frame(unwatch.clone())].concat();
        let sending = ws.write_all(&bytes);
        if !matches!(
            tokio::time::timeout(Duration::from_secs(2), sending).await,
            Ok(Ok(()))
        ) {
            break;
        }
        sent += 1;
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
    eprintln!("{sent} watches sent");
    let closed = comes_true(|| s.hub.metrics.connections.load(Relaxed) < before).await;
    assert!(
        closed,
        "the client that never reads is still connected ({before} connections)"
    );
    // Its socket is let go too, though the client never reads the close: the writer that waited
    // to send it once held the socket open for good (seen from outside as four connections
    // still established after their queues overflowed).
    let let_go = comes_true(|| s.hub.metrics.sockets.load(Relaxed) < sockets).await;
    assert!(
        let_go,
        "the socket of the client that never reads is still held"
    );
    drop(ws);
    // The players' game goes on.
    common::play(&mut r, &mut b, g, 0, "h2e2").await;
}
