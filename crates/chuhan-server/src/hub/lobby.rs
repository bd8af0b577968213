//! What players ask of the lobby (seeks, challenges, rematches), done around the lobby's task
//! (`crate::lobby`): the work that waits on the database (ratings, storing a seek, starting a
//! game) here, the lobby's state there.

use std::sync::Arc;
use std::sync::atomic::Ordering::Relaxed;

use xiangqi_protocol::{
    ChallengeTerms, ChallengeView, ErrorCode, Rules, SeekTerms, SeekView, TimeControl,
};

use super::others::Peer;
use super::seeks::colours;
use super::*;
use crate::lobby::{Found, LobbyMsg};

impl Hub {
    /// The key chat and mutes know a player by: an online guest's own key when a guest has
    /// that name, else the name's key (an account's).
    pub(crate) fn key_of_name(&self, name: &str) -> String {
        let st = self.lock();
        st.conns
            .values()
            .filter_map(|c| c.user.as_ref())
            .find(|u| u.guest && u.name == name)
            .map_or_else(|| crate::auth::name_key(name), |u| u.key.clone())
    }

    /// Opens a seek for the connection's user.
    pub async fn seek(&self, user: &User, terms: SeekTerms) -> Result<u64, (ErrorCode, String)> {
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
    pub async fn cancel_seek(&self, user: &User, id: u64) -> Result<(), (ErrorCode, String)> {
        self.lobby.cancel(&user.key, id).await
    }

    /// Accepts a seek: the game starts. Another instance's seek is accepted there, for the
    /// connection `conn` here.
    pub async fn accept_seek(
        self: &Arc<Hub>,
        user: &User,
        id: u64,
        conn: Option<ConnId>,
    ) -> Result<(), (ErrorCode, String)> {
        let found = self.lobby.find(id).await;
        // Another instance's seek (known, or numbered by a live one: news can lag) goes there.
        let at = match &found {
            Found::Here(_) => None,
            Found::At(at) => Some(*at),
            Found::Nowhere => u16::try_from(id >> 40)
                .ok()
                .filter(|n| self.lock().peers.heard.contains_key(n)),
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
    pub async fn challenge(
        &self,
        user: &User,
        terms: ChallengeTerms,
    ) -> Result<u64, (ErrorCode, String)> {
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
        let Some(target) = (self.lock().conns)
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
    ) -> Result<(), (ErrorCode, String)> {
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
            let until = now + super::others::LEASE_MS;
            let me = super::others::instance_name(me);
            let _ = self.store.claim_lease(id, &me, now, until).await;
        }
        self.spawn(game);
        self.listed(summary.clone());
        let id = id as u64;
        let mut st = self.lock();
        for user in [&red, &black] {
            // Its connections here, and the proxies of its connections on other instances.
            let conns: Vec<ConnId> = (st.online.get(&user.key).into_iter().flatten())
                .chain(st.peers.proxy_keys.get(&user.key).into_iter().flatten())
                .copied()
                .collect();
            for c in conns {
                let Some(conn) = st.conns.get_mut(&c) else {
                    continue;
                };
                conn.games.insert(id);
                let out = conn.out.clone();
                if let Some(tx) = st.games.get(&id).and_then(GameEntry::here) {
                    tx.attach_or_close(out, user.clone());
                }
            }
        }
        Ok(())
    }
}

pub(super) fn check_terms(
    user: &User,
    time: TimeControl,
    rated: bool,
) -> Result<(), (ErrorCode, String)> {
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
