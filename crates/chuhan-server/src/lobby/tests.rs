//! The lobby's task with a stand-in for the server: what followers and players hear, its limits,
//! and a full mailbox that loses nothing.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use xiangqi_protocol::{ColorChoice, ErrorCode, Rules, SeekView, ServerMsg, TimeControl};

use super::*;
use crate::outbox::{Inbox, Out, outbox};

/// The server as the lobby sees it: players' connections, and the seeks said to be gone. A
/// lock the test can hold stalls the lobby inside its next question.
#[derive(Clone, Default)]
struct Stand {
    conns: Arc<Mutex<HashMap<String, Vec<Outbox>>>>,
    gone: Arc<Mutex<Vec<u64>>>,
    stall: Arc<Mutex<()>>,
}

impl Host for Stand {
    fn conns_of(&self, key: &str) -> Vec<Outbox> {
        drop(self.stall.lock());
        self.conns
            .lock()
            .unwrap()
            .get(key)
            .cloned()
            .unwrap_or_default()
    }
    fn is_online(&self, key: &str) -> bool {
        self.conns.lock().unwrap().contains_key(key)
    }
    fn seek_gone(&self, id: u64) {
        self.gone.lock().unwrap().push(id);
    }
}

fn user(name: &str) -> User {
    User {
        account: None,
        name: name.into(),
        key: name.to_lowercase(),
        guest: true,
    }
}

fn seek(id: u64, owner: &User) -> Seek {
    Seek {
        view: SeekView {
            id,
            name: owner.name.clone(),
            rating: None,
            provisional: false,
            time: TimeControl::new(300, 3),
            rated: false,
            color: ColorChoice::Random,
            rules: Rules::Asian,
            rating_min: None,
            rating_max: None,
        },
        owner: owner.clone(),
    }
}

/// The messages waiting in an inbox.
fn heard(inbox: &mut Inbox) -> Vec<ServerMsg> {
    let mut all = Vec::new();
    while let Some(out) = inbox.try_next() {
        let (Out::Frame(f) | Out::Chat { frame: f, .. }) = out else {
            continue;
        };
        all.push(serde_json::from_str(&f).unwrap());
    }
    all
}

#[tokio::test]
async fn seeks_are_heard_limited_and_go_with_their_owner() {
    let stand = Stand::default();
    let lobby = spawn(Box::new(stand.clone()), MAILBOX);
    let (owner_out, mut owner_in) = outbox(1);
    let (watcher_out, mut watcher_in) = outbox(2);
    let owner = user("Owner");
    stand
        .conns
        .lock()
        .unwrap()
        .insert(owner.key.clone(), vec![owner_out]);
    lobby.tell(LobbyMsg::Follow {
        conn: 2,
        out: Some(watcher_out),
    });
    for id in 1..=MAX_SEEKS_PER_PLAYER as u64 {
        lobby.open(seek(id, &owner)).await.unwrap();
    }
    let sixth = lobby.open(seek(99, &owner)).await;
    assert_eq!(sixth.map_err(|e| e.0), Err(ErrorCode::NotNow));
    // A stranger who is not online opens nothing.
    let stranger = lobby.open(seek(100, &user("Stranger"))).await;
    assert_eq!(stranger.map_err(|e| e.0), Err(ErrorCode::NotLoggedIn));
    let added = |m: &ServerMsg| matches!(m, ServerMsg::SeekAdded { .. });
    // The follower saw the lobby (empty), then five seeks; the owner, not following, its own.
    let w = heard(&mut watcher_in);
    assert!(matches!(&w[0], ServerMsg::Lobby { seeks, .. } if seeks.is_empty()));
    assert_eq!(w.iter().filter(|m| added(m)).count(), MAX_SEEKS_PER_PLAYER);
    assert_eq!(heard(&mut owner_in).iter().filter(|m| added(m)).count(), 5);
    // The refused ones were never shown, and are said to be gone (for the other instances).
    assert_eq!(*stand.gone.lock().unwrap(), vec![99, 100]);
    // Its owner leaves: every seek goes, and the follower hears each.
    stand.conns.lock().unwrap().clear();
    lobby.tell(LobbyMsg::Left(owner.key.clone()));
    assert!(matches!(lobby.find(1).await, Found::Nowhere));
    let removed = heard(&mut watcher_in)
        .iter()
        .filter(|m| matches!(m, ServerMsg::SeekRemoved { .. }))
        .count();
    assert_eq!(removed, MAX_SEEKS_PER_PLAYER);
    assert_eq!(stand.gone.lock().unwrap().len(), 2 + MAX_SEEKS_PER_PLAYER);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[allow(
    clippy::await_holding_lock,
    reason = "the lock is held on purpose, to stall the lobby's task on its other thread"
)]
async fn a_full_mailbox_keeps_every_message() {
    let stand = Stand::default();
    // A mailbox of four, the lobby stalled inside a question while 100 messages arrive.
    let lobby = spawn(Box::new(stand.clone()), 4);
    let (out, mut inbox) = outbox(7);
    lobby.tell(LobbyMsg::Follow {
        conn: 7,
        out: Some(out),
    });
    let stall = stand.stall.lock().unwrap();
    lobby.tell(LobbyMsg::Challenge(Challenge {
        view: xiangqi_protocol::ChallengeView {
            id: 1,
            from: "A".into(),
            to: "B".into(),
            time: TimeControl::new(60, 0),
            rated: false,
            color: ColorChoice::Random,
            rules: Rules::Asian,
            fen: None,
        },
        from: user("A"),
        to_key: "b".into(),
    }));
    tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    for count in 0..100 {
        lobby.tell(LobbyMsg::Online(count));
    }
    drop(stall);
    // Asked after the 100 (a question waits its turn behind those that waited for room).
    let _ = lobby.seeks().await;
    tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    let counts = heard(&mut inbox)
        .iter()
        .filter(|m| matches!(m, ServerMsg::Online { .. }))
        .count();
    assert_eq!(counts, 100);
}
