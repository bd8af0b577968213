//! A player's messages in a game: moves (checked, numbered by ply, durable before they are
//! acknowledged, the clocks charged), offers, resignation, claims, and chat.

use super::*;

impl Game {
    pub(super) async fn player_msg(&mut self, conn: ConnId, side: Side, msg: ClientMsg) {
        let rematch = matches!(
            msg,
            ClientMsg::Offer {
                kind: OfferKind::Rematch,
                ..
            } | ClientMsg::Decline {
                kind: OfferKind::Rematch,
                ..
            }
        );
        if self.over.is_some() && !rematch {
            self.reply(conn, ErrorCode::GameOver, "the game is over");
            return;
        }
        match msg {
            ClientMsg::Move {
                ply, mv, think_ms, ..
            } => {
                self.play(conn, side, ply, &mv, think_ms).await;
            }
            ClientMsg::Resign { .. } => {
                let winner = side.other();
                self.finish_special(GameResult::win(winner), EndReason::Resignation)
                    .await;
            }
            ClientMsg::Abort { .. } => {
                if self.record.len() >= 2 {
                    self.reply(
                        conn,
                        ErrorCode::NotNow,
                        "both sides have moved: resign instead",
                    );
                } else {
                    self.finish_special(GameResult::Aborted, EndReason::Aborted)
                        .await;
                }
            }
            ClientMsg::Claim { kind, .. } => self.claim(conn, side, kind).await,
            ClientMsg::Offer { kind, .. } => self.offer(conn, side, kind).await,
            ClientMsg::Decline { kind, .. } => self.decline(conn, side, kind),
            _ => self.reply(conn, ErrorCode::BadField, "not a game message"),
        }
    }

    pub(super) async fn play(
        &mut self,
        conn: ConnId,
        side: Side,
        ply: u32,
        text: &str,
        think: Option<u64>,
    ) {
        let len = self.record.len();
        let ply = ply as usize;
        if ply < len {
            if self.record.moves()[ply].to_string() == text {
                // Sent again (a reconnection, a retry): acknowledged to the sender only, with
                // the clocks as they are now (what a client re-syncing needs).
                if let Some((out, _, _)) = self.watchers.get(&conn) {
                    out.send(&ServerMsg::Moved {
                        game: self.id,
                        ply: ply as u32,
                        mv: text.to_owned(),
                        clocks: self.clock.view(Instant::now()),
                    });
                }
            } else {
                self.reply(
                    conn,
                    ErrorCode::WrongPly,
                    format!("ply {ply} was played already"),
                );
            }
            return;
        }
        if ply > len {
            self.reply(
                conn,
                ErrorCode::WrongPly,
                format!("the game has {len} moves, not {ply}"),
            );
            return;
        }
        if Side::from(self.record.position().side_to_move()) != side {
            self.reply(conn, ErrorCode::NotYourTurn, "it is the other side's turn");
            return;
        }
        let Ok(mv) = text.parse::<Move>() else {
            self.reply(
                conn,
                ErrorCode::IllegalMove,
                format!("{text:?} is not a move in ICCS"),
            );
            return;
        };
        let now = Instant::now();
        let before = self.clock.clone();
        if !self.clock.on_move(side, now, think) {
            self.flag(side).await;
            return;
        }
        if let Err(e) = self.record.play(mv) {
            self.clock = before;
            self.reply(conn, ErrorCode::IllegalMove, format!("{text}: {e}"));
            return;
        }
        if self.record.len() == 2 {
            self.clock.start(Side::Red, now);
        }
        let view = self.clock.view(now);
        let row = MoveRow {
            game_id: self.id as i64,
            ply: ply as i64,
            mv: text.to_owned(),
            red_ms: view.red_ms as i64,
            black_ms: view.black_ms as i64,
            at_ms: crate::user::now_ms(),
        };
        if let Err(e) = self.ctx.moves.write(row).await {
            tracing::error!(game = self.id, "a move could not be stored: {e}");
            self.record.undo();
            self.record.truncate();
            self.clock = before;
            self.reply(
                conn,
                ErrorCode::Internal,
                "the move could not be stored; play it again",
            );
            return;
        }
        self.ctx
            .metrics
            .moves
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        self.history.push((view.red_ms, view.black_ms));
        self.last_move = now;
        self.broadcast(&ServerMsg::Moved {
            game: self.id,
            ply: ply as u32,
            mv: text.to_owned(),
            clocks: self.clock.view(Instant::now()),
        });
        self.moved_clears_offers();
        if let Some(outcome) = self.record.outcome() {
            self.finish(outcome).await;
        }
    }

    pub(super) async fn chat_line(&mut self, conn: ConnId, role: Role, text: String) {
        let Some((key, from)) =
            (self.watchers.get(&conn)).map(|w| (w.2.key.clone(), w.2.name.clone()))
        else {
            return;
        };
        let spectators = role == Role::Spectator && self.ended.is_none();
        let line = ChatLine {
            from,
            text,
            spectators,
        };
        let row = crate::store::ChatRow {
            game_id: Some(self.id as i64),
            author: line.from.clone(),
            body: line.text.clone(),
            spectators,
            at_ms: crate::user::now_ms(),
        };
        if let Err(e) = self.ctx.store.add_chat(&row).await {
            tracing::warn!("chat not stored: {e}");
        }
        let frame: Arc<str> = ServerMsg::Chat {
            room: Room::Game { game: self.id },
            line: line.clone(),
        }
        .to_json()
        .into();
        for (out, r, _) in self.watchers.values() {
            if !spectators || *r == Role::Spectator {
                out.push(Out::Chat {
                    from_key: key.clone(),
                    frame: Arc::clone(&frame),
                });
            }
        }
        self.chat.push(line);
    }
}
