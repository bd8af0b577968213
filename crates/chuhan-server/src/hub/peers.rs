//! The incoming side of the seam between instances: what the others' messages do here
//! ([`Hub::on_peer`]), what is remembered of the others ([`Peers`]: their players online, when
//! each was last heard, and the stand-ins here, proxies, of their connections attached to this
//! instance's games: a connection here whose frames go back to its instance), and what the
//! leases ask of the hub (`crate::cluster` keeps them, through the hub's methods only).

use std::collections::{HashMap, HashSet};
use std::sync::atomic::Ordering::Relaxed;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Instant;

use xiangqi_protocol::{ClientMsg, ErrorCode, GameSummary, SeekView, ServerMsg};

use super::others::{LEASE_MS, Others, Peer};
use super::{Attached, Hub, Place, Refusal};
use crate::lobby::LobbyMsg;
use crate::outbox::{ConnId, Out, outbox};
use crate::store::{GameRow, MoveRow};
use crate::user::User;

/// The stand-in here of another instance's connection.
#[derive(Clone)]
struct Proxy {
    id: ConnId,
    user: User,
    games: Attached,
}

#[derive(Default)]
struct Maps {
    /// Their players online, by instance.
    online: HashMap<u16, u32>,
    /// The proxies here of their connections, by (instance, connection there).
    proxies: HashMap<(u16, u64), Proxy>,
    /// The proxies by their player's name key.
    proxy_keys: HashMap<String, HashSet<ConnId>>,
    /// When each instance was last heard from (each says how many are online every
    /// `LEASE_EVERY`).
    heard: HashMap<u16, Instant>,
}

/// The owner of what is known of the other instances.
#[derive(Default)]
pub(crate) struct Peers(Mutex<Maps>);

impl Peers {
    fn lock(&self) -> MutexGuard<'_, Maps> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Its lock, held (a test shows what does not wait for it).
    #[cfg(test)]
    pub(super) fn held(&self) -> impl Sized + '_ {
        self.lock()
    }

    /// Players online on the other instances.
    pub(crate) fn online_elsewhere(&self) -> u32 {
        self.lock().online.values().sum()
    }

    /// Whether instance `n` has been heard from lately.
    pub(crate) fn is_alive(&self, n: u16) -> bool {
        self.lock().heard.contains_key(&n)
    }

    /// The proxies here of a player's connections elsewhere, by name key.
    pub(crate) fn proxies_of(&self, key: &str) -> Vec<ConnId> {
        let m = self.lock();
        m.proxy_keys
            .get(key)
            .into_iter()
            .flatten()
            .copied()
            .collect()
    }

    fn proxy(&self, from: u16, conn: u64) -> Option<Proxy> {
        self.lock().proxies.get(&(from, conn)).cloned()
    }

    fn add_proxy(&self, from: u16, conn: u64, proxy: Proxy) {
        let mut m = self.lock();
        let key = proxy.user.key.clone();
        m.proxy_keys.entry(key).or_default().insert(proxy.id);
        m.proxies.insert((from, conn), proxy);
    }

    fn remove_proxy(&self, from: u16, conn: u64) -> Option<Proxy> {
        let mut m = self.lock();
        let p = m.proxies.remove(&(from, conn))?;
        if let Some(set) = m.proxy_keys.get_mut(&p.user.key) {
            set.remove(&p.id);
            if set.is_empty() {
                m.proxy_keys.remove(&p.user.key);
            }
        }
        Some(p)
    }

    /// The instances not heard from for a lease's length, forgotten: each with its
    /// connections' proxies (`(instance, connection there)`).
    fn silent(&self) -> Vec<(u16, Vec<u64>)> {
        let mut m = self.lock();
        let silent: Vec<u16> = (m.heard.iter())
            .filter(|(_, t)| t.elapsed().as_millis() as i64 > LEASE_MS)
            .map(|(n, _)| *n)
            .collect();
        let mut gone = Vec::new();
        for n in silent {
            m.heard.remove(&n);
            m.online.remove(&n);
            let conns = (m.proxies.keys())
                .filter(|(from, _)| *from == n)
                .map(|(_, conn)| *conn)
                .collect();
            gone.push((n, conns));
        }
        gone
    }
}

