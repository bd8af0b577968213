//! The [`Store`] on SQL through sqlx's `Any` driver: SQLite or PostgreSQL, the same queries
//! (`$N` placeholders), migrations per backend.

use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::{AnyPool, Row};

use super::*;

/// Which database is behind the pool.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// SQLite.
    Sqlite,
    /// PostgreSQL.
    Postgres,
}

/// The [`Store`] on SQL.
pub struct SqlStore {
    pub(super) pool: AnyPool,
    /// The database.
    pub backend: Backend,
}

impl SqlStore {
    /// Opens (creating a SQLite file if needed) and migrates. `url`: `sqlite://PATH`,
    /// `sqlite::memory:` or `postgres://...`.
    pub async fn open(url: &str) -> Result<SqlStore, StoreError> {
        sqlx::any::install_default_drivers();
        let backend = if url.starts_with("postgres") {
            Backend::Postgres
        } else {
            Backend::Sqlite
        };
        #[cfg(not(feature = "postgres"))]
        if backend == Backend::Postgres {
            return Err(StoreError::Db(
                "this chuhan-server was built without PostgreSQL (cargo feature `postgres`): \
                 use sqlite://PATH"
                    .to_owned(),
            ));
        }
        let (url, max) = match backend {
            Backend::Postgres => (url.to_owned(), 16),
            // An in-memory database lives in one connection.
            Backend::Sqlite if url.contains(":memory:") => (url.to_owned(), 1),
            Backend::Sqlite if url.contains('?') => (url.to_owned(), 4),
            Backend::Sqlite => (format!("{url}?mode=rwc"), 4),
        };
        let pool = AnyPoolOptions::new()
            .max_connections(max)
            .min_connections(1)
            .idle_timeout(None)
            .max_lifetime(None)
            .after_connect(move |conn, _| {
                Box::pin(async move {
                    if backend == Backend::Sqlite {
                        use sqlx::Executor;
                        conn.execute("PRAGMA journal_mode=WAL").await?;
                        conn.execute("PRAGMA synchronous=FULL").await?;
                        conn.execute("PRAGMA foreign_keys=ON").await?;
                        conn.execute("PRAGMA busy_timeout=10000").await?;
                    }
                    Ok(())
                })
            })
            .connect(&url)
            .await?;
        let migrator = match backend {
            Backend::Sqlite => sqlx::migrate!("./migrations/sqlite"),
            Backend::Postgres => sqlx::migrate!("./migrations/postgres"),
        };
        migrator
            .run(&pool)
            .await
            .map_err(|e| StoreError::Db(e.to_string()))?;
        let store = SqlStore { pool, backend };
        store.fill_skeletons().await?;
        Ok(store)
    }

    /// Closes the pool.
    pub async fn close(&self) {
        self.pool.close().await;
    }
}

fn account(row: &AnyRow) -> Result<Account, sqlx::Error> {
    Ok(Account {
        id: row.try_get("id")?,
        name: row.try_get("name")?,
        password_hash: row.try_get("password_hash")?,
        banned: row.try_get::<i64, _>("banned")? != 0,
    })
}

const ACCOUNT_COLUMNS: &str = "id, name, password_hash, banned";

