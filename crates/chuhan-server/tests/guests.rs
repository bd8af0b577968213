//! Guests: a guest comes back with its token (after a dropped connection or a restart) until it
//! logs out, and a later guest given a resumed guest's name is not seated in its game.

#[macro_use]
mod common;

use common::{game, guest, play, server};
use xiangqi_protocol::{ClientMsg, Role, Rules, ServerMsg, TimeControl};

const BLITZ: TimeControl = TimeControl::new(300, 3);

on_both!(a_guest_comes_back_with_its_token_until_it_logs_out);

/// A guest's game resumed after a restart is not given to a later guest who happens to get the
/// same name (guests are known by a key of their own).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_guest_with_a_resumed_guests_name_is_not_seated() {
    let dir = std::env::temp_dir().join(format!("chuhan-guests-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    let db = format!("sqlite://{}", dir.join("s.db").display());
    let first = server(&db).await;
    let (mut r, mut b) = (guest(first.addr).await, guest(first.addr).await);
    let g = game(&mut r, &mut b, BLITZ, false, Rules::Asian, None).await;
    play(&mut r, &mut b, g, 0, "h2e2").await;
    // A second server on the same database resumes the game.
    let second = server(&db).await;
    let hub = &second.hub;
    let (out, _inbox, _games) = hub
        .connect("127.0.0.1".parse().expect("ip"))
        .expect("a connection");
    let newcomer = chuhan_server::user::User {
        account: None,
        name: r.name.clone(),
        key: chuhan_server::auth::guest_key(),
        guest: true,
    };
    assert_eq!(hub.login(out.conn, newcomer), Vec::<u64>::new());
    assert_eq!(
        hub.games().iter().filter(|s| s.id == g).count(),
        1,
        "the game was resumed"
    );
    // The guest itself logs in again with its token on the restarted server and gets its seat.
    let token = r.token.clone().expect("a guest has a token");
    let mut again = chuhan_server::bot::Bot::connect(second.addr)
        .await
        .expect("connects");
    again
        .log_in(ClientMsg::Resume { token })
        .await
        .expect("the guest's token still logs in");
    assert_eq!(again.name, r.name);
    let ServerMsg::Game { game: view } = again
        .expect(|m| matches!(m, ServerMsg::Game { game: v } if v.id == g))
        .await
        .expect("its game")
    else {
        unreachable!()
    };
    assert_eq!((view.you, view.moves.len()), (Role::Red, 1));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A guest's token logs it in again (a dropped connection); after logging out it does not.
async fn a_guest_comes_back_with_its_token_until_it_logs_out(db: &str) {
    let s = server(db).await;
    let (mut r, mut b) = (guest(s.addr).await, guest(s.addr).await);
    let g = game(&mut r, &mut b, BLITZ, false, Rules::Asian, None).await;
    play(&mut r, &mut b, g, 0, "h2e2").await;
    let token = r.token.clone().expect("a guest has a token");
    let name = r.name.clone();
    r.close().await;
    let mut r = chuhan_server::bot::Bot::connect(s.addr).await.unwrap();
    r.log_in(ClientMsg::Resume {
        token: token.clone(),
    })
    .await
    .unwrap();
    assert_eq!(r.name, name);
    let ServerMsg::Game { game: view } = r
        .expect(|m| matches!(m, ServerMsg::Game { game: v } if v.id == g))
        .await
        .unwrap()
    else {
        unreachable!()
    };
    assert_eq!((view.you, view.moves.len()), (Role::Red, 1));
    r.send(&ClientMsg::Logout).await.unwrap();
    r.expect(|m| matches!(m, ServerMsg::LoggedOut))
        .await
        .unwrap();
    let mut r = chuhan_server::bot::Bot::connect(s.addr).await.unwrap();
    let refused = r.log_in(ClientMsg::Resume { token }).await;
    assert!(
        refused.as_ref().is_err_and(|e| e.contains("TokenInvalid")),
        "{refused:?}"
    );
}
