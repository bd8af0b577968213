//! Logging in: registering, passwords, tokens, guests; rate-limited per address and per
//! account. Passwords and tokens are never logged.

use xiangqi_protocol::{ClientMsg, ErrorCode, ServerMsg};

use crate::auth::{self, GUEST_TOKEN_LIFE_MS, TOKEN_LIFE_MS};
use crate::conn::{Refusal, Session};
use crate::store::Account;
use crate::user::{User, now_ms};

/// A database's error as a client hears it: logged here, never sent (its words name tables and
/// values).
pub(crate) fn db(e: impl std::fmt::Display) -> Refusal {
    tracing::error!("database: {e}");
    (
        ErrorCode::Internal,
        "the server could not do that now".into(),
    )
}

/// Password work on the hub's password threads ([`crate::limits::PasswordWork`]); when they
/// are all busy and the queue is full or too slow, the login is refused for now.
async fn blocking<T: Send + 'static>(
    hub: &crate::hub::Hub,
    f: impl FnOnce() -> T + Send + 'static,
) -> Result<T, Refusal> {
    hub.limits.passwords.run(f).await.map_err(|_| {
        hub.metrics
            .refused
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        (
            ErrorCode::RateLimited,
            "the server is busy with logins: try again in a moment".into(),
        )
    })
}

impl Session {
    pub(crate) async fn log_in(&mut self, msg: ClientMsg) -> Result<(), Refusal> {
        if self.user.is_some() {
            return Err((ErrorCode::AlreadyLoggedIn, "log out first".into()));
        }
        if !self.hub.limits.login_allowed(self.ip) {
            return Err((
                ErrorCode::RateLimited,
                "too many logins from your address: wait a minute".into(),
            ));
        }
        let hub = std::sync::Arc::clone(&self.hub);
        let (account, token) = match msg {
            ClientMsg::Register { name, password } => {
                let (name, key) = auth::check_name(&name)?;
                auth::check_password(&password)?;
                let hash = blocking(&hub, move || auth::hash_password(&password))
                    .await?
                    .map_err(db)?;
                let id = match hub.store.register(&name, &key, &hash, now_ms()).await {
                    Ok(id) => id,
                    Err(crate::store::StoreError::NameTaken) => {
                        return Err((
                            ErrorCode::NameTaken,
                            format!("the name {name} is taken, or looks like one that is"),
                        ));
                    }
                    Err(e) => return Err(db(e)),
                };
                let account = Account {
                    id,
                    name,
                    password_hash: String::new(),
                    banned: false,
                };
                (account, true)
            }
            ClientMsg::Login { name, password } => {
                let key = auth::name_key(&name);
                if !hub.limits.account_allowed(self.ip, &key) {
                    return Err((
                        ErrorCode::RateLimited,
                        "too many failed logins for this name: wait a minute".into(),
                    ));
                }
                let found = hub.store.account_by_key(&key).await.map_err(db)?;
                let hash = found.as_ref().map(|a| a.password_hash.clone());
                // A name that does not exist costs the same time as a wrong password.
                let ok = blocking(&hub, move || match hash {
                    Some(h) => auth::verify_password(&password, &h),
                    None => {
                        let _ = auth::hash_password(&password);
                        false
                    }
                })
                .await?;
                let Some(account) = found.filter(|_| ok) else {
                    hub.limits.failed_login(self.ip, &key);
                    return Err((ErrorCode::BadCredentials, "wrong name or password".into()));
                };
                (account, true)
            }
            ClientMsg::Resume { token } => {
                let hash = auth::token_hash(&token);
                let Some(account) = hub.store.token_account(&hash, now_ms()).await.map_err(db)?
                else {
                    let Some((name, key)) =
                        hub.store.token_guest(&hash, now_ms()).await.map_err(db)?
                    else {
                        return Err((
                            ErrorCode::TokenInvalid,
                            "the token is unknown, revoked or expired: log in again".into(),
                        ));
                    };
                    self.token_hash = Some(hash);
                    self.enter(User::guest(name, key), None, Vec::new());
                    return Ok(());
                };
                self.token_hash = Some(hash);
                (account, false)
            }
            _ => return self.guest().await,
        };
        if account.banned {
            return Err((ErrorCode::Banned, "this account is banned".into()));
        }
        let token = if token {
            let (token, hash) = auth::new_token();
            hub.store
                .add_token(&hash, account.id, now_ms() + TOKEN_LIFE_MS)
                .await
                .map_err(db)?;
            self.token_hash = Some(hash);
            Some(token)
        } else {
            None
        };
        if let Ok(mutes) = hub.store.mutes(account.id).await
            && let Ok(mut m) = self.muted.lock()
        {
            m.extend(mutes);
        }
        let user = User {
            account: Some(account.id),
            key: auth::name_key(&account.name),
            name: account.name,
            guest: false,
        };
        tracing::info!(name = %user.name, "logged in");
        let ratings = crate::ratings::ratings(&*hub.store, account.id).await;
        self.enter(user, token, ratings);
        Ok(())
    }

