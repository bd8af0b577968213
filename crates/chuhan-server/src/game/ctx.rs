//! What a game's task may use of the server, and all it tells it: the settings, the database,
//! the move writer, and a bounded queue of events for the directory of games (the game ended,
//! its task ended, a rematch to start). A game knows nothing of the hub, the lobby or the other
//! instances.

use std::sync::Arc;

use tokio::sync::mpsc;
use xiangqi_protocol::{Rules, TimeControl};

use crate::config::Config;
use crate::durable::MoveWriter;
use crate::metrics::Metrics;
use crate::store::{Rating, Store};
use crate::user::User;

/// How many events may wait for the directory; a game past it waits for room (none is
/// dropped: the game's own players have already heard, so a short wait costs nobody a move).
pub const EVENTS: usize = 1024;

/// What a game tells the directory.
#[derive(Debug)]
pub enum Event {
    /// The game ended: it leaves the lobby's list.
    Over(u64),
    /// The game's task ended (it lingered for rematches and late chat).
    Closed(u64),
    /// Both players asked for a rematch: a new game on the same terms.
    Rematch(Rematch),
}

/// A rematch's terms: the colours already swapped.
#[derive(Debug)]
pub struct Rematch {
    /// Red and Black.
    pub players: (User, User),
    /// The time control.
    pub time: TimeControl,
    /// Rated.
    pub rated: bool,
    /// The rulebook.
    pub rules: Rules,
    /// The starting position.
    pub fen: String,
}

/// A game's view of the server.
#[derive(Clone)]
pub struct Ctx {
    /// The settings.
    pub cfg: Arc<Config>,
    /// The database.
    pub store: Arc<dyn Store>,
    /// Where moves are made durable.
    pub moves: MoveWriter,
    /// The counters.
    pub metrics: Arc<Metrics>,
    events: mpsc::Sender<Event>,
}

impl Ctx {
    /// A context whose events go to `events` (see [`EVENTS`] for its bound).
    #[must_use]
    pub fn new(
        cfg: Arc<Config>,
        store: Arc<dyn Store>,
        moves: MoveWriter,
        metrics: Arc<Metrics>,
        events: mpsc::Sender<Event>,
    ) -> Ctx {
        Ctx {
            cfg,
            store,
            moves,
            metrics,
            events,
        }
    }

    /// Tells the directory; waits for room rather than dropping it. A directory that is gone
    /// (the server stopping) is not waited for.
    pub async fn tell(&self, event: Event) {
        if let Err(e) = self.events.send(event).await {
            tracing::debug!("a game's event found no directory: {:?}", e.0);
        }
    }

    /// A player's rating in a speed (the default for one never rated).
    pub async fn rating(&self, account: i64, speed: &str) -> Rating {
        crate::ratings::rating(&*self.store, account, speed).await
    }
}
