//! Links to the game's page (`/?seek=12`, `/?game=34`): a player sends a friend the server's
//! address with a seek or a game in it, and the page opened from it goes online by itself (with
//! the login kept for that server, else as a guest) and accepts the seek or watches the game.
//! A seek that is gone by then is said in the server's words, and the lobby stays open. On the
//! desktop a game has no address, so nothing here happens.

use bevy::prelude::*;
use chuhan_client::ServerAddress;

use super::logic::{Online, Screen, tokens};
use super::{LoginKind, OnlineRequest};
use crate::core::autosave::ResumeHeld;
use crate::storage::files::Dirs;
use crate::storage::query;

/// What the page's link asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wanted {
    /// Accept this seek.
    Seek(u64),
    /// Watch this game.
    Game(u64),
}

/// The link's request, until it is sent once logged in.
#[derive(Resource, Default)]
pub struct PageLink(pub Option<Wanted>);

impl Wanted {
    /// What a query asks for (`seek=ID` or `game=ID`).
    #[must_use]
    pub fn of(value: impl Fn(&str) -> Option<String>) -> Option<Wanted> {
        let number = |name: &str| value(name).and_then(|v| v.trim().parse::<u64>().ok());
        number("seek")
            .map(Wanted::Seek)
            .or_else(|| number("game").map(Wanted::Game))
    }
}

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(PageLink(Wanted::of(query::value)));
    app.add_systems(
        Startup,
        go_online.run_if(|link: Res<PageLink>| link.0.is_some()),
    );
    app.add_systems(
        Update,
        (
            follow.run_if(|link: Res<PageLink>| link.0.is_some()),
            hold_resume,
        )
            .chain(),
    );
}

/// One thing at a time: while the page's link waits for its answer, and while online play's
/// screens are open (the link's lobby with the server's answer, a game the server gave back),
/// the offer to resume the last game on this device waits; it comes when the player leaves
/// online play. A link whose online screens the player closed before it could be followed (no
/// server, a login refused) is dropped.
fn hold_resume(
    online: Res<Online>,
    mut link: ResMut<PageLink>,
    mut held: ResMut<ResumeHeld>,
    mut opened: Local<bool>,
) {
    let open = online.screen != Screen::Closed;
    if open {
        *opened = true;
    } else if *opened && link.0.is_some() {
        link.0 = None;
    }
    let hold = ResumeHeld(open || link.0.is_some());
    if *held != hold {
        *held = hold;
    }
}

/// Opens online play on the page's own server: the kept login, else a guest.
fn go_online(dirs: Res<Dirs>, mut asked: MessageWriter<OnlineRequest>) {
    asked.write(OnlineRequest::Open);
    if tokens(&dirs).load(&ServerAddress::local()).is_none() {
        asked.write(OnlineRequest::LogIn(LoginKind::Guest));
    }
}

/// Once logged in, the link's request is sent (once).
fn follow(
    online: Res<Online>,
    mut link: ResMut<PageLink>,
    mut asked: MessageWriter<OnlineRequest>,
) {
    if !online.logged_in() {
        return;
    }
    match link.0.take() {
        Some(Wanted::Seek(id)) => {
            asked.write(OnlineRequest::AcceptSeek(id));
        }
        Some(Wanted::Game(id)) => {
            asked.write(OnlineRequest::Watch(id));
        }
        None => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::query::from_query;

    #[test]
    fn a_link_asks_for_a_seek_or_a_game() {
        let of = |q: &'static str| Wanted::of(move |name| from_query(q, name));
        assert_eq!(of("?seek=12"), Some(Wanted::Seek(12)));
        assert_eq!(of("?game=34&x=1"), Some(Wanted::Game(34)));
        assert_eq!(of("?seek=twelve"), None);
        assert_eq!(of("?CHUHAN_LEVEL=3"), None);
        assert_eq!(of(""), None);
    }
}
