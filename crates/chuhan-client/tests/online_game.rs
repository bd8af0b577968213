//! The client against a real `chuhan-server` on 127.0.0.1: a whole game with a bot (login, seek,
//! accept, moves both ways, a refused move, a declined draw offer, the connection cut and made
//! again mid-game, resignation, the record read back), and the errors a player meets told as
//! sentences. Loopback only: the cut happens in a proxy of the test's own.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use chuhan_client::{
    Change, Connection, Credentials, Event, Link, LinkError, Request, ServerAddress, Session,
};
use chuhan_server::bot::{Bot, CutProxy};
use tokio::runtime::Runtime;
use xiangqi_protocol::{ClientMsg, ColorChoice, OfferKind, Rules, ServerMsg, Side, TimeControl};

fn server(rt: &Runtime) -> SocketAddr {
    let cfg = chuhan_server::config::Config {
        listen: "127.0.0.1:0".parse().expect("addr"),
        database: "sqlite::memory:".into(),
        max_connections_per_ip: 10_000,
        logins_per_minute: 100_000,
        ..chuhan_server::config::Config::default()
    };
    rt.block_on(chuhan_server::start(cfg)).expect("starts").addr
}

/// Folds the link's events into the session until a change matches `want`; sends what the
/// session asks for itself.
fn wait(link: &Link, s: &mut Session, want: impl Fn(&Change) -> bool) -> Change {
    let deadline = Instant::now() + Duration::from_secs(15);
    let mut seen = Vec::new();
    while Instant::now() < deadline {
        let Some(event) = link.next(Duration::from_millis(100)) else {
            continue;
        };
        for change in s.apply(event, Instant::now()) {
            if want(&change) {
                return change;
            }
            seen.push(change);
        }
        for msg in s.outbox.drain(..) {
            link.say(msg);
        }
    }
    panic!("not seen; saw {seen:?}");
}

fn bot(rt: &Runtime, addr: SocketAddr) -> Bot {
    rt.block_on(async {
        let mut b = Bot::connect(addr).await.expect("connects");
        let name = format!("bot{:06x}", rand_suffix());
        b.log_in(ClientMsg::Register {
            name,
            password: "long enough secret".into(),
        })
        .await
        .expect("registers");
        b
    })
}

fn rand_suffix() -> u32 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.subsec_nanos())
}