    /// A guest: a free name, a key of its own and a token (kept for a day) to log in again
    /// with after a dropped connection or a server restart.
    async fn guest(&mut self) -> Result<(), Refusal> {
        let Some(name) = guest_name(|name| self.hub.name_online(name)) else {
            return Err((
                ErrorCode::Internal,
                "no guest name is free: try again".into(),
            ));
        };
        // A guest is known by a key of its own, never by its name: a later guest given the same
        // name (after a restart, or once this one left) is not seated in its games.
        let key = auth::guest_key();
        let (token, hash) = auth::new_token();
        self.hub
            .store
            .add_guest(&hash, &name, &key, now_ms() + GUEST_TOKEN_LIFE_MS)
            .await
            .map_err(db)?;
        self.token_hash = Some(hash);
        self.enter(User::guest(name, key), Some(token), Vec::new());
        Ok(())
    }

    fn enter(
        &mut self,
        user: User,
        token: Option<String>,
        ratings: Vec<xiangqi_protocol::RatingView>,
    ) {
        let playing = self.hub.login(self.out.conn, user.clone());
        self.send(&ServerMsg::LoggedIn {
            name: user.name.clone(),
            token,
            guest: user.guest,
            ratings,
            playing,
        });
        self.user = Some(user);
    }

    pub(crate) async fn change_password(
        &mut self,
        user: &User,
        old: String,
        new: String,
    ) -> Result<(), Refusal> {
        let Some(id) = user.account else {
            return Err((ErrorCode::GuestNotAllowed, "guests have no password".into()));
        };
        auth::check_password(&new)?;
        let hub = std::sync::Arc::clone(&self.hub);
        let account = hub
            .store
            .account_by_id(id)
            .await
            .map_err(db)?
            .ok_or((ErrorCode::Internal, "no account".into()))?;
        let stored = account.password_hash.clone();
        let (ok, hash) = blocking(&hub, move || {
            let ok = auth::verify_password(&old, &stored);
            (
                ok,
                if ok {
                    auth::hash_password(&new).ok()
                } else {
                    None
                },
            )
        })
        .await?;
        let (true, Some(hash)) = (ok, hash) else {
            hub.limits.failed_login(self.ip, &user.key);
            return Err((
                ErrorCode::BadCredentials,
                "the password now is wrong".into(),
            ));
        };
        hub.store.set_password(id, &hash).await.map_err(db)?;
        hub.store.revoke_all(id).await.map_err(db)?;
        let (token, th) = auth::new_token();
        hub.store
            .add_token(&th, id, now_ms() + TOKEN_LIFE_MS)
            .await
            .map_err(db)?;
        self.token_hash = Some(th);
        let ratings = crate::ratings::ratings(&*hub.store, id).await;
        self.send(&ServerMsg::LoggedIn {
            name: user.name.clone(),
            token: Some(token),
            guest: false,
            ratings,
            playing: Vec::new(),
        });
        Ok(())
    }
}

/// A guest's name that `taken` says is free: `游客` and four random digits, more digits once ten
/// tries found four-digit names taken (10,000 guests online once took all 10,000 of them, and
/// each further guest was refused).
fn guest_name(taken: impl Fn(&str) -> bool) -> Option<String> {
    (0..50u32).find_map(|attempt| {
        let digits = 4 + (attempt / 10) as usize;
        let n = rand::random_range(0..10u64.pow(digits as u32));
        let name = format!("游客{n:0digits$}");
        (!taken(&name)).then_some(name)
    })
}

#[cfg(test)]
mod tests {
    use super::guest_name;

    #[test]
    fn a_guest_is_named_while_every_four_digit_name_is_taken() {
        let four = |name: &str| name.chars().count() == "游客1234".chars().count();
        let name = guest_name(four).expect("a name with more digits");
        assert!(
            name.starts_with("游客") && name.chars().count() > 6,
            "{name}"
        );
        assert!(
            name[("游客".len())..].chars().all(|c| c.is_ascii_digit()),
            "{name}"
        );
        let free = guest_name(|_| false).expect("a name");
        assert_eq!(
            free.chars().count(),
            6,
            "four digits while they are free: {free}"
        );
        assert_eq!(guest_name(|_| true), None, "none when every name is taken");
    }
}
