//! Players' ratings as the database keeps them and as the lobby, a game and a profile show them.

use xiangqi_protocol::{RatingView, Speed, TimeControl};

use crate::store::{Rating, Store};
use crate::user::User;

/// A deviation above this shows the rating as provisional.
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// A player's rating in a speed (the default for one never rated, or when the database does
/// not answer).
pub async fn rating(store: &dyn Store, account: i64, speed: &str) -> Rating {
    store
        .ratings(account)
        .await
        .ok()
        .and_then(|r| r.into_iter().find(|(s, _)| s == speed).map(|(_, r)| r))
        .unwrap_or_default()
}

/// A player's ratings in every speed.
pub async fn ratings(store: &dyn Store, account: i64) -> Vec<RatingView> {
    let stored = store.ratings(account).await.unwrap_or_default();
    Speed::ALL
        .iter()
        .map(|s| {
            let r = (stored.iter())
                .find(|(n, _)| n == s.name())
                .map(|(_, r)| *r)
                .unwrap_or_default();
            RatingView {
                speed: *s,
                rating: r.rating.round() as i32,
                deviation: r.deviation.round() as i32,
                provisional: r.deviation > PROVISIONAL_DEVIATION,
                games: r.games as u32,
            }
        })
        .collect()
}

/// The rating shown beside a player in a game of `time` (none for a guest), and whether it is
/// provisional.
pub async fn shown(store: &dyn Store, user: &User, time: TimeControl) -> Option<(i32, bool)> {
    let account = user.account?;
    let r = rating(store, account, time.speed().name()).await;
    Some((r.rating.round() as i32, r.deviation > PROVISIONAL_DEVIATION))
}
