//! What the server holds in memory across connections: who is connected and logged in, the
//! lobby's seeks and challenges, the games in play (each a task of its own), and the limits per
//! address. The sessions (logins, their limits, ratings) are in `sessions`, the lobby's seeks,
//! challenges and the start of games in `lobby`.

mod drain;
mod lobby;
pub(crate) mod others;
mod route;
mod seeks;
pub use crate::lobby::MAX_SEEKS_PER_PLAYER;
pub(crate) use send::online_total;
mod send;
mod sessions;

use std::collections::{HashMap, HashSet};
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Mutex};

use xiangqi_protocol::{ClientMsg, ErrorCode, GameSummary};

use crate::config::Config;
use crate::durable::MoveWriter;
use crate::game::{Game, GameTx, Seat, mailbox};
use crate::metrics::Metrics;
use crate::outbox::{ConnId, Inbox, Outbox};
use crate::store::{GameRow, Store};
use crate::user::{User, now_ms};

pub(crate) struct Conn {
    pub(crate) out: Outbox,
    pub(crate) ip: IpAddr,
    pub(crate) user: Option<User>,
    pub(crate) games: HashSet<u64>,
}

/// Where a game in play lives: its task here, or another instance that owns it.
pub(crate) enum Place {
    Here(GameTx),
    At(u16),
}

/// A game in the directory, wherever it lives.
pub(crate) struct GameEntry {
    pub(crate) place: Place,
    pub(crate) summary: GameSummary,
    pub(crate) keys: [String; 2],
    pub(crate) over: bool,
}

impl GameEntry {
    /// Its task's mailbox, when it lives here.
    pub(crate) fn here(&self) -> Option<&GameTx> {
        match &self.place {
            Place::Here(tx) => Some(tx),
            Place::At(_) => None,
        }
    }
}

#[derive(Default)]
pub(crate) struct State {
    pub(crate) conns: HashMap<ConnId, Conn>,
    /// Logged-in users' connections, by name key.
    pub(crate) online: HashMap<String, HashSet<ConnId>>,
    /// The directory of games in play: here or on another instance.
    pub(crate) games: HashMap<u64, GameEntry>,
    per_ip: HashMap<IpAddr, usize>,
    /// With several instances: what is known of the others ([`others::Peers`]).
    pub(crate) peers: others::Peers,
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
    pub(crate) next: AtomicU64,
    state: Mutex<State>,
    /// The other instances, once joined (see [`Hub::others`]).
    pub(crate) others: std::sync::OnceLock<Arc<dyn others::Others>>,
    /// What one address or player may do in a window of time.
    pub limits: crate::limits::Limits,
    /// The lobby's mailbox.
    pub(crate) lobby: crate::lobby::LobbyTx,
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
            lobby: crate::lobby::start(Box::new(send::HubHost(weak.clone()))),
            limits: crate::limits::Limits::new(&cfg),
            cfg,
            store,
            moves,
            metrics,
            games_ctx,
            // Seeks are numbered apart on each instance.
            next: AtomicU64::new(cfg_instance_base(instance)),
            state: Mutex::new(State::default()),
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

    pub(crate) fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn spawn(&self, game: Game) {
        let (tx, rx) = mailbox();
        let keys = [
            game.seats[0].user.key.clone(),
            game.seats[1].user.key.clone(),
        ];
        let summary = game.summary();
        self.lobby
            .tell(crate::lobby::LobbyMsg::Listed(summary.clone()));
        self.lock().games.insert(
            game.id,
            GameEntry {
                place: Place::Here(tx),
                summary,
                keys,
                over: false,
            },
        );
        self.metrics.games.fetch_add(1, Relaxed);
        tokio::spawn(game.run(rx));
    }

    /// A new connection from `ip`, or `None` when the address holds too many.
    pub fn connect(&self, ip: IpAddr) -> Option<(Outbox, Inbox)> {
        let mut st = self.lock();
        let n = st.per_ip.entry(ip).or_default();
        if *n >= self.cfg.max_connections_per_ip {
            return None;
        }
        *n += 1;
        let id = self.next.fetch_add(1, Relaxed);
        let (out, inbox) = crate::outbox::bounded(id, self.cfg.queue_bytes);
        st.conns.insert(
            id,
            Conn {
                out: out.clone(),
                ip,
                user: None,
                games: HashSet::new(),
            },
        );
        self.metrics.connections.fetch_add(1, Relaxed);
        Some((out, inbox))
    }

