//! The hub among several instances (`crate::cluster` carries the messages): what the others
//! hold (their seeks, games and players online), the connections of other instances attached
//! to this one's games (each a proxy: a connection here whose frames go back to its instance),
//! and the leases: every game in play is owned by one instance, which renews its lease every
//! `LEASE_EVERY` (`leases.rs`).

use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::sync::atomic::Ordering::Relaxed;

use xiangqi_protocol::{ClientMsg, ErrorCode, GameSummary, ServerMsg};

use super::{Conn, GameEntry, Hub, Place, State, User};
use crate::cluster::{Link, Peer};
use crate::lobby::LobbyMsg;
use crate::outbox::{ConnId, Out, outbox};

/// What the other instances hold.
#[derive(Default)]
pub(super) struct Peers {
    /// Their players online, by instance.
    pub online: HashMap<u16, u32>,
    /// The proxies here of their connections: (instance, connection) to the proxy.
    pub proxies: HashMap<(u16, u64), ConnId>,
    /// The proxies by their player's name key.
    pub proxy_keys: HashMap<String, HashSet<ConnId>>,
    /// When each instance was last heard from (each says how many are online every
    /// `LEASE_EVERY`).
    pub heard: HashMap<u16, std::time::Instant>,
}

/// The connections here (not proxies) of a game's players, and those that were on it: each
/// marked as on the game, with its queue and user (to attach them where the game now lives).
pub(super) fn rejoiners(
    st: &mut State,
    game: u64,
    keys: &[String; 2],
) -> Vec<(ConnId, crate::outbox::Outbox, User)> {
    let players: HashSet<ConnId> = keys
        .iter()
        .filter_map(|k| st.online.get(k))
        .flatten()
        .copied()
        .collect();
    let mut found = Vec::new();
    for (&cid, c) in &mut st.conns {
        if c.ip.is_unspecified() || !(players.contains(&cid) || c.games.contains(&game)) {
            continue;
        }
        let Some(user) = c.user.clone() else { continue };
        c.games.insert(game);
        found.push((cid, c.out.clone(), user));
    }
    found
}

/// Players online on every instance.
pub(super) fn online_total(st: &State) -> u32 {
    st.online.len() as u32 + st.peers.online.values().sum::<u32>()
}

impl Hub {
    /// The way to the other instances, when there are any.
    pub(super) fn link(&self) -> Option<&Link> {
        self.link.get()
    }

    /// Tells every other instance.
    pub(super) fn tell_all(&self, peer: Peer) {
        if let Some(l) = self.link() {
            l.all(peer);
        }
    }

    /// The proxy here of connection `conn` of instance `from`, made when new.
    fn proxy(&self, st: &mut State, from: u16, conn: u64, user: &User) -> ConnId {
        if let Some(&p) = st.peers.proxies.get(&(from, conn)) {
            return p;
        }
        let id = self.next.fetch_add(1, Relaxed);
        let (out, mut inbox) = outbox(id);
        if let Some(link) = self.link().cloned() {
            tokio::spawn(async move {
                while let Some(o) = inbox.rx.recv().await {
                    let (from_key, frame) = match o {
                        Out::Frame(f) => (None, f),
                        Out::Chat { from_key, frame } => (Some(from_key), frame),
                        // Only a connection's own session closes it, on its own instance.
                        Out::Close { .. } => continue,
                    };
                    link.to(
                        from,
                        Peer::Deliver {
                            conn,
                            from_key,
                            frame: frame.to_string(),
                        },
                    );
                }
            });
        }
        st.conns.insert(
            id,
            Conn {
                out,
                ip: std::net::IpAddr::from([0, 0, 0, 0]),
                user: Some(user.clone()),
                games: HashSet::new(),
            },
        );
        st.peers.proxies.insert((from, conn), id);
        st.peers
            .proxy_keys
            .entry(user.key.clone())
            .or_default()
            .insert(id);
        id
    }

