//! The leases among several instances: every game in play is owned by one instance, which
//! renews its lease every [`LEASE_EVERY`]; a game whose lease ran out ([`LEASE_MS`] after its
//! owner's last renewal) is taken over by the first instance to claim it, from the database, its
//! clocks as a restart leaves them (docs/server.md, "Several instances").

use std::sync::Arc;
use std::sync::atomic::Ordering::Relaxed;

use super::{LEASE_EVERY, LEASE_MS};
use crate::hub::Hub;
use xiangqi_protocol::SeekView;

/// Joins the other instances through the database at `url`, as instance `me`: listens,
/// says hello, and keeps the leases.
///
/// # Errors
/// The database cannot be reached.
pub async fn join(hub: &Arc<Hub>, url: &str, me: u16) -> Result<(), String> {
    let (link, mut rx) = super::connect(url, me).await?;
    hub.join_others(Arc::new(link.clone()));
    load_seeks(hub, &link.name()).await?;
    let h = Arc::clone(hub);
    tokio::spawn(async move {
        while let Some((from, peer)) = rx.recv().await {
            h.on_peer(from, peer).await;
        }
    });
    link.all(super::Peer::Hello);
    let h = Arc::clone(hub);
    tokio::spawn(async move {
        loop {
            keep_leases(&h, &link.name()).await;
            tokio::time::sleep(LEASE_EVERY).await;
        }
    });
    Ok(())
}

/// Renews this instance's leases (a game whose lease another took is closed here) and takes
/// over the games nobody holds.
pub(crate) async fn keep_leases(hub: &Arc<Hub>, me: &str) {
    hub.heartbeat();
    let now = crate::user::now_ms();
    // One statement renews them all; a game here whose lease was not renewed is claimed
    // (its first claim failed), or dropped when another instance holds it now.
    let Ok(renewed) = hub.store.renew_leases(me, now + LEASE_MS).await else {
        return;
    };
    let renewed: std::collections::HashSet<i64> = renewed.into_iter().collect();
    for id in hub
        .games_here()
        .into_iter()
        .filter(|id| !renewed.contains(&(*id as i64)))
    {
        if let Ok(false) = hub
            .store
            .claim_lease(id as i64, me, now, now + LEASE_MS)
            .await
        {
            tracing::warn!(game = id, "the game's lease went to another instance");
            hub.lease_lost(id);
        }
    }
    let Ok(orphans) = hub.store.orphaned_games(me, now, now - LEASE_MS).await else {
        return;
    };
    for id in orphans {
        if hub.is_here(id as u64) {
            continue;
        }
        let now = crate::user::now_ms();
        if !matches!(
            hub.store.claim_lease(id, me, now, now + LEASE_MS).await,
            Ok(true)
        ) {
            continue;
        }
        let Ok(Some((row, moves))) = hub.store.game(id).await else {
            continue;
        };
        if row.status != "playing" {
            let _ = hub.store.release_lease(id, me).await;
            continue;
        }
        if hub.take_over(row, &moves).await {
            tracing::info!(game = id, "took the game over");
            hub.metrics.taken_over.fetch_add(1, Relaxed);
        }
    }
}

/// The seeks the database holds of the other instances (this one's own, left by an earlier
/// run, are cleared): the lobby is whole from the start.
pub(crate) async fn load_seeks(hub: &Hub, me: &str) -> Result<(), String> {
    let store = &hub.store;
    store.remove_seeks_of(me).await.map_err(|e| e.to_string())?;
    let seeks = store.seeks().await.map_err(|e| e.to_string())?;
    for (_, instance, view) in seeks {
        let n = instance.strip_prefix('i').and_then(|n| n.parse().ok());
        if let (Some(n), Ok(view)) = (n, serde_json::from_str::<SeekView>(&view)) {
            hub.peer_seek(n, view);
        }
    }
    Ok(())
}
