//! The [`Store`] on SQL through sqlx's `Any` driver: SQLite or PostgreSQL, the same queries
//! (`$N` placeholders), migrations per backend.

use std::borrow::Cow;
use std::pin::Pin;

use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::error::BoxDynError;
use sqlx::migrate::{Migration, MigrationSource, MigrationType, Migrator};
use sqlx::{AnyPool, Row};

use super::{Account, ChatRow, Finish, Fut, GameRow, MoveRow, Rating, Store, StoreError};

/// The migrations built into the binary, as (file name, SQL), one list per database. sqlx's
/// `migrate!` macro did the same at compile time, but sqlx's macros build sqlx, its drivers and
/// SQLite's C source a second time for the compiler (minutes on two cores, in every build of the
/// game too). Versions, descriptions and checksums are sqlx's own, from the same names and bytes:
/// a database the macro's build migrated is up to date for this one (a test compares the lists
/// with sqlx reading the folders, and the folders with the lists).
const SQLITE_MIGRATIONS: &[(&str, &str)] = &[
    (
        "0001_init.sql",
        include_str!("../../migrations/sqlite/0001_init.sql"),
    ),
    (
        "0002_guest_sessions.sql",
        include_str!("../../migrations/sqlite/0002_guest_sessions.sql"),
    ),
    (
        "0003_game_leases.sql",
        include_str!("../../migrations/sqlite/0003_game_leases.sql"),
    ),
    (
        "0004_seeks.sql",
        include_str!("../../migrations/sqlite/0004_seeks.sql"),
    ),
    (
        "0005_name_skeleton.sql",
        include_str!("../../migrations/sqlite/0005_name_skeleton.sql"),
    ),
    (
        "0006_name_skeleton_as_shown.sql",
        include_str!("../../migrations/sqlite/0006_name_skeleton_as_shown.sql"),
    ),
];
const POSTGRES_MIGRATIONS: &[(&str, &str)] = &[
    (
        "0001_init.sql",
        include_str!("../../migrations/postgres/0001_init.sql"),
    ),
    (
        "0002_guest_sessions.sql",
        include_str!("../../migrations/postgres/0002_guest_sessions.sql"),
    ),
    (
        "0003_game_leases.sql",
        include_str!("../../migrations/postgres/0003_game_leases.sql"),
    ),
    (
        "0004_seeks.sql",
        include_str!("../../migrations/postgres/0004_seeks.sql"),
    ),
    (
        "0005_name_skeleton.sql",
        include_str!("../../migrations/postgres/0005_name_skeleton.sql"),
    ),
    (
        "0006_name_skeleton_as_shown.sql",
        include_str!("../../migrations/postgres/0006_name_skeleton_as_shown.sql"),
    ),
];

/// A [`MigrationSource`] over a list built in: `VERSION_DESCRIPTION.sql` names, read as sqlx's
/// folder source reads them.
#[derive(Debug)]
struct Embedded(&'static [(&'static str, &'static str)]);

impl Embedded {
    fn migrations(&self) -> Result<Vec<Migration>, String> {
        let mut out = Vec::with_capacity(self.0.len());
        for &(name, sql) in self.0 {
            let (version, rest) = name
                .split_once('_')
                .filter(|(_, rest)| rest.ends_with(".sql"))
                .ok_or_else(|| format!("migration {name:?}: not VERSION_DESCRIPTION.sql"))?;
            let version: i64 = version
                .parse()
                .map_err(|_| format!("migration {name:?}: the version is not an integer"))?;
            let kind = MigrationType::from_filename(rest);
            let description = rest.trim_end_matches(kind.suffix()).replace('_', " ");
            let no_tx = sql.starts_with("-- no-transaction");
            out.push(Migration::new(
                version,
                Cow::Owned(description),
                kind,
                Cow::Borrowed(sql),
                no_tx,
            ));
        }
        out.sort_by_key(|m| m.version);
        Ok(out)
    }
}

type Resolved = Pin<Box<dyn Future<Output = Result<Vec<Migration>, BoxDynError>> + Send>>;

impl MigrationSource<'static> for Embedded {
    fn resolve(self) -> Resolved {
        Box::pin(async move { self.migrations().map_err(BoxDynError::from) })
    }
}

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
        let source = match backend {
            Backend::Sqlite => Embedded(SQLITE_MIGRATIONS),
            Backend::Postgres => Embedded(POSTGRES_MIGRATIONS),
        };
        Migrator::new(source)
            .await
            .map_err(|e| StoreError::Db(e.to_string()))?
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

