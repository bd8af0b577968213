//! What players ask of the lobby (seeks, challenges, rematches, its chat), done around the
//! lobby's task (`crate::lobby`): the work that waits on the database (ratings, storing a seek,
//! starting a game) here, the lobby's state there; and what the lobby asks of the hub
//! ([`HubHost`]). Among several instances each lobby keeps its own seeks and tells the others
//! ([`Peer::Seek`], [`Peer::SeekGone`]); the database keeps them all (migration 0004), for a
//! starting instance to read and for what a dead instance leaves.

use std::sync::atomic::Ordering::Relaxed;
use std::sync::{Arc, Weak};

use xiangqi_protocol::{
    ChallengeTerms, ChallengeView, ColorChoice, ErrorCode, Rules, SeekTerms, SeekView, ServerMsg,
    TimeControl,
};

use super::others::{LEASE_MS, Peer, instance_name};
use super::{Hub, Refusal};
use crate::game::{Game, Seat};
use crate::lobby::{Found, Host, LobbyMsg};
use crate::outbox::{ConnId, Outbox};
use crate::store::GameRow;
use crate::user::{User, now_ms};

/// The lobby's view of the hub (held weakly: the lobby does not keep the hub alive).
pub(super) struct HubHost(pub(super) Weak<Hub>);

impl Host for HubHost {
    fn conns_of(&self, key: &str) -> Vec<Outbox> {
        (self.0.upgrade()).map_or_else(Vec::new, |hub| hub.conns.outs_of(key))
    }

    fn is_online(&self, key: &str) -> bool {
        (self.0.upgrade()).is_some_and(|hub| hub.conns.is_online(key))
    }

    fn seek_gone(&self, id: u64) {
        if let Some(hub) = self.0.upgrade() {
            hub.seek_gone(id);
        }
    }
}

impl Hub {
    /// Opens a seek for the connection's user.
    pub async fn seek(&self, user: &User, terms: SeekTerms) -> Result<u64, Refusal> {
        let SeekTerms {
            time,
            rated,
            color,
            rules,
            rating_min,
            rating_max,
        } = terms;
        check_terms(user, time, rated)?;
        if let (Some(low), Some(high)) = (rating_min, rating_max)
            && low > high
        {
            return Err((
                ErrorCode::BadSeek,
                format!("rating_min {low} is above rating_max {high}"),
            ));
        }
        let shown = crate::ratings::shown(&*self.store, user, time).await;
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
        self.store_seek(&view).await;
        let seek = crate::lobby::Seek {
            view: view.clone(),
            owner: user.clone(),
        };
        self.lobby.open(seek).await?;
        self.tell_all(Peer::Seek { seek: view });
        Ok(id)
    }

    /// Withdraws a seek.
    pub async fn cancel_seek(&self, user: &User, id: u64) -> Result<(), Refusal> {
        self.lobby.cancel(&user.key, id).await
    }

