//! Logging in: the limits per address and per account, who is online, the connection's user, and
//! the ratings shown.

use std::net::IpAddr;
use std::sync::atomic::Ordering::Relaxed;

use xiangqi_protocol::{RatingView, Speed, TimeControl};

use super::*;

impl Hub {
    /// Counts a login attempt from `ip`; whether it is allowed.
    pub fn login_allowed(&self, ip: IpAddr) -> bool {
        self.lock().logins.count(ip) <= self.cfg.logins_per_minute
    }

    /// Whether a password may be tried for an account (by key) from `ip` now: failures count by
    /// address and account together (ten wrong passwords from ten addresses locked the account
    /// for its owner too).
    pub fn account_allowed(&self, ip: IpAddr, key: &str) -> bool {
        self.lock().failures.seen(&(ip, key.to_owned())) < self.cfg.failed_logins_per_account
    }

    /// Counts a failed password for an account from `ip`.
    pub fn failed_login(&self, ip: IpAddr, key: &str) {
        self.lock().failures.count((ip, key.to_owned()));
    }

    /// Counts a chat line of the player with name key `key`, over all their connections;
    /// whether it is within the limit (`chat_per_10s` lines in 10 s).
    pub fn chat_allowed(&self, key: &str) -> bool {
        self.lock().chat.count(key.to_owned()) <= self.cfg.chat_per_10s
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
                    if let Some(link) = self.link() {
                        let user = user.clone();
                        link.to(*owner, crate::cluster::Peer::Attach { conn, game, user });
                    }
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

    /// A player's ratings in every speed.
    pub async fn ratings(&self, account: i64) -> Vec<RatingView> {
        let stored = self.store.ratings(account).await.unwrap_or_default();
        Speed::ALL
            .iter()
            .map(|s| {
                let r = stored
                    .iter()
                    .find(|(n, _)| n == s.name())
                    .map(|(_, r)| *r)
                    .unwrap_or_default();
                RatingView {
                    speed: *s,
                    rating: r.rating.round() as i32,
                    deviation: r.deviation.round() as i32,
                    provisional: r.deviation > crate::game::PROVISIONAL_DEVIATION,
                    games: r.games as u32,
                }
            })
            .collect()
    }

    pub(super) async fn shown(&self, user: &User, time: TimeControl) -> Option<(i32, bool)> {
        let account = user.account?;
        let r = crate::game::rating(&*self.store, account, time.speed().name()).await;
        Some((
            r.rating.round() as i32,
            r.deviation > crate::game::PROVISIONAL_DEVIATION,
        ))
    }
}
