//! Whole games through the real protocol, on SQLite in memory and on PostgreSQL: mate,
//! resignation with ratings, time forfeit with nobody moving, each rulebook's repetition verdict,
//! draw agreement, takeback, abort, disconnect then claim, reconnect, rematch, a spectator
//! joining mid-game, a move sent twice, the PGN export read back.

#[macro_use]
mod common;

use std::time::Duration;

use common::{
    game, guest, hears_connection, http_get, offer, over, over_within, play, player, refused,
    server,
};
use xiangqi_protocol::{
    ChatLine, ClaimKind, ClientMsg, ErrorCode, OfferKind, Role, Room, Rules, ServerMsg, TimeControl,
};

const BLITZ: TimeControl = TimeControl::new(300, 3);

on_both!(
    mate_ends_the_game,
    resignation_rates_both_and_the_pgn_reads_back,
    a_flag_falls_with_nobody_moving,
    each_rulebook_judges_perpetual_check,
    draw_agreement_takeback_and_abort,
    disconnect_then_claim_and_reconnect,
    rematch_swaps_colours,
    a_spectator_joins_mid_game,
    a_move_sent_twice_is_played_once,
);

async fn mate_ends_the_game(db: &str) {
    let s = server(db).await;
    let (mut r, mut b) = (guest(s.addr).await, guest(s.addr).await);
    let fen = "4k4/9/9/9/9/9/9/9/R8/1R1K5 w - - 0 1";
    let g = game(&mut r, &mut b, BLITZ, false, Rules::Asian, Some(fen)).await;
    play(&mut r, &mut b, g, 0, "b0b8").await;
    play(&mut b, &mut r, g, 1, "e9f9").await;
    play(&mut r, &mut b, g, 2, "a1a9").await;
    assert_eq!(
        over(&mut r, g).await,
        ("1-0".into(), "checkmate".into(), None, None)
    );
    assert_eq!(over(&mut b, g).await.1, "checkmate");
    // Nothing more is played.
    r.send(&ClientMsg::Move {
        game: g,
        ply: 3,
        mv: "a9a8".into(),
        think_ms: None,
    })
    .await
    .unwrap();
    refused(&mut r, ErrorCode::GameOver).await;
}

async fn resignation_rates_both_and_the_pgn_reads_back(db: &str) {
    let s = server(db).await;
    let (mut r, mut b) = (player(s.addr, "red").await, player(s.addr, "blk").await);
    let g = game(&mut r, &mut b, BLITZ, true, Rules::Asian, None).await;
    play(&mut r, &mut b, g, 0, "h2e2").await;
    play(&mut b, &mut r, g, 1, "h9g7").await;
    play(&mut r, &mut b, g, 2, "h0g2").await;
    b.send(&ClientMsg::Resign { game: g }).await.unwrap();
    let (result, reason, red, black) = over(&mut r, g).await;
    assert_eq!((result.as_str(), reason.as_str()), ("1-0", "resignation"));
    let (red, black) = (red.expect("red rated"), black.expect("black rated"));
    assert_eq!((red.0, black.0), (1500, 1500));
    assert!(red.1 > 1600 && black.1 < 1400, "{red:?} {black:?}");
    // The profile shows it; the PGN export reads back in the rules library.
    let body = http_get(s.addr, &format!("/api/player/{}", r.name)).await;
    assert!(body.contains(&format!("\"rating\":{}", red.1)), "{body}");
    let pgn = http_get(s.addr, &format!("/game/{g}.pgn")).await;
    let record = xiangqi::pgn::read(pgn.as_bytes()).unwrap_or_else(|e| panic!("{e}: {pgn}"));
    let moves: Vec<String> = record.moves().iter().map(ToString::to_string).collect();
    assert_eq!(moves, ["h2e2", "h9g7", "h0g2"]);
    assert_eq!(record.tag("Result"), Some("1-0"));
    assert_eq!(record.tag("Red"), Some(r.name.as_str()));
    assert_eq!(record.tag("RedElo"), Some("1500"));
    assert!(
        record
            .comment(1)
            .is_some_and(|c| c.starts_with("[%clk 0:0")),
        "{pgn}"
    );
}

async fn a_flag_falls_with_nobody_moving(db: &str) {
    let s = server(db).await;
    let (mut r, mut b) = (guest(s.addr).await, guest(s.addr).await);
    let g = game(
        &mut r,
        &mut b,
        TimeControl::new(1, 0),
        false,
        Rules::Asian,
        None,
    )
    .await;
    play(&mut r, &mut b, g, 0, "h2e2").await;
    play(&mut b, &mut r, g, 1, "h9g7").await;
    // Red's clock runs from here; nobody sends anything.
    let (result, reason, ..) = over_within(&mut b, g, Duration::from_secs(5)).await;
    assert_eq!((result.as_str(), reason.as_str()), ("0-1", "timeout"));
}

