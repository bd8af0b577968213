//! Logging in and out: who is online, the connection's user and the games it plays.

use std::sync::atomic::Ordering::Relaxed;

use super::*;

impl Hub {
    /// The WebSocket connections open from `ip`.
    pub fn websockets_of(&self, ip: IpAddr) -> usize {
        self.lock().per_ip.get(&ip).copied().unwrap_or(0)
    }

    /// Whether a guest with this key is online here.
    pub(crate) fn guest_online(&self, key: &str) -> bool {
        let st = self.lock();
        st.conns
            .values()
            .filter_map(|c| c.user.as_ref())
            .any(|u| u.guest && u.key == key)
    }

    /// Whether a name is shown by someone online.
    pub fn name_online(&self, name: &str) -> bool {
        self.lock()
            .conns
            .values()
            .any(|c| c.user.as_ref().is_some_and(|u| u.name == name))
    }

    /// The connection logs in as `user`: the games it plays in are attached (their ids
    /// returned).
    pub fn login(&self, conn: ConnId, user: User) -> Vec<u64> {
        let mut st = self.lock();
        let Some(c) = st.conns.get_mut(&conn) else {
            return Vec::new();
        };
        c.user = Some(user.clone());
        let out = c.out.clone();
        let set = st.online.entry(user.key.clone()).or_default();
        let first = set.is_empty();
        set.insert(conn);
        if first {
            self.metrics.online.fetch_add(1, Relaxed);
            self.online_changed(&st);
        }
        // Its games, here or on the instances that own them.
        let mine: Vec<u64> = (st.games.iter())
            .filter(|(_, g)| !g.over && g.keys.contains(&user.key))
            .map(|(id, _)| *id)
            .collect();
        for &game in &mine {
            match st.games.get(&game).map(|g| &g.place) {
                Some(Place::Here(tx)) => tx.attach_or_close(out.clone(), user.clone()),
                Some(Place::At(owner)) => {
                    let user = user.clone();
                    (self.others()).to(*owner, others::Peer::Attach { conn, game, user });
                }
                None => {}
            }
            if let Some(c) = st.conns.get_mut(&conn) {
                c.games.insert(game);
            }
        }
        mine
    }

    /// The connection logs out (its games hear it left).
    pub fn logout(&self, conn: ConnId) {
        let mut st = self.lock();
        let Some(c) = st.conns.get_mut(&conn) else {
            return;
        };
        let user = c.user.take();
        let games = std::mem::take(&mut c.games);
        self.detach_all(&st, conn, &games);
        if let Some(user) = user {
            self.leave(&mut st, conn, &user);
        }
    }
}
