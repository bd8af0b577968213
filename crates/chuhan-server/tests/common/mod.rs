//! What the server's tests share: a server on 127.0.0.1:0 over SQLite in memory or over the
//! PostgreSQL that `tools/postgres.sh` starts (its URL in `CHUHAN_TEST_POSTGRES`), and bots.
#![allow(dead_code, reason = "each test file uses only some of the helpers")]

use std::time::Duration;

use chuhan_server::bot::Bot;
use chuhan_server::config::Config;
use xiangqi_protocol::{ClientMsg, ColorChoice, Role, Rules, ServerMsg, TimeControl};

/// Each scenario once on SQLite in memory and once on PostgreSQL (the test file names the
/// scenarios, each an `async fn(&str)` taking the database URL).
#[macro_export]
macro_rules! on_both {
    ($($name:ident),* $(,)?) => {
        mod sqlite {
            $( #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
               async fn $name() { super::$name("sqlite::memory:").await; } )*
        }
        mod postgres {
            $( #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
               async fn $name() {
                   if let Some(url) = super::common::postgres() { super::$name(&url).await; }
               } )*
        }
    };
}

/// The databases to run a scenario on: SQLite in memory always; PostgreSQL when
/// `CHUHAN_TEST_POSTGRES` names one. `tools/test.sh` (and so CI) sets
/// `CHUHAN_REQUIRE_POSTGRES=1`, which turns its absence into a failure.
pub fn postgres() -> Option<String> {
    match std::env::var("CHUHAN_TEST_POSTGRES") {
        Ok(url) if !url.is_empty() => Some(url),
        _ => {
            assert!(
                std::env::var("CHUHAN_REQUIRE_POSTGRES").is_err(),
                "CHUHAN_TEST_POSTGRES is not set: run tools/postgres.sh first"
            );
            eprintln!("note: PostgreSQL not given (CHUHAN_TEST_POSTGRES); SQLite only");
            None
        }
    }
}

/// Settings for a test server on `database`.
pub fn config(database: &str) -> Config {
    Config {
        listen: "127.0.0.1:0".parse().expect("addr"),
        database: database.to_owned(),
        claim_after_s: Some(1),
        max_connections_per_ip: 10_000,
        logins_per_minute: 100_000,
        messages_per_s: 1_000,
        ..Config::default()
    }
}

/// A server on `database`.
pub async fn server(database: &str) -> chuhan_server::Running {
    chuhan_server::start(config(database))
        .await
        .expect("the server starts")
}

/// A name no other test run has used (PostgreSQL keeps accounts between runs).
pub fn unique(prefix: &str) -> String {
    format!("{prefix}{:08x}", rand::random::<u32>())
}

/// A registered, logged-in bot.
pub async fn player(addr: std::net::SocketAddr, prefix: &str) -> Bot {
    let mut bot = Bot::connect(addr).await.expect("connects");
    let name = unique(prefix);
    bot.log_in(ClientMsg::Register {
        name,
        password: "long enough secret".into(),
    })
    .await
    .expect("registers");
    bot
}

/// A guest bot.
pub async fn guest(addr: std::net::SocketAddr) -> Bot {
    let mut bot = Bot::connect(addr).await.expect("connects");
    bot.log_in(ClientMsg::Guest).await.expect("a guest");
    bot
}

/// `red` challenges `black` (red plays red); both get the game. Its number.
pub async fn game(
    red: &mut Bot,
    black: &mut Bot,
    time: TimeControl,
    rated: bool,
    rules: Rules,
    fen: Option<&str>,
) -> u64 {
    red.send(&ClientMsg::Challenge(xiangqi_protocol::ChallengeTerms {
        to: black.name.clone(),
        time,
        rated,
        color: ColorChoice::Red,
        rules,
        fen: fen.map(str::to_owned),
    }))
    .await
    .expect("send");
    let ServerMsg::Challenged { challenge } = black
        .expect(|m| matches!(m, ServerMsg::Challenged { .. }))
        .await
        .expect("challenged")
    else {
        unreachable!()
    };
    black
        .send(&ClientMsg::AcceptChallenge {
            challenge: challenge.id,
        })
        .await
        .expect("send");
    let is_game = |m: &ServerMsg| matches!(m, ServerMsg::Game { .. });
    let ServerMsg::Game { game: g } = red.expect(is_game).await.expect("red's game") else {
        unreachable!()
    };
    assert_eq!(g.you, Role::Red);
    let ServerMsg::Game { game: b } = black.expect(is_game).await.expect("black's game") else {
        unreachable!()
    };
    assert_eq!(b.you, Role::Black);
    g.id
}

