//! Sending to many connections here: the lobby's followers, a player's connections, the lobby's
//! chat (which also goes to the other instances).

use std::sync::Arc;

use xiangqi_protocol::ServerMsg;

use super::{Hub, State, peers};
use crate::outbox::{ConnId, Out};

impl Hub {
    /// The players online changed here: the lobbies hear the total, the others this count.
    pub(super) fn online_changed(&self, st: &State) {
        let count = peers::online_total(st);
        lobby_send(st, &ServerMsg::Online { count });
        self.tell_all(crate::cluster::Peer::Online {
            count: st.online.len() as u32,
        });
    }

    /// Follows or leaves the lobby.
    pub fn follow_lobby(&self, conn: ConnId, on: bool) {
        let mut st = self.lock();
        let snapshot = ServerMsg::Lobby {
            seeks: (st.seeks.values().map(|s| s.view.clone()))
                .chain(st.peers.seeks.values().map(|s| s.1.clone()))
                .collect(),
            online: peers::online_total(&st),
            games: self.games_of(&st),
        };
        if let Some(c) = st.conns.get_mut(&conn) {
            c.lobby = on;
            if on {
                c.out.send(&snapshot);
            }
        }
    }

    /// Lobby chat: to every connection following the lobby, on every instance.
    pub fn lobby_chat(&self, from_key: &str, msg: &ServerMsg) {
        let frame: Arc<str> = msg.to_json().into();
        self.tell_all(crate::cluster::Peer::LobbyChat {
            from_key: from_key.to_owned(),
            frame: frame.to_string(),
        });
        self.lobby_chat_here(from_key, &frame);
    }

    /// Lobby chat: to every connection here following the lobby.
    pub(super) fn lobby_chat_here(&self, from_key: &str, frame: &Arc<str>) {
        let st = self.lock();
        for c in st.conns.values().filter(|c| c.lobby) {
            c.out.push(Out::Chat {
                from_key: from_key.to_owned(),
                frame: Arc::clone(frame),
            });
        }
    }
}

pub(super) fn lobby_send(st: &State, msg: &ServerMsg) {
    let frame: Arc<str> = msg.to_json().into();
    for c in st.conns.values().filter(|c| c.lobby) {
        c.out.push(Out::Frame(Arc::clone(&frame)));
    }
}

pub(super) fn user_send(st: &State, key: &str, msg: &ServerMsg) {
    if let Some(set) = st.online.get(key) {
        for c in set {
            if let Some(c) = st.conns.get(c) {
                c.out.send(msg);
            }
        }
    }
}

pub(super) fn user_send_unless_lobby(st: &State, key: &str, msg: &ServerMsg) {
    if let Some(set) = st.online.get(key) {
        for c in set {
            if let Some(c) = st.conns.get(c).filter(|c| !c.lobby) {
                c.out.send(msg);
            }
        }
    }
}