async fn each_rulebook_judges_perpetual_check(db: &str) {
    let s = server(db).await;
    let cycle = ["a9a8", "e8e9", "a8a9", "e9e8"];
    // League: the fourth occurrence (3 cycles); Asian: the third (2 cycles).
    for (rules, cycles) in [(Rules::League, 3), (Rules::Asian, 2)] {
        let (mut r, mut b) = (guest(s.addr).await, guest(s.addr).await);
        let fen = "R8/4k4/9/9/9/9/9/9/9/3K5 w - - 0 1";
        let g = game(&mut r, &mut b, BLITZ, false, rules, Some(fen)).await;
        let mut ply: u32 = 0;
        for _ in 0..cycles {
            for mv in cycle {
                let (mover, other) = if ply.is_multiple_of(2) {
                    (&mut r, &mut b)
                } else {
                    (&mut b, &mut r)
                };
                play(mover, other, g, ply, mv).await;
                ply += 1;
            }
        }
        let (result, reason, ..) = over(&mut r, g).await;
        assert_eq!(
            (result.as_str(), reason.as_str()),
            ("0-1", "perpetual_check"),
            "{rules:?}"
        );
    }
}

async fn draw_agreement_takeback_and_abort(db: &str) {
    let s = server(db).await;
    let (mut r, mut b) = (guest(s.addr).await, guest(s.addr).await);
    // Abort before both have moved.
    let g = game(&mut r, &mut b, BLITZ, false, Rules::Asian, None).await;
    play(&mut r, &mut b, g, 0, "h2e2").await;
    b.send(&ClientMsg::Abort { game: g }).await.unwrap();
    assert_eq!(over(&mut r, g).await.1, "aborted");
    // A takeback with consent, then a draw by agreement.
    let g = game(&mut r, &mut b, BLITZ, false, Rules::Asian, None).await;
    play(&mut r, &mut b, g, 0, "h2e2").await;
    play(&mut b, &mut r, g, 1, "h9g7").await;
    r.send(&ClientMsg::Abort { game: g }).await.unwrap();
    refused(&mut r, ErrorCode::NotNow).await;
    offer(&mut b, &mut r, g, OfferKind::Takeback).await;
    r.send(&ClientMsg::Offer {
        game: g,
        kind: OfferKind::Takeback,
    })
    .await
    .unwrap();
    let back = b
        .expect(|m| matches!(m, ServerMsg::TookBack { .. }))
        .await
        .unwrap();
    assert!(
        matches!(back, ServerMsg::TookBack { plies: 1, .. }),
        "{back:?}"
    );
    play(&mut b, &mut r, g, 1, "b9c7").await;
    offer(&mut r, &mut b, g, OfferKind::Draw).await;
    b.send(&ClientMsg::Offer {
        game: g,
        kind: OfferKind::Draw,
    })
    .await
    .unwrap();
    assert_eq!(
        over(&mut r, g).await,
        ("1/2-1/2".into(), "agreement".into(), None, None)
    );
    let pgn = http_get(s.addr, &format!("/game/{g}.pgn")).await;
    let record = xiangqi::pgn::read(pgn.as_bytes()).expect("reads");
    assert_eq!(record.len(), 2, "the takeback is in the archive: {pgn}");
}

async fn disconnect_then_claim_and_reconnect(db: &str) {
    let s = server(db).await;
    let (mut r, mut b) = (player(s.addr, "r").await, player(s.addr, "b").await);
    let g = game(&mut r, &mut b, BLITZ, false, Rules::Asian, None).await;
    play(&mut r, &mut b, g, 0, "h2e2").await;
    // Red leaves and comes back with its token: the same game, moves and all.
    let token = r.token.clone().expect("a token");
    let name = r.name.clone();
    r.close().await;
    hears_connection(&mut b, false).await;
    let mut r = chuhan_server::bot::Bot::connect(s.addr).await.unwrap();
    r.log_in(ClientMsg::Resume { token }).await.unwrap();
    assert_eq!(r.name, name);
    let ServerMsg::Game { game: view } = r
        .expect(|m| matches!(m, ServerMsg::Game { .. }))
        .await
        .unwrap()
    else {
        unreachable!()
    };
    assert_eq!(
        (view.id, view.you, view.moves.clone()),
        (g, Role::Red, vec!["h2e2".to_owned()])
    );
    hears_connection(&mut b, true).await;
    play(&mut b, &mut r, g, 1, "h9g7").await;
    // Black leaves: a claim too early is refused, one after the wait wins.
    b.close().await;
    hears_connection(&mut r, false).await;
    r.send(&ClientMsg::Claim {
        game: g,
        kind: ClaimKind::Win,
    })
    .await
    .unwrap();
    refused(&mut r, ErrorCode::NotNow).await;
    tokio::time::sleep(Duration::from_millis(1100)).await;
    r.send(&ClientMsg::Claim {
        game: g,
        kind: ClaimKind::Win,
    })
    .await
    .unwrap();
    assert_eq!(over(&mut r, g).await.0, "1-0");
}