// ----------------------------------------------------------------------------------------------
// The SQL store's games, moves, chat and mutes (the [`Store`] methods call these).

impl SqlStore {
    async fn create_game_(&self, g: &GameRow) -> Result<i64, StoreError> {
        let row = sqlx::query(
            "INSERT INTO games (red_account, black_account, red_name, black_name, base_s, \
             inc_s, rated, rules, fen, status, started_ms, red_guest, black_guest) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'playing', $10, $11, $12) \
             RETURNING id",
        )
        .bind(g.red_account)
        .bind(g.black_account)
        .bind(&g.red_name)
        .bind(&g.black_name)
        .bind(g.base_s)
        .bind(g.inc_s)
        .bind(i64::from(g.rated))
        .bind(&g.rules)
        .bind(&g.fen)
        .bind(g.started_ms)
        .bind(g.red_guest.as_deref())
        .bind(g.black_guest.as_deref())
        .fetch_one(&self.pool)
        .await?;
        Ok(row.try_get("id")?)
    }

    async fn append_moves_(&self, moves: &[MoveRow]) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        for m in moves {
            sqlx::query(
                "INSERT INTO moves (game_id, ply, mv, red_ms, black_ms, at_ms) \
                 VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(m.game_id)
            .bind(m.ply)
            .bind(&m.mv)
            .bind(m.red_ms)
            .bind(m.black_ms)
            .bind(m.at_ms)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    async fn truncate_moves_(&self, game: i64, ply: i64) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM moves WHERE game_id = $1 AND ply >= $2")
            .bind(game)
            .bind(ply)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    async fn finish_game_(&self, f: &Finish) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        let mut shown = [None, None, None, None];
        for (i, (account, speed, r, before, after)) in f.ratings.iter().enumerate() {
            sqlx::query("DELETE FROM ratings WHERE account_id = $1 AND speed = $2")
                .bind(*account)
                .bind(speed)
                .execute(&mut *tx)
                .await?;
            sqlx::query(
                "INSERT INTO ratings (account_id, speed, rating, deviation, volatility, games) \
                 VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(*account)
            .bind(speed)
            .bind(r.rating)
            .bind(r.deviation)
            .bind(r.volatility)
            .bind(r.games)
            .execute(&mut *tx)
            .await?;
            if i < 2 {
                shown[2 * i] = Some(*before);
                shown[2 * i + 1] = Some(*after);
            }
        }
        sqlx::query(
            "UPDATE games SET status = $1, result = $2, reason = $3, ended_ms = $4, \
             red_before = $5, red_after = $6, black_before = $7, black_after = $8 \
             WHERE id = $9",
        )
        .bind(f.status)
        .bind(&f.result)
        .bind(&f.reason)
        .bind(f.ended_ms)
        .bind(shown[0])
        .bind(shown[1])
        .bind(shown[2])
        .bind(shown[3])
        .bind(f.game_id)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    async fn games_in_play_(&self) -> Result<Vec<(GameRow, Vec<MoveRow>)>, StoreError> {
        let rows = sqlx::query("SELECT * FROM games WHERE status = 'playing' ORDER BY id")
            .fetch_all(&self.pool)
            .await?;
        let mut out = Vec::new();
        for r in rows {
            let g = game_row(&r)?;
            let moves = self.moves_of(g.id).await?;
            out.push((g, moves));
        }
        Ok(out)
    }

    async fn game_(&self, id: i64) -> Result<Option<(GameRow, Vec<MoveRow>)>, StoreError> {
        let row = sqlx::query("SELECT * FROM games WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        let Some(row) = row else {
            return Ok(None);
        };
        let g = game_row(&row)?;
        let moves = self.moves_of(id).await?;
        Ok(Some((g, moves)))
    }

    async fn recent_games_(&self, account: i64, limit: i64) -> Result<Vec<GameRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT * FROM games WHERE (red_account = $1 OR black_account = $1) \
             AND status = 'over' ORDER BY id DESC LIMIT $2",
        )
        .bind(account)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(game_row).collect::<Result<_, _>>()?)
    }

