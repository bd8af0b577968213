-- Several instances over one database: each game in play is owned by one instance at a time,
-- through a lease the owner renews while it lives; another instance may take the game over once
-- the lease has run out.
CREATE TABLE game_leases (
    game_id BIGINT PRIMARY KEY,
    owner TEXT NOT NULL,
    expires_ms BIGINT NOT NULL
);
