//! What the hub tells the lobby (players online, following it, its chat, which also goes to the
//! other instances), and what the lobby asks of the hub ([`HubHost`]: a player's connections,
//! whether a player is here, a seek gone).

use std::sync::{Arc, Weak};

use xiangqi_protocol::ServerMsg;

use super::{Hub, State};
use crate::lobby::{Host, LobbyMsg};
use crate::outbox::{ConnId, Outbox};

/// The lobby's view of the hub (held weakly: the lobby does not keep the hub alive).
pub(super) struct HubHost(pub(super) Weak<Hub>);

impl Host for HubHost {
    fn conns_of(&self, key: &str) -> Vec<Outbox> {
        let Some(hub) = self.0.upgrade() else {
            return Vec::new();
        };
        let st = hub.lock();
        (st.online.get(key).into_iter().flatten())
            .filter_map(|c| st.conns.get(c).map(|c| c.out.clone()))
            .collect()
    }

    fn is_online(&self, key: &str) -> bool {
        self.0
            .upgrade()
            .is_some_and(|hub| hub.lock().online.contains_key(key))
    }

    fn seek_gone(&self, id: u64) {
        if let Some(hub) = self.0.upgrade() {
            hub.seek_gone(id);
        }
    }
}

impl Hub {
    /// The players online changed here: the lobby hears the total, the others this count.
    pub(super) fn online_changed(&self, st: &State) {
        let count = online_total(st);
        self.lobby.tell(LobbyMsg::Online(count));
        self.tell_all(super::others::Peer::Online {
            count: st.online.len() as u32,
        });
    }

    /// Follows or leaves the lobby.
    pub fn follow_lobby(&self, conn: ConnId, on: bool) {
        let out = on
            .then(|| self.lock().conns.get(&conn).map(|c| c.out.clone()))
            .flatten();
        self.lobby.tell(LobbyMsg::Follow { conn, out });
    }

    /// Lobby chat: to every connection following the lobby, on every instance.
    pub fn lobby_chat(&self, from_key: &str, msg: &ServerMsg) {
        let frame: Arc<str> = msg.to_json().into();
        self.tell_all(super::others::Peer::LobbyChat {
            from_key: from_key.to_owned(),
            frame: frame.to_string(),
        });
        self.lobby_chat_here(from_key, frame);
    }

    /// Lobby chat: to every connection here following the lobby.
    pub(crate) fn lobby_chat_here(&self, from_key: &str, frame: Arc<str>) {
        self.lobby.tell(LobbyMsg::Chat {
            from_key: from_key.to_owned(),
            frame,
        });
    }
}

/// Players online on every instance.
pub(crate) fn online_total(st: &State) -> u32 {
    st.online.len() as u32 + st.peers.online.values().sum::<u32>()
}