    async fn add_chat_(&self, c: &ChatRow) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO chat (game_id, author, body, spectators, at_ms) \
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(c.game_id)
        .bind(&c.author)
        .bind(&c.body)
        .bind(i64::from(c.spectators))
        .bind(c.at_ms)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    async fn chat_(&self, game: Option<i64>, limit: i64) -> Result<Vec<ChatRow>, StoreError> {
        let rows = match game {
            Some(g) => {
                sqlx::query(
                    "SELECT * FROM (SELECT * FROM chat WHERE game_id = $1 \
                     ORDER BY id DESC LIMIT $2) AS c ORDER BY id",
                )
                .bind(g)
                .bind(limit)
                .fetch_all(&self.pool)
                .await?
            }
            None => {
                sqlx::query(
                    "SELECT * FROM (SELECT * FROM chat WHERE game_id IS NULL \
                     ORDER BY id DESC LIMIT $1) AS c ORDER BY id",
                )
                .bind(limit)
                .fetch_all(&self.pool)
                .await?
            }
        };
        let mut out = Vec::new();
        for r in rows {
            out.push(ChatRow {
                game_id: r.try_get("game_id")?,
                author: r.try_get("author")?,
                body: r.try_get("body")?,
                spectators: r.try_get::<i64, _>("spectators")? != 0,
                at_ms: r.try_get("at_ms")?,
            });
        }
        Ok(out)
    }

    async fn mutes_(&self, account: i64) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query("SELECT muted_key FROM mutes WHERE account_id = $1")
            .bind(account)
            .fetch_all(&self.pool)
            .await?;
        Ok(rows
            .iter()
            .map(|r| r.try_get("muted_key"))
            .collect::<Result<_, _>>()?)
    }

    async fn set_mute_(&self, account: i64, key: &str, on: bool) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM mutes WHERE account_id = $1 AND muted_key = $2")
            .bind(account)
            .bind(key)
            .execute(&self.pool)
            .await?;
        if on {
            sqlx::query("INSERT INTO mutes (account_id, muted_key) VALUES ($1, $2)")
                .bind(account)
                .bind(key)
                .execute(&self.pool)
                .await?;
        }
        Ok(())
    }
}

fn game_row(r: &AnyRow) -> Result<GameRow, sqlx::Error> {
    Ok(GameRow {
        id: r.try_get("id")?,
        red_account: r.try_get("red_account")?,
        black_account: r.try_get("black_account")?,
        red_name: r.try_get("red_name")?,
        black_name: r.try_get("black_name")?,
        base_s: r.try_get("base_s")?,
        inc_s: r.try_get("inc_s")?,
        rated: r.try_get::<i64, _>("rated")? != 0,
        rules: r.try_get("rules")?,
        fen: r.try_get("fen")?,
        status: r.try_get("status")?,
        result: r.try_get("result")?,
        reason: r.try_get("reason")?,
        started_ms: r.try_get("started_ms")?,
        ended_ms: r.try_get("ended_ms")?,
        red_before: r.try_get("red_before")?,
        red_after: r.try_get("red_after")?,
        black_before: r.try_get("black_before")?,
        black_after: r.try_get("black_after")?,
        red_guest: r.try_get("red_guest")?,
        black_guest: r.try_get("black_guest")?,
    })
}

