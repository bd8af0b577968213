-- Each account's name reduced to its confusable skeleton (Unicode UTS #39, of the NFKC lower-case
-- name): names that only look alike (a Cyrillic і for a Latin i) share it, and it is unique, so
-- the second cannot be registered. The server fills it for accounts made before this column.
ALTER TABLE accounts ADD COLUMN name_skeleton TEXT;
CREATE UNIQUE INDEX accounts_name_skeleton ON accounts (name_skeleton);
