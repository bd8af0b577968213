//! The directory of games in play, here or on the instances that own them: where each lives, its
//! summary for the lobby, its players' keys (a player logging in finds its games) and the
//! connections the hub attached to it (told when it closes). A move never looks here: the
//! connection keeps its game's place once attached ([`super::Attached`]).

use std::collections::{HashMap, HashSet};
use std::sync::{Mutex, MutexGuard, PoisonError};

use xiangqi_protocol::GameSummary;

use super::Place;
use crate::outbox::ConnId;

/// A game in the directory, wherever it lives.
struct Entry {
    place: Place,
    summary: GameSummary,
    keys: [String; 2],
    over: bool,
    /// The connections here attached to it (some may have left since).
    conns: HashSet<ConnId>,
}

#[derive(Default)]
struct Maps {
    games: HashMap<u64, Entry>,
    /// The games of each player, by name key (a login finds its games without looking at every
    /// game: 10,000 logins once each walked 5,000 games under this lock).
    by_player: HashMap<String, HashSet<u64>>,
}

impl Maps {
    fn unindex(&mut self, id: u64, keys: &[String; 2]) {
        for k in keys {
            if let Some(set) = self.by_player.get_mut(k) {
                set.remove(&id);
                if set.is_empty() {
                    self.by_player.remove(k);
                }
            }
        }
    }
}

/// The owner of the directory.
#[derive(Default)]
pub(crate) struct Directory(Mutex<Maps>);

impl Directory {
    fn lock(&self) -> MutexGuard<'_, Maps> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Its lock, held (a test shows what does not wait for it).
    #[cfg(test)]
    pub(super) fn held(&self) -> impl Sized + '_ {
        self.lock()
    }

    /// A game listed at `place` (a game another instance now owns replaces the entry here;
    /// the connections known to be on it are kept).
    pub(crate) fn insert(&self, id: u64, place: Place, summary: GameSummary, keys: [String; 2]) {
        let mut m = self.lock();
        let conns = match m.games.remove(&id) {
            Some(old) => {
                m.unindex(id, &old.keys);
                old.conns
            }
            None => HashSet::new(),
        };
        for k in &keys {
            m.by_player.entry(k.clone()).or_default().insert(id);
        }
        let entry = Entry {
            place,
            summary,
            keys,
            over: false,
            conns,
        };
        m.games.insert(id, entry);
    }

    /// Where a game lives.
    pub(crate) fn place(&self, id: u64) -> Option<Place> {
        self.lock().games.get(&id).map(|e| e.place.clone())
    }

    /// Connections noted as attached to a game.
    pub(crate) fn note(&self, id: u64, conns: impl IntoIterator<Item = ConnId>) {
        if let Some(e) = self.lock().games.get_mut(&id) {
            e.conns.extend(conns);
        }
    }

    /// Whether the game lives here.
    pub(crate) fn is_here(&self, id: u64) -> bool {
        (self.lock().games.get(&id)).is_some_and(|e| matches!(e.place, Place::Here(_)))
    }

    /// Its players' name keys.
    pub(crate) fn keys(&self, id: u64) -> Option<[String; 2]> {
        self.lock().games.get(&id).map(|e| e.keys.clone())
    }

    /// A game ended (it stays for its players until it closes); `owner` limits it to a game of
    /// that instance's.
    pub(crate) fn over(&self, id: u64, owner: Option<u16>) {
        if let Some(e) = self.lock().games.get_mut(&id)
            && owner.is_none_or(|o| matches!(e.place, Place::At(at) if at == o))
        {
            e.over = true;
        }
    }

    /// A game leaves the directory if it lives where `here_or_at` says (`None`: here): the
    /// connections the hub attached to it.
    pub(crate) fn remove(&self, id: u64, here_or_at: Option<u16>) -> Option<HashSet<ConnId>> {
        let mut m = self.lock();
        let e = m.games.get(&id)?;
        let matches = match (&e.place, here_or_at) {
            (Place::Here(_), None) => true,
            (Place::At(at), Some(o)) => *at == o,
            _ => false,
        };
        if !matches {
            return None;
        }
        let e = m.games.remove(&id)?;
        m.unindex(id, &e.keys);
        Some(e.conns)
    }

    /// The games not over of a player, by name key, and where they live.
    pub(crate) fn of_player(&self, key: &str) -> Vec<(u64, Place)> {
        let m = self.lock();
        (m.by_player.get(key).into_iter().flatten())
            .filter_map(|id| m.games.get(id).map(|g| (*id, g)))
            .filter(|(_, g)| !g.over)
            .map(|(id, g)| (id, g.place.clone()))
            .collect()
    }

    /// The games in play (not over) everywhere.
    pub(crate) fn summaries(&self) -> Vec<GameSummary> {
        (self.lock().games.values().filter(|g| !g.over))
            .map(|g| g.summary.clone())
            .collect()
    }

    /// The games that live here (over or not).
    pub(crate) fn here(&self) -> Vec<u64> {
        (self.lock().games.iter())
            .filter(|(_, g)| matches!(g.place, Place::Here(_)))
            .map(|(id, _)| *id)
            .collect()
    }

    /// The games in play here, for the other instances: summary and keys.
    pub(crate) fn listed_here(&self) -> Vec<(GameSummary, [String; 2])> {
        (self.lock().games.values())
            .filter(|g| !g.over && matches!(g.place, Place::Here(_)))
            .map(|g| (g.summary.clone(), g.keys.clone()))
            .collect()
    }
}