    pub(super) fn drop_proxy(st: &mut State, from: u16, conn: u64) {
        let Some(p) = st.peers.proxies.remove(&(from, conn)) else {
            return;
        };
        if let Some(c) = st.conns.remove(&p)
            && let Some(user) = c.user
            && let Some(set) = st.peers.proxy_keys.get_mut(&user.key)
        {
            set.remove(&p);
            if set.is_empty() {
                st.peers.proxy_keys.remove(&user.key);
            }
        }
    }

    fn deliver_error(&self, from: u16, conn: u64, e: (ErrorCode, String)) {
        if let Some(l) = self.link() {
            l.to(
                from,
                Peer::Deliver {
                    conn,
                    from_key: None,
                    frame: ServerMsg::error(e.0, e.1).to_json(),
                },
            );
        }
    }

    /// Tells instance `to` what this one holds.
    async fn announce(&self, to: u16) {
        let Some(link) = self.link() else { return };
        for seek in self.lobby.seeks().await {
            link.to(to, Peer::Seek { seek });
        }
        let st = self.lock();
        for g in st.games.values().filter(|g| !g.over && g.here().is_some()) {
            link.to(
                to,
                Peer::Listed {
                    game: g.summary.clone(),
                    keys: g.keys.clone(),
                },
            );
        }
        link.to(
            to,
            Peer::Online {
                count: st.online.len() as u32,
            },
        );
    }

    /// A message from instance `from`.
    pub(super) async fn on_peer(self: &Arc<Hub>, from: u16, peer: Peer) {
        self.lock()
            .peers
            .heard
            .insert(from, std::time::Instant::now());
        match peer {
            Peer::Hello => self.announce(from).await,
            Peer::Seek { seek } => self.lobby.tell(LobbyMsg::PeerSeek(from, seek)),
            Peer::SeekGone { seek } => self.lobby.tell(LobbyMsg::PeerSeekGone(seek)),
            Peer::Online { count } => {
                let mut st = self.lock();
                st.peers.online.insert(from, count);
                self.lobby.tell(LobbyMsg::Online(online_total(&st)));
            }
            Peer::Listed { game, keys } => self.on_listed(from, game, keys),
            Peer::Unlisted { game } => {
                let mut st = self.lock();
                if let Some(g) = st.games.get_mut(&game)
                    && matches!(g.place, Place::At(_))
                {
                    g.over = true;
                }
                self.lobby.tell(LobbyMsg::Unlisted(game));
            }
            Peer::Closed { game } => {
                let mut st = self.lock();
                if (st.games.get(&game))
                    .is_some_and(|g| matches!(g.place, Place::At(o) if o == from))
                {
                    st.games.remove(&game);
                }
            }
            Peer::LobbyChat { from_key, frame } => self.lobby_chat_here(&from_key, frame.into()),
            Peer::Accept { conn, seek, user } => {
                self.lock_proxy(from, conn, &user);
                if let Err(e) = self.accept_seek(&user, seek, None).await {
                    self.deliver_error(from, conn, e);
                    self.drop_idle_proxy(from, conn);
                }
            }
            Peer::Attach { conn, game, user } => {
                let p = self.lock_proxy(from, conn, &user);
                let attached = self
                    .lock()
                    .conns
                    .get(&p)
                    .is_some_and(|c| c.games.contains(&game));
                if !attached && let Err(e) = self.to_game(p, &user, game, ClientMsg::Watch { game })
                {
                    self.deliver_error(from, conn, e);
                    self.drop_idle_proxy(from, conn);
                }
            }
            Peer::ToGame { conn, game, msg } => {
                let found = {
                    let st = self.lock();
                    st.peers.proxies.get(&(from, conn)).and_then(|p| {
                        st.conns
                            .get(p)
                            .and_then(|c| c.user.clone())
                            .map(|u| (*p, u))
                    })
                };
                let result = match found {
                    Some((p, user)) => self.to_game(p, &user, game, msg),
                    None => Err((
                        ErrorCode::NotYourGame,
                        format!("you are not on game {game}"),
                    )),
                };
                if let Err(e) = result {
                    self.deliver_error(from, conn, e);
                }
            }
            Peer::Detach { conn, game } => {
                let mut st = self.lock();
                let Some(&p) = st.peers.proxies.get(&(from, conn)) else {
                    return;
                };
                if let Some(tx) = st.games.get(&game).and_then(GameEntry::here) {
                    tx.detach(p);
                }
                let empty = st.conns.get_mut(&p).is_none_or(|c| {
                    c.games.remove(&game);
                    c.games.is_empty()
                });
                if empty {
                    Hub::drop_proxy(&mut st, from, conn);
                }
            }
            Peer::Deliver {
                conn,
                from_key,
                frame,
            } => {
                let st = self.lock();
                if let Some(c) = st.conns.get(&conn) {
                    c.out.push(match from_key {
                        Some(from_key) => Out::Chat {
                            from_key,
                            frame: frame.into(),
                        },
                        None => Out::Frame(frame.into()),
                    });
                }
            }
        }
    }

