//! The hub's maps each behind their own lock, and a move that takes none of them.

use std::sync::Arc;
use std::time::Duration;

use xiangqi_protocol::{ClientMsg, Rules, ServerMsg, TimeControl};

use super::Hub;
use crate::config::Config;
use crate::outbox::{Inbox, Out};
use crate::store::SqlStore;
use crate::user::User;

fn guest(name: &str) -> User {
    User::guest(name.to_owned(), crate::auth::guest_key())
}

/// The next frame that `pick` takes, within five seconds.
async fn frame<T>(inbox: &mut Inbox, pick: impl Fn(ServerMsg) -> Option<T>) -> Option<T> {
    let wait = async {
        while let Some(out) = inbox.next().await {
            if let Out::Frame(f) = out
                && let Ok(msg) = serde_json::from_str::<ServerMsg>(&f)
                && let Some(t) = pick(msg)
            {
                return Some(t);
            }
        }
        None
    };
    tokio::time::timeout(Duration::from_secs(5), wait)
        .await
        .ok()
        .flatten()
}

/// On the old hub every move took the one lock over all of the hub's maps to find its game's
/// mailbox; now the connection keeps it, so a move reaches the opponent while the connections,
/// the directory and the peers are all locked by someone else.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_move_reaches_the_opponent_while_every_map_of_the_hub_is_locked() {
    let store = SqlStore::open("sqlite::memory:").await.expect("a store");
    let hub = Hub::start(Config::default(), Arc::new(store))
        .await
        .expect("a hub");
    let ip = "127.0.0.1".parse().expect("ip");
    let (red_out, _red_in, red_games) = hub.connect(ip).expect("red connects");
    let (black_out, mut black_in, _black_games) = hub.connect(ip).expect("black connects");
    let (red, black) = (guest("Red"), guest("Black"));
    hub.login(red_out.conn, red.clone());
    hub.login(black_out.conn, black.clone());
    let time = TimeControl::new(300, 0);
    (hub.start_game(red.clone(), black, time, false, Rules::Asian, None))
        .await
        .expect("the game starts");
    let game = frame(&mut black_in, |m| match m {
        ServerMsg::Game { game, .. } => Some(game.id),
        _ => None,
    })
    .await
    .expect("black is told of the game");
    assert!(red_games.contains(game), "red's connection keeps its game");

    let held = (hub.conns.held(), hub.directory.held(), hub.peers.held());
    let mover = Arc::clone(&hub);
    let (conn, games) = (red_out.conn, red_games.clone());
    let sent = std::thread::spawn(move || {
        let mv = ClientMsg::Move {
            game,
            ply: 0,
            mv: "h2e2".into(),
            think_ms: None,
        };
        mover.to_game(conn, &games, &red, game, mv)
    });
    let moved = frame(&mut black_in, |m| match m {
        ServerMsg::Moved { mv, .. } => Some(mv),
        _ => None,
    })
    .await;
    drop(held);
    assert_eq!(sent.join().expect("the mover"), Ok(()));
    assert_eq!(
        moved.as_deref(),
        Some("h2e2"),
        "the move arrived, the maps locked"
    );
}

/// A login finds its player's games through the directory's index by player, kept as games are
/// listed, replaced (another instance took one over), ended and removed.
#[test]
fn the_directory_finds_a_players_games_by_key() {
    use super::Place;
    use super::directory::Directory;
    let summary = |id: u64| xiangqi_protocol::GameSummary {
        id,
        red: "a".into(),
        black: "b".into(),
        time: TimeControl::new(60, 0),
        rated: false,
        rules: Rules::Asian,
        plies: 0,
    };
    let keys = |a: &str, b: &str| [a.to_owned(), b.to_owned()];
    let ids = |d: &Directory, key: &str| {
        let mut v: Vec<u64> = d.of_player(key).into_iter().map(|(id, _)| id).collect();
        v.sort_unstable();
        v
    };
    let d = Directory::default();
    d.insert(1, Place::At(2), summary(1), keys("a", "b"));
    d.insert(2, Place::At(3), summary(2), keys("a", "c"));
    assert_eq!(ids(&d, "a"), [1, 2]);
    assert_eq!(ids(&d, "c"), [2]);
    d.over(1, None);
    assert_eq!(ids(&d, "a"), [2], "a game over is not found");
    assert!(d.remove(2, Some(3)).is_some());
    assert!(ids(&d, "a").is_empty() && ids(&d, "c").is_empty());
    d.insert(1, Place::At(4), summary(1), keys("d", "e"));
    assert!(
        ids(&d, "b").is_empty(),
        "the replaced entry's players are forgotten"
    );
    assert_eq!(ids(&d, "d"), [1]);
}
