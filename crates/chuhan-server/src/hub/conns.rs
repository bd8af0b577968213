//! The connections: who is connected from where, who is logged in on which, and the games each
//! connection is on ([`Attached`], which the connection's own task also holds: a move goes from
//! the socket to its game's mailbox through it, with no lock shared with other connections).
//!
//! Locks: [`Conns`] may take a connection's [`Attached`] and the peers' lock inside its own;
//! the directory and the peers take no other lock inside theirs. No lock is held across an
//! `.await`.

use std::collections::{HashMap, HashSet};
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use super::Place;
use crate::outbox::{ConnId, Outbox};
use crate::user::User;

/// The games a connection is on, and where each lives: held by the connection's task and by the
/// hub, which adds a game when it attaches the connection (a game started, a login, a watch, a
/// game taken over) and removes it when the game closes.
#[derive(Clone, Default)]
pub struct Attached(Arc<Mutex<HashMap<u64, Place>>>);

impl Attached {
    fn lock(&self) -> MutexGuard<'_, HashMap<u64, Place>> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Where a game the connection is on lives.
    pub(crate) fn get(&self, game: u64) -> Option<Place> {
        self.lock().get(&game).cloned()
    }

    /// Whether the connection is on a game.
    pub fn contains(&self, game: u64) -> bool {
        self.lock().contains_key(&game)
    }

    /// The connection is on `game`, which lives at `place`; whether it was not on it before.
    pub(crate) fn insert(&self, game: u64, place: Place) -> bool {
        self.lock().insert(game, place).is_none()
    }

    /// The game lives elsewhere now: its place changed if the connection is on it.
    pub(crate) fn moved(&self, game: u64, place: &Place) {
        if let Some(p) = self.lock().get_mut(&game) {
            *p = place.clone();
        }
    }

    /// The connection left a game (or the game closed); whether it was on it.
    pub(crate) fn remove(&self, game: u64) -> Option<Place> {
        self.lock().remove(&game)
    }

    /// The connection leaves every game.
    pub(crate) fn take_all(&self) -> HashMap<u64, Place> {
        std::mem::take(&mut *self.lock())
    }

    /// Whether the connection is on no game.
    pub(crate) fn is_empty(&self) -> bool {
        self.lock().is_empty()
    }
}

/// One connection: a client's here, or the stand-in (proxy) here of a connection on another
/// instance.
pub(crate) struct Conn {
    pub(crate) out: Outbox,
    pub(crate) ip: IpAddr,
    pub(crate) user: Option<User>,
    pub(crate) games: Attached,
    pub(crate) proxy: bool,
}

#[derive(Default)]
struct Maps {
    conns: HashMap<ConnId, Conn>,
    /// Logged-in users' connections, by name key.
    online: HashMap<String, HashSet<ConnId>>,
    /// Client connections by address.
    per_ip: HashMap<IpAddr, usize>,
    /// Logged-in client connections by the name they show (a name is free when no connection
    /// shows it: 10,000 guests once scanned every connection for each new guest's name).
    names: HashMap<String, HashSet<ConnId>>,
}

/// The owner of the connections.
#[derive(Default)]
pub(crate) struct Conns(Mutex<Maps>);

/// A connection handed back when it is made, for its task.
pub(crate) struct Handles {
    pub(crate) out: Outbox,
    pub(crate) games: Attached,
}

