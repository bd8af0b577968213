//! The SQL store's games, moves, chat and mutes (the [`Store`] methods call these).

use sqlx::Row;
use sqlx::any::AnyRow;

use super::*;

impl SqlStore {
    pub(super) async fn create_game_(&self, g: &GameRow) -> Result<i64, StoreError> {
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

    pub(super) async fn append_moves_(&self, moves: &[MoveRow]) -> Result<(), StoreError> {
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

    pub(super) async fn truncate_moves_(&self, game: i64, ply: i64) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM moves WHERE game_id = $1 AND ply >= $2")
            .bind(game)
            .bind(ply)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    pub(super) async fn finish_game_(&self, f: &Finish) -> Result<(), StoreError> {
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

    pub(super) async fn games_in_play_(&self) -> Result<Vec<(GameRow, Vec<MoveRow>)>, StoreError> {
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

    pub(super) async fn game_(
        &self,
        id: i64,
    ) -> Result<Option<(GameRow, Vec<MoveRow>)>, StoreError> {
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

    pub(super) async fn recent_games_(
        &self,
        account: i64,
        limit: i64,
    ) -> Result<Vec<GameRow>, StoreError> {
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

    pub(super) async fn add_chat_(&self, c: &ChatRow) -> Result<(), StoreError> {
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

    pub(super) async fn chat_(
        &self,
        game: Option<i64>,
        limit: i64,
    ) -> Result<Vec<ChatRow>, StoreError> {
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

    pub(super) async fn mutes_(&self, account: i64) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query("SELECT muted_key FROM mutes WHERE account_id = $1")
            .bind(account)
            .fetch_all(&self.pool)
            .await?;
        Ok(rows
            .iter()
            .map(|r| r.try_get("muted_key"))
            .collect::<Result<_, _>>()?)
    }

    pub(super) async fn set_mute_(
        &self,
        account: i64,
        key: &str,
        on: bool,
    ) -> Result<(), StoreError> {
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

pub(super) fn game_row(r: &AnyRow) -> Result<GameRow, sqlx::Error> {
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

pub(super) fn move_row(r: &AnyRow) -> Result<MoveRow, sqlx::Error> {
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
    pub(super) async fn moves_of(&self, game: i64) -> Result<Vec<MoveRow>, StoreError> {
        let rows = sqlx::query("SELECT * FROM moves WHERE game_id = $1 ORDER BY ply")
            .bind(game)
            .fetch_all(&self.pool)
            .await?;
        Ok(rows.iter().map(move_row).collect::<Result<_, _>>()?)
    }

    /// Gives the accounts made before names had skeletons theirs. Where two old names share one,
    /// the first keeps it and the other is left without (said in the log): it keeps its name,
    /// and no new name like either can be registered.
    pub(super) async fn fill_skeletons(&self) -> Result<(), StoreError> {
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