impl Store for SqlStore {
    fn register<'a>(
        &'a self,
        name: &'a str,
        key: &'a str,
        hash: &'a str,
        now: i64,
    ) -> Fut<'a, i64> {
        Box::pin(async move {
            let row = sqlx::query(
                "INSERT INTO accounts (name, name_key, name_skeleton, password_hash, created_ms, \
                 banned) VALUES ($1, $2, $3, $4, $5, 0) RETURNING id",
            )
            .bind(name)
            .bind(key)
            .bind(crate::auth::name_skeleton(name))
            .bind(hash)
            .bind(now)
            .fetch_one(&self.pool)
            .await?;
            Ok(row.try_get("id")?)
        })
    }

    fn account_by_key<'a>(&'a self, key: &'a str) -> Fut<'a, Option<Account>> {
        Box::pin(async move {
            let q = format!("SELECT {ACCOUNT_COLUMNS} FROM accounts WHERE name_key = $1");
            let row = sqlx::query(&q).bind(key).fetch_optional(&self.pool).await?;
            Ok(row.as_ref().map(account).transpose()?)
        })
    }

    fn account_by_id(&self, id: i64) -> Fut<'_, Option<Account>> {
        Box::pin(async move {
            let q = format!("SELECT {ACCOUNT_COLUMNS} FROM accounts WHERE id = $1");
            let row = sqlx::query(&q).bind(id).fetch_optional(&self.pool).await?;
            Ok(row.as_ref().map(account).transpose()?)
        })
    }

    fn add_token<'a>(&'a self, hash: &'a str, account: i64, expires_ms: i64) -> Fut<'a, ()> {
        Box::pin(async move {
            sqlx::query("INSERT INTO tokens (hash, account_id, expires_ms) VALUES ($1, $2, $3)")
                .bind(hash)
                .bind(account)
                .bind(expires_ms)
                .execute(&self.pool)
                .await?;
            Ok(())
        })
    }

    fn token_account<'a>(&'a self, hash: &'a str, now: i64) -> Fut<'a, Option<Account>> {
        Box::pin(async move {
            let row = sqlx::query(
                "SELECT a.id, a.name, a.password_hash, a.banned FROM tokens t \
                 JOIN accounts a ON a.id = t.account_id WHERE t.hash = $1 AND t.expires_ms > $2",
            )
            .bind(hash)
            .bind(now)
            .fetch_optional(&self.pool)
            .await?;
            Ok(row.as_ref().map(account).transpose()?)
        })
    }

    fn add_guest<'a>(
        &'a self,
        hash: &'a str,
        name: &'a str,
        key: &'a str,
        expires_ms: i64,
    ) -> Fut<'a, ()> {
        Box::pin(async move {
            sqlx::query(
                "INSERT INTO guest_sessions (hash, name, guest_key, expires_ms) \
                 VALUES ($1, $2, $3, $4)",
            )
            .bind(hash)
            .bind(name)
            .bind(key)
            .bind(expires_ms)
            .execute(&self.pool)
            .await?;
            Ok(())
        })
    }

    fn token_guest<'a>(&'a self, hash: &'a str, now: i64) -> Fut<'a, Option<(String, String)>> {
        Box::pin(async move {
            let row = sqlx::query(
                "SELECT name, guest_key FROM guest_sessions WHERE hash = $1 AND expires_ms > $2",
            )
            .bind(hash)
            .bind(now)
            .fetch_optional(&self.pool)
            .await?;
            Ok(match row {
                Some(r) => Some((r.try_get("name")?, r.try_get("guest_key")?)),
                None => None,
            })
        })
    }

    fn revoke_token<'a>(&'a self, hash: &'a str) -> Fut<'a, ()> {
        Box::pin(async move {
            let mut tx = self.pool.begin().await?;
            sqlx::query("DELETE FROM tokens WHERE hash = $1")
                .bind(hash)
                .execute(&mut *tx)
                .await?;
            sqlx::query("DELETE FROM guest_sessions WHERE hash = $1")
                .bind(hash)
                .execute(&mut *tx)
                .await?;
            tx.commit().await?;
            Ok(())
        })
    }

    fn revoke_all(&self, account: i64) -> Fut<'_, ()> {
        Box::pin(async move {
            sqlx::query("DELETE FROM tokens WHERE account_id = $1")
                .bind(account)
                .execute(&self.pool)
                .await?;
            Ok(())
        })
    }

    fn set_password<'a>(&'a self, account: i64, hash: &'a str) -> Fut<'a, ()> {
        Box::pin(async move {
            sqlx::query("UPDATE accounts SET password_hash = $1 WHERE id = $2")
                .bind(hash)
                .bind(account)
                .execute(&self.pool)
                .await?;
            Ok(())
        })
    }

    fn set_banned<'a>(&'a self, key: &'a str, banned: bool) -> Fut<'a, bool> {
        Box::pin(async move {
            let done = sqlx::query("UPDATE accounts SET banned = $1 WHERE name_key = $2")
                .bind(i64::from(banned))
                .bind(key)
                .execute(&self.pool)
                .await?;
            if banned {
                sqlx::query(
                    "DELETE FROM tokens WHERE account_id IN \
                     (SELECT id FROM accounts WHERE name_key = $1)",
                )
                .bind(key)
                .execute(&self.pool)
                .await?;
            }
            Ok(done.rows_affected() > 0)
        })
    }

    fn ratings(&self, account: i64) -> Fut<'_, Vec<(String, Rating)>> {
        Box::pin(async move {
            let rows = sqlx::query("SELECT * FROM ratings WHERE account_id = $1")
                .bind(account)
                .fetch_all(&self.pool)
                .await?;
            let mut out = Vec::new();
            for r in rows {
                out.push((
                    r.try_get("speed")?,
                    Rating {
                        rating: r.try_get("rating")?,
                        deviation: r.try_get("deviation")?,
                        volatility: r.try_get("volatility")?,
                        games: r.try_get("games")?,
                    },
                ));
            }
            Ok(out)
        })
    }

    fn create_game<'a>(&'a self, g: &'a GameRow) -> Fut<'a, i64> {
        Box::pin(self.create_game_(g))
    }

    fn append_moves<'a>(&'a self, moves: &'a [MoveRow]) -> Fut<'a, ()> {
        Box::pin(self.append_moves_(moves))
    }

    fn truncate_moves(&self, game: i64, ply: i64) -> Fut<'_, ()> {
        Box::pin(self.truncate_moves_(game, ply))
    }

    fn finish_game<'a>(&'a self, f: &'a Finish) -> Fut<'a, ()> {
        Box::pin(self.finish_game_(f))
    }

    fn games_in_play(&self) -> Fut<'_, Vec<(GameRow, Vec<MoveRow>)>> {
        Box::pin(self.games_in_play_())
    }

    fn game(&self, id: i64) -> Fut<'_, Option<(GameRow, Vec<MoveRow>)>> {
        Box::pin(self.game_(id))
    }

    fn recent_games(&self, account: i64, limit: i64) -> Fut<'_, Vec<GameRow>> {
        Box::pin(self.recent_games_(account, limit))
    }

    fn add_chat<'a>(&'a self, c: &'a ChatRow) -> Fut<'a, ()> {
        Box::pin(self.add_chat_(c))
    }

    fn chat(&self, game: Option<i64>, limit: i64) -> Fut<'_, Vec<ChatRow>> {
        Box::pin(self.chat_(game, limit))
    }

    fn mutes(&self, account: i64) -> Fut<'_, Vec<String>> {
        Box::pin(self.mutes_(account))
    }

    fn set_mute<'a>(&'a self, account: i64, key: &'a str, on: bool) -> Fut<'a, ()> {
        Box::pin(self.set_mute_(account, key, on))
    }

    fn claim_lease<'a>(
        &'a self,
        game: i64,
        owner: &'a str,
        now_ms: i64,
        until_ms: i64,
    ) -> Fut<'a, bool> {
        Box::pin(self.claim_lease_(game, owner, now_ms, until_ms))
    }

    fn renew_leases<'a>(&'a self, owner: &'a str, until_ms: i64) -> Fut<'a, Vec<i64>> {
        Box::pin(self.renew_leases_(owner, until_ms))
    }

    fn release_lease<'a>(&'a self, game: i64, owner: &'a str) -> Fut<'a, ()> {
        Box::pin(self.release_lease_(game, owner))
    }

    fn lease(&self, game: i64) -> Fut<'_, Option<(String, i64)>> {
        Box::pin(self.lease_(game))
    }

    fn add_seek<'a>(&'a self, id: i64, instance: &'a str, view: &'a str, now: i64) -> Fut<'a, ()> {
        Box::pin(self.add_seek_(id, instance, view, now))
    }

    fn remove_seek(&self, id: i64) -> Fut<'_, ()> {
        Box::pin(self.remove_seek_(id))
    }

    fn remove_seeks_of<'a>(&'a self, instance: &'a str) -> Fut<'a, ()> {
        Box::pin(self.remove_seeks_of_(instance))
    }

    fn seeks(&self) -> Fut<'_, Vec<(i64, String, String)>> {
        Box::pin(self.seeks_())
    }

    fn orphaned_games<'a>(
        &'a self,
        owner: &'a str,
        now_ms: i64,
        started_before_ms: i64,
    ) -> Fut<'a, Vec<i64>> {
        Box::pin(self.orphaned_games_(owner, now_ms, started_before_ms))
    }
}
