//! Offers (draw, takeback, rematch), declining them, and claims after a disconnection.

use std::time::Instant;

use xiangqi_protocol::{ClaimKind, EndReason, ErrorCode, GameResult, OfferKind, ServerMsg, Side};

use super::{Game, ix};
use crate::outbox::ConnId;

impl Game {
    /// A move withdraws every draw and takeback offer.
    pub(crate) fn moved_clears_offers(&mut self) {
        let gone: Vec<(OfferKind, Side)> = self
            .offers
            .iter()
            .copied()
            .filter(|(k, _)| *k != OfferKind::Rematch)
            .collect();
        for (kind, side) in gone {
            self.offers.remove(&(kind, side));
            self.broadcast(&ServerMsg::OfferGone {
                game: self.id,
                kind,
            });
        }
    }

    pub(crate) async fn offer(&mut self, conn: ConnId, side: Side, kind: OfferKind) {
        if (kind == OfferKind::Rematch) != self.over.is_some() {
            let why = if kind == OfferKind::Rematch {
                "a rematch is offered after the game"
            } else {
                "the game is over"
            };
            self.reply(conn, ErrorCode::NotNow, why);
            return;
        }
        if kind == OfferKind::Takeback {
            let mine = if side == Side::Red { 1 } else { 2 };
            if self.record.len() < mine {
                self.reply(conn, ErrorCode::NotNow, "you have no move to take back");
                return;
            }
        }
        if self.offers.contains(&(kind, side.other())) {
            self.offers.remove(&(kind, side.other()));
            match kind {
                OfferKind::Draw => {
                    self.finish_special(GameResult::Draw, EndReason::Agreement)
                        .await;
                }
                OfferKind::Takeback => self.take_back(side.other()).await,
                OfferKind::Rematch => {
                    let (red, black) = (&self.seats[1], &self.seats[0]);
                    let rematch = super::Rematch {
                        players: (red.user.clone(), black.user.clone()),
                        time: self.time,
                        rated: self.row.rated,
                        rules: self.rules,
                        fen: self.row.fen.clone(),
                    };
                    self.ctx.tell(super::Event::Rematch(rematch)).await;
                }
            }
            return;
        }
        if !self.offers.insert((kind, side)) {
            self.reply(conn, ErrorCode::NotNow, "that offer is already made");
            return;
        }
        self.broadcast(&ServerMsg::Offered {
            game: self.id,
            kind,
            by: side,
        });
    }

    pub(crate) fn decline(&mut self, conn: ConnId, side: Side, kind: OfferKind) {
        let theirs = (kind, side.other());
        let mine = (kind, side);
        if !(self.offers.remove(&theirs) || self.offers.remove(&mine)) {
            self.reply(conn, ErrorCode::NoOffer, "there is no such offer");
            return;
        }
        self.broadcast(&ServerMsg::OfferGone {
            game: self.id,
            kind,
        });
    }

    /// Takes back `by`'s last move (and the opponent's reply after it, if any).
    async fn take_back(&mut self, by: Side) {
        let len = self.record.len();
        let to_move = Side::from(self.record.position().side_to_move());
        let target = if to_move == by {
            len.saturating_sub(2)
        } else {
            len - 1
        };
        if let Err(e) = self
            .ctx
            .store
            .truncate_moves(self.id as i64, target as i64)
            .await
        {
            tracing::error!(game = self.id, "a takeback could not be stored: {e}");
            return;
        }
        self.record.goto(target);
        self.record.truncate();
        self.history.truncate(target + 1);
        let (r, b) = self.history[target];
        let now = Instant::now();
        let running =
            (target >= 2).then(|| (Side::from(self.record.position().side_to_move()), now));
        self.clock.set(r, b, running);
        self.last_move = now;
        self.broadcast(&ServerMsg::TookBack {
            game: self.id,
            plies: target as u32,
            clocks: self.clock.view(now),
        });
    }

    pub(crate) async fn claim(&mut self, conn: ConnId, side: Side, kind: ClaimKind) {
        let other = &self.seats[ix(side.other())];
        let after = self.ctx.cfg.claim_after(self.time.base_s);
        let gone_long =
            other.conns.is_empty() && other.gone_since.is_some_and(|t| t.elapsed() >= after);
        if !gone_long {
            self.reply(
                conn,
                ErrorCode::NotNow,
                format!("a claim needs the opponent gone for {} s", after.as_secs()),
            );
            return;
        }
        if self.record.len() < 2 {
            // Not both sides have moved: the game is aborted, as a game with no first move is
            // at its deadline (and as lichess does), never won or rated.
            self.finish_special(GameResult::Aborted, EndReason::Aborted)
                .await;
            return;
        }
        match kind {
            ClaimKind::Win => {
                self.finish_special(GameResult::win(side), EndReason::Abandoned)
                    .await;
            }
            ClaimKind::Draw => {
                self.finish_special(GameResult::Draw, EndReason::AbandonedDraw)
                    .await;
            }
        }
    }
}
