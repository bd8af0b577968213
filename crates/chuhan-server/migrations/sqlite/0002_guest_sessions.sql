-- Guests log in again with a token too (after a dropped connection or a server restart): the
-- session keeps the guest's name and key, and a game keeps the key of each guest seated in it.
CREATE TABLE guest_sessions (
    hash TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    guest_key TEXT NOT NULL,
    expires_ms BIGINT NOT NULL
);
ALTER TABLE games ADD COLUMN red_guest TEXT;
ALTER TABLE games ADD COLUMN black_guest TEXT;