    /// A connection closed: its games hear of it; the seeks and challenges of a player with no
    /// connection left vanish.
    pub fn disconnect(&self, conn: ConnId) {
        let mut st = self.lock();
        let Some(c) = st.conns.remove(&conn) else {
            return;
        };
        self.metrics.connections.fetch_sub(1, Relaxed);
        if let Some(n) = st.per_ip.get_mut(&c.ip) {
            *n -= 1;
            if *n == 0 {
                st.per_ip.remove(&c.ip);
            }
        }
        self.detach_all(&st, conn, &c.games);
        self.lobby
            .tell(crate::lobby::LobbyMsg::Follow { conn, out: None });
        if let Some(user) = c.user {
            self.leave(&mut st, conn, &user);
        }
    }

    /// A connection leaves its games, here or on the instances that own them.
    pub(crate) fn detach_all(&self, st: &State, conn: ConnId, games: &HashSet<u64>) {
        for &g in games {
            match st.games.get(&g).map(|e| &e.place) {
                Some(Place::Here(tx)) => tx.detach(conn),
                Some(Place::At(owner)) => {
                    (self.others()).to(*owner, others::Peer::Detach { conn, game: g });
                }
                None => {}
            }
        }
    }

    fn leave(&self, st: &mut State, conn: ConnId, user: &User) {
        let last = st.online.get_mut(&user.key).is_some_and(|set| {
            set.remove(&conn);
            set.is_empty()
        });
        if !last {
            return;
        }
        st.online.remove(&user.key);
        self.metrics.online.fetch_sub(1, Relaxed);
        self.lobby
            .tell(crate::lobby::LobbyMsg::Left(user.key.clone()));
        self.online_changed(st);
    }

    /// Sends a message to a game the connection is on, or attaches it first (watching).
    pub fn to_game(
        &self,
        conn: ConnId,
        user: &User,
        game: u64,
        msg: ClientMsg,
    ) -> Result<(), (ErrorCode, String)> {
        let mut st = self.lock();
        if let Some(owner) = Hub::owner_of(&st, game) {
            return Hub::to_remote_game(&mut st, self.others(), owner, conn, user, game, msg);
        }
        let Some(tx) = st.games.get(&game).and_then(GameEntry::here).cloned() else {
            return Err((ErrorCode::NoSuchGame, format!("no game {game} in play")));
        };
        let attached = st.conns.get(&conn).is_some_and(|c| c.games.contains(&game));
        if !attached {
            if !matches!(msg, ClientMsg::Watch { .. }) {
                return Err((
                    ErrorCode::NotYourGame,
                    format!("you are not on game {game}"),
                ));
            }
            let Some(c) = st.conns.get_mut(&conn) else {
                return Ok(());
            };
            c.games.insert(game);
            let out = c.out.clone();
            tx.attach_or_close(out, user.clone());
            return Ok(());
        }
        if matches!(msg, ClientMsg::Unwatch { .. })
            && let Some(c) = st.conns.get_mut(&conn)
        {
            c.games.remove(&game);
        }
        tx.message(conn, msg).map_err(|_| {
            (
                ErrorCode::RateLimited,
                "the game is busy; send it again".into(),
            )
        })
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
        let mut st = self.lock();
        if let Some(g) = st.games.get_mut(&id) {
            g.over = true;
        }
        self.metrics.finished.fetch_add(1, Relaxed);
        self.lobby.tell(crate::lobby::LobbyMsg::Unlisted(id));
        self.tell_all(others::Peer::Unlisted { game: id });
    }

    /// A game's task ended.
    fn game_closed(&self, id: u64) {
        let mut st = self.lock();
        // Only its own entry: the game may live on another instance now (its lease lost).
        if st.games.get(&id).is_some_and(|e| e.here().is_some()) {
            st.games.remove(&id);
        }
        self.metrics.games.fetch_sub(1, Relaxed);
        for c in st.conns.values_mut() {
            c.games.remove(&id);
        }
        drop(st);
        self.tell_all(others::Peer::Closed { game: id });
        if let Some(me) = self.others().me() {
            let (store, me) = (Arc::clone(&self.store), others::instance_name(me));
            tokio::spawn(async move { store.release_lease(id as i64, &me).await });
        }
    }

    /// The games in play, on every instance.
    pub fn games(&self) -> Vec<GameSummary> {
        self.games_of(&self.lock())
    }

    fn games_of(&self, st: &State) -> Vec<GameSummary> {
        (st.games.values().filter(|g| !g.over))
            .map(|g| g.summary.clone())
            .collect()
    }
}
