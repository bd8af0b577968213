//! The lobby and the operator: seeks appear and vanish live (withdrawn, taken, their owner gone),
//! the count of players online follows, a first move not played aborts the game, a draw offer
//! is withdrawn by a move, muted chat is not shown, and a banned account cannot log in.

mod common;

use std::time::Duration;

use chuhan_server::bot::Bot;
use common::{game, guest, offer, over_within, play, player, refused, server};
use xiangqi_protocol::{
    ClientMsg, ColorChoice, ErrorCode, OfferKind, Room, Rules, ServerMsg, TimeControl,
};

fn seek(rated: bool) -> ClientMsg {
    ClientMsg::Seek(xiangqi_protocol::SeekTerms {
        time: TimeControl::new(180, 2),
        rated,
        color: ColorChoice::Random,
        rules: Rules::Asian,
        rating_min: None,
        rating_max: None,
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seeks_appear_and_vanish_live() {
    let s = server("sqlite::memory:").await;
    let mut watcher = guest(s.addr).await;
    watcher
        .send(&ClientMsg::Lobby { subscribe: true })
        .await
        .unwrap();
    let lobby = watcher
        .expect(|m| matches!(m, ServerMsg::Lobby { .. }))
        .await
        .unwrap();
    assert!(
        matches!(lobby, ServerMsg::Lobby { online: 1, .. }),
        "{lobby:?}"
    );
    // A seek appears; withdrawn, it vanishes.
    let mut a = player(s.addr, "sa").await;
    watcher
        .expect(|m| matches!(m, ServerMsg::Online { count: 2 }))
        .await
        .unwrap();
    a.send(&seek(true)).await.unwrap();
    let ServerMsg::SeekAdded { seek: view } = watcher
        .expect(|m| matches!(m, ServerMsg::SeekAdded { .. }))
        .await
        .unwrap()
    else {
        unreachable!()
    };
    assert_eq!(
        (view.name.as_str(), view.rating, view.provisional),
        (a.name.as_str(), Some(1500), true)
    );
    a.send(&ClientMsg::CancelSeek { seek: view.id })
        .await
        .unwrap();
    watcher
        .expect(|m| matches!(m, ServerMsg::SeekRemoved { seek } if *seek == view.id))
        .await
        .unwrap();
    // Its owner leaves: it vanishes.
    a.send(&seek(false)).await.unwrap();
    let ServerMsg::SeekAdded { seek: view } = watcher
        .expect(|m| matches!(m, ServerMsg::SeekAdded { .. }))
        .await
        .unwrap()
    else {
        unreachable!()
    };
    a.close().await;
    watcher
        .expect(|m| matches!(m, ServerMsg::SeekRemoved { seek } if *seek == view.id))
        .await
        .unwrap();
    watcher
        .expect(|m| matches!(m, ServerMsg::Online { count: 1 }))
        .await
        .unwrap();
    // Taken: it vanishes and the game is listed, then unlisted when it ends.
    let mut b = guest(s.addr).await;
    let mut c = guest(s.addr).await;
    b.send(&seek(false)).await.unwrap();
    let ServerMsg::SeekAdded { seek: view } = watcher
        .expect(|m| matches!(m, ServerMsg::SeekAdded { .. }))
        .await
        .unwrap()
    else {
        unreachable!()
    };
    // A guest cannot take a rated seek; its own seek cannot be taken by its owner.
    b.send(&ClientMsg::AcceptSeek { seek: view.id })
        .await
        .unwrap();
    refused(&mut b, ErrorCode::CannotAccept).await;
    c.send(&ClientMsg::AcceptSeek { seek: view.id })
        .await
        .unwrap();
    watcher
        .expect(|m| matches!(m, ServerMsg::SeekRemoved { seek } if *seek == view.id))
        .await
        .unwrap();
    let ServerMsg::GameListed { game: listed } = watcher
        .expect(|m| matches!(m, ServerMsg::GameListed { .. }))
        .await
        .unwrap()
    else {
        unreachable!()
    };
    b.send(&ClientMsg::Abort { game: listed.id }).await.unwrap();
    watcher
        .expect(|m| matches!(m, ServerMsg::GameUnlisted { game } if *game == listed.id))
        .await
        .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_first_move_not_played_aborts_and_a_move_withdraws_a_draw_offer() {
    let mut cfg = common::config("sqlite::memory:");
    cfg.first_move_s = 1;
    let s = chuhan_server::start(cfg).await.expect("starts");
    let (mut r, mut b) = (guest(s.addr).await, guest(s.addr).await);
    let g = game(
        &mut r,
        &mut b,
        TimeControl::new(300, 0),
        false,
        Rules::Asian,
        None,
    )
    .await;
    let (result, reason, ..) = over_within(&mut b, g, Duration::from_secs(5)).await;
    assert_eq!((result.as_str(), reason.as_str()), ("*", "aborted"));
    let g = game(
        &mut r,
        &mut b,
        TimeControl::new(300, 0),
        false,
        Rules::Asian,
        None,
    )
    .await;
    play(&mut r, &mut b, g, 0, "h2e2").await;
    offer(&mut r, &mut b, g, OfferKind::Draw).await;
    play(&mut b, &mut r, g, 1, "h9g7").await;
    r.expect(|m| {
        matches!(
            m,
            ServerMsg::OfferGone {
                kind: OfferKind::Draw,
                ..
            }
        )
    })
    .await
    .unwrap();
    // Accepting it now is offering anew, not a draw.
    offer(&mut b, &mut r, g, OfferKind::Draw).await;
    b.send(&ClientMsg::Chat {
        room: Room::Game { game: g },
        text: "和棋吗".into(),
    })
    .await
    .unwrap();
    r.expect(|m| matches!(m, ServerMsg::Chat { .. }))
        .await
        .unwrap();
    // Muted: the next line is not shown.
    r.send(&ClientMsg::Mute {
        name: b.name.clone(),
    })
    .await
    .unwrap();
    r.send(&ClientMsg::Ping { n: 1 }).await.unwrap();
    r.expect(|m| matches!(m, ServerMsg::Pong { n: 1 }))
        .await
        .unwrap();
    b.send(&ClientMsg::Chat {
        room: Room::Game { game: g },
        text: "听见吗".into(),
    })
    .await
    .unwrap();
    b.expect(|m| matches!(m, ServerMsg::Chat { .. }))
        .await
        .unwrap();
    r.send(&ClientMsg::Ping { n: 2 }).await.unwrap();
    r.expect(|m| matches!(m, ServerMsg::Pong { n: 2 }))
        .await
        .unwrap();
    assert!(
        r.seen.iter().all(|m| !matches!(m, ServerMsg::Chat { .. })),
        "{:?}",
        r.seen
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_banned_account_cannot_log_in() {
    let dir = std::env::temp_dir().join(format!("chuhan-ban-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    let db = format!("sqlite://{}", dir.join("s.db").display());
    let s = server(&db).await;
    let a = player(s.addr, "ban").await;
    let (name, token) = (a.name.clone(), a.token.clone().expect("token"));
    a.close().await;
    let admin = |what: &str| {
        std::process::Command::new(env!("CARGO_BIN_EXE_chuhan-server"))
            .args(["admin", what, &name, "--database", &db])
            .output()
            .expect("runs")
    };
    let out = admin("ban");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut b = Bot::connect(s.addr).await.unwrap();
    b.send(&ClientMsg::Login {
        name: name.clone(),
        password: "long enough secret".into(),
    })
    .await
    .unwrap();
    refused(&mut b, ErrorCode::Banned).await;
    b.send(&ClientMsg::Resume { token }).await.unwrap();
    refused(&mut b, ErrorCode::TokenInvalid).await;
    assert!(admin("unban").status.success());
    b.log_in(ClientMsg::Login {
        name: name.clone(),
        password: "long enough secret".into(),
    })
    .await
    .unwrap();
    assert!(!admin_unknown(&db).status.success());
    let _ = std::fs::remove_dir_all(&dir);
}

fn admin_unknown(db: &str) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_chuhan-server"))
        .args(["admin", "ban", "nobody_at_all", "--database", db])
        .output()
        .expect("runs")
}

/// The chat limit is the player's, over all their connections: one player on four sockets (the
/// same token resumed) sending six lines on each gets five through to the opponent, not twenty.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_chat_limit_is_per_player_not_per_socket() {
    let s = server("sqlite::memory:").await;
    let (mut r, mut b) = (player(s.addr, "talk").await, player(s.addr, "hear").await);
    let g = game(
        &mut r,
        &mut b,
        TimeControl::new(300, 0),
        false,
        Rules::Asian,
        None,
    )
    .await;
    let token = r.token.clone().expect("a token");
    let mut sockets = vec![r];
    for _ in 0..3 {
        let mut more = Bot::connect(s.addr).await.unwrap();
        more.log_in(ClientMsg::Resume {
            token: token.clone(),
        })
        .await
        .unwrap();
        sockets.push(more);
    }
    for (i, socket) in sockets.iter_mut().enumerate() {
        for line in 0..6 {
            socket
                .send(&ClientMsg::Chat {
                    room: Room::Game { game: g },
                    text: format!("socket {i} line {line}"),
                })
                .await
                .unwrap();
        }
        // Everything sent on this socket has been handled once its pong is back.
        socket.send(&ClientMsg::Ping { n: 7 }).await.unwrap();
        socket
            .expect(|m| matches!(m, ServerMsg::Pong { n: 7 }))
            .await
            .unwrap();
    }
    b.send(&ClientMsg::Ping { n: 8 }).await.unwrap();
    b.expect(|m| matches!(m, ServerMsg::Pong { n: 8 }))
        .await
        .unwrap();
    let heard = b
        .seen
        .iter()
        .filter(|m| matches!(m, ServerMsg::Chat { line, .. } if line.text.starts_with("socket")))
        .count();
    assert_eq!(heard, 5, "{:?}", b.seen);
}
