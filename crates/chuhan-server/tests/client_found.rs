//! Defects an independent client found, each on SQLite in memory and on PostgreSQL: a claim
//! before both sides have moved won and rated the game (now it aborts it; the claim after moves
//! is in `games.rs`), a re-sent move was acknowledged with the clocks of long ago, one player
//! could open any number of seeks, a name with a Cyrillic і registered beside the same name with a
//! Latin i, and closes carried no status code (RFC 6455's 1009 for a frame
//! too large, 1007 for text that is not UTF-8) and, over 64 KiB, no `frame_too_large`.

#[macro_use]
mod common;

use std::time::Duration;

use common::{game, guest, hears_connection, over, play, player, server};
use xiangqi_protocol::{
    ClaimKind, ClientMsg, ColorChoice, ErrorCode, Rules, ServerMsg, Side, TimeControl,
};

const BLITZ: TimeControl = TimeControl::new(300, 3);

on_both!(
    a_claim_before_both_sides_moved_aborts,
    a_re_sent_move_is_acknowledged_with_the_clocks_of_now,
    open_seeks_are_capped_per_player,
    closes_give_the_rfc_code_and_the_reason,
    a_name_that_only_looks_like_a_taken_one_is_taken
);

/// A rated game whose second player leaves before anyone moves: a claim after the wait aborts
/// the game (as lichess does), never wins it or moves a rating. So too when only Red moved.
async fn a_claim_before_both_sides_moved_aborts(db: &str) {
    let s = server(db).await;
    for moves in [0, 1] {
        let (mut r, mut b) = (player(s.addr, "ra").await, player(s.addr, "bl").await);
        let g = game(&mut r, &mut b, BLITZ, true, Rules::Asian, None).await;
        if moves == 1 {
            play(&mut r, &mut b, g, 0, "h2e2").await;
        }
        b.close().await;
        hears_connection(&mut r, false).await;
        tokio::time::sleep(Duration::from_millis(1100)).await;
        r.send(&ClientMsg::Claim {
            game: g,
            kind: ClaimKind::Win,
        })
        .await
        .unwrap();
        assert_eq!(
            over(&mut r, g).await,
            ("*".into(), "aborted".into(), None, None),
            "after {moves} moves"
        );
    }
}

/// Black re-sends its first move while its clock runs (Red has moved again): the answer carries
/// the clocks as they are now (Black's running and below its start), not those of the first
/// plies (both full, nothing running).
async fn a_re_sent_move_is_acknowledged_with_the_clocks_of_now(db: &str) {
    let s = server(db).await;
    let (mut r, mut b) = (player(s.addr, "rs").await, player(s.addr, "bs").await);
    let g = game(&mut r, &mut b, BLITZ, false, Rules::Asian, None).await;
    play(&mut r, &mut b, g, 0, "h2e2").await;
    play(&mut b, &mut r, g, 1, "h9g7").await;
    play(&mut r, &mut b, g, 2, "h0g2").await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    b.send(&ClientMsg::Move {
        game: g,
        ply: 1,
        mv: "h9g7".into(),
        think_ms: None,
    })
    .await
    .unwrap();
    let ServerMsg::Moved { clocks, .. } = b
        .expect(|m| matches!(m, ServerMsg::Moved { ply: 1, .. }))
        .await
        .unwrap()
    else {
        unreachable!()
    };
    assert_eq!(clocks.running, Some(Side::Black), "{clocks:?}");
    assert!(clocks.black_ms <= 300_000 - 300, "{clocks:?}");
}

/// One player opens seeks as fast as it can: five stay open, the rest are refused and never
/// reach the lobby (one guest had opened 200, all sent to every new follower in one frame).
async fn open_seeks_are_capped_per_player(db: &str) {
    let s = server(db).await;
    let mut flood = guest(s.addr).await;
    let mut watcher = guest(s.addr).await;
    let mut refused = 0;
    for _ in 0..12 {
        flood
            .send(&ClientMsg::Seek(xiangqi_protocol::SeekTerms {
                time: BLITZ,
                rated: false,
                color: ColorChoice::Random,
                rules: Rules::Asian,
                rating_min: None,
                rating_max: None,
            }))
            .await
            .unwrap();
        let answer = flood
            .expect(|m| matches!(m, ServerMsg::SeekAdded { .. } | ServerMsg::Error { .. }))
            .await
            .unwrap();
        if let ServerMsg::Error { code, .. } = answer {
            assert_eq!(code, ErrorCode::NotNow);
            refused += 1;
        }
    }
    assert_eq!(refused, 12 - chuhan_server::hub::MAX_SEEKS_PER_PLAYER);
    watcher
        .send(&ClientMsg::Lobby { subscribe: true })
        .await
        .unwrap();
    let ServerMsg::Lobby { seeks, .. } = watcher
        .expect(|m| matches!(m, ServerMsg::Lobby { .. }))
        .await
        .unwrap()
    else {
        unreachable!()
    };
    assert_eq!(seeks.len(), chuhan_server::hub::MAX_SEEKS_PER_PLAYER);
}