    /// Accepts a seek: the game starts. Another instance's seek is accepted there, for the
    /// connection `conn` here.
    pub async fn accept_seek(
        self: &Arc<Hub>,
        user: &User,
        id: u64,
        conn: Option<ConnId>,
    ) -> Result<(), Refusal> {
        let found = self.lobby.find(id).await;
        // Another instance's seek (known, or numbered by a live one: news can lag) goes there.
        let at = match &found {
            Found::Here(_) => None,
            Found::At(at) => Some(*at),
            Found::Nowhere => u16::try_from(id >> 40)
                .ok()
                .filter(|n| self.peers.is_alive(*n)),
        };
        if let (Some(conn), Some(at), Some(me)) = (conn, at, self.others().me())
            && at != me
        {
            let user = user.clone();
            self.others().to(
                at,
                Peer::Accept {
                    conn,
                    seek: id,
                    user,
                },
            );
            return Ok(());
        }
        let Found::Here(crate::lobby::Seek { view, owner }) = found else {
            return Err((ErrorCode::NoSuchSeek, format!("no seek {id}")));
        };
        if owner.key == user.key {
            return Err((ErrorCode::CannotAccept, "that is your own seek".into()));
        }
        check_terms(user, view.time, view.rated)?;
        if view.rating_min.is_some() || view.rating_max.is_some() {
            let mine = crate::ratings::shown(&*self.store, user, view.time)
                .await
                .map(|s| s.0);
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
        let crate::lobby::Seek { view, owner } = self.lobby.take(id).await?;
        let (red, black) = colours(view.color, owner, user.clone());
        self.start_game(red, black, view.time, view.rated, view.rules, None)
            .await
    }

    /// Challenges a named player who is online.
    pub async fn challenge(&self, user: &User, terms: ChallengeTerms) -> Result<u64, Refusal> {
        let ChallengeTerms {
            to,
            time,
            rated,
            color,
            rules,
            fen,
        } = terms;
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
        // An account by its name's key; a guest (known by a key of its own) by its name.
        let target = (self.conns.user_by_key(&to_key)).or_else(|| self.conns.guest_named(&to));
        let Some(target) = target else {
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
        self.lobby
            .tell(LobbyMsg::Challenge(crate::lobby::Challenge {
                view,
                from: user.clone(),
                to_key,
            }));
        Ok(id)
    }

    /// Accepts or declines (or withdraws) a challenge.
    pub async fn answer_challenge(
        self: &Arc<Hub>,
        user: &User,
        id: u64,
        accept: bool,
    ) -> Result<(), Refusal> {
        let entry = self.lobby.answer(id, &user.key, accept).await?;
        if !accept {
            return Ok(());
        }
        let (red, black) = colours(entry.view.color, entry.from, user.clone());
        let v = entry.view;
        self.start_game(red, black, v.time, v.rated, v.rules, v.fen)
            .await
    }

    /// A rematch: a new game with the same terms.
    pub async fn rematch(self: &Arc<Hub>, r: crate::game::Rematch) {
        let start = xiangqi::Position::startpos().to_fen();
        let fen = (r.fen != start).then_some(r.fen);
        let (red, black) = r.players;
        if let Err(e) = (self.start_game(red, black, r.time, r.rated, r.rules, fen)).await {
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
    ) -> Result<(), Refusal> {
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
            .map_err(crate::login::db)?;
        let row = GameRow { id, ..row };
        let seats = [
            Seat::new(
                red.clone(),
                crate::ratings::shown(&*self.store, &red, time).await,
            ),
            Seat::new(
                black.clone(),
                crate::ratings::shown(&*self.store, &black, time).await,
            ),
        ];
        let game = Game::restore(self.games_ctx.clone(), row, &[], seats)
            .map_err(|e| (ErrorCode::Internal, e))?;
        let summary = game.summary();
        if let Some(me) = self.others().me() {
            let now = now_ms();
            let until = now + LEASE_MS;
            let me = instance_name(me);
            let _ = self.store.claim_lease(id, &me, now, until).await;
        }
        self.spawn(game);
        self.listed(summary.clone());
        let id = id as u64;
        let Some(place) = self.directory.place(id) else {
            return Ok(());
        };
        for user in [&red, &black] {
            // Its connections here, and the proxies of its connections on other instances.
            let mut conns = self.conns.of_key(&user.key);
            conns.extend(self.peers.proxies_of(&user.key));
            for (conn, h) in self.conns.handles_of(&conns) {
                self.attach(id, place.clone(), conn, &h.out, &h.games, user);
            }
        }
        Ok(())
    }

    /// Follows or leaves the lobby.
    pub fn follow_lobby(&self, conn: ConnId, on: bool) {
        let out = on
            .then(|| self.conns.handles(conn).map(|h| h.out))
            .flatten();
        self.lobby.tell(LobbyMsg::Follow { conn, out });
    }

    /// Lobby chat: to every connection following the lobby, on every instance.
    pub fn lobby_chat(&self, from_key: &str, msg: &ServerMsg) {
        let frame: Arc<str> = msg.to_json().into();
        self.tell_all(Peer::LobbyChat {
            from_key: from_key.to_owned(),
            frame: frame.to_string(),
        });
        self.lobby_chat_here(from_key, frame);
    }

    /// Lobby chat: to every connection here following the lobby.
    pub(super) fn lobby_chat_here(&self, from_key: &str, frame: Arc<str>) {
        self.lobby.tell(LobbyMsg::Chat {
            from_key: from_key.to_owned(),
            frame,
        });
    }

    /// A seek about to open here: the database keeps it (before anyone can see it, so that
    /// its removal always comes after).
    async fn store_seek(&self, view: &SeekView) {
        let Some(me) = self.others().me() else { return };
        let json = serde_json::to_string(view).unwrap_or_default();
        let (id, now) = (view.id as i64, now_ms());
        if let Err(e) = (self.store.add_seek(id, &instance_name(me), &json, now)).await {
            tracing::warn!(seek = view.id, "a seek was not stored: {e}");
        }
    }

    /// A seek of this instance's is gone: the others hear of it, the database forgets it.
    fn seek_gone(&self, id: u64) {
        if self.others().me().is_none() {
            return;
        }
        self.tell_all(Peer::SeekGone { seek: id });
        let store = Arc::clone(&self.store);
        tokio::spawn(async move { store.remove_seek(id as i64).await });
    }
}

/// Who plays Red and who Black, by the colour the owner of a seek or challenge chose.
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

fn check_terms(user: &User, time: TimeControl, rated: bool) -> Result<(), Refusal> {
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
