//! The lobby's arithmetic, apart from its drawing: how many wait in each quick-pairing pool, the
//! open seek a pool's button takes at once (as lichess's pools pair a player with whoever waits),
//! and the seek list in the order the player chose.

use chuhan_client::Session;
use xiangqi_protocol::{RatingView, Rules, SeekView, TimeControl};

/// How the seek list is ordered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SeekSort {
    /// The shortest time control first (the server's order among equals).
    #[default]
    Time,
    /// The highest rating first (guests last).
    Rating,
    /// By name.
    Name,
}

/// Who is looking at the lobby: their name, whether a guest, and their ratings by speed.
#[derive(Clone, Copy, Debug)]
pub struct Viewer<'a> {
    /// The player's name.
    pub name: &'a str,
    /// Whether a guest (casual games only).
    pub guest: bool,
    /// The player's ratings, one per speed (none for a guest).
    pub ratings: &'a [RatingView],
}

impl<'a> Viewer<'a> {
    /// The player logged in to `session` (a guest with no name before the welcome).
    #[must_use]
    pub fn of(session: &'a Session) -> Viewer<'a> {
        session.me.as_ref().map_or(
            Viewer {
                name: "",
                guest: true,
                ratings: &[],
            },
            |m| Viewer {
                name: &m.name,
                guest: m.guest,
                ratings: &m.ratings,
            },
        )
    }

    /// Whether this player may accept `seek`: not their own, rated only for an account, and
    /// within the seek's rating range.
    #[must_use]
    pub fn may_accept(&self, seek: &SeekView) -> bool {
        if seek.name == self.name || (seek.rated && self.guest) {
            return false;
        }
        if seek.rating_min.is_none() && seek.rating_max.is_none() {
            return true;
        }
        let speed = seek.time.speed();
        let Some(r) = self
            .ratings
            .iter()
            .find(|r| r.speed == speed)
            .map(|r| r.rating)
        else {
            return false;
        };
        seek.rating_min.is_none_or(|lo| r >= lo) && seek.rating_max.is_none_or(|hi| r <= hi)
    }

    /// Whether `seek` belongs to the pool `time`: that time control, the Asian rules, rated for
    /// an account and casual for a guest, as the pool's own seek would be.
    fn in_pool(&self, seek: &SeekView, time: TimeControl) -> bool {
        seek.time == time && seek.rules == Rules::Asian && seek.rated != self.guest
    }

    /// How many others wait in the pool `time` that this player could join.
    #[must_use]
    pub fn waiting(&self, seeks: &[SeekView], time: TimeControl) -> usize {
        seeks
            .iter()
            .filter(|s| self.in_pool(s, time) && self.may_accept(s))
            .count()
    }

    /// The seek the pool's button accepts: the oldest in the pool this player may take.
    #[must_use]
    pub fn pool_match(&self, seeks: &[SeekView], time: TimeControl) -> Option<u64> {
        seeks
            .iter()
            .filter(|s| self.in_pool(s, time) && self.may_accept(s))
            .min_by_key(|s| s.id)
            .map(|s| s.id)
    }
}

/// The seeks in the order `sort` asks (stable: equal ones keep the server's order).
#[must_use]
pub fn sorted(seeks: &[SeekView], sort: SeekSort) -> Vec<&SeekView> {
    let mut list: Vec<&SeekView> = seeks.iter().collect();
    match sort {
        SeekSort::Time => list.sort_by_key(|s| (s.time.base_s + 40 * s.time.inc_s, s.id)),
        SeekSort::Rating => list.sort_by_key(|s| (std::cmp::Reverse(s.rating), s.id)),
        SeekSort::Name => list.sort_by_key(|s| (s.name.to_lowercase(), s.id)),
    }
    list
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi_protocol::{ColorChoice, Speed};

    fn seek(id: u64, name: &str, rating: Option<i32>, time: TimeControl, rated: bool) -> SeekView {
        SeekView {
            id,
            name: name.to_owned(),
            rating,
            provisional: false,
            time,
            rated,
            color: ColorChoice::Random,
            rules: Rules::Asian,
            rating_min: None,
            rating_max: None,
        }
    }

    const BLITZ: TimeControl = TimeControl::new(180, 2);
    const RAPID: TimeControl = TimeControl::new(600, 5);

    #[test]
    fn a_pool_takes_the_oldest_seek_its_player_may_accept() {
        let ratings: Vec<RatingView> = Speed::ALL
            .iter()
            .map(|&speed| RatingView {
                speed,
                rating: 1600,
                deviation: 80,
                provisional: false,
                games: 30,
            })
            .collect();
        let me = Viewer {
            name: "me",
            guest: false,
            ratings: &ratings,
        };
        let mut narrow = seek(3, "narrow", Some(2000), BLITZ, true);
        narrow.rating_min = Some(1900);
        let seeks = vec![
            seek(1, "me", Some(1600), BLITZ, true),     // my own
            narrow,                                     // out of my range
            seek(4, "casual", None, BLITZ, false),      // not the rated pool
            seek(6, "later", Some(1500), BLITZ, true),  // a match, but younger
            seek(5, "oldest", Some(1700), BLITZ, true), // the match
            seek(2, "rapid", Some(1500), RAPID, true),  // another pool
        ];
        assert_eq!(me.pool_match(&seeks, BLITZ), Some(5));
        assert_eq!(me.waiting(&seeks, BLITZ), 2);
        assert_eq!(me.waiting(&seeks, RAPID), 1);
        assert_eq!(me.pool_match(&seeks, TimeControl::new(60, 0)), None);
        // A guest's pool is the casual one: the rated seeks are not offered to it.
        let guest = Viewer {
            name: "guest1",
            guest: true,
            ratings: &[],
        };
        assert_eq!(guest.pool_match(&seeks, BLITZ), Some(4));
        assert_eq!(guest.waiting(&seeks, RAPID), 0);
        assert!(!guest.may_accept(&seeks[4]));
    }

    #[test]
    fn the_seek_list_sorts_by_time_rating_or_name() {
        let seeks = vec![
            seek(1, "bo", Some(1500), RAPID, true),
            seek(2, "Al", None, BLITZ, false),
            seek(3, "cy", Some(1800), BLITZ, true),
        ];
        let ids = |sort| {
            sorted(&seeks, sort)
                .iter()
                .map(|s| s.id)
                .collect::<Vec<_>>()
        };
        assert_eq!(ids(SeekSort::Time), [2, 3, 1]);
        assert_eq!(ids(SeekSort::Rating), [3, 1, 2]);
        assert_eq!(ids(SeekSort::Name), [2, 1, 3]);
    }
}