fn move_row(r: &AnyRow) -> Result<MoveRow, sqlx::Error> {
    Ok(MoveRow {
        game_id: r.try_get("game_id")?,
        ply: r.try_get("ply")?,
        mv: r.try_get("mv")?,
        red_ms: r.try_get("red_ms")?,
        black_ms: r.try_get("black_ms")?,
        at_ms: r.try_get("at_ms")?,
    })
}

impl SqlStore {
    async fn moves_of(&self, game: i64) -> Result<Vec<MoveRow>, StoreError> {
        let rows = sqlx::query("SELECT * FROM moves WHERE game_id = $1 ORDER BY ply")
            .bind(game)
            .fetch_all(&self.pool)
            .await?;
        Ok(rows.iter().map(move_row).collect::<Result<_, _>>()?)
    }

    /// Gives the accounts made before names had skeletons theirs. Where two old names share one,
    /// the first keeps it and the other is left without (said in the log): it keeps its name,
    /// and no new name like either can be registered.
    async fn fill_skeletons(&self) -> Result<(), StoreError> {
        let rows =
            sqlx::query("SELECT id, name FROM accounts WHERE name_skeleton IS NULL ORDER BY id")
                .fetch_all(&self.pool)
                .await?;
        for row in rows {
            let (id, name): (i64, String) = (row.try_get("id")?, row.try_get("name")?);
            let set = sqlx::query("UPDATE accounts SET name_skeleton = $1 WHERE id = $2")
                .bind(crate::auth::name_skeleton(&name))
                .bind(id)
                .execute(&self.pool)
                .await;
            match set.map_err(StoreError::from) {
                Ok(_) => {}
                Err(StoreError::NameTaken) => {
                    tracing::warn!(
                        account = id,
                        "the name {name:?} looks like an older account's"
                    );
                }
                Err(e) => return Err(e),
            }
        }
        Ok(())
    }
}

// ----------------------------------------------------------------------------------------------
// The SQL store's game leases (which instance owns a game in play, until when) and the open
// seeks of every instance.

