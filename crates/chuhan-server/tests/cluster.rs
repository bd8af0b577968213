//! Several instances over one PostgreSQL database (`--instance`): players connected to different
//! instances find each other in the lobby and play, a spectator on a third instance sees every
//! move and clock, chat crosses instances. Each test has a schema of its own in the test database
//! and instance numbers of its own (the channels between instances are the database's).

#[macro_use]
mod common;

use chuhan_server::Running;
use common::{over, player, refused};
use sqlx::Connection;
use xiangqi_protocol::{
    ClientMsg, ColorChoice, ErrorCode, OfferKind, Role, Room, Rules, ServerMsg, TimeControl,
};

/// A schema of its own in the test database: the URL that uses it.
async fn fresh_schema(pg: &str) -> String {
    let schema = common::unique("cluster_");
    let mut c = sqlx::PgConnection::connect(pg).await.expect("PostgreSQL");
    sqlx::query(&format!("CREATE SCHEMA {schema}"))
        .execute(&mut c)
        .await
        .expect("a schema");
    format!("{pg}?options=-c%20search_path%3D{schema}")
}

/// Instance `n` on `url`.
async fn instance(url: &str, n: u16) -> Running {
    chuhan_server::start(chuhan_server::config::Config {
        instance: Some(n),
        ..common::config(url)
    })
    .await
    .expect("the instance starts")
}

/// Three instances with numbers no other test uses at once (the first numbered `base`), and
/// their database's URL.
async fn three() -> Option<([Running; 3], String, u16)> {
    let pg = common::postgres()?;
    let url = fresh_schema(&pg).await;
    let base = 1 + (rand::random::<u16>() % 300) * 3;
    let a = instance(&url, base).await;
    let b = instance(&url, base + 1).await;
    let c = instance(&url, base + 2).await;
    Some(([a, b, c], url, base))
}

