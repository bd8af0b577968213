//! Storage: one trait ([`Store`]) over SQL, SQLite embedded by default and PostgreSQL by URL,
//! through sqlx's `Any` driver (the same queries, `$1` placeholders, which both read), with the
//! schema in embedded migrations per database (`migrations/sqlite`, `migrations/postgres`).
//! SQLite runs in WAL mode with `synchronous=FULL`: a commit is on disk when it returns.

use std::future::Future;
use std::pin::Pin;

use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::{AnyPool, Row};

/// A boxed future, so that the trait can be used as `dyn Store`.
pub type Fut<'a, T> = Pin<Box<dyn Future<Output = Result<T, StoreError>> + Send + 'a>>;

/// What storage can fail with.
#[derive(Debug)]
pub enum StoreError {
    /// A name already taken (unique key).
    NameTaken,
    /// The database failed.
    Db(String),
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StoreError::NameTaken => f.write_str("name taken"),
            StoreError::Db(e) => write!(f, "database: {e}"),
        }
    }
}

impl std::error::Error for StoreError {}

impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> StoreError {
        if let sqlx::Error::Database(d) = &e
            && d.is_unique_violation()
        {
            return StoreError::NameTaken;
        }
        StoreError::Db(e.to_string())
    }
}

/// An account.
#[derive(Clone, Debug)]
pub struct Account {
    /// Its number.
    pub id: i64,
    /// The name as registered.
    pub name: String,
    /// The argon2id hash (PHC string).
    pub password_hash: String,
    /// Banned from logging in.
    pub banned: bool,
}

/// A rating row.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// Glicko-2 rating.
    pub rating: f64,
    /// Deviation.
    pub deviation: f64,
    /// Volatility.
    pub volatility: f64,
    /// Rated games.
    pub games: i64,
}

impl Default for Rating {
    fn default() -> Rating {
        Rating {
            rating: 1500.0,
            deviation: 350.0,
            volatility: 0.06,
            games: 0,
        }
    }
}

/// A game row.
#[derive(Clone, Debug, Default)]
pub struct GameRow {
    pub id: i64,
    pub red_account: Option<i64>,
    pub black_account: Option<i64>,
    pub red_name: String,
    pub black_name: String,
    pub base_s: i64,
    pub inc_s: i64,
    pub rated: bool,
    pub rules: String,
    pub fen: String,
    /// `playing`, `over` or `aborted`.
    pub status: String,
    pub result: Option<String>,
    pub reason: Option<String>,
    pub started_ms: i64,
    pub ended_ms: Option<i64>,
    pub red_before: Option<i64>,
    pub red_after: Option<i64>,
    pub black_before: Option<i64>,
    pub black_after: Option<i64>,
    /// The key of a guest seated as red (a guest is known by its key, not its name).
    pub red_guest: Option<String>,
    /// The key of a guest seated as black.
    pub black_guest: Option<String>,
}

/// A move as stored, with both clocks after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRow {
    pub game_id: i64,
    pub ply: i64,
    pub mv: String,
    pub red_ms: i64,
    pub black_ms: i64,
    pub at_ms: i64,
}

/// How a game ended, with the ratings to store.
#[derive(Clone, Debug)]
pub struct Finish {
    pub game_id: i64,
    pub status: &'static str,
    pub result: String,
    pub reason: String,
    pub ended_ms: i64,
    /// (account, speed, new rating, shown before, shown after) for each rated player.
    pub ratings: Vec<(i64, String, Rating, i64, i64)>,
}

/// A stored chat line.
#[derive(Clone, Debug)]
pub struct ChatRow {
    pub game_id: Option<i64>,
    pub author: String,
    pub body: String,
    pub spectators: bool,
    pub at_ms: i64,
}

