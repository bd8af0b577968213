//! What the server holds in memory across connections: who is connected and logged in, the
//! lobby's seeks and challenges, the games in play (each a task of its own), and the limits per
//! address.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::sync::mpsc;
use xiangqi_protocol::{
    ChallengeView, ClientMsg, ColorChoice, ErrorCode, GameSummary, RatingView, Rules, SeekView,
    ServerMsg, Speed, TimeControl,
};

use crate::config::Config;
use crate::durable::MoveWriter;
use crate::game::{Game, GameCmd, Seat};
use crate::metrics::Metrics;
use crate::outbox::{ConnId, Inbox, Out, Outbox, outbox};
use crate::store::{GameRow, Rating, Store};

/// Milliseconds since the Unix epoch.
#[must_use]
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// A logged-in player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct User {
    /// The account (none for a guest).
    pub account: Option<i64>,
    /// The name shown.
    pub name: String,
    /// The name's key (NFKC, lower case).
    pub key: String,
    /// A guest.
    pub guest: bool,
}

struct Conn {
    out: Outbox,
    ip: IpAddr,
    user: Option<User>,
    lobby: bool,
    games: HashSet<u64>,
}

struct SeekEntry {
    view: SeekView,
    owner: User,
}

struct ChallengeEntry {
    view: ChallengeView,
    from: User,
    to_key: String,
}

struct GameEntry {
    tx: mpsc::Sender<GameCmd>,
    summary: GameSummary,
    keys: [String; 2],
    over: bool,
}

#[derive(Default)]
struct State {
    conns: HashMap<ConnId, Conn>,
    /// Logged-in users' connections, by name key.
    online: HashMap<String, HashSet<ConnId>>,
    seeks: BTreeMap<u64, SeekEntry>,
    challenges: BTreeMap<u64, ChallengeEntry>,
    games: HashMap<u64, GameEntry>,
    per_ip: HashMap<IpAddr, usize>,
    logins: HashMap<IpAddr, (Instant, u32)>,
    failures: HashMap<String, (Instant, u32)>,
}

/// The shared state.
pub struct Hub {
    /// The settings.
    pub cfg: Config,
    /// The database.
    pub store: Arc<dyn Store>,
    /// Where moves are made durable.
    pub moves: MoveWriter,
    /// The counters.
    pub metrics: Arc<Metrics>,
    next: AtomicU64,
    state: Mutex<State>,
}

fn count(window: &mut (Instant, u32), per: Duration) -> u32 {
    if window.0.elapsed() >= per {
        *window = (Instant::now(), 0);
    }
    window.1 += 1;
    window.1
}

