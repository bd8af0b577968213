//! What the server holds in memory across connections, each part with one owner behind its
//! own small lock: the connections and who is logged in on them ([`conns`]), the directory of
//! games in play here or elsewhere ([`directory`]), what is known of the other instances
//! ([`peers`]); the lobby's seeks and challenges are the lobby's task (`crate::lobby`, asked
//! through [`lobby`]), and each game is a task of its own. A connection keeps the place of each
//! game it is on ([`Attached`]): its moves go to the game's mailbox with no lock shared with
//! other connections. The other instances are reached through one seam ([`others`]) both ways:
//! out through [`others::Others`], in through [`Hub::on_peer`].

mod conns;
mod directory;
mod drain;
mod lobby;
pub mod others;
mod peers;
pub use crate::lobby::MAX_SEEKS_PER_PLAYER;
pub use conns::Attached;

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use xiangqi_protocol::{ClientMsg, ErrorCode, GameSummary};

use crate::config::Config;
use crate::durable::MoveWriter;
use crate::game::mailbox::Busy;
use crate::game::{Game, GameTx, Seat, mailbox};
use crate::lobby::LobbyMsg;
use crate::metrics::Metrics;
use crate::outbox::{ConnId, Inbox, Outbox};
use crate::store::{GameRow, Store};
use crate::user::User;
use conns::Conns;
use directory::Directory;
use others::{Alone, Others, Peer};
use peers::Peers;

/// A refusal: its code and words for the client.
type Refusal = (ErrorCode, String);

/// Where a game in play lives: its task here, or another instance that owns it.
#[derive(Clone)]
pub(crate) enum Place {
    Here(GameTx),
    At(u16),
}

/// The shared state.
pub struct Hub {
    /// The settings.
    pub cfg: Arc<Config>,
    /// The database.
    pub store: Arc<dyn Store>,
    /// Where moves are made durable.
    pub moves: MoveWriter,
    /// The counters.
    pub metrics: Arc<Metrics>,
    /// Numbers for connections, seeks and challenges.
    next: AtomicU64,
    /// The connections.
    conns: Conns,
    /// The games in play, here and on the other instances.
    directory: Directory,
    /// What is known of the other instances.
    peers: Peers,
    /// The other instances, once joined (see [`Hub::join_others`]).
    others: std::sync::OnceLock<Arc<dyn Others>>,
    /// What one address or player may do in a window of time.
    pub limits: crate::limits::Limits,
    /// The lobby's mailbox.
    lobby: crate::lobby::LobbyTx,
    /// What the games are given of the server (their events come back to [`Hub::on_event`]).
    games_ctx: crate::game::Ctx,
    /// Set by a drain (SIGTERM): no new games.
    draining: std::sync::atomic::AtomicBool,
}

/// Instance `N` numbers its seeks from `N · 2⁴⁰`, apart from the others' (and exact in JSON).
fn cfg_instance_base(instance: Option<u16>) -> u64 {
    instance.map_or(1, |n| (u64::from(n) << 40) + 1)
}

impl Hub {
    /// A hub on `store`, with the games in play restored (their clocks as stored).
    pub async fn start(cfg: Config, store: Arc<dyn Store>) -> Result<Arc<Hub>, String> {
        let instance = cfg.instance;
        let metrics = Arc::new(Metrics::default());
        let moves = MoveWriter::start(
            Arc::clone(&store),
            Arc::clone(&metrics),
            std::time::Duration::from_millis(cfg.write_timeout_ms.max(1)),
        );
        let cfg = Arc::new(cfg);
        let (events, mut rx) = tokio::sync::mpsc::channel(crate::game::EVENTS);
        let games_ctx = crate::game::Ctx::new(
            Arc::clone(&cfg),
            Arc::clone(&store),
            moves.clone(),
            Arc::clone(&metrics),
            events,
        );
        let hub = Arc::new_cyclic(|weak| Hub {
            lobby: crate::lobby::start(Box::new(lobby::HubHost(weak.clone()))),
            limits: crate::limits::Limits::new(&cfg),
            cfg,
            store,
            moves,
            metrics,
            games_ctx,
            // Seeks are numbered apart on each instance.
            next: AtomicU64::new(cfg_instance_base(instance)),
            conns: Conns::default(),
            directory: Directory::default(),
            peers: Peers::default(),
            others: std::sync::OnceLock::new(),
            draining: std::sync::atomic::AtomicBool::new(false),
        });
        // The games' events, for as long as the hub lives (the task holds it weakly).
        let weak = Arc::downgrade(&hub);
        tokio::spawn(async move {
            while let Some(event) = rx.recv().await {
                let Some(hub) = weak.upgrade() else { break };
                hub.on_event(event);
            }
        });
        if instance.is_some() {
            // The others' games are theirs; this instance's own are taken back by its leases.
            return Ok(hub);
        }
        let games = hub.store.games_in_play().await.map_err(|e| e.to_string())?;
        let n = games.len();
        for (row, moves) in games {
            hub.resume(row, &moves).await;
        }
        tracing::info!("{n} games in play resumed");
        Ok(hub)
    }

