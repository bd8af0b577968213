//! Bad input gets a clear error and changes nothing, while a game beside it goes on: oversized
//! frames, non-JSON, binary frames, unknown types, wrong fields, no hello, another protocol
//! version, moves in games the sender does not play, unknown and revoked tokens, SQL and HTML in
//! names and chat, login floods per address and per account, a connection flood from one address,
//! and idle connections. Each hostile client uses a loopback address of its own (127.0.0.X).

mod common;

use std::net::Ipv4Addr;
use std::time::Duration;

use chuhan_server::bot::Bot;
use common::{game, guest, play};
use xiangqi_protocol::{
    ClientMsg, ErrorCode, PROTOCOL_VERSION, Room, Rules, ServerMsg, TimeControl,
};

fn code(m: &ServerMsg) -> Option<ErrorCode> {
    if let ServerMsg::Error { code, .. } = m {
        Some(*code)
    } else {
        None
    }
}

/// The code of `bot`'s next error (`what`: the case, for the failure message).
async fn error_code(bot: &mut Bot, what: &str) -> ErrorCode {
    let m = bot
        .expect(|m| matches!(m, ServerMsg::Error { .. }))
        .await
        .unwrap_or_else(|e| panic!("{what}: {e}"));
    code(&m).unwrap_or(ErrorCode::Internal)
}

