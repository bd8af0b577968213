//! Claims against a player who left: a claim before both sides have moved aborts the game
//! (never won or rated), on SQLite in memory and on PostgreSQL. The claim after moves is in
//! `games.rs` (disconnect then claim and reconnect).

#[macro_use]
mod common;

use std::time::Duration;

use common::{game, over, play, player, server};
use xiangqi_protocol::{ClaimKind, ClientMsg, Rules, ServerMsg, TimeControl};

const BLITZ: TimeControl = TimeControl::new(300, 3);

on_both!(a_claim_before_both_sides_moved_aborts);

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
        r.expect(|m| {
            matches!(
                m,
                ServerMsg::Connection {
                    connected: false,
                    ..
                }
            )
        })
        .await
        .unwrap();
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
