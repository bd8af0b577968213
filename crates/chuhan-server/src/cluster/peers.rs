//! The other instances' messages, answered here: what they hold (their seeks, games and
//! players online), and the connections of other instances attached to this one's games (each a
//! proxy: a connection here whose frames go back to its instance).

use std::collections::HashSet;
use std::sync::Arc;
use std::sync::atomic::Ordering::Relaxed;

use xiangqi_protocol::{ClientMsg, ErrorCode, GameSummary, ServerMsg};

use crate::hub::others::Peer;
use crate::hub::{Conn, GameEntry, Hub, Place, State, online_total};
use crate::lobby::LobbyMsg;
use crate::outbox::{ConnId, Out, outbox};
use crate::user::User;

/// The connections here (not proxies) of a game's players, and those that were on it: each
/// marked as on the game, with its queue and user (to attach them where the game now lives).
pub(crate) fn rejoiners(
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

/// The proxy here of connection `conn` of instance `from`, made when new.
pub(super) fn proxy(hub: &Hub, st: &mut State, from: u16, conn: u64, user: &User) -> ConnId {
    if let Some(&p) = st.peers.proxies.get(&(from, conn)) {
        return p;
    }
    let id = hub.next.fetch_add(1, Relaxed);
    let (out, mut inbox) = outbox(id);
    if let Some(link) = hub.others.get().cloned() {
        tokio::spawn(async move {
            while let Some(o) = inbox.next().await {
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

pub(super) fn deliver_error(hub: &Hub, from: u16, conn: u64, e: (ErrorCode, String)) {
    if let Some(l) = hub.others.get() {
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
pub(super) async fn announce(hub: &Hub, to: u16) {
    let Some(link) = hub.others.get() else { return };
    for seek in hub.lobby.seeks().await {
        link.to(to, Peer::Seek { seek });
    }
    let st = hub.lock();
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
pub(super) async fn on_peer(hub: &Arc<Hub>, from: u16, peer: Peer) {
    hub.lock()
        .peers
        .heard
        .insert(from, std::time::Instant::now());
    match peer {
        Peer::Hello => announce(hub, from).await,
        Peer::Seek { seek } => hub.lobby.tell(LobbyMsg::PeerSeek(from, seek)),
        Peer::SeekGone { seek } => hub.lobby.tell(LobbyMsg::PeerSeekGone(seek)),
        Peer::Online { count } => {
            let mut st = hub.lock();
            st.peers.online.insert(from, count);
            hub.lobby.tell(LobbyMsg::Online(online_total(&st)));
        }
        Peer::Listed { game, keys } => on_listed(hub, from, game, keys),
        Peer::Unlisted { game } => {
            let mut st = hub.lock();
            if let Some(g) = st.games.get_mut(&game)
                && matches!(g.place, Place::At(_))
            {
                g.over = true;
            }
            hub.lobby.tell(LobbyMsg::Unlisted(game));
        }
        Peer::Closed { game } => {
            let mut st = hub.lock();
            if (st.games.get(&game)).is_some_and(|g| matches!(g.place, Place::At(o) if o == from)) {
                st.games.remove(&game);
            }
        }
        Peer::LobbyChat { from_key, frame } => hub.lobby_chat_here(&from_key, frame.into()),
        Peer::Accept { conn, seek, user } => {
            lock_proxy(hub, from, conn, &user);
            if let Err(e) = hub.accept_seek(&user, seek, None).await {
                deliver_error(hub, from, conn, e);
                drop_idle_proxy(hub, from, conn);
            }
        }
        Peer::Attach { conn, game, user } => {
            let p = lock_proxy(hub, from, conn, &user);
            let attached = hub
                .lock()
                .conns
                .get(&p)
                .is_some_and(|c| c.games.contains(&game));
            if !attached && let Err(e) = hub.to_game(p, &user, game, ClientMsg::Watch { game }) {
                deliver_error(hub, from, conn, e);
                drop_idle_proxy(hub, from, conn);
            }
        }
        Peer::ToGame { conn, game, msg } => {
            let found = {
                let st = hub.lock();
                st.peers.proxies.get(&(from, conn)).and_then(|p| {
                    st.conns
                        .get(p)
                        .and_then(|c| c.user.clone())
                        .map(|u| (*p, u))
                })
            };
            let result = match found {
                Some((p, user)) => hub.to_game(p, &user, game, msg),
                None => Err((
                    ErrorCode::NotYourGame,
                    format!("you are not on game {game}"),
                )),
            };
            if let Err(e) = result {
                deliver_error(hub, from, conn, e);
            }
        }
        Peer::Detach { conn, game } => {
            let mut st = hub.lock();
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
                drop_proxy(&mut st, from, conn);
            }
        }
        Peer::Deliver {
            conn,
            from_key,
            frame,
        } => {
            let st = hub.lock();
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
pub(super) fn drop_idle_proxy(hub: &Hub, from: u16, conn: u64) {
    let mut st = hub.lock();
    let idle = (st.peers.proxies.get(&(from, conn)))
        .is_some_and(|p| st.conns.get(p).is_none_or(|c| c.games.is_empty()));
    if idle {
        drop_proxy(&mut st, from, conn);
    }
}

pub(super) fn lock_proxy(hub: &Hub, from: u16, conn: u64, user: &User) -> ConnId {
    let mut st = hub.lock();
    proxy(hub, &mut st, from, conn, user)
}

/// Another instance owns a game (it started it or took it over): it is listed, and the
/// connections here on it (its players', and those watching) are attached to it there.
pub(super) fn on_listed(hub: &Hub, from: u16, game: GameSummary, keys: [String; 2]) {
    let Some(link) = hub.others.get().cloned() else {
        return;
    };
    let id = game.id;
    let mut st = hub.lock();
    hub.lobby.tell(LobbyMsg::Listed(game.clone()));
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