impl Hub {
    /// Joins the other instances: from now on this hub tells them, through `link`, what they
    /// need to know, and hears them through [`Hub::on_peer`].
    pub fn join_others(&self, link: Arc<dyn Others>) {
        let _ = self.others.set(link);
    }

    /// A message from instance `from`.
    pub async fn on_peer(self: &Arc<Self>, from: u16, peer: Peer) {
        self.peers.lock().heard.insert(from, Instant::now());
        match peer {
            Peer::Hello => self.announce(from).await,
            Peer::Seek { seek } => self.lobby.tell(LobbyMsg::PeerSeek(from, seek)),
            Peer::SeekGone { seek } => self.lobby.tell(LobbyMsg::PeerSeekGone(seek)),
            Peer::Online { count } => {
                self.peers.lock().online.insert(from, count);
                self.conns.with_online(|here| {
                    let total = here + self.peers.online_elsewhere();
                    self.lobby.tell(LobbyMsg::Online(total));
                });
            }
            Peer::Listed { game, keys } => self.on_listed(from, game, keys),
            Peer::Unlisted { game } => {
                self.directory.over(game, Some(from));
                self.lobby.tell(LobbyMsg::Unlisted(game));
            }
            Peer::Closed { game } => {
                if let Some(conns) = self.directory.remove(game, Some(from)) {
                    self.conns.forget_game(game, &conns);
                }
            }
            Peer::LobbyChat { from_key, frame } => self.lobby_chat_here(&from_key, frame.into()),
            Peer::Accept { conn, seek, user } => {
                self.proxy(from, conn, &user);
                if let Err(e) = self.accept_seek(&user, seek, None).await {
                    self.deliver_error(from, conn, e);
                    self.drop_idle_proxy(from, conn);
                }
            }
            Peer::Attach { conn, game, user } => {
                let p = self.proxy(from, conn, &user);
                let watch = ClientMsg::Watch { game };
                if !p.games.contains(game)
                    && let Err(e) = self.to_game(p.id, &p.games, &user, game, watch)
                {
                    self.deliver_error(from, conn, e);
                    self.drop_idle_proxy(from, conn);
                }
            }
            Peer::ToGame { conn, game, msg } => {
                let result = match self.peers.proxy(from, conn) {
                    Some(p) => self.to_game(p.id, &p.games, &p.user, game, msg),
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
                let Some(p) = self.peers.proxy(from, conn) else {
                    return;
                };
                if let Some(Place::Here(tx)) = p.games.remove(game) {
                    tx.detach(p.id);
                }
                if p.games.is_empty() {
                    self.drop_proxy(from, conn);
                }
            }
            Peer::Deliver {
                conn,
                from_key,
                frame,
            } => {
                if let Some(h) = self.conns.handles(conn) {
                    h.out.push(match from_key {
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

    /// Tells instance `to` what this one holds.
    async fn announce(&self, to: u16) {
        let Some(link) = self.others.get() else {
            return;
        };
        for seek in self.lobby.seeks().await {
            link.to(to, Peer::Seek { seek });
        }
        for (game, keys) in self.directory.listed_here() {
            link.to(to, Peer::Listed { game, keys });
        }
        self.conns
            .with_online(|count| link.to(to, Peer::Online { count }));
    }

    /// The proxy here of connection `conn` of instance `from`, made when new.
    fn proxy(&self, from: u16, conn: u64, user: &User) -> Proxy {
        if let Some(p) = self.peers.proxy(from, conn) {
            return p;
        }
        let id = self.next.fetch_add(1, Relaxed);
        let (out, mut inbox) = outbox(id);
        if let Some(link) = self.others.get().cloned() {
            tokio::spawn(async move {
                while let Some(o) = inbox.next().await {
                    let (from_key, frame) = match o {
                        Out::Frame(f) => (None, f),
                        Out::Chat { from_key, frame } => (Some(from_key), frame),
                        // Only a connection's own session closes it, on its own instance.
                        Out::Close { .. } => continue,
                    };
                    let frame = frame.to_string();
                    link.to(
                        from,
                        Peer::Deliver {
                            conn,
                            from_key,
                            frame,
                        },
                    );
                }
            });
        }
        let games = self.conns.add_proxy(out, user);
        let user = user.clone();
        let p = Proxy { id, user, games };
        self.peers.add_proxy(from, conn, p.clone());
        p
    }

    fn drop_proxy(&self, from: u16, conn: u64) {
        if let Some(p) = self.peers.remove_proxy(from, conn) {
            self.conns.remove(p.id, |_, _| {});
        }
    }

    /// A proxy made for a request that failed goes again unless it is on a game.
    fn drop_idle_proxy(&self, from: u16, conn: u64) {
        if (self.peers.proxy(from, conn)).is_some_and(|p| p.games.is_empty()) {
            self.drop_proxy(from, conn);
        }
    }

    fn deliver_error(&self, from: u16, conn: u64, e: Refusal) {
        let frame = ServerMsg::error(e.0, e.1).to_json();
        let from_key = None;
        (self.others()).to(
            from,
            Peer::Deliver {
                conn,
                from_key,
                frame,
            },
        );
    }

    /// Another instance owns a game (it started it or took it over): it is listed, and the
    /// connections here on it (its players', and those watching) are attached to it there.
    fn on_listed(&self, from: u16, game: GameSummary, keys: [String; 2]) {
        let Some(link) = self.others.get().cloned() else {
            return;
        };
        let id = game.id;
        self.lobby.tell(LobbyMsg::Listed(game.clone()));
        // A game that lived here lives there now: the other instance holds its lease.
        let place = Place::At(from);
        self.directory.insert(id, place.clone(), game, keys.clone());
        let found = self.conns.rejoin(id, &keys, &place);
        self.directory.note(id, found.iter().map(|f| f.0));
        for (conn, _, user) in found {
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

    /// Says how many are online here (the others take it as a sign of life), and forgets the
    /// seeks, players and proxies of instances not heard from for a lease's length.
    pub fn heartbeat(&self) {
        self.conns
            .with_online(|count| self.tell_all(Peer::Online { count }));
        for (n, proxies) in self.peers.silent() {
            tracing::warn!(
                instance = n,
                "instance silent: its seeks and players forgotten"
            );
            // Its connections' proxies here leave their games.
            for conn in proxies {
                if let Some(p) = self.peers.remove_proxy(n, conn) {
                    self.detach_all(p.id, p.games.take_all());
                    self.conns.remove(p.id, |_, _| {});
                }
            }
            let store = Arc::clone(&self.store);
            tokio::spawn(async move { store.remove_seeks_of(&format!("i{n}")).await });
            self.lobby.tell(LobbyMsg::InstanceGone(n));
            self.conns.with_online(|here| {
                let total = here + self.peers.online_elsewhere();
                self.lobby.tell(LobbyMsg::Online(total));
            });
        }
    }

    /// The games that live here.
    pub fn games_here(&self) -> Vec<u64> {
        self.directory.here()
    }

    /// Whether a game lives here.
    pub fn is_here(&self, game: u64) -> bool {
        self.directory.is_here(game)
    }

    /// A game's lease went to another instance: it is forgotten here (its connections leave
    /// it; its task ends once nothing holds its mailbox).
    pub fn lease_lost(&self, game: u64) {
        if let Some(conns) = self.directory.remove(game, None) {
            self.conns.forget_game(game, &conns);
        }
    }

    /// Takes over a stored game whose owner is gone: resumed here, the connections here of its
    /// players and of those on it attached, the others told. Whether it was resumed.
    pub async fn take_over(self: &Arc<Self>, row: GameRow, moves: &[MoveRow]) -> bool {
        let Some(summary) = self.resume(row, moves).await else {
            return false;
        };
        let id = summary.id;
        if let (Some(place), Some(keys)) = (self.directory.place(id), self.directory.keys(id))
            && let Place::Here(tx) = &place
        {
            let found = self.conns.rejoin(id, &keys, &place);
            self.directory.note(id, found.iter().map(|f| f.0));
            for (_, out, user) in found {
                tx.attach_or_close(out, user);
            }
        }
        self.listed(summary);
        true
    }

    /// A seek another instance holds, read from the database.
    pub fn peer_seek(&self, instance: u16, view: SeekView) {
        self.lobby.tell(LobbyMsg::PeerSeek(instance, view));
    }
}
