//! The leases among several instances: every game in play is owned by one instance, which
//! renews its lease every [`LEASE_EVERY`]; a game whose lease ran out ([`LEASE_MS`] after its
//! owner's last renewal) is taken over by the first instance to claim it, from the database, its
//! clocks as a restart leaves them (docs/server.md, "Several instances").

use std::sync::Arc;
use std::sync::atomic::Ordering::Relaxed;

use xiangqi_protocol::GameSummary;

use super::Hub;
use crate::cluster::{LEASE_EVERY, LEASE_MS, Peer};

impl Hub {
    /// Joins the other instances through the database at `url`, as instance `me`: listens,
    /// says hello, and keeps the leases.
    ///
    /// # Errors
    /// The database cannot be reached.
    pub async fn join_cluster(self: &Arc<Hub>, url: &str, me: u16) -> Result<(), String> {
        let (link, mut rx) = crate::cluster::connect(url, me).await?;
        let _ = self.link.set(link.clone());
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
        let now = super::now_ms();
        let mine: Vec<u64> = self.lock().games.keys().copied().collect();
        for id in mine {
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
            if self.lock().games.contains_key(&(id as u64)) {
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
            if let Some(summary) = self.resume(row, &moves) {
                tracing::info!(game = id, "took the game over");
                self.metrics.taken_over.fetch_add(1, Relaxed);
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
}
