//! Storage: one trait ([`Store`]) over SQL, SQLite embedded by default and PostgreSQL by URL,
//! through sqlx's `Any` driver (the same queries, `$1` placeholders, which both read), with the
//! schema in embedded migrations per database (`migrations/sqlite`, `migrations/postgres`).
//! SQLite runs in WAL mode with `synchronous=FULL`: a commit is on disk when it returns.

use std::future::Future;
use std::pin::Pin;

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
    /// Takes or renews the lease of a game in play for an instance (`owner`) until `until_ms`:
    /// granted (`true`) when there is none, the owner holds it, or it ran out before `now_ms`.
    fn claim_lease<'a>(
        &'a self,
        game: i64,
        owner: &'a str,
        now_ms: i64,
        until_ms: i64,
    ) -> Fut<'a, bool>;
    /// Renews every lease `owner` holds until `until_ms`, in one statement; the games renewed.
    fn renew_leases<'a>(&'a self, owner: &'a str, until_ms: i64) -> Fut<'a, Vec<i64>>;
    /// Gives up a game's lease if `owner` holds it.
    fn release_lease<'a>(&'a self, game: i64, owner: &'a str) -> Fut<'a, ()>;
    /// Who holds a game's lease, and until when.
    fn lease(&self, game: i64) -> Fut<'_, Option<(String, i64)>>;
    /// Stores an open seek of `instance` (its view as JSON).
    fn add_seek<'a>(&'a self, id: i64, instance: &'a str, view: &'a str, now: i64) -> Fut<'a, ()>;
    /// Removes a seek.
    fn remove_seek(&self, id: i64) -> Fut<'_, ()>;
    /// Removes every seek of an instance (it died, or starts again).
    fn remove_seeks_of<'a>(&'a self, instance: &'a str) -> Fut<'a, ()>;
    /// The open seeks: (id, instance, view as JSON), oldest first.
    fn seeks(&self) -> Fut<'_, Vec<(i64, String, String)>>;
    /// The games in play no live instance holds: their lease ran out before `now_ms`, or they
    /// never had one and started before `started_before_ms`, or `owner` holds it (an instance
    /// started again under its old name).
    fn orphaned_games<'a>(
        &'a self,
        owner: &'a str,
        now_ms: i64,
        started_before_ms: i64,
    ) -> Fut<'a, Vec<i64>>;
}

mod sql;
pub use sql::{Backend, SqlStore};