/// Everything the server keeps.
pub trait Store: Send + Sync {
    /// Creates an account; [`StoreError::NameTaken`] when the key is taken.
    fn register<'a>(&'a self, name: &'a str, key: &'a str, hash: &'a str, now: i64)
    -> Fut<'a, i64>;
    /// The account with this name key.
    fn account_by_key<'a>(&'a self, key: &'a str) -> Fut<'a, Option<Account>>;
    /// The account with this number.
    fn account_by_id(&self, id: i64) -> Fut<'_, Option<Account>>;
    /// Stores a token's hash.
    fn add_token<'a>(&'a self, hash: &'a str, account: i64, expires_ms: i64) -> Fut<'a, ()>;
    /// The account of a token not expired.
    fn token_account<'a>(&'a self, hash: &'a str, now: i64) -> Fut<'a, Option<Account>>;
    /// Stores a guest session: its token's hash, the guest's name and key.
    fn add_guest<'a>(
        &'a self,
        hash: &'a str,
        name: &'a str,
        key: &'a str,
        expires_ms: i64,
    ) -> Fut<'a, ()>;
    /// The guest (name, key) of a token not expired.
    fn token_guest<'a>(&'a self, hash: &'a str, now: i64) -> Fut<'a, Option<(String, String)>>;
    /// Revokes one token (an account's or a guest's).
    fn revoke_token<'a>(&'a self, hash: &'a str) -> Fut<'a, ()>;
    /// Revokes every token of an account.
    fn revoke_all(&self, account: i64) -> Fut<'_, ()>;
    /// Sets a new password hash.
    fn set_password<'a>(&'a self, account: i64, hash: &'a str) -> Fut<'a, ()>;
    /// Bans or unbans by name key; whether the account exists.
    fn set_banned<'a>(&'a self, key: &'a str, banned: bool) -> Fut<'a, bool>;
    /// The ratings of an account, by speed name.
    fn ratings(&self, account: i64) -> Fut<'_, Vec<(String, Rating)>>;
    /// Creates a game; its number.
    fn create_game<'a>(&'a self, game: &'a GameRow) -> Fut<'a, i64>;
    /// Appends moves (of any games) in one transaction: durable when it returns.
    fn append_moves<'a>(&'a self, moves: &'a [MoveRow]) -> Fut<'a, ()>;
    /// Deletes a game's moves from `ply` on (a takeback): durable when it returns.
    fn truncate_moves(&self, game: i64, ply: i64) -> Fut<'_, ()>;
    /// Ends a game and stores the ratings, in one transaction.
    fn finish_game<'a>(&'a self, finish: &'a Finish) -> Fut<'a, ()>;
    /// The games in play, with their moves.
    fn games_in_play(&self) -> Fut<'_, Vec<(GameRow, Vec<MoveRow>)>>;
    /// One game with its moves.
    fn game(&self, id: i64) -> Fut<'_, Option<(GameRow, Vec<MoveRow>)>>;
    /// An account's latest finished games, newest first.
    fn recent_games(&self, account: i64, limit: i64) -> Fut<'_, Vec<GameRow>>;
    /// Stores a chat line.
    fn add_chat<'a>(&'a self, line: &'a ChatRow) -> Fut<'a, ()>;
    /// A game's chat (or the lobby's latest, `None`), oldest first.
    fn chat(&self, game: Option<i64>, limit: i64) -> Fut<'_, Vec<ChatRow>>;
    /// The name keys an account has muted.
    fn mutes(&self, account: i64) -> Fut<'_, Vec<String>>;
    /// Mutes or unmutes.
    fn set_mute<'a>(&'a self, account: i64, key: &'a str, on: bool) -> Fut<'a, ()>;
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
    pool: AnyPool,
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
        Ok(SqlStore { pool, backend })
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

const ACCOUNT_COLUMNS: &str = "id, name, password_hash, banned";

impl SqlStore {
    async fn moves_of(&self, game: i64) -> Result<Vec<MoveRow>, StoreError> {
        let rows = sqlx::query("SELECT * FROM moves WHERE game_id = $1 ORDER BY ply")
            .bind(game)
            .fetch_all(&self.pool)
            .await?;
        Ok(rows.iter().map(move_row).collect::<Result<_, _>>()?)
    }
}

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
                "INSERT INTO accounts (name, name_key, password_hash, created_ms, banned) \
                 VALUES ($1, $2, $3, $4, 0) RETURNING id",
            )
            .bind(name)
            .bind(key)
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
        Box::pin(async move {
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
        })
    }

    fn append_moves<'a>(&'a self, moves: &'a [MoveRow]) -> Fut<'a, ()> {
        Box::pin(async move {
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
        })
    }

    fn truncate_moves(&self, game: i64, ply: i64) -> Fut<'_, ()> {
        Box::pin(async move {
            sqlx::query("DELETE FROM moves WHERE game_id = $1 AND ply >= $2")
                .bind(game)
                .bind(ply)
                .execute(&self.pool)
                .await?;
            Ok(())
        })
    }

    fn finish_game<'a>(&'a self, f: &'a Finish) -> Fut<'a, ()> {
        Box::pin(async move {
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
        })
    }

    fn games_in_play(&self) -> Fut<'_, Vec<(GameRow, Vec<MoveRow>)>> {
        Box::pin(async move {
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
        })
    }

    fn game(&self, id: i64) -> Fut<'_, Option<(GameRow, Vec<MoveRow>)>> {
        Box::pin(async move {
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
        })
    }

    fn recent_games(&self, account: i64, limit: i64) -> Fut<'_, Vec<GameRow>> {
        Box::pin(async move {
            let rows = sqlx::query(
                "SELECT * FROM games WHERE (red_account = $1 OR black_account = $1) \
                 AND status = 'over' ORDER BY id DESC LIMIT $2",
            )
            .bind(account)
            .bind(limit)
            .fetch_all(&self.pool)
            .await?;
            Ok(rows.iter().map(game_row).collect::<Result<_, _>>()?)
        })
    }

    fn add_chat<'a>(&'a self, c: &'a ChatRow) -> Fut<'a, ()> {
        Box::pin(async move {
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
        })
    }

    fn chat(&self, game: Option<i64>, limit: i64) -> Fut<'_, Vec<ChatRow>> {
        Box::pin(async move {
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
        })
    }

    fn mutes(&self, account: i64) -> Fut<'_, Vec<String>> {
        Box::pin(async move {
            let rows = sqlx::query("SELECT muted_key FROM mutes WHERE account_id = $1")
                .bind(account)
                .fetch_all(&self.pool)
                .await?;
            Ok(rows
                .iter()
                .map(|r| r.try_get("muted_key"))
                .collect::<Result<_, _>>()?)
        })
    }

    fn set_mute<'a>(&'a self, account: i64, key: &'a str, on: bool) -> Fut<'a, ()> {
        Box::pin(async move {
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
        })
    }
}