fn moved(game: u64, ply: u32) -> impl Fn(&ServerMsg) -> bool {
    move |m| matches!(m, ServerMsg::Moved { game: g, ply: p, .. } if *g == game && *p == ply)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_on_two_instances_play_a_whole_game_watched_from_a_third() {
    let Some(([a, b, c], url, base)) = three().await else {
        return;
    };
    let store = chuhan_server::open_store(&url).await.expect("the store");
    let mut alice = player(a.addr, "alice").await;
    let mut bob = player(b.addr, "bob").await;
    let mut carol = player(c.addr, "carol").await;
    for bot in [&mut bob, &mut carol] {
        bot.send(&ClientMsg::Lobby { subscribe: true })
            .await
            .unwrap();
        bot.expect(|m| matches!(m, ServerMsg::Lobby { .. }))
            .await
            .unwrap();
    }
    // A seek on instance A appears in the lobby of instance B.
    alice
        .send(&ClientMsg::Seek(xiangqi_protocol::SeekTerms {
            time: TimeControl::new(60, 1),
            rated: true,
            color: ColorChoice::Red,
            rules: Rules::Asian,
            rating_min: None,
            rating_max: None,
        }))
        .await
        .unwrap();
    let seek_of = |name: String| move |m: &ServerMsg| matches!(m, ServerMsg::SeekAdded { seek } if seek.name == name);
    let ServerMsg::SeekAdded { seek } = bob.expect(seek_of(alice.name.clone())).await.unwrap()
    else {
        unreachable!()
    };
    // The database holds it, as instance A's.
    let stored = store.seeks().await.unwrap();
    assert!(
        stored
            .iter()
            .any(|(id, at, _)| *id == seek.id as i64 && *at == format!("i{base}")),
        "{stored:?}"
    );
    // An instance started now has it in its lobby from the start.
    let d = instance(&url, base + 900).await;
    let mut dave = player(d.addr, "dave").await;
    dave.send(&ClientMsg::Lobby { subscribe: true })
        .await
        .unwrap();
    let ServerMsg::Lobby { seeks, .. } = dave
        .expect(|m| matches!(m, ServerMsg::Lobby { .. }))
        .await
        .unwrap()
    else {
        unreachable!()
    };
    assert!(seeks.iter().any(|s| s.id == seek.id), "{seeks:?}");
    // A seek numbered by an instance that does not exist is refused, not sent into the void.
    bob.send(&ClientMsg::AcceptSeek {
        seek: (999 << 40) + 1,
    })
    .await
    .unwrap();
    refused(&mut bob, ErrorCode::NoSuchSeek).await;
    // Bob on B accepts it: the game starts on A, both players get it.
    bob.send(&ClientMsg::AcceptSeek { seek: seek.id })
        .await
        .unwrap();
    let is_game = |m: &ServerMsg| matches!(m, ServerMsg::Game { .. });
    let ServerMsg::Game { game: g } = alice.expect(is_game).await.unwrap() else {
        unreachable!()
    };
    assert_eq!(g.you, Role::Red);
    let ServerMsg::Game { game: gb } = bob.expect(is_game).await.unwrap() else {
        unreachable!()
    };
    assert_eq!((gb.id, gb.you), (g.id, Role::Black));
    let game = g.id;
    // The seek is gone everywhere; the game is listed on C, and Carol watches it from there.
    carol
        .expect(|m| matches!(m, ServerMsg::SeekRemoved { seek: s } if *s == seek.id))
        .await
        .unwrap();
    carol
        .expect(|m| matches!(m, ServerMsg::GameListed { game: s } if s.id == game))
        .await
        .unwrap();
    let mut gone = false;
    for _ in 0..40 {
        if store
            .seeks()
            .await
            .unwrap()
            .iter()
            .all(|(id, ..)| *id != seek.id as i64)
        {
            gone = true;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert!(gone, "the taken seek left the database");
    carol.send(&ClientMsg::Watch { game }).await.unwrap();
    let ServerMsg::Game { game: gc } = carol.expect(is_game).await.unwrap() else {
        unreachable!()
    };
    assert_eq!((gc.id, gc.you), (game, Role::Spectator));
    // Moves from both sides; everyone sees each, with the same clocks.
    let moves = [
        "h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "b0c2", "h7i7", "h0h6", "c6c5",
    ];
    for (ply, mv) in moves.iter().enumerate() {
        let ply = ply as u32;
        let mover = if ply.is_multiple_of(2) {
            &mut alice
        } else {
            &mut bob
        };
        mover
            .send(&ClientMsg::Move {
                game,
                ply,
                mv: (*mv).into(),
                think_ms: Some(50),
            })
            .await
            .unwrap();
        let mut seen = Vec::new();
        for bot in [&mut alice, &mut bob, &mut carol] {
            let m = bot
                .expect(moved(game, ply))
                .await
                .unwrap_or_else(|e| panic!("ply {ply} {mv}: {e}"));
            let ServerMsg::Moved {
                mv: got, clocks, ..
            } = m
            else {
                unreachable!()
            };
            assert_eq!(&got, mv);
            seen.push(clocks);
        }
        assert!(seen.windows(2).all(|w| w[0] == w[1]), "ply {ply}: {seen:?}");
    }
    // A move out of turn is refused across instances too.
    bob.send(&ClientMsg::Move {
        game,
        ply: 10,
        mv: "a9a8".into(),
        think_ms: None,
    })
    .await
    .unwrap();
    refused(&mut bob, ErrorCode::NotYourTurn).await;
    // Chat between the players, and an offer, cross instances.
    bob.send(&ClientMsg::Chat {
        room: Room::Game { game },
        text: "好棋".into(),
    })
    .await
    .unwrap();
    alice
        .expect(|m| matches!(m, ServerMsg::Chat { line, .. } if line.text == "好棋"))
        .await
        .unwrap();
    common::offer(&mut alice, &mut bob, game, OfferKind::Draw).await;
    bob.send(&ClientMsg::Decline {
        game,
        kind: OfferKind::Draw,
    })
    .await
    .unwrap();
    alice
        .expect(|m| matches!(m, ServerMsg::OfferGone { .. }))
        .await
        .unwrap();
    // Black resigns: the end reaches all three.
    bob.send(&ClientMsg::Resign { game }).await.unwrap();
    for bot in [&mut alice, &mut bob, &mut carol] {
        let (result, reason, red, black) = over(bot, game).await;
        assert_eq!((result.as_str(), reason.as_str()), ("1-0", "resignation"));
        assert!(red.is_some_and(|(b, a)| a > b) && black.is_some_and(|(b, a)| a < b));
    }
    // The archive (the shared database) has the game, read from instance C.
    let pgn = common::http_get(c.addr, &format!("/game/{game}.pgn")).await;
    assert!(pgn.contains("1-0") && pgn.contains(&alice.name), "{pgn}");
}