/// Plays `mv` as ply `ply` and waits for both players to see it.
pub async fn play(mover: &mut Bot, other: &mut Bot, game: u64, ply: u32, mv: &str) {
    mover
        .send(&ClientMsg::Move {
            game,
            ply,
            mv: mv.into(),
            think_ms: Some(100),
        })
        .await
        .expect("send");
    for bot in [mover, other] {
        bot.expect(
            |m| matches!(m, ServerMsg::Moved { game: g, ply: p, .. } if *g == game && *p == ply),
        )
        .await
        .unwrap_or_else(|e| panic!("ply {ply} {mv}: {e}"));
    }
}

/// Waits for the end of `game`: (result, reason, red's change, black's change).
pub async fn over(
    bot: &mut Bot,
    game: u64,
) -> (String, String, Option<(i32, i32)>, Option<(i32, i32)>) {
    over_within(bot, game, chuhan_server::bot::WAIT).await
}

/// [`over`] with a wait of one's own.
pub async fn over_within(
    bot: &mut Bot,
    game: u64,
    wait: Duration,
) -> (String, String, Option<(i32, i32)>, Option<(i32, i32)>) {
    let m = bot
        .expect_within(
            wait,
            |m| matches!(m, ServerMsg::GameOver { game: g, .. } if *g == game),
        )
        .await
        .expect("the game ends");
    let ServerMsg::GameOver {
        result,
        reason,
        red_rating,
        black_rating,
        ..
    } = m
    else {
        unreachable!()
    };
    // As written on the wire, which the tests compare with the documentation's strings.
    (
        result.as_str().to_owned(),
        reason.as_str().to_owned(),
        red_rating.map(|r| (r.before, r.after)),
        black_rating.map(|r| (r.before, r.after)),
    )
}

/// Waits for `bot`'s next error and checks its code.
/// Waits until `bot` hears that a player of its game has left (or come back, `connected`).
pub async fn hears_connection(bot: &mut Bot, connected: bool) {
    bot.expect(|m| matches!(m, ServerMsg::Connection { connected: c, .. } if *c == connected))
        .await
        .unwrap();
}

pub async fn refused(bot: &mut Bot, code: xiangqi_protocol::ErrorCode) {
    let e = bot
        .expect(|m| matches!(m, ServerMsg::Error { .. }))
        .await
        .expect("an error");
    assert!(
        matches!(&e, ServerMsg::Error { code: c, .. } if *c == code),
        "{code:?} expected, got {e:?}"
    );
}

/// `from` makes an offer of `kind` in `game` (or accepts one); `to` is told of it.
pub async fn offer(from: &mut Bot, to: &mut Bot, game: u64, kind: xiangqi_protocol::OfferKind) {
    from.send(&ClientMsg::Offer { game, kind })
        .await
        .expect("sent");
    to.expect(|m| matches!(m, ServerMsg::Offered { kind: k, .. } if *k == kind))
        .await
        .expect("the offer is told");
}

/// A GET on loopback: the whole response, status line and headers included.
pub async fn http_response(addr: std::net::SocketAddr, path: &str) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut s = tokio::net::TcpStream::connect(addr).await.expect("connect");
    s.write_all(
        format!("GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n").as_bytes(),
    )
    .await
    .expect("write");
    let mut text = String::new();
    s.read_to_string(&mut text).await.expect("read");
    text
}

/// A GET on loopback: the body, de-chunked.
pub async fn http_get(addr: std::net::SocketAddr, path: &str) -> String {
    let text = http_response(addr, path).await;
    let body = text.split_once("\r\n\r\n").map_or("", |p| p.1);
    if !text
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        return body.to_owned();
    }
    let (mut rest, mut out) = (body, String::new());
    while let Some((size, after)) = rest.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 {
            break;
        }
        out.push_str(&after[..n]);
        rest = &after[n + 2..];
    }
    out
}

/// A free port on loopback.
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// Waits until a server answers on `addr` (at most 30 s).
pub async fn wait_ready(addr: std::net::SocketAddr) {
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    while std::time::Instant::now() < deadline {
        if Bot::connect(addr).await.is_ok() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("no server came up on {addr}");
}
