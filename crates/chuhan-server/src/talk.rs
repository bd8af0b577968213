//! What players say to each other: chat lines (neutralised, limited per player, stored, relayed
//! or handed to the game's room) and mutes (of players that exist, bounded).

use xiangqi_protocol::{ChatLine, ClientMsg, ErrorCode, MAX_CHAT_CHARS, Room, ServerMsg};

use crate::conn::{Refusal, Session};
use crate::user::{User, now_ms};

/// The most players one player may mute.
pub const MAX_MUTES: usize = 200;

impl Session {
    pub(crate) async fn chat(
        &mut self,
        user: &User,
        room: Room,
        text: String,
    ) -> Result<(), Refusal> {
        let n = text.chars().count();
        if text.trim().is_empty() || n > MAX_CHAT_CHARS {
            return Err((
                ErrorCode::ChatInvalid,
                format!("a chat line has 1 to {MAX_CHAT_CHARS} characters, not {n}"),
            ));
        }
        // Per player, not per connection: one player on four sockets has the same five lines.
        if !self.hub.limits.chat_allowed(&user.key) {
            return Err((
                ErrorCode::RateLimited,
                "too much chat: wait a little".into(),
            ));
        }
        // Controls that would steer a reader's terminal or turn the text around (ANSI escapes,
        // bidirectional overrides) are taken out before anyone sees the line.
        let text = crate::chat::neutralised(&text);
        if text.trim().is_empty() {
            return Err((
                ErrorCode::ChatInvalid,
                "a chat line has 1 to 140 characters that are not controls".into(),
            ));
        }
        match room {
            Room::Lobby => {
                let row = crate::store::ChatRow {
                    game_id: None,
                    author: user.name.clone(),
                    body: text.clone(),
                    spectators: false,
                    at_ms: now_ms(),
                };
                if let Err(e) = self.hub.store.add_chat(&row).await {
                    tracing::warn!("chat not stored: {e}");
                }
                let msg = ServerMsg::Chat {
                    room,
                    line: ChatLine {
                        from: user.name.clone(),
                        text,
                        spectators: false,
                    },
                };
                self.hub.lobby_chat(&user.key, &msg);
                Ok(())
            }
            Room::Game { game } => self.hub.to_game(
                self.out.conn,
                &self.games,
                user,
                game,
                ClientMsg::Chat { room, text },
            ),
        }
    }

    /// Mutes or unmutes a player: only a player that exists (an account, or a guest online), at
    /// most [`MAX_MUTES`] at a time.
    pub(crate) async fn mute(&mut self, user: &User, name: &str, on: bool) -> Result<(), Refusal> {
        let key = self.hub.key_of_name(name);
        let known = self.muted.lock().is_ok_and(|m| m.contains(&key));
        if on && !known {
            if name.chars().count() > *xiangqi_protocol::NAME_CHARS.end() {
                return Err((ErrorCode::NoSuchPlayer, "no player has that name".into()));
            }
            let guest_online = self.hub.guest_online(&key);
            let account = self
                .hub
                .store
                .account_by_key(&key)
                .await
                .map_err(crate::login::db)?;
            if !guest_online && account.is_none() {
                return Err((ErrorCode::NoSuchPlayer, "no player has that name".into()));
            }
            if self.muted.lock().is_ok_and(|m| m.len() >= MAX_MUTES) {
                return Err((
                    ErrorCode::NotNow,
                    format!("at most {MAX_MUTES} players can be muted: unmute one first"),
                ));
            }
        }
        if let Ok(mut m) = self.muted.lock() {
            if on {
                m.insert(key.clone());
            } else {
                m.remove(&key);
            }
        }
        if let Some(account) = user.account {
            self.hub
                .store
                .set_mute(account, &key, on)
                .await
                .map_err(crate::login::db)?;
        }
        Ok(())
    }
}