    /// Resumes a stored game in play (its clocks as stored): its task spawned.
    pub(crate) async fn resume(
        self: &Arc<Hub>,
        row: GameRow,
        moves: &[crate::store::MoveRow],
    ) -> Option<GameSummary> {
        // An account is known by its name's key, a guest by the key its session keeps.
        let user = |account: Option<i64>, name: &str, guest: &Option<String>| {
            let key = match (account, guest) {
                (Some(_), _) => crate::auth::name_key(name),
                (None, Some(k)) => k.clone(),
                (None, None) => crate::auth::guest_key(),
            };
            User {
                account,
                name: name.to_owned(),
                key,
                guest: account.is_none(),
            }
        };
        let red = user(row.red_account, &row.red_name, &row.red_guest);
        let black = user(row.black_account, &row.black_name, &row.black_guest);
        // The ratings shown, as when the game began (a resumed game showed none).
        let time = xiangqi_protocol::TimeControl::new(row.base_s as u32, row.inc_s as u32);
        let shown = (
            crate::ratings::shown(&*self.store, &red, time).await,
            crate::ratings::shown(&*self.store, &black, time).await,
        );
        let seats = [Seat::new(red, shown.0), Seat::new(black, shown.1)];
        let id = row.id;
        match Game::restore(self.games_ctx.clone(), row, moves, seats) {
            Ok(game) => {
                let summary = game.summary();
                self.spawn(game);
                Some(summary)
            }
            Err(e) => {
                tracing::error!(game = id, "a stored game could not be resumed: {e}");
                None
            }
        }
    }

    fn spawn(&self, game: Game) {
        let (tx, rx) = mailbox();
        let keys = [
            game.seats[0].user.key.clone(),
            game.seats[1].user.key.clone(),
        ];
        let summary = game.summary();
        self.lobby.tell(LobbyMsg::Listed(summary.clone()));
        (self.directory).insert(game.id, Place::Here(tx), summary, keys);
        self.metrics.games.fetch_add(1, Relaxed);
        tokio::spawn(game.run(rx));
    }

    /// A new connection from `ip`: its queue, its receiving side, and the games it will be on;
    /// `None` when the address holds too many.
    pub fn connect(&self, ip: IpAddr) -> Option<(Outbox, Inbox, Attached)> {
        let id = self.next.fetch_add(1, Relaxed);
        let (out, inbox) = crate::outbox::bounded(id, self.cfg.queue_bytes);
        let games = (self.conns).add(out.clone(), ip, self.cfg.max_connections_per_ip)?;
        self.metrics.connections.fetch_add(1, Relaxed);
        Some((out, inbox, games))
    }

    /// A connection closed: its games hear of it; the seeks and challenges of a player with no
    /// connection left vanish.
    pub fn disconnect(&self, conn: ConnId) {
        let Some(c) = self.conns.remove(conn, |last, here| self.left(last, here)) else {
            return;
        };
        self.metrics.connections.fetch_sub(1, Relaxed);
        self.detach_all(conn, c.games.take_all());
        self.lobby.tell(LobbyMsg::Follow { conn, out: None });
    }

    /// The connection logs in as `user`: the games it plays in are attached (their ids
    /// returned).
    pub fn login(&self, conn: ConnId, user: User) -> Vec<u64> {
        let entered = |first: bool, here: u32| {
            if first {
                self.metrics.online.fetch_add(1, Relaxed);
                self.online_changed(here);
            }
        };
        let Some(h) = self.conns.log_in(conn, &user, entered) else {
            return Vec::new();
        };
        // Its games, here or on the instances that own them.
        let mine = self.directory.of_player(&user.key);
        for (game, place) in &mine {
            self.attach(*game, place.clone(), conn, &h.out, &h.games, &user);
        }
        mine.into_iter().map(|(id, _)| id).collect()
    }

    /// The connection logs out (its games hear it left).
    pub fn logout(&self, conn: ConnId) {
        if let Some(games) = self.conns.log_out(conn, |last, here| self.left(last, here)) {
            self.detach_all(conn, games);
        }
    }

    /// A user's last connection here left (`here` users are online here now).
    fn left(&self, last: Option<&User>, here: u32) {
        let Some(user) = last else { return };
        self.metrics.online.fetch_sub(1, Relaxed);
        self.lobby.tell(LobbyMsg::Left(user.key.clone()));
        self.online_changed(here);
    }

    /// The players online changed here (`here` of them): the lobby hears the total, the others
    /// this count.
    fn online_changed(&self, here: u32) {
        let count = here + self.peers.online_elsewhere();
        self.lobby.tell(LobbyMsg::Online(count));
        self.tell_all(Peer::Online { count: here });
    }

    /// Attaches connection `conn` (its queue `out` and games `games`) to `game`, which lives at
    /// `place`, unless it is on it already.
    fn attach(
        &self,
        game: u64,
        place: Place,
        conn: ConnId,
        out: &Outbox,
        games: &Attached,
        user: &User,
    ) {
        if !games.insert(game, place.clone()) {
            return;
        }
        self.directory.note(game, [conn]);
        match place {
            Place::Here(tx) => tx.attach_or_close(out.clone(), user.clone()),
            Place::At(owner) => {
                let user = user.clone();
                self.others().to(owner, Peer::Attach { conn, game, user });
            }
        }
    }