    /// A proxy made for a request that failed goes again unless it is on a game.
    fn drop_idle_proxy(&self, from: u16, conn: u64) {
        let mut st = self.lock();
        let idle = (st.peers.proxies.get(&(from, conn)))
            .is_some_and(|p| st.conns.get(p).is_none_or(|c| c.games.is_empty()));
        if idle {
            Hub::drop_proxy(&mut st, from, conn);
        }
    }

    fn lock_proxy(&self, from: u16, conn: u64, user: &User) -> ConnId {
        let mut st = self.lock();
        self.proxy(&mut st, from, conn, user)
    }

    /// Another instance owns a game (it started it or took it over): it is listed, and the
    /// connections here on it (its players', and those watching) are attached to it there.
    fn on_listed(&self, from: u16, game: GameSummary, keys: [String; 2]) {
        let Some(link) = self.link().cloned() else {
            return;
        };
        let id = game.id;
        let mut st = self.lock();
        self.lobby.tell(LobbyMsg::Listed(game.clone()));
        // A game that lived here lives there now: the other instance holds its lease.
        st.games.insert(
            id,
            GameEntry {
                place: Place::At(from),
                summary: game,
                keys: keys.clone(),
                over: false,
            },
        );
        for (conn, _, user) in rejoiners(&mut st, id, &keys) {
            link.to(
                from,
                Peer::Attach {
                    conn,
                    game: id,
                    user,
                },
            );
        }
    }

    /// A message for a game another instance owns: forwarded there (a first `Watch` attaches
    /// the connection, `Unwatch` detaches it).
    pub(super) fn to_remote_game(
        st: &mut State,
        link: &Link,
        owner: u16,
        conn: ConnId,
        user: &User,
        game: u64,
        msg: ClientMsg,
    ) -> Result<(), (ErrorCode, String)> {
        let Some(c) = st.conns.get_mut(&conn) else {
            return Ok(());
        };
        let attached = c.games.contains(&game);
        match msg {
            ClientMsg::Watch { .. } if !attached => {
                c.games.insert(game);
                let user = user.clone();
                link.to(owner, Peer::Attach { conn, game, user });
            }
            ClientMsg::Unwatch { .. } if attached => {
                c.games.remove(&game);
                link.to(owner, Peer::Detach { conn, game });
            }
            _ if !attached => {
                return Err((
                    ErrorCode::NotYourGame,
                    format!("you are not on game {game}"),
                ));
            }
            msg => link.to(owner, Peer::ToGame { conn, game, msg }),
        }
        Ok(())
    }

    /// Where a game lives: `None` here (or nowhere known), else the instance that owns it.
    pub(super) fn owner_of(st: &State, game: u64) -> Option<u16> {
        match st.games.get(&game)?.place {
            Place::Here(_) => None,
            Place::At(owner) => Some(owner),
        }
    }
}
