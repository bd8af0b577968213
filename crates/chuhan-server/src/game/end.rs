//! How a game ends: the result and its reason stored with the ratings in one transaction, then
//! told to everyone on the game and the lobby.

use std::time::Instant;

use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};
use xiangqi::Outcome;
use xiangqi_protocol::{EndReason, GameResult, RatingChange, ServerMsg, Side};

use super::Game;
use crate::store::{Finish, Rating};

impl Game {
    /// `side`'s flag fell.
    pub(crate) async fn flag(&mut self, side: Side) {
        let outcome = xiangqi::on_time(self.record.position(), side.into());
        self.finish(outcome).await;
    }

    /// The rules ended the game.
    pub(crate) async fn finish(&mut self, outcome: Outcome) {
        self.finish_special(outcome.into(), outcome.into()).await;
    }

    /// Ends the game with a result (aborted: no result, never rated) and its reason.
    pub(crate) async fn finish_special(&mut self, result: GameResult, reason: EndReason) {
        if self.over.is_some() {
            return;
        }
        let now = Instant::now();
        self.clock.stop(now);
        let aborted = result == GameResult::Aborted;
        let mut ratings = Vec::new();
        let mut changes = [None, None];
        let speed = self.time.speed().name().to_owned();
        if self.row.rated
            && !aborted
            && let (Some(red), Some(black)) =
                (self.seats[0].user.account, self.seats[1].user.account)
        {
            let old_red = self.ctx.rating(red, &speed).await;
            let old_black = self.ctx.rating(black, &speed).await;
            let outcome = match result {
                GameResult::RedWins => Outcomes::WIN,
                GameResult::BlackWins => Outcomes::LOSS,
                GameResult::Draw | GameResult::Aborted => Outcomes::DRAW,
            };
            let g = |r: &Rating| Glicko2Rating {
                rating: r.rating,
                deviation: r.deviation,
                volatility: r.volatility,
            };
            let (nr, nb) = glicko2(
                &g(&old_red),
                &g(&old_black),
                &outcome,
                &Glicko2Config::new(),
            );
            for (i, (account, old, new)) in [(red, old_red, nr), (black, old_black, nb)]
                .into_iter()
                .enumerate()
            {
                let stored = Rating {
                    rating: new.rating,
                    deviation: new.deviation,
                    volatility: new.volatility,
                    games: old.games + 1,
                };
                let (before, after) = (old.rating.round() as i64, new.rating.round() as i64);
                ratings.push((account, speed.clone(), stored, before, after));
                changes[i] = Some(RatingChange {
                    before: before as i32,
                    after: after as i32,
                });
            }
        }
        let finish = Finish {
            game_id: self.id as i64,
            status: if aborted { "aborted" } else { "over" },
            result: result.as_str().to_owned(),
            reason: reason.as_str().to_owned(),
            ended_ms: crate::user::now_ms(),
            ratings,
        };
        if let Err(e) = self.ctx.store.finish_game(&finish).await {
            tracing::error!(game = self.id, "the result could not be stored: {e}");
        }
        self.over = Some((result, reason));
        self.ended = Some(now);
        self.offers.clear();
        self.broadcast(&ServerMsg::GameOver {
            game: self.id,
            result,
            reason,
            red_rating: changes[0],
            black_rating: changes[1],
        });
        self.ctx.tell(super::Event::Over(self.id)).await;
    }
}
