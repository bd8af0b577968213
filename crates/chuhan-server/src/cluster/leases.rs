//! The leases among several instances: every game in play is owned by one instance, which
//! renews its lease every [`LEASE_EVERY`]; a game whose lease ran out ([`LEASE_MS`] after its
//! owner's last renewal) is taken over by the first instance to claim it, from the database, its
//! clocks as a restart leaves them (docs/server.md, "Several instances").

use std::sync::Arc;
use std::sync::atomic::Ordering::Relaxed;

use super::{LEASE_EVERY, LEASE_MS};
use crate::hub::others::Peer;
use crate::hub::{Hub, online_total};
use crate::lobby::LobbyMsg;
use crate::outbox::ConnId;
use xiangqi_protocol::SeekView;

/// Joins the other instances through the database at `url`, as instance `me`: listens,
/// says hello, and keeps the leases.
///
/// # Errors
/// The database cannot be reached.
pub async fn join(hub: &Arc<Hub>, url: &str, me: u16) -> Result<(), String> {
    let (link, mut rx) = super::connect(url, me).await?;
    let _ = hub.others.set(Arc::new(link.clone()));
    load_seeks(hub, &link.name()).await?;
    let h = Arc::clone(hub);
    tokio::spawn(async move {
        while let Some((from, peer)) = rx.recv().await {
            super::peers::on_peer(&h, from, peer).await;
        }
    });
    link.all(Peer::Hello);
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
    heartbeat(hub);
    let now = crate::user::now_ms();
    // One statement renews them all; a game here whose lease was not renewed is claimed
    // (its first claim failed), or dropped when another instance holds it now.
    let Ok(renewed) = hub.store.renew_leases(me, now + LEASE_MS).await else {
        return;
    };
    let renewed: std::collections::HashSet<i64> = renewed.into_iter().collect();
    let mine: Vec<u64> = (hub.lock().games.iter())
        .filter(|(_, g)| g.here().is_some())
        .map(|(id, _)| *id)
        .collect();
    for id in mine
        .into_iter()
        .filter(|id| !renewed.contains(&(*id as i64)))
    {
        if let Ok(false) = hub
            .store
            .claim_lease(id as i64, me, now, now + LEASE_MS)
            .await
        {
            tracing::warn!(game = id, "the game's lease went to another instance");
            hub.lock().games.remove(&id);
        }
    }
    let Ok(orphans) = hub.store.orphaned_games(me, now, now - LEASE_MS).await else {
        return;
    };
    for id in orphans {
        if (hub.lock().games.get(&(id as u64))).is_some_and(|g| g.here().is_some()) {
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
        if let Some(summary) = hub.resume(row, &moves).await {
            tracing::info!(game = id, "took the game over");
            hub.metrics.taken_over.fetch_add(1, Relaxed);
            attach_here(hub, id as u64);
            hub.listed(summary);
        }
    }
}

/// The connections here of a game's players, and those here that were on it, attached to
/// it (this instance took it over).
pub(crate) fn attach_here(hub: &Hub, game: u64) {
    let mut st = hub.lock();
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
pub(crate) fn heartbeat(hub: &Hub) {
    let mut st = hub.lock();
    hub.tell_all(Peer::Online {
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
            hub.detach_all(&st, p, &games);
            super::peers::drop_proxy(&mut st, n, conn);
        }
        let store = std::sync::Arc::clone(&hub.store);
        tokio::spawn(async move { store.remove_seeks_of(&format!("i{n}")).await });
        st.peers.online.remove(&n);
        hub.lobby.tell(LobbyMsg::InstanceGone(n));
        hub.lobby.tell(LobbyMsg::Online(online_total(&st)));
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
            hub.lobby.tell(LobbyMsg::PeerSeek(n, view));
        }
    }
    Ok(())
}
