//! The seeks among several instances: each instance's lobby keeps its own and tells the others
//! ([`Peer::Seek`], [`Peer::SeekGone`]); the database keeps them all (migration 0004), for a
//! starting instance to read and for what a dead instance leaves.

use std::sync::Arc;

use xiangqi_protocol::{ColorChoice, SeekView};

use super::others::{Peer, instance_name};
use super::{Hub, User};

impl Hub {
    /// A seek about to open here: the database keeps it (before anyone can see it, so that
    /// its removal always comes after).
    pub(super) async fn store_seek(&self, view: &SeekView) {
        let Some(me) = self.others().me() else { return };
        let json = serde_json::to_string(view).unwrap_or_default();
        let (id, now) = (view.id as i64, super::now_ms());
        if let Err(e) = (self.store.add_seek(id, &instance_name(me), &json, now)).await {
            tracing::warn!(seek = view.id, "a seek was not stored: {e}");
        }
    }

    /// A seek of this instance's is gone: the others hear of it, the database forgets it.
    pub(super) fn seek_gone(&self, id: u64) {
        if self.others().me().is_none() {
            return;
        }
        self.tell_all(Peer::SeekGone { seek: id });
        let store = Arc::clone(&self.store);
        tokio::spawn(async move { store.remove_seek(id as i64).await });
    }
}

/// Who plays Red and who Black, by the colour the owner of a seek or challenge chose.
pub(super) fn colours(choice: ColorChoice, owner: User, other: User) -> (User, User) {
    let owner_red = match choice {
        ColorChoice::Red => true,
        ColorChoice::Black => false,
        ColorChoice::Random => rand::random(),
    };
    if owner_red {
        (owner, other)
    } else {
        (other, owner)
    }
}