#[test]
fn a_whole_game_against_a_bot_through_a_connection_that_fails() {
    let rt = Runtime::new().expect("runtime");
    let server_addr = server(&rt);
    let proxy = rt.block_on(CutProxy::start(server_addr)).expect("a proxy");
    let via = proxy.addr;
    let mut b = bot(&rt, server_addr);
    rt.block_on(b.send(&ClientMsg::Lobby { subscribe: true }))
        .unwrap();

    let link = Link::start("chuhan-client test").expect("link");
    let mut s = Session::default();
    let name = format!("player{:06x}", rand_suffix());
    link.send(Request::Connect {
        address: ServerAddress::new("127.0.0.1", via.port()),
        credentials: Credentials::Register {
            name: name.clone(),
            password: "another long secret".into(),
        },
    });
    let token = wait(&link, &mut s, |c| matches!(c, Change::Token(_)));
    assert!(
        matches!(&token, Change::Token(t) if t.len() >= 32),
        "{token:?}"
    );
    assert_eq!(s.me.as_ref().map(|m| m.name.as_str()), Some(name.as_str()));
    assert_eq!(s.connection, Connection::Online);

    // The lobby, a seek, the bot accepts it.
    link.say(ClientMsg::Lobby { subscribe: true });
    wait(&link, &mut s, |c| *c == Change::Lobby);
    link.say(ClientMsg::Seek(xiangqi_protocol::SeekTerms {
        time: TimeControl::new(300, 3),
        rated: true,
        color: ColorChoice::Red,
        rules: Rules::Asian,
        rating_min: None,
        rating_max: None,
    }));
    let seek = rt
        .block_on(b.expect(|m| matches!(m, ServerMsg::SeekAdded { seek } if seek.name == name)))
        .expect("the bot sees the seek");
    let ServerMsg::SeekAdded { seek } = seek else {
        unreachable!()
    };
    rt.block_on(b.send(&ClientMsg::AcceptSeek { seek: seek.id }))
        .unwrap();
    let Change::GameOpened(game) = wait(&link, &mut s, |c| matches!(c, Change::GameOpened(_)))
    else {
        unreachable!()
    };
    assert_eq!(s.games[&game].my_side(), Some(Side::Red));
    rt.block_on(b.expect(|m| matches!(m, ServerMsg::Game { .. })))
        .expect("the bot's game");

    // Moves both ways.
    let play = |s: &mut Session, mv: &str| {
        let msg = s
            .play(game, mv.parse().unwrap(), Duration::from_millis(300))
            .expect("legal");
        link.say(msg);
    };
    play(&mut s, "h2e2");
    let own = wait(&link, &mut s, |c| matches!(c, Change::Moved { .. }));
    assert_eq!(
        own,
        Change::Moved {
            game,
            mv: "h2e2".parse().unwrap(),
            own: true
        }
    );
    let bot_move = |b: &mut Bot, ply: u32, mv: &str| {
        rt.block_on(b.send(&ClientMsg::Move {
            game,
            ply,
            mv: mv.into(),
            think_ms: None,
        }))
        .unwrap();
    };
    bot_move(&mut b, 1, "h9g7");
    let theirs = wait(&link, &mut s, |c| matches!(c, Change::Moved { .. }));
    assert_eq!(
        theirs,
        Change::Moved {
            game,
            mv: "h9g7".parse().unwrap(),
            own: false
        }
    );

    // A refused move (sent with a wrong ply number, as an out-of-step client would) is taken
    // back with the server's reason.
    let Ok(ClientMsg::Move { mv, think_ms, .. }) =
        s.play(game, "h0g2".parse().unwrap(), Duration::ZERO)
    else {
        panic!("legal")
    };
    link.say(ClientMsg::Move {
        game,
        ply: 0,
        mv,
        think_ms,
    });
    let refused = wait(&link, &mut s, |c| matches!(c, Change::Refused { .. }));
    assert!(
        matches!(&refused, Change::Refused { why, .. } if !why.is_empty()),
        "{refused:?}"
    );
    assert_eq!(s.games[&game].pending, None);

    // The bot offers a draw; declined.
    rt.block_on(b.send(&ClientMsg::Offer {
        game,
        kind: OfferKind::Draw,
    }))
    .unwrap();
    wait(&link, &mut s, |c| *c == Change::GameState(game));
    assert!(s.games[&game].offered(OfferKind::Draw, Side::Black));
    link.say(ClientMsg::Decline {
        game,
        kind: OfferKind::Draw,
    });
    rt.block_on(b.expect(|m| {
        matches!(
            m,
            ServerMsg::OfferGone {
                kind: OfferKind::Draw,
                ..
            }
        )
    }))
    .expect("the bot hears the decline");

    // The network fails: the link comes back by itself and the game is restored exactly.
    proxy.cut();
    wait(&link, &mut s, |c| *c == Change::Connection);
    assert!(
        matches!(s.connection, Connection::Reconnecting { .. }),
        "{:?}",
        s.connection
    );
    while s.connection != Connection::Online {
        wait(&link, &mut s, |c| *c == Change::Connection);
    }
    let again = wait(&link, &mut s, |c| *c == Change::GameOpened(game));
    assert_eq!(again, Change::GameOpened(game));
    assert_eq!(
        s.games[&game].moves.len(),
        2,
        "nothing lost, nothing doubled"
    );
    play(&mut s, "h0g2");
    wait(&link, &mut s, |c| {
        matches!(c, Change::Moved { own: true, .. })
    });

    // Resignation: the end, with ratings.
    link.say(ClientMsg::Resign { game });
    wait(&link, &mut s, |c| *c == Change::GameOver(game));
    let g = &s.games[&game];
    assert_eq!(
        g.result.map(|(r, why)| (r.as_str(), why.as_str())),
        Some(("0-1", "resignation"))
    );
    assert!(
        g.ratings.0.is_some() && g.ratings.1.is_some(),
        "rated: {:?}",
        g.ratings
    );

    // The record of the confirmed moves reads back from PGN.
    let pgn = xiangqi::pgn::write(&g.record(), xiangqi::notation::Notation::Iccs);
    let back = xiangqi::pgn::read_str(&pgn).expect("reads back");
    assert_eq!(back.moves(), g.record().moves());
    assert_eq!(back.len(), 3);

    link.send(Request::LogOut);
    wait(&link, &mut s, |c| *c == Change::LoggedOut);
}

#[test]
fn errors_are_told_in_sentences() {
    let rt = Runtime::new().expect("runtime");
    let addr = server(&rt);
    let link = Link::start("chuhan-client test").expect("link");
    let closed = |link: &Link| loop {
        match link.next(Duration::from_secs(15)) {
            Some(Event::Closed(e)) => return e,
            Some(_) => {}
            None => panic!("no answer"),
        }
    };
    link.send(Request::Connect {
        address: ServerAddress::new("127.0.0.1", addr.port()),
        credentials: Credentials::Login {
            name: "nobody-here".into(),
            password: "wrong password".into(),
        },
    });
    let e = closed(&link).expect("an error");
    assert_eq!(e.to_string(), "wrong name or password");

    // Nothing listens on a port just freed.
    let free = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap();
    link.send(Request::Connect {
        address: ServerAddress::new("127.0.0.1", free.port()),
        credentials: Credentials::Guest,
    });
    let e = closed(&link).expect("an error");
    assert!(matches!(e, LinkError::Unreachable { .. }), "{e:?}");
    assert!(e.to_string().starts_with("the server at 127.0.0.1:"), "{e}");

    // A server of another protocol version.
    let fake = rt
        .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
        .unwrap();
    let fake_addr = fake.local_addr().unwrap();
    rt.spawn(async move {
        use futures_util::{SinkExt, StreamExt};
        if let Ok((tcp, _)) = fake.accept().await
            && let Ok(mut ws) = tokio_tungstenite::accept_async(tcp).await
        {
            let _ = ws.next().await;
            let refusal = ServerMsg::Error {
                code: xiangqi_protocol::ErrorCode::ProtocolVersion,
                message: "this server speaks protocol 2".into(),
                game: None,
            };
            let text = tokio_tungstenite::tungstenite::Message::Text(refusal.to_json().into());
            let _ = ws.send(text).await;
        }
    });
    link.send(Request::Connect {
        address: ServerAddress::new("127.0.0.1", fake_addr.port()),
        credentials: Credentials::Guest,
    });
    let e = closed(&link).expect("an error");
    assert!(matches!(e, LinkError::ProtocolVersion { .. }), "{e:?}");
    assert!(e.to_string().contains("another version"), "{e}");
}
