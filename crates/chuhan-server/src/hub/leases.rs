//! The leases among several instances: every game in play is owned by one instance, which
//! renews its lease every [`LEASE_EVERY`]; a game whose lease ran out ([`LEASE_MS`] after its
//! owner's last renewal) is taken over by the first instance to claim it, from the database, its
//! clocks as a restart leaves them (docs/server.md, "Several instances").

use std::sync::Arc;
use std::sync::atomic::Ordering::Relaxed;

use xiangqi_protocol::GameSummary;

use super::Hub;
use super::peers::online_total;
use crate::cluster::{LEASE_EVERY, LEASE_MS, Peer};
use crate::lobby::LobbyMsg;
use crate::outbox::ConnId;

impl Hub {
    /// Joins the other instances through the database at `url`, as instance `me`: listens,
    /// says hello, and keeps the leases.
    ///
    /// # Errors
    /// The database cannot be reached.
    pub async fn join_cluster(self: &Arc<Hub>, url: &str, me: u16) -> Result<(), String> {
        let (link, mut rx) = crate::cluster::connect(url, me).await?;
        let _ = self.link.set(link.clone());
        self.load_seeks(&link.name()).await?;
        let hub = Arc::clone(self);
        tokio::spawn(async move {
            while let Some((from, peer)) = rx.recv().await {
                hub.on_peer(from, peer).await;
            }
        });
        link.all(Peer::Hello);
        let hub = Arc::clone(self);
        tokio::spawn(async move {
            loop {
                hub.keep_leases(&link.name()).await;
                tokio::time::sleep(LEASE_EVERY).await;
            }
        });
        Ok(())
    }

    /// Renews this instance's leases (a game whose lease another took is closed here) and takes
    /// over the games nobody holds.
    async fn keep_leases(self: &Arc<Hub>, me: &str) {
        self.heartbeat();
        let now = super::now_ms();
        // One statement renews them all; a game here whose lease was not renewed is claimed
        // (its first claim failed), or dropped when another instance holds it now.
        let Ok(renewed) = self.store.renew_leases(me, now + LEASE_MS).await else {
            return;
        };
        let renewed: std::collections::HashSet<i64> = renewed.into_iter().collect();
        let mine: Vec<u64> = (self.lock().games.iter())
            .filter(|(_, g)| g.here().is_some())
            .map(|(id, _)| *id)
            .collect();
        for id in mine
            .into_iter()
            .filter(|id| !renewed.contains(&(*id as i64)))
        {
            if let Ok(false) = self
                .store
                .claim_lease(id as i64, me, now, now + LEASE_MS)
                .await
            {
                tracing::warn!(game = id, "the game's lease went to another instance");
                self.lock().games.remove(&id);
            }
        }
        let Ok(orphans) = self.store.orphaned_games(me, now, now - LEASE_MS).await else {
            return;
        };
        for id in orphans {
            if (self.lock().games.get(&(id as u64))).is_some_and(|g| g.here().is_some()) {
                continue;
            }
            let now = super::now_ms();
            if !matches!(
                self.store.claim_lease(id, me, now, now + LEASE_MS).await,
                Ok(true)
            ) {
                continue;
            }
            let Ok(Some((row, moves))) = self.store.game(id).await else {
                continue;
            };
            if row.status != "playing" {
                let _ = self.store.release_lease(id, me).await;
                continue;
            }
            if let Some(summary) = self.resume(row, &moves).await {
                tracing::info!(game = id, "took the game over");
                self.metrics.taken_over.fetch_add(1, Relaxed);
                self.attach_here(id as u64);
                self.listed(summary);
            }
        }
    }

    /// Tells the others of a game this instance owns.
    pub(super) fn listed(&self, summary: GameSummary) {
        let keys = self.lock().games.get(&summary.id).map(|g| g.keys.clone());
        if let Some(keys) = keys {
            self.tell_all(Peer::Listed {
                game: summary,
                keys,
            });
        }
    }
    /// The connections here of a game's players, and those here that were on it, attached to
    /// it (this instance took it over).
    pub(super) fn attach_here(&self, game: u64) {
        let mut st = self.lock();
        let Some(entry) = st.games.get(&game) else {
            return;
        };
        let Some(tx) = entry.here().cloned() else {
            return;
        };
        let keys = entry.keys.clone();
        for (_, out, user) in super::peers::rejoiners(&mut st, game, &keys) {
            tx.attach_or_close(out, user);
        }
    }

    /// Says how many are online here (the others take it as a sign of life), and forgets the
    /// seeks and players of instances not heard from for a lease's length.
    pub(super) fn heartbeat(&self) {
        let mut st = self.lock();
        self.tell_all(Peer::Online {
            count: st.online.len() as u32,
        });
        let silent: Vec<u16> = (st.peers.heard.iter())
            .filter(|(_, t)| t.elapsed().as_millis() as i64 > crate::cluster::LEASE_MS)
            .map(|(n, _)| *n)
            .collect();
        for n in silent {
            tracing::warn!(
                instance = n,
                "instance silent: its seeks and players forgotten"
            );
            st.peers.heard.remove(&n);
            // Its connections' proxies here leave their games.
            let proxies: Vec<(u64, ConnId)> = (st.peers.proxies.iter())
                .filter(|((from, _), _)| *from == n)
                .map(|((_, conn), p)| (*conn, *p))
                .collect();
            for (conn, p) in proxies {
                let games = st
                    .conns
                    .get(&p)
                    .map(|c| c.games.clone())
                    .unwrap_or_default();
                self.detach_all(&st, p, &games);
                Hub::drop_proxy(&mut st, n, conn);
            }
            let store = std::sync::Arc::clone(&self.store);
            tokio::spawn(async move { store.remove_seeks_of(&format!("i{n}")).await });
            st.peers.online.remove(&n);
            self.lobby.tell(LobbyMsg::InstanceGone(n));
            self.lobby.tell(LobbyMsg::Online(online_total(&st)));
        }
    }
}
