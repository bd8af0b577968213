//! Where a message for a game goes: the game's task here, or the instance that owns it.

use xiangqi_protocol::{ClientMsg, ErrorCode};

use super::others::{Alone, Others, Peer};
use super::{Hub, Place, State};
use crate::outbox::ConnId;
use crate::user::User;

impl Hub {
    /// The other instances (nobody, alone).
    pub(crate) fn others(&self) -> &dyn Others {
        self.others.get().map_or(&Alone, |o| &**o)
    }

    /// Tells the others of a game this instance owns.
    pub(crate) fn listed(&self, summary: xiangqi_protocol::GameSummary) {
        let keys = self.lock().games.get(&summary.id).map(|g| g.keys.clone());
        if let Some(keys) = keys {
            self.tell_all(Peer::Listed {
                game: summary,
                keys,
            });
        }
    }

    /// Tells every other instance.
    pub(crate) fn tell_all(&self, peer: Peer) {
        self.others().all(peer);
    }

    /// A message for a game another instance owns: forwarded there (a first `Watch` attaches
    /// the connection, `Unwatch` detaches it).
    pub(crate) fn to_remote_game(
        st: &mut State,
        others: &dyn Others,
        owner: u16,
        conn: ConnId,
        user: &User,
        game: u64,
        msg: ClientMsg,
    ) -> Result<(), (ErrorCode, String)> {
        let Some(c) = st.conns.get_mut(&conn) else {
            return Ok(());
        };
        let attached = c.games.contains(&game);
        match msg {
            ClientMsg::Watch { .. } if !attached => {
                c.games.insert(game);
                let user = user.clone();
                others.to(owner, Peer::Attach { conn, game, user });
            }
            ClientMsg::Unwatch { .. } if attached => {
                c.games.remove(&game);
                others.to(owner, Peer::Detach { conn, game });
            }
            _ if !attached => {
                return Err((
                    ErrorCode::NotYourGame,
                    format!("you are not on game {game}"),
                ));
            }
            msg => others.to(owner, Peer::ToGame { conn, game, msg }),
        }
        Ok(())
    }

    /// Where a game lives: `None` here (or nowhere known), else the instance that owns it.
    pub(crate) fn owner_of(st: &State, game: u64) -> Option<u16> {
        match st.games.get(&game)?.place {
            Place::Here(_) => None,
            Place::At(owner) => Some(owner),
        }
    }
}