impl SqlStore {
    /// Takes or renews the lease of `game` for `owner` until `until_ms`: granted when no lease
    /// exists, when `owner` holds it, or when it ran out before `now_ms`. One statement, so two
    /// instances asking at once cannot both be granted.
    async fn claim_lease_(
        &self,
        game: i64,
        owner: &str,
        now_ms: i64,
        until_ms: i64,
    ) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "INSERT INTO game_leases (game_id, owner, expires_ms) VALUES ($1, $2, $3) \
             ON CONFLICT (game_id) DO UPDATE SET owner = excluded.owner, \
             expires_ms = excluded.expires_ms \
             WHERE game_leases.owner = excluded.owner OR game_leases.expires_ms < $4",
        )
        .bind(game)
        .bind(owner)
        .bind(until_ms)
        .bind(now_ms)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    async fn renew_leases_(&self, owner: &str, until_ms: i64) -> Result<Vec<i64>, StoreError> {
        let rows = sqlx::query(
            "UPDATE game_leases SET expires_ms = $1 WHERE owner = $2 RETURNING game_id",
        )
        .bind(until_ms)
        .bind(owner)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| r.try_get("game_id").map_err(StoreError::from))
            .collect()
    }

    /// Gives up the lease of `game` if `owner` holds it (the game ended, or the instance stops).
    async fn release_lease_(&self, game: i64, owner: &str) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM game_leases WHERE game_id = $1 AND owner = $2")
            .bind(game)
            .bind(owner)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Who holds the lease of `game`, and until when.
    async fn lease_(&self, game: i64) -> Result<Option<(String, i64)>, StoreError> {
        let row = sqlx::query("SELECT owner, expires_ms FROM game_leases WHERE game_id = $1")
            .bind(game)
            .fetch_optional(&self.pool)
            .await?;
        Ok(match row {
            Some(r) => Some((r.try_get("owner")?, r.try_get("expires_ms")?)),
            None => None,
        })
    }

    async fn orphaned_games_(
        &self,
        owner: &str,
        now_ms: i64,
        started_before_ms: i64,
    ) -> Result<Vec<i64>, StoreError> {
        let rows = sqlx::query(
            "SELECT g.id AS id FROM games g LEFT JOIN game_leases l ON l.game_id = g.id \
             WHERE g.status = 'playing' AND ((l.game_id IS NULL AND g.started_ms < $1) \
             OR l.expires_ms < $2 OR l.owner = $3) ORDER BY g.id",
        )
        .bind(started_before_ms)
        .bind(now_ms)
        .bind(owner)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| r.try_get("id").map_err(StoreError::from))
            .collect()
    }

    async fn add_seek_(
        &self,
        id: i64,
        instance: &str,
        view: &str,
        now: i64,
    ) -> Result<(), StoreError> {
        sqlx::query("INSERT INTO seeks (id, instance, view, created_ms) VALUES ($1, $2, $3, $4)")
            .bind(id)
            .bind(instance)
            .bind(view)
            .bind(now)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    async fn remove_seek_(&self, id: i64) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM seeks WHERE id = $1")
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    async fn remove_seeks_of_(&self, instance: &str) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM seeks WHERE instance = $1")
            .bind(instance)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    async fn seeks_(&self) -> Result<Vec<(i64, String, String)>, StoreError> {
        let rows = sqlx::query("SELECT id, instance, view FROM seeks ORDER BY created_ms, id")
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|r| Ok((r.try_get("id")?, r.try_get("instance")?, r.try_get("view")?)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    /// The lists built in are what sqlx reads from the folders (what the `migrate!` macro built
    /// in before): every file, with the same versions, descriptions, checksums and kinds.
    #[tokio::test]
    async fn built_in_migrations_are_the_folders() {
        for (folder, list) in [
            ("sqlite", SQLITE_MIGRATIONS),
            ("postgres", POSTGRES_MIGRATIONS),
        ] {
            let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                .join("migrations")
                .join(folder);
            let files = std::fs::read_dir(&dir)
                .expect("the folder")
                .filter(|e| {
                    e.as_ref()
                        .is_ok_and(|e| e.path().extension() == Some("sql".as_ref()))
                })
                .count();
            let from_folder = Migrator::new(dir).await.expect("sqlx reads the folder");
            let built_in = Embedded(list).migrations().expect("the list parses");
            let key = |m: &Migration| {
                let kind = format!("{:?}", m.migration_type);
                (
                    m.version,
                    m.description.to_string(),
                    m.checksum.to_vec(),
                    kind,
                    m.no_tx,
                )
            };
            let a: Vec<_> = from_folder.iter().map(key).collect();
            let b: Vec<_> = built_in.iter().map(key).collect();
            assert!(
                files >= 6 && a.len() == files,
                "{folder}: {} of {files} files",
                a.len()
            );
            assert_eq!(a, b, "{folder}: the built-in list differs from the folder");
        }
    }

    /// A name that is not `VERSION_DESCRIPTION.sql` is an error, not a panic.
    #[test]
    fn bad_migration_names_are_errors() {
        for name in ["init.sql", "x_init.sql", "0001_init.txt"] {
            let list: &'static [(&str, &str)] = Box::leak(Box::new([(name, "SELECT 1;")]));
            assert!(Embedded(list).migrations().is_err(), "{name}");
        }
        let ok = Embedded(&[("0007_a_b.sql", "SELECT 1;")])
            .migrations()
            .expect("parses");
        assert_eq!((ok[0].version, ok[0].description.as_ref()), (7, "a b"));
    }
}