impl Conns {
    fn lock(&self) -> MutexGuard<'_, Maps> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Its lock, held (a test shows what does not wait for it).
    #[cfg(test)]
    pub(super) fn held(&self) -> impl Sized + '_ {
        self.lock()
    }

    /// A client connection from `ip` with its queue, unless the address holds `cap` already.
    pub(crate) fn add(&self, out: Outbox, ip: IpAddr, cap: usize) -> Option<Attached> {
        let mut m = self.lock();
        let n = m.per_ip.entry(ip).or_default();
        if *n >= cap {
            return None;
        }
        *n += 1;
        let games = Attached::default();
        let conn = Conn {
            out,
            ip,
            user: None,
            games: games.clone(),
            proxy: false,
        };
        m.conns.insert(conn.out.conn, conn);
        Some(games)
    }

    /// The stand-in here of another instance's connection, logged in as `user`.
    pub(crate) fn add_proxy(&self, out: Outbox, user: &User) -> Attached {
        let games = Attached::default();
        let conn = Conn {
            out,
            ip: IpAddr::from([0, 0, 0, 0]),
            user: Some(user.clone()),
            games: games.clone(),
            proxy: true,
        };
        self.lock().conns.insert(conn.out.conn, conn);
        games
    }

    /// A connection gone: what it was. A client's address is counted down; its user, if logged
    /// in, leaves `online`, and `then` runs under the lock with the user when that was its last
    /// connection, and the number of users online here.
    pub(crate) fn remove(&self, id: ConnId, then: impl FnOnce(Option<&User>, u32)) -> Option<Conn> {
        let mut m = self.lock();
        let c = m.conns.remove(&id)?;
        if !c.proxy
            && let Some(n) = m.per_ip.get_mut(&c.ip)
        {
            *n -= 1;
            if *n == 0 {
                m.per_ip.remove(&c.ip);
            }
        }
        let last = c.user.as_ref().filter(|u| !c.proxy && leave(&mut m, id, u));
        then(last, m.online.len() as u32);
        Some(c)
    }

    /// The connection logs in as `user`: its queue and games, and whether it is the user's
    /// first connection. `then` runs under the lock with the number of users online here (so
    /// that counts are told in the order they change).
    pub(crate) fn log_in(
        &self,
        id: ConnId,
        user: &User,
        then: impl FnOnce(bool, u32),
    ) -> Option<Handles> {
        let mut m = self.lock();
        let c = m.conns.get_mut(&id)?;
        c.user = Some(user.clone());
        let handles = Handles {
            out: c.out.clone(),
            games: c.games.clone(),
        };
        let set = m.online.entry(user.key.clone()).or_default();
        let first = set.is_empty();
        set.insert(id);
        m.names.entry(user.name.clone()).or_default().insert(id);
        then(first, m.online.len() as u32);
        Some(handles)
    }

    /// The connection logs out: its games (left). `then` runs under the lock with its user when
    /// that was the user's last connection, and the number of users online here.
    pub(crate) fn log_out(
        &self,
        id: ConnId,
        then: impl FnOnce(Option<&User>, u32),
    ) -> Option<HashMap<u64, Place>> {
        let mut m = self.lock();
        let c = m.conns.get_mut(&id)?;
        let user = c.user.take();
        let games = c.games.take_all();
        let last = user.as_ref().filter(|u| leave(&mut m, id, u));
        then(last, m.online.len() as u32);
        Some(games)
    }

    /// Runs `f` under the lock with the number of users online here.
    pub(crate) fn with_online<R>(&self, f: impl FnOnce(u32) -> R) -> R {
        let m = self.lock();
        f(m.online.len() as u32)
    }

    /// A connection's queue and games.
    pub(crate) fn handles(&self, id: ConnId) -> Option<Handles> {
        let m = self.lock();
        m.conns.get(&id).map(|c| Handles {
            out: c.out.clone(),
            games: c.games.clone(),
        })
    }

    /// The queues and games of connections by their ids (those still open).
    pub(crate) fn handles_of(&self, ids: &[ConnId]) -> Vec<(ConnId, Handles)> {
        let m = self.lock();
        (ids.iter())
            .filter_map(|id| {
                m.conns.get(id).map(|c| {
                    let h = Handles {
                        out: c.out.clone(),
                        games: c.games.clone(),
                    };
                    (*id, h)
                })
            })
            .collect()
    }

    /// The connections here of a logged-in user, by name key.
    pub(crate) fn of_key(&self, key: &str) -> Vec<ConnId> {
        let m = self.lock();
        m.online.get(key).into_iter().flatten().copied().collect()
    }

    /// Whether a user is logged in here, by name key.
    pub(crate) fn is_online(&self, key: &str) -> bool {
        self.lock().online.contains_key(key)
    }

    /// The queues of a logged-in user's connections.
    pub(crate) fn outs_of(&self, key: &str) -> Vec<Outbox> {
        let m = self.lock();
        (m.online.get(key).into_iter().flatten())
            .filter_map(|c| m.conns.get(c).map(|c| c.out.clone()))
            .collect()
    }

    /// A logged-in user, by name key.
    pub(crate) fn user_by_key(&self, key: &str) -> Option<User> {
        let m = self.lock();
        let id = m.online.get(key)?.iter().next()?;
        m.conns.get(id)?.user.clone()
    }

    /// A guest logged in here under `name`.
    pub(crate) fn guest_named(&self, name: &str) -> Option<User> {
        let m = self.lock();
        (m.names.get(name).into_iter().flatten())
            .filter_map(|id| m.conns.get(id)?.user.as_ref())
            .find(|u| u.guest)
            .cloned()
    }

    /// Whether a logged-in connection here shows `name`.
    pub(crate) fn name_shown(&self, name: &str) -> bool {
        self.lock().names.contains_key(name)
    }

    /// The client connections open from `ip`.
    pub(crate) fn count_from(&self, ip: IpAddr) -> usize {
        self.lock().per_ip.get(&ip).copied().unwrap_or(0)
    }

    /// The queues of the clients' connections (not the proxies).
    pub(crate) fn client_outs(&self) -> Vec<Outbox> {
        let m = self.lock();
        (m.conns.values().filter(|c| !c.proxy))
            .map(|c| c.out.clone())
            .collect()
    }

    /// The clients' connections here (not proxies) of a game's players and those on it, with
    /// their users: each now on the game, at `place` (this instance, or the one that owns it).
    pub(crate) fn rejoin(
        &self,
        game: u64,
        keys: &[String; 2],
        place: &Place,
    ) -> Vec<(ConnId, Outbox, User)> {
        let m = self.lock();
        let players: HashSet<ConnId> = (keys.iter())
            .filter_map(|k| m.online.get(k))
            .flatten()
            .copied()
            .collect();
        let mut found = Vec::new();
        for (&id, c) in &m.conns {
            if c.proxy || !(players.contains(&id) || c.games.contains(game)) {
                continue;
            }
            let Some(user) = c.user.clone() else { continue };
            if !c.games.insert(game, place.clone()) {
                c.games.moved(game, place);
            }
            found.push((id, c.out.clone(), user));
        }
        found
    }

    /// A game closed: the connections named leave it.
    pub(crate) fn forget_game(&self, game: u64, ids: &HashSet<ConnId>) {
        let m = self.lock();
        for id in ids {
            if let Some(c) = m.conns.get(id) {
                c.games.remove(game);
            }
        }
    }
}

/// Connection `id` of `user` left: whether it was the user's last.
fn leave(m: &mut Maps, id: ConnId, user: &User) -> bool {
    if let Some(set) = m.names.get_mut(&user.name) {
        set.remove(&id);
        if set.is_empty() {
            m.names.remove(&user.name);
        }
    }
    let last = m.online.get_mut(&user.key).is_some_and(|set| {
        set.remove(&id);
        set.is_empty()
    });
    if last {
        m.online.remove(&user.key);
    }
    last
}