async fn hello_from(addr: std::net::SocketAddr, from: Ipv4Addr) -> Bot {
    let mut b = Bot::connect_from(addr, from).await.expect("connects");
    b.send(&ClientMsg::Hello {
        protocol: PROTOCOL_VERSION,
        client: "hostile".into(),
    })
    .await
    .unwrap();
    b.expect(|m| matches!(m, ServerMsg::Welcome { .. }))
        .await
        .unwrap();
    b
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_kind_of_bad_input_is_refused_and_the_game_beside_goes_on() {
    let mut cfg = common::config("sqlite::memory:");
    cfg.max_connections_per_ip = 4;
    cfg.logins_per_minute = 5;
    cfg.failed_logins_per_account = 3;
    let s = chuhan_server::start(cfg).await.expect("starts");
    let addr = s.addr;
    // The game beside: two players on 127.0.0.1.
    let (mut r, mut b) = (guest(addr).await, guest(addr).await);
    let g = game(
        &mut r,
        &mut b,
        TimeControl::new(600, 5),
        false,
        Rules::Asian,
        None,
    )
    .await;
    play(&mut r, &mut b, g, 0, "h2e2").await;

    // Before hello; another protocol version (closed).
    let mut x = Bot::connect_from(addr, Ipv4Addr::new(127, 0, 0, 2))
        .await
        .unwrap();
    x.send(&ClientMsg::Guest).await.unwrap();
    assert_eq!(error_code(&mut x, "no hello").await, ErrorCode::HelloFirst);
    x.send(&ClientMsg::Hello {
        protocol: 99,
        client: "old".into(),
    })
    .await
    .unwrap();
    assert_eq!(
        error_code(&mut x, "version").await,
        ErrorCode::ProtocolVersion
    );
    assert!(
        x.closed_within(Duration::from_secs(5)).await,
        "closed after a version mismatch"
    );

    // Frames that are not messages.
    let mut x = hello_from(addr, Ipv4Addr::new(127, 0, 0, 2)).await;
    for (frame, want) in [
        ("not json at all".to_owned(), ErrorCode::BadJson),
        (
            r#"{"t":"teleport","game":1}"#.to_owned(),
            ErrorCode::UnknownType,
        ),
        (
            r#"{"t":"move","game":"one","ply":0,"mv":"h2e2"}"#.to_owned(),
            ErrorCode::BadField,
        ),
        (
            r#"{"t":"seek","time":{"base_s":-5,"inc_s":0},"rated":false}"#.to_owned(),
            ErrorCode::BadField,
        ),
        (r#"{"t":"ping"}"#.to_owned(), ErrorCode::BadField),
    ] {
        x.send_raw(frame.clone()).await.unwrap();
        assert_eq!(error_code(&mut x, &frame).await, want, "{frame}");
    }
    x.send_binary(vec![0xff; 64]).await.unwrap();
    assert_eq!(error_code(&mut x, "binary").await, ErrorCode::BadJson);
    // Not logged in.
    x.send(&ClientMsg::Move {
        game: g,
        ply: 1,
        mv: "h9g7".into(),
        think_ms: None,
    })
    .await
    .unwrap();
    assert_eq!(
        error_code(&mut x, "move before login").await,
        ErrorCode::NotLoggedIn
    );
    // Names with SQL and HTML; a seek out of bounds; a rated game as a guest.
    for name in [
        "x'; DROP TABLE accounts;--",
        "<script>alert(1)</script>",
        "a",
    ] {
        x.send(&ClientMsg::Register {
            name: name.into(),
            password: "long enough".into(),
        })
        .await
        .unwrap();
        assert_eq!(
            error_code(&mut x, name).await,
            ErrorCode::NameInvalid,
            "{name}"
        );
    }
    x.log_in(ClientMsg::Guest).await.unwrap();
    // Another player's game: no moves, no offers, no resigning.
    for msg in [
        ClientMsg::Move {
            game: g,
            ply: 1,
            mv: "h9g7".into(),
            think_ms: None,
        },
        ClientMsg::Resign { game: g },
        ClientMsg::Claim {
            game: g,
            kind: xiangqi_protocol::ClaimKind::Win,
        },
    ] {
        x.send(&msg).await.unwrap();
        assert_eq!(
            error_code(&mut x, "other's game").await,
            ErrorCode::NotYourGame,
            "{msg:?}"
        );
    }
    x.send(&ClientMsg::Move {
        game: 999_999,
        ply: 0,
        mv: "h2e2".into(),
        think_ms: None,
    })
    .await
    .unwrap();
    assert_eq!(error_code(&mut x, "no game").await, ErrorCode::NoSuchGame);
    x.send(&ClientMsg::Seek(xiangqi_protocol::SeekTerms {
        time: TimeControl::new(0, 0),
        rated: false,
        color: Default::default(),
        rules: Rules::Asian,
        rating_min: None,
        rating_max: None,
    }))
    .await
    .unwrap();
    assert_eq!(error_code(&mut x, "seek").await, ErrorCode::BadSeek);
    x.send(&ClientMsg::Seek(xiangqi_protocol::SeekTerms {
        time: TimeControl::new(300, 3),
        rated: true,
        color: Default::default(),
        rules: Rules::Asian,
        rating_min: None,
        rating_max: None,
    }))
    .await
    .unwrap();
    assert_eq!(
        error_code(&mut x, "rated guest").await,
        ErrorCode::GuestNotAllowed
    );
    x.send(&ClientMsg::Chat {
        room: Room::Lobby,
        text: "长".repeat(141),
    })
    .await
    .unwrap();
    assert_eq!(
        error_code(&mut x, "long chat").await,
        ErrorCode::ChatInvalid
    );
    // An oversized frame: refused in words, then the connection is closed.
    x.send_raw(format!(
        r#"{{"t":"chat","room":{{"kind":"lobby"}},"text":"{}"}}"#,
        "x".repeat(10_000)
    ))
    .await
    .unwrap();
    assert_eq!(
        error_code(&mut x, "big frame").await,
        ErrorCode::FrameTooLarge
    );
    assert!(x.closed_within(Duration::from_secs(5)).await);

    // Tokens: unknown, and revoked by logout.
    let mut y = hello_from(addr, Ipv4Addr::new(127, 0, 0, 3)).await;
    y.send(&ClientMsg::Resume {
        token: "0".repeat(64),
    })
    .await
    .unwrap();
    assert_eq!(
        error_code(&mut y, "unknown token").await,
        ErrorCode::TokenInvalid
    );
    let name = common::unique("tok");
    y.log_in(ClientMsg::Register {
        name: name.clone(),
        password: "long enough".into(),
    })
    .await
    .unwrap();
    let token = y.token.clone().unwrap();
    y.send(&ClientMsg::Logout).await.unwrap();
    y.expect(|m| matches!(m, ServerMsg::LoggedOut))
        .await
        .unwrap();
    y.send(&ClientMsg::Resume { token }).await.unwrap();
    assert_eq!(
        error_code(&mut y, "revoked token").await,
        ErrorCode::TokenInvalid
    );
    // Wrong passwords: three, then the account is rate-limited even with the right one.
    for _ in 0..3 {
        y.send(&ClientMsg::Login {
            name: name.clone(),
            password: "wrong password".into(),
        })
        .await
        .unwrap();
        let c = error_code(&mut y, "wrong password").await;
        assert!(
            matches!(c, ErrorCode::BadCredentials | ErrorCode::RateLimited),
            "{c:?}"
        );
    }

    // A login flood from one address: five a minute, then refused.
    let mut z = hello_from(addr, Ipv4Addr::new(127, 0, 0, 4)).await;
    let mut codes = Vec::new();
    for i in 0..7 {
        z.send(&ClientMsg::Login {
            name: format!("nobody{i}"),
            password: "whatever1".into(),
        })
        .await
        .unwrap();
        codes.push(error_code(&mut z, "flood").await);
    }
    assert!(
        codes[..5].iter().all(|c| *c == ErrorCode::BadCredentials),
        "{codes:?}"
    );
    assert!(
        codes[5..].iter().all(|c| *c == ErrorCode::RateLimited),
        "{codes:?}"
    );

    // A connection flood from one address: four, then refused before the upgrade (HTTP 429
    // with `too_many_connections`, not a WebSocket closed without a code).
    let mut held = Vec::new();
    for _ in 0..4 {
        held.push(hello_from(addr, Ipv4Addr::new(127, 0, 0, 5)).await);
    }
    let fifth = Bot::connect_from(addr, Ipv4Addr::new(127, 0, 0, 5)).await;
    let refused = fifth.err().expect("the fifth refused");
    assert!(refused.contains("429"), "{refused}");

    // Through all of it the game went on.
    play(&mut b, &mut r, g, 1, "h9g7").await;
    play(&mut r, &mut b, g, 2, "h0g2").await;
    let metrics = common::http_response(addr, "/metrics").await;
    assert!(metrics.contains("chuhan_refused_total"), "{metrics}");
    drop(held);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_connection_is_pinged_then_closed() {
    let mut cfg = common::config("sqlite::memory:");
    cfg.idle_timeout_s = 3;
    let s = chuhan_server::start(cfg).await.expect("starts");
    // One that answers the pings (it is read) stays; one never read is closed.
    let mut live = hello_from(s.addr, Ipv4Addr::new(127, 0, 0, 6)).await;
    let mut idle = hello_from(s.addr, Ipv4Addr::new(127, 0, 0, 7)).await;
    assert!(
        !live.closed_within(Duration::from_secs(5)).await,
        "a live connection stays"
    );
    assert!(
        idle.closed_within(Duration::from_secs(3)).await,
        "the idle connection was closed"
    );
    live.send(&ClientMsg::Ping { n: 7 }).await.unwrap();
    live.expect(|m| matches!(m, ServerMsg::Pong { n: 7 }))
        .await
        .unwrap();
}

/// Ten wrong passwords from ten addresses used to lock the account for its owner too: failures
/// now count by address and account, so the owner logs in from another address, while the
/// guesser at one address is stopped after ten.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn guessers_cannot_lock_an_account_for_its_owner() {
    let s = common::server("sqlite::memory:").await;
    let name = common::unique("own");
    let mut owner = hello_from(s.addr, Ipv4Addr::new(127, 0, 1, 1)).await;
    owner
        .log_in(ClientMsg::Register {
            name: name.clone(),
            password: "the owner's secret".into(),
        })
        .await
        .unwrap();
    owner.send(&ClientMsg::Logout).await.unwrap();
    let wrong = ClientMsg::Login {
        name: name.clone(),
        password: "a wrong guess".into(),
    };
    for i in 0..10u8 {
        let mut guesser = hello_from(s.addr, Ipv4Addr::new(127, 0, 2, i + 1)).await;
        guesser.send(&wrong).await.unwrap();
        assert_eq!(
            error_code(&mut guesser, "a guess").await,
            ErrorCode::BadCredentials
        );
    }
    // One guesser going on from one address: stopped after ten.
    let mut one = hello_from(s.addr, Ipv4Addr::new(127, 0, 3, 1)).await;
    let mut codes = Vec::new();
    for _ in 0..11 {
        one.send(&wrong).await.unwrap();
        codes.push(error_code(&mut one, "one guesser").await);
    }
    assert_eq!(codes[10], ErrorCode::RateLimited, "{codes:?}");
    // The owner, from its own address, is not locked out.
    let mut back = hello_from(s.addr, Ipv4Addr::new(127, 0, 1, 2)).await;
    back.send(&ClientMsg::Login {
        name,
        password: "the owner's secret".into(),
    })
    .await
    .unwrap();
    back.expect(|m| matches!(m, ServerMsg::LoggedIn { .. }))
        .await
        .unwrap();
}
