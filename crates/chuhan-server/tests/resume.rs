//! A game resumed by a server started again on the same database shows what it showed before:
//! both players' ratings (a resumed game once showed none: `1500?` went missing from the name line
//! after the server came back).

mod common;

use chuhan_server::bot::Bot;
use xiangqi_protocol::{ClientMsg, Rules, ServerMsg, TimeControl};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_resumed_game_shows_the_players_ratings() {
    let dir = std::env::temp_dir().join(format!("chuhan-resume-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let url = format!("sqlite://{}", dir.join("db.sqlite").display());
    let first = chuhan_server::start(common::config(&url)).await.unwrap();
    let (mut r, mut b) = (
        common::player(first.addr, "rr").await,
        common::player(first.addr, "rb").await,
    );
    let g = common::game(
        &mut r,
        &mut b,
        TimeControl::new(300, 3),
        true,
        Rules::Asian,
        None,
    )
    .await;
    common::play(&mut r, &mut b, g, 0, "h2e2").await;
    let red_name = r.name.clone();

    // Another server on the same database resumes the game; Red logs in there.
    let second = chuhan_server::start(common::config(&url)).await.unwrap();
    let mut again = Bot::connect(second.addr).await.unwrap();
    again
        .log_in(ClientMsg::Login {
            name: red_name,
            password: "long enough secret".into(),
        })
        .await
        .unwrap();
    let ServerMsg::Game { game } = again
        .expect(|m| matches!(m, ServerMsg::Game { game } if game.id == g))
        .await
        .unwrap()
    else {
        unreachable!()
    };
    assert_eq!(game.moves.len(), 1);
    for p in [&game.red, &game.black] {
        assert_eq!((p.rating, p.provisional), (Some(1500), true), "{p:?}");
    }
    first.task.abort();
    second.task.abort();
    let _ = std::fs::remove_dir_all(&dir);
}