impl Hub {
    /// A hub on `store`, with the games in play restored (their clocks as stored).
    pub async fn start(cfg: Config, store: Arc<dyn Store>) -> Result<Arc<Hub>, String> {
        let metrics = Arc::new(Metrics::default());
        let moves = MoveWriter::start(Arc::clone(&store), Arc::clone(&metrics));
        let hub = Arc::new(Hub {
            cfg,
            store,
            moves,
            metrics,
            next: AtomicU64::new(1),
            state: Mutex::new(State::default()),
        });
        let games = hub.store.games_in_play().await.map_err(|e| e.to_string())?;
        let n = games.len();
        for (row, moves) in games {
            // An account is known by its name's key, a guest by the key its session keeps.
            let seat = |account: Option<i64>, name: &str, guest: &Option<String>| {
                let key = match (account, guest) {
                    (Some(_), _) => crate::auth::name_key(name),
                    (None, Some(k)) => k.clone(),
                    (None, None) => crate::auth::guest_key(),
                };
                Seat::new(
                    User {
                        account,
                        name: name.to_owned(),
                        key,
                        guest: account.is_none(),
                    },
                    None,
                )
            };
            let seats = [
                seat(row.red_account, &row.red_name, &row.red_guest),
                seat(row.black_account, &row.black_name, &row.black_guest),
            ];
            let id = row.id;
            match Game::restore(Arc::clone(&hub), row, &moves, seats) {
                Ok(game) => hub.spawn(game),
                Err(e) => tracing::error!(game = id, "a stored game could not be resumed: {e}"),
            }
        }
        tracing::info!("{n} games in play resumed");
        Ok(hub)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn spawn(&self, game: Game) {
        let (tx, rx) = mpsc::channel(256);
        let keys = [
            game.seats[0].user.key.clone(),
            game.seats[1].user.key.clone(),
        ];
        let summary = game.summary();
        self.lock().games.insert(
            game.id,
            GameEntry {
                tx,
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
        let (out, inbox) = outbox(id);
        st.conns.insert(
            id,
            Conn {
                out: out.clone(),
                ip,
                user: None,
                lobby: false,
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
        for g in &c.games {
            if let Some(e) = st.games.get(g) {
                let _ = e.tx.try_send(GameCmd::Detach { conn });
            }
        }
        if let Some(user) = c.user {
            self.leave(&mut st, conn, &user);
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
        let seeks: Vec<u64> = st
            .seeks
            .iter()
            .filter(|(_, s)| s.owner.key == user.key)
            .map(|(id, _)| *id)
            .collect();
        for id in seeks {
            st.seeks.remove(&id);
            lobby_send(st, &ServerMsg::SeekRemoved { seek: id });
        }
        let gone: Vec<u64> = st
            .challenges
            .iter()
            .filter(|(_, c)| c.from.key == user.key)
            .map(|(id, _)| *id)
            .collect();
        for id in gone {
            if let Some(c) = st.challenges.remove(&id) {
                user_send(st, &c.to_key, &ServerMsg::ChallengeGone { challenge: id });
            }
        }
        let count = st.online.len() as u32;
        lobby_send(st, &ServerMsg::Online { count });
    }

    /// Counts a login attempt from `ip`; whether it is allowed.
    pub fn login_allowed(&self, ip: IpAddr) -> bool {
        let mut st = self.lock();
        let w = st.logins.entry(ip).or_insert((Instant::now(), 0));
        count(w, Duration::from_secs(60)) <= self.cfg.logins_per_minute
    }

    /// Whether an account (by key) may try a password now.
    pub fn account_allowed(&self, key: &str) -> bool {
        let st = self.lock();
        st.failures.get(key).is_none_or(|w| {
            w.0.elapsed() >= Duration::from_secs(60) || w.1 < self.cfg.failed_logins_per_account
        })
    }

    /// Counts a failed password for an account.
    pub fn failed_login(&self, key: &str) {
        let mut st = self.lock();
        let w = st
            .failures
            .entry(key.to_owned())
            .or_insert((Instant::now(), 0));
        count(w, Duration::from_secs(60));
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
            let count = st.online.len() as u32;
            lobby_send(&st, &ServerMsg::Online { count });
        }
        let mine: Vec<u64> = st
            .games
            .iter()
            .filter(|(_, g)| !g.over && g.keys.contains(&user.key))
            .map(|(id, _)| *id)
            .collect();
        for id in &mine {
            if let Some(g) = st.games.get(id) {
                let _ = g.tx.try_send(GameCmd::Attach {
                    out: out.clone(),
                    user: user.clone(),
                });
            }
            if let Some(c) = st.conns.get_mut(&conn) {
                c.games.insert(*id);
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
        let games: Vec<u64> = c.games.drain().collect();
        for g in games {
            if let Some(e) = st.games.get(&g) {
                let _ = e.tx.try_send(GameCmd::Detach { conn });
            }
        }
        if let Some(user) = user {
            self.leave(&mut st, conn, &user);
        }
    }

    /// The name a connection is logged in as.
    pub fn name_of(&self, conn: ConnId) -> Option<String> {
        self.lock()
            .conns
            .get(&conn)
            .and_then(|c| c.user.as_ref().map(|u| u.name.clone()))
    }

    /// Follows or leaves the lobby.
    pub fn follow_lobby(&self, conn: ConnId, on: bool) {
        let mut st = self.lock();
        let snapshot = ServerMsg::Lobby {
            seeks: st.seeks.values().map(|s| s.view.clone()).collect(),
            online: st.online.len() as u32,
            games: st
                .games
                .values()
                .filter(|g| !g.over)
                .map(|g| g.summary.clone())
                .collect(),
        };
        if let Some(c) = st.conns.get_mut(&conn) {
            c.lobby = on;
            if on {
                c.out.send(&snapshot);
            }
        }
    }

    /// A player's rating in a speed (the default for one never rated).
    pub async fn rating(&self, account: i64, speed: &str) -> Rating {
        self.store
            .ratings(account)
            .await
            .ok()
            .and_then(|r| r.into_iter().find(|(s, _)| s == speed).map(|(_, r)| r))
            .unwrap_or_default()
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

    async fn shown(&self, user: &User, time: TimeControl) -> Option<(i32, bool)> {
        let account = user.account?;
        let r = self.rating(account, time.speed().name()).await;
        Some((
            r.rating.round() as i32,
            r.deviation > crate::game::PROVISIONAL_DEVIATION,
        ))
    }

    /// Opens a seek for the connection's user.
    pub async fn seek(&self, user: &User, msg: ClientMsg) -> Result<u64, (ErrorCode, String)> {
        let ClientMsg::Seek {
            time,
            rated,
            color,
            rules,
            rating_min,
            rating_max,
        } = msg
        else {
            return Err((ErrorCode::BadField, "not a seek".into()));
        };
        check_terms(user, time, rated)?;
        let shown = self.shown(user, time).await;
        let id = self.next.fetch_add(1, Relaxed);
        let view = SeekView {
            id,
            name: user.name.clone(),
            rating: shown.map(|s| s.0),
            provisional: shown.is_some_and(|s| s.1),
            time,
            rated,
            color,
            rules,
            rating_min,
            rating_max,
        };
        let mut st = self.lock();
        if !st.online.contains_key(&user.key) {
            return Err((ErrorCode::NotLoggedIn, "log in first".into()));
        }
        lobby_send(&st, &ServerMsg::SeekAdded { seek: view.clone() });
        // The owner hears of its own seek even when it does not follow the lobby.
        user_send_unless_lobby(&st, &user.key, &ServerMsg::SeekAdded { seek: view.clone() });
        st.seeks.insert(
            id,
            SeekEntry {
                view,
                owner: user.clone(),
            },
        );
        Ok(id)
    }

    /// Withdraws a seek.
    pub fn cancel_seek(&self, user: &User, id: u64) -> Result<(), (ErrorCode, String)> {
        let mut st = self.lock();
        match st.seeks.get(&id) {
            Some(s) if s.owner.key == user.key => {
                st.seeks.remove(&id);
                lobby_send(&st, &ServerMsg::SeekRemoved { seek: id });
                user_send_unless_lobby(&st, &user.key, &ServerMsg::SeekRemoved { seek: id });
                Ok(())
            }
            _ => Err((ErrorCode::NoSuchSeek, format!("no seek {id} of yours"))),
        }
    }

    /// Accepts a seek: the game starts.
    pub async fn accept_seek(
        self: &Arc<Hub>,
        user: &User,
        id: u64,
    ) -> Result<(), (ErrorCode, String)> {
        let (view, owner) = {
            let st = self.lock();
            let s = st
                .seeks
                .get(&id)
                .ok_or((ErrorCode::NoSuchSeek, format!("no seek {id}")))?;
            (s.view.clone(), s.owner.clone())
        };
        if owner.key == user.key {
            return Err((ErrorCode::CannotAccept, "that is your own seek".into()));
        }
        check_terms(user, view.time, view.rated)?;
        if view.rating_min.is_some() || view.rating_max.is_some() {
            let mine = self.shown(user, view.time).await.map(|s| s.0);
            let ok = mine.is_some_and(|r| {
                view.rating_min.is_none_or(|m| r >= m) && view.rating_max.is_none_or(|m| r <= m)
            });
            if !ok {
                return Err((
                    ErrorCode::CannotAccept,
                    "your rating is outside the seek's range".into(),
                ));
            }
        }
        {
            let mut st = self.lock();
            if st.seeks.remove(&id).is_none() {
                return Err((ErrorCode::NoSuchSeek, format!("seek {id} was taken")));
            }
            lobby_send(&st, &ServerMsg::SeekRemoved { seek: id });
            user_send_unless_lobby(&st, &owner.key, &ServerMsg::SeekRemoved { seek: id });
        }
        let (red, black) = colours(view.color, owner, user.clone());
        self.start_game(red, black, view.time, view.rated, view.rules, None)
            .await
    }

    /// Challenges a named player who is online.
    pub async fn challenge(&self, user: &User, msg: ClientMsg) -> Result<u64, (ErrorCode, String)> {
        let ClientMsg::Challenge {
            to,
            time,
            rated,
            color,
            rules,
            fen,
        } = msg
        else {
            return Err((ErrorCode::BadField, "not a challenge".into()));
        };
        check_terms(user, time, rated)?;
        if let Some(fen) = &fen {
            if rated {
                return Err((
                    ErrorCode::BadSeek,
                    "a game from a set position is casual".into(),
                ));
            }
            let record = xiangqi::GameRecord::from_fen(fen)
                .map_err(|e| (ErrorCode::BadSeek, format!("the FEN: {e}")))?;
            if record.outcome().is_some() || record.position().legal_moves().is_empty() {
                return Err((
                    ErrorCode::BadSeek,
                    "the game would be over before it starts".into(),
                ));
            }
        }
        let to_key = crate::auth::name_key(&to);
        if to_key == user.key {
            return Err((
                ErrorCode::CannotAccept,
                "you cannot challenge yourself".into(),
            ));
        }
        let mut st = self.lock();
        // An account by its name's key; a guest (known by a key of its own) by its name.
        let Some(target) = st
            .conns
            .values()
            .filter_map(|c| c.user.as_ref())
            .find(|u| u.key == to_key || (u.guest && u.name == to))
            .cloned()
        else {
            return Err((ErrorCode::NoSuchPlayer, format!("{to} is not online")));
        };
        let to_key = target.key.clone();
        if to_key == user.key {
            return Err((
                ErrorCode::CannotAccept,
                "you cannot challenge yourself".into(),
            ));
        }
        if rated && target.guest {
            return Err((
                ErrorCode::GuestNotAllowed,
                "guests play casual games only".into(),
            ));
        }
        let id = self.next.fetch_add(1, Relaxed);
        let view = ChallengeView {
            id,
            from: user.name.clone(),
            to: target.name.clone(),
            time,
            rated,
            color,
            rules,
            fen,
        };
        let msg = ServerMsg::Challenged {
            challenge: view.clone(),
        };
        user_send(&st, &to_key, &msg);
        user_send(&st, &user.key, &msg);
        st.challenges.insert(
            id,
            ChallengeEntry {
                view,
                from: user.clone(),
                to_key,
            },
        );
        Ok(id)
    }

    /// Accepts or declines (or withdraws) a challenge.
    pub async fn answer_challenge(
        self: &Arc<Hub>,
        user: &User,
        id: u64,
        accept: bool,
    ) -> Result<(), (ErrorCode, String)> {
        let entry = {
            let mut st = self.lock();
            let ok = st
                .challenges
                .get(&id)
                .is_some_and(|c| c.to_key == user.key || (!accept && c.from.key == user.key));
            if !ok {
                return Err((
                    ErrorCode::NoSuchChallenge,
                    format!("no challenge {id} for you"),
                ));
            }
            let Some(c) = st.challenges.remove(&id) else {
                return Err((ErrorCode::NoSuchChallenge, format!("no challenge {id}")));
            };
            let gone = ServerMsg::ChallengeGone { challenge: id };
            user_send(&st, &c.to_key, &gone);
            user_send(&st, &c.from.key, &gone);
            c
        };
        if !accept {
            return Ok(());
        }
        let (red, black) = colours(entry.view.color, entry.from, user.clone());
        let v = entry.view;
        self.start_game(red, black, v.time, v.rated, v.rules, v.fen)
            .await
    }

    /// A rematch: a new game with the same terms.
    pub async fn rematch(
        self: &Arc<Hub>,
        (red, black): (User, User),
        time: TimeControl,
        rated: bool,
        rules: Rules,
        fen: String,
    ) {
        let start = xiangqi::Position::startpos().to_fen();
        let fen = (fen != start).then_some(fen);
        if let Err(e) = self.start_game(red, black, time, rated, rules, fen).await {
            tracing::warn!("a rematch did not start: {}", e.1);
        }
    }

    /// Starts a game: stored, its task spawned, both players' connections attached.
    pub async fn start_game(
        self: &Arc<Hub>,
        red: User,
        black: User,
        time: TimeControl,
        rated: bool,
        rules: Rules,
        fen: Option<String>,
    ) -> Result<(), (ErrorCode, String)> {
        let row = GameRow {
            red_account: red.account,
            black_account: black.account,
            red_name: red.name.clone(),
            black_name: black.name.clone(),
            base_s: i64::from(time.base_s),
            inc_s: i64::from(time.inc_s),
            rated,
            rules: crate::game::rules_name(rules).into(),
            fen: fen.unwrap_or_else(|| xiangqi::Position::startpos().to_fen()),
            status: "playing".into(),
            started_ms: now_ms(),
            red_guest: red.guest.then(|| red.key.clone()),
            black_guest: black.guest.then(|| black.key.clone()),
            ..GameRow::default()
        };
        let id = self
            .store
            .create_game(&row)
            .await
            .map_err(|e| (ErrorCode::Internal, e.to_string()))?;
        let row = GameRow { id, ..row };
        let seats = [
            Seat::new(red.clone(), self.shown(&red, time).await),
            Seat::new(black.clone(), self.shown(&black, time).await),
        ];
        let game = Game::restore(Arc::clone(self), row, &[], seats)
            .map_err(|e| (ErrorCode::Internal, e))?;
        let summary = game.summary();
        self.spawn(game);
        let id = id as u64;
        let mut st = self.lock();
        lobby_send(&st, &ServerMsg::GameListed { game: summary });
        for user in [&red, &black] {
            let conns: Vec<ConnId> = st
                .online
                .get(&user.key)
                .map(|s| s.iter().copied().collect())
                .unwrap_or_default();
            for c in conns {
                let Some(conn) = st.conns.get_mut(&c) else {
                    continue;
                };
                conn.games.insert(id);
                let out = conn.out.clone();
                if let Some(g) = st.games.get(&id) {
                    let _ = g.tx.try_send(GameCmd::Attach {
                        out,
                        user: user.clone(),
                    });
                }
            }
        }
        Ok(())
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
        let Some(entry) = st.games.get(&game) else {
            return Err((ErrorCode::NoSuchGame, format!("no game {game} in play")));
        };
        let tx = entry.tx.clone();
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
            let _ = tx.try_send(GameCmd::Attach {
                out,
                user: user.clone(),
            });
            return Ok(());
        }
        if matches!(msg, ClientMsg::Unwatch { .. })
            && let Some(c) = st.conns.get_mut(&conn)
        {
            c.games.remove(&game);
        }
        tx.try_send(GameCmd::Msg { conn, msg }).map_err(|_| {
            (
                ErrorCode::RateLimited,
                "the game is busy; send it again".into(),
            )
        })
    }

    /// Lobby chat: to every connection following the lobby.
    pub fn lobby_chat(&self, from_key: &str, msg: &ServerMsg) {
        let st = self.lock();
        let frame: Arc<str> = msg.to_json().into();
        for c in st.conns.values().filter(|c| c.lobby) {
            c.out.push(Out::Chat {
                from_key: from_key.to_owned(),
                frame: Arc::clone(&frame),
            });
        }
    }

    /// A game ended: it leaves the lobby's list.
    pub fn game_over(&self, id: u64) {
        let mut st = self.lock();
        if let Some(g) = st.games.get_mut(&id) {
            g.over = true;
        }
        self.metrics.finished.fetch_add(1, Relaxed);
        lobby_send(&st, &ServerMsg::GameUnlisted { game: id });
    }

    /// A game's task ended.
    pub fn game_closed(&self, id: u64) {
        let mut st = self.lock();
        st.games.remove(&id);
        self.metrics.games.fetch_sub(1, Relaxed);
        for c in st.conns.values_mut() {
            c.games.remove(&id);
        }
    }

    /// The games in play.
    pub fn games(&self) -> Vec<GameSummary> {
        self.lock()
            .games
            .values()
            .filter(|g| !g.over)
            .map(|g| g.summary.clone())
            .collect()
    }
}

fn check_terms(user: &User, time: TimeControl, rated: bool) -> Result<(), (ErrorCode, String)> {
    if !time.is_valid() {
        return Err((
            ErrorCode::BadSeek,
            "base 1 s to 3 h, increment at most 180 s".into(),
        ));
    }
    if rated && user.guest {
        return Err((
            ErrorCode::GuestNotAllowed,
            "guests play casual games only".into(),
        ));
    }
    Ok(())
}

fn colours(choice: ColorChoice, owner: User, other: User) -> (User, User) {
    let owner_red = match choice {
        ColorChoice::Red => true,
        ColorChoice::Black => false,
        ColorChoice::Random => rand::random(),
    };
    if owner_red {
        (owner, other)
    } else {
        (other, owner)
    }
}

fn lobby_send(st: &State, msg: &ServerMsg) {
    let frame: Arc<str> = msg.to_json().into();
    for c in st.conns.values().filter(|c| c.lobby) {
        c.out.push(Out::Frame(Arc::clone(&frame)));
    }
}

fn user_send(st: &State, key: &str, msg: &ServerMsg) {
    if let Some(set) = st.online.get(key) {
        for c in set {
            if let Some(c) = st.conns.get(c) {
                c.out.send(msg);
            }
        }
    }
}

fn user_send_unless_lobby(st: &State, key: &str, msg: &ServerMsg) {
    if let Some(set) = st.online.get(key) {
        for c in set {
            if let Some(c) = st.conns.get(c).filter(|c| !c.lobby) {
                c.out.send(msg);
            }
        }
    }
}
