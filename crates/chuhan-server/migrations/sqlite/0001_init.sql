-- chuhan-server's schema (SQLite). PostgreSQL's twin is migrations/postgres/0001_init.sql.
CREATE TABLE accounts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    created_ms BIGINT NOT NULL,
    banned BIGINT NOT NULL DEFAULT 0
);
CREATE TABLE tokens (
    hash TEXT PRIMARY KEY,
    account_id BIGINT NOT NULL REFERENCES accounts(id),
    expires_ms BIGINT NOT NULL
);
CREATE INDEX tokens_account ON tokens(account_id);
CREATE TABLE ratings (
    account_id BIGINT NOT NULL REFERENCES accounts(id),
    speed TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games BIGINT NOT NULL,
    PRIMARY KEY (account_id, speed)
);
CREATE TABLE games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    red_account BIGINT,
    black_account BIGINT,
    red_name TEXT NOT NULL,
    black_name TEXT NOT NULL,
    base_s BIGINT NOT NULL,
    inc_s BIGINT NOT NULL,
    rated BIGINT NOT NULL,
    rules TEXT NOT NULL,
    fen TEXT NOT NULL,
    status TEXT NOT NULL,
    result TEXT,
    reason TEXT,
    started_ms BIGINT NOT NULL,
    ended_ms BIGINT,
    red_before BIGINT,
    red_after BIGINT,
    black_before BIGINT,
    black_after BIGINT
);
CREATE INDEX games_status ON games(status);
CREATE INDEX games_red ON games(red_account, id);
CREATE INDEX games_black ON games(black_account, id);
CREATE TABLE moves (
    game_id BIGINT NOT NULL REFERENCES games(id),
    ply BIGINT NOT NULL,
    mv TEXT NOT NULL,
    red_ms BIGINT NOT NULL,
    black_ms BIGINT NOT NULL,
    at_ms BIGINT NOT NULL,
    PRIMARY KEY (game_id, ply)
);
CREATE TABLE chat (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id BIGINT,
    author TEXT NOT NULL,
    body TEXT NOT NULL,
    spectators BIGINT NOT NULL,
    at_ms BIGINT NOT NULL
);
CREATE INDEX chat_game ON chat(game_id, id);
CREATE TABLE mutes (
    account_id BIGINT NOT NULL REFERENCES accounts(id),
    muted_key TEXT NOT NULL,
    PRIMARY KEY (account_id, muted_key)
);
