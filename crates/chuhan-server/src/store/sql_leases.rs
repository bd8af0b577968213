//! The SQL store's game leases (which instance owns a game in play, until when) and the open
//! seeks of every instance.

use sqlx::Row;

use super::*;

impl SqlStore {
    /// Takes or renews the lease of `game` for `owner` until `until_ms`: granted when no lease
    /// exists, when `owner` holds it, or when it ran out before `now_ms`. One statement, so two
    /// instances asking at once cannot both be granted.
    pub(super) async fn claim_lease_(
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

    pub(super) async fn renew_leases_(
        &self,
        owner: &str,
        until_ms: i64,
    ) -> Result<Vec<i64>, StoreError> {
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
    pub(super) async fn release_lease_(&self, game: i64, owner: &str) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM game_leases WHERE game_id = $1 AND owner = $2")
            .bind(game)
            .bind(owner)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Who holds the lease of `game`, and until when.
    pub(super) async fn lease_(&self, game: i64) -> Result<Option<(String, i64)>, StoreError> {
        let row = sqlx::query("SELECT owner, expires_ms FROM game_leases WHERE game_id = $1")
            .bind(game)
            .fetch_optional(&self.pool)
            .await?;
        Ok(match row {
            Some(r) => Some((r.try_get("owner")?, r.try_get("expires_ms")?)),
            None => None,
        })
    }

    pub(super) async fn orphaned_games_(
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

    pub(super) async fn add_seek_(
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

    pub(super) async fn remove_seek_(&self, id: i64) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM seeks WHERE id = $1")
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    pub(super) async fn remove_seeks_of_(&self, instance: &str) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM seeks WHERE instance = $1")
            .bind(instance)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    pub(super) async fn seeks_(&self) -> Result<Vec<(i64, String, String)>, StoreError> {
        let rows = sqlx::query("SELECT id, instance, view FROM seeks ORDER BY created_ms, id")
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|r| Ok((r.try_get("id")?, r.try_get("instance")?, r.try_get("view")?)))
            .collect()
    }
}