    /// A connection leaves its games, here or on the instances that own them.
    fn detach_all(&self, conn: ConnId, games: HashMap<u64, Place>) {
        for (game, place) in games {
            match place {
                Place::Here(tx) => tx.detach(conn),
                Place::At(owner) => self.others().to(owner, Peer::Detach { conn, game }),
            }
        }
    }

    /// Sends a message to a game the connection is on, straight to the game's mailbox (or to
    /// the instance that owns it) through the connection's own [`Attached`]; a first `Watch`
    /// looks the game up in the directory and attaches the connection.
    pub fn to_game(
        &self,
        conn: ConnId,
        games: &Attached,
        user: &User,
        game: u64,
        msg: ClientMsg,
    ) -> Result<(), Refusal> {
        let unwatch = matches!(msg, ClientMsg::Unwatch { .. });
        match games.get(game) {
            Some(Place::Here(tx)) => {
                if unwatch {
                    games.remove(game);
                }
                tx.message(conn, msg).map_err(|busy| match busy {
                    Busy::Full => (
                        ErrorCode::RateLimited,
                        "the game is busy; send it again".into(),
                    ),
                    Busy::Closed => {
                        games.remove(game);
                        no_game(game)
                    }
                })
            }
            Some(Place::At(owner)) => {
                let peer = if unwatch {
                    games.remove(game);
                    Peer::Detach { conn, game }
                } else {
                    Peer::ToGame { conn, game, msg }
                };
                self.others().to(owner, peer);
                Ok(())
            }
            None => {
                let Some(place) = self.directory.place(game) else {
                    return Err(no_game(game));
                };
                if !matches!(msg, ClientMsg::Watch { .. }) {
                    return Err((
                        ErrorCode::NotYourGame,
                        format!("you are not on game {game}"),
                    ));
                }
                if let Some(h) = self.conns.handles(conn) {
                    self.attach(game, place, conn, &h.out, games, user);
                }
                Ok(())
            }
        }
    }

    /// What a game told the directory.
    fn on_event(self: &Arc<Hub>, event: crate::game::Event) {
        use crate::game::Event;
        match event {
            Event::Over(id) => self.game_over(id),
            Event::Closed(id) => self.game_closed(id),
            Event::Rematch(r) => {
                let hub = Arc::clone(self);
                tokio::spawn(async move { hub.rematch(r).await });
            }
        }
    }

    /// A game ended: it leaves the lobby's list.
    fn game_over(&self, id: u64) {
        self.directory.over(id, None);
        self.metrics.finished.fetch_add(1, Relaxed);
        self.lobby.tell(LobbyMsg::Unlisted(id));
        self.tell_all(Peer::Unlisted { game: id });
    }

    /// A game's task ended.
    fn game_closed(&self, id: u64) {
        // Only its own entry: the game may live on another instance now (its lease lost).
        if let Some(conns) = self.directory.remove(id, None) {
            self.conns.forget_game(id, &conns);
        }
        self.metrics.games.fetch_sub(1, Relaxed);
        self.tell_all(Peer::Closed { game: id });
        if let Some(me) = self.others().me() {
            let (store, me) = (Arc::clone(&self.store), others::instance_name(me));
            tokio::spawn(async move { store.release_lease(id as i64, &me).await });
        }
    }

    /// The games in play, on every instance.
    pub fn games(&self) -> Vec<GameSummary> {
        self.directory.summaries()
    }

    /// The WebSocket connections open from `ip`.
    pub fn websockets_of(&self, ip: IpAddr) -> usize {
        self.conns.count_from(ip)
    }

    /// Whether a guest with this key is online here (a guest's key is its own, never a name's).
    pub(crate) fn guest_online(&self, key: &str) -> bool {
        self.conns.is_online(key)
    }

    /// Whether a name is shown by someone online.
    pub fn name_online(&self, name: &str) -> bool {
        self.conns.name_shown(name)
    }

    /// The key chat and mutes know a player by: an online guest's own key when a guest has
    /// that name, else the name's key (an account's).
    pub(crate) fn key_of_name(&self, name: &str) -> String {
        (self.conns.guest_named(name)).map_or_else(|| crate::auth::name_key(name), |u| u.key)
    }

    /// The other instances (nobody, alone).
    fn others(&self) -> &dyn Others {
        self.others.get().map_or(&Alone, |o| &**o)
    }

    /// Tells every other instance.
    fn tell_all(&self, peer: Peer) {
        self.others().all(peer);
    }

    /// Tells the others of a game this instance owns.
    fn listed(&self, summary: GameSummary) {
        if let Some(keys) = self.directory.keys(summary.id) {
            let game = summary;
            self.tell_all(Peer::Listed { game, keys });
        }
    }
}

/// The refusal for a game not in play.
fn no_game(game: u64) -> Refusal {
    (ErrorCode::NoSuchGame, format!("no game {game} in play"))
}

#[cfg(test)]
mod tests;