/// A frame over 8 KiB, one over the 64 KiB the WebSocket layer once stopped at (the connection was
/// reset, the words lost), and a text frame that is not UTF-8:
/// each connection is told why (`frame_too_large` where the protocol promises it) and closed with
/// RFC 6455's code: 1009 (too big), 1007 (not UTF-8).
async fn closes_give_the_rfc_code_and_the_reason(db: &str) {
    use futures_util::{SinkExt, StreamExt};
    use tokio_tungstenite::tungstenite::Message;
    use tokio_tungstenite::tungstenite::protocol::frame::coding::{CloseCode, Data, OpCode};
    use tokio_tungstenite::tungstenite::protocol::frame::{Frame, FrameHeader};

    let s = server(db).await;
    let url = format!("ws://{}/ws", s.addr);
    let chat = |n: usize| {
        format!(
            r#"{{"t":"chat","room":{{"kind":"lobby"}},"text":"{}"}}"#,
            "x".repeat(n)
        )
    };
    let not_utf8 = {
        let header = FrameHeader {
            opcode: OpCode::Data(Data::Text),
            ..FrameHeader::default()
        };
        Message::Frame(Frame::from_payload(
            header,
            vec![0x7b, 0xff, 0xfe, 0x7d].into(),
        ))
    };
    for (i, (frame, code, told)) in [
        (Message::Text(chat(9 * 1024).into()), CloseCode::Size, true),
        (Message::Text(chat(70 * 1024).into()), CloseCode::Size, true),
        (not_utf8, CloseCode::Invalid, false),
    ]
    .into_iter()
    .enumerate()
    {
        let (mut ws, _) = tokio_tungstenite::connect_async(&url).await.unwrap();
        let hello = ClientMsg::Hello {
            protocol: xiangqi_protocol::PROTOCOL_VERSION,
            client: "closes".into(),
        }
        .to_json();
        ws.send(Message::Text(hello.into())).await.unwrap();
        // The client may see the connection end while it still writes a large frame.
        let _ = ws.send(frame).await;
        let (mut refused, mut closed) = (false, None);
        let read = async {
            while let Some(Ok(m)) = ws.next().await {
                match m {
                    Message::Text(t) if t.contains("frame_too_large") => refused = true,
                    Message::Close(c) => {
                        closed = Some(c.map(|c| c.code));
                        break;
                    }
                    _ => {}
                }
            }
        };
        assert!(
            tokio::time::timeout(Duration::from_secs(10), read)
                .await
                .is_ok(),
            "the server kept the connection open"
        );
        assert_eq!(
            refused, told,
            "case {i}: frame_too_large for {code:?}, closed {closed:?}"
        );
        assert_eq!(closed, Some(Some(code)));
    }
}

/// `Lіu…` with a Cyrillic і (U+0456) beside `Liu…`: one name, by Unicode's confusable skeleton;
/// so are `B0B…` (a digit zero) beside `BOB…`, and `Iv…` (a capital I) or `1v…` beside `lv…`; a
/// name that differs in a letter that looks different is still free.
async fn a_name_that_only_looks_like_a_taken_one_is_taken(db: &str) {
    let s = server(db).await;
    let latin = common::unique("Liu");
    let bob = common::unique("BOB");
    let lv = common::unique("lv");
    for name in [&latin, &bob, &lv] {
        let mut first = chuhan_server::bot::Bot::connect(s.addr).await.unwrap();
        first
            .log_in(ClientMsg::Register {
                name: name.clone(),
                password: "long enough secret".into(),
            })
            .await
            .unwrap();
    }
    for (name, taken) in [
        (latin.replacen('i', "\u{456}", 1), true),
        (latin.replacen('L', "M", 1), false),
        (bob.replacen('O', "0", 1), true),
        (lv.replacen('l', "I", 1), true),
        (lv.replacen('l', "1", 1), true),
        (lv.replacen('l', "k", 1), false),
    ] {
        let mut other = chuhan_server::bot::Bot::connect(s.addr).await.unwrap();
        other
            .send(&ClientMsg::Register {
                name: name.clone(),
                password: "long enough secret".into(),
            })
            .await
            .unwrap();
        let answer = other
            .expect(|m| {
                matches!(
                    m,
                    ServerMsg::Welcome { .. }
                        | ServerMsg::LoggedIn { .. }
                        | ServerMsg::Error { .. }
                )
            })
            .await
            .unwrap();
        match answer {
            ServerMsg::Error { code, .. } => {
                assert!(taken, "{name:?} refused");
                assert_eq!(code, ErrorCode::NameTaken);
            }
            _ => assert!(!taken, "{name:?} registered beside {latin:?}"),
        }
    }
}