async fn rematch_swaps_colours(db: &str) {
    let s = server(db).await;
    let (mut r, mut b) = (guest(s.addr).await, guest(s.addr).await);
    let g = game(&mut r, &mut b, BLITZ, false, Rules::Asian, None).await;
    play(&mut r, &mut b, g, 0, "h2e2").await;
    play(&mut b, &mut r, g, 1, "h9g7").await;
    r.send(&ClientMsg::Resign { game: g }).await.unwrap();
    over(&mut b, g).await;
    offer(&mut r, &mut b, g, OfferKind::Rematch).await;
    b.send(&ClientMsg::Offer {
        game: g,
        kind: OfferKind::Rematch,
    })
    .await
    .unwrap();
    let is_new = move |m: &ServerMsg| matches!(m, ServerMsg::Game { game } if game.id != g);
    let ServerMsg::Game { game: new } = r.expect(is_new).await.unwrap() else {
        unreachable!()
    };
    assert_eq!(new.you, Role::Black);
    assert_eq!(
        (new.red.name.as_str(), new.black.name.as_str()),
        (b.name.as_str(), r.name.as_str())
    );
}

async fn a_spectator_joins_mid_game(db: &str) {
    let s = server(db).await;
    let (mut r, mut b) = (guest(s.addr).await, guest(s.addr).await);
    let g = game(&mut r, &mut b, BLITZ, false, Rules::Asian, None).await;
    play(&mut r, &mut b, g, 0, "h2e2").await;
    play(&mut b, &mut r, g, 1, "h9g7").await;
    let mut w = guest(s.addr).await;
    w.send(&ClientMsg::Watch { game: g }).await.unwrap();
    let ServerMsg::Game { game: view } = w
        .expect(|m| matches!(m, ServerMsg::Game { .. }))
        .await
        .unwrap()
    else {
        unreachable!()
    };
    assert_eq!((view.you, view.moves.len()), (Role::Spectator, 2));
    play(&mut r, &mut b, g, 2, "h0g2").await;
    w.expect(|m| matches!(m, ServerMsg::Moved { ply: 2, .. }))
        .await
        .unwrap();
    // The spectators' chat stays among them; the players' chat reaches everyone.
    w.send(&ClientMsg::Chat {
        room: Room::Game { game: g },
        text: "<b>好棋</b>'; DROP TABLE games;--".into(),
    })
    .await
    .unwrap();
    r.send(&ClientMsg::Chat {
        room: Room::Game { game: g },
        text: "谢谢".into(),
    })
    .await
    .unwrap();
    let is_chat = |text: &'static str| move |m: &ServerMsg| matches!(m, ServerMsg::Chat { line: ChatLine { text: t, .. }, .. } if t == text);
    w.expect(is_chat("谢谢")).await.unwrap();
    b.expect(is_chat("谢谢")).await.unwrap();
    assert!(
        b.seen
            .iter()
            .all(|m| !matches!(m, ServerMsg::Chat { line, .. } if line.spectators))
    );
    // A spectator cannot move.
    w.send(&ClientMsg::Move {
        game: g,
        ply: 3,
        mv: "b9c7".into(),
        think_ms: None,
    })
    .await
    .unwrap();
    refused(&mut w, ErrorCode::NotYourGame).await;
}

async fn a_move_sent_twice_is_played_once(db: &str) {
    let s = server(db).await;
    let (mut r, mut b) = (guest(s.addr).await, guest(s.addr).await);
    let g = game(&mut r, &mut b, BLITZ, false, Rules::Asian, None).await;
    let mv = ClientMsg::Move {
        game: g,
        ply: 0,
        mv: "h2e2".into(),
        think_ms: None,
    };
    r.send(&mv).await.unwrap();
    r.send(&mv).await.unwrap();
    for _ in 0..2 {
        r.expect(|m| matches!(m, ServerMsg::Moved { ply: 0, .. }))
            .await
            .unwrap();
    }
    play(&mut b, &mut r, g, 1, "h9g7").await;
    let seen = b
        .seen
        .iter()
        .filter(|m| matches!(m, ServerMsg::Moved { ply: 0, .. }))
        .count();
    assert_eq!(seen, 1, "the opponent sees the move once: {:?}", b.seen);
    // Out of turn, a wrong ply, an illegal move: refused, nothing changes.
    b.send(&ClientMsg::Move {
        game: g,
        ply: 2,
        mv: "b9c7".into(),
        think_ms: None,
    })
    .await
    .unwrap();
    r.send(&ClientMsg::Move {
        game: g,
        ply: 5,
        mv: "b0c2".into(),
        think_ms: None,
    })
    .await
    .unwrap();
    r.send(&ClientMsg::Move {
        game: g,
        ply: 2,
        mv: "a0a5".into(),
        think_ms: None,
    })
    .await
    .unwrap();
    let code = |m: ServerMsg| {
        if let ServerMsg::Error { code, .. } = m {
            code
        } else {
            ErrorCode::Internal
        }
    };
    let err = |m: &ServerMsg| matches!(m, ServerMsg::Error { .. });
    assert_eq!(code(b.expect(err).await.unwrap()), ErrorCode::NotYourTurn);
    assert_eq!(code(r.expect(err).await.unwrap()), ErrorCode::WrongPly);
    assert_eq!(code(r.expect(err).await.unwrap()), ErrorCode::IllegalMove);
    play(&mut r, &mut b, g, 2, "h0g2").await;
}
