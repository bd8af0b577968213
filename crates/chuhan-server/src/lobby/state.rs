//! What the lobby's task owns, and how it answers each message (never waiting: every answer is
//! made from what it holds).

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use xiangqi_protocol::{ErrorCode, GameSummary, SeekView, ServerMsg};

use super::{Challenge, Found, Host, LobbyMsg, Refusal, Seek};
use crate::outbox::{ConnId, Out, Outbox};

/// The most seeks one player may have open at once (one guest opened 200 at 25 a second, and a
/// new lobby follower received them all in one frame).
pub const MAX_SEEKS_PER_PLAYER: usize = 5;

/// The lobby's state.
pub(super) struct Lobby {
    host: Box<dyn Host>,
    /// This instance's seeks.
    seeks: BTreeMap<u64, Seek>,
    /// The other instances' seeks, with the instance of each.
    peer_seeks: BTreeMap<u64, (u16, SeekView)>,
    challenges: BTreeMap<u64, Challenge>,
    /// The games in play, as the lobby lists them.
    games: BTreeMap<u64, GameSummary>,
    /// Players online on every instance.
    online: u32,
    /// The connections following the lobby.
    followers: HashMap<ConnId, Outbox>,
}

impl Lobby {
    pub(super) fn new(host: Box<dyn Host>) -> Lobby {
        Lobby {
            host,
            seeks: BTreeMap::new(),
            peer_seeks: BTreeMap::new(),
            challenges: BTreeMap::new(),
            games: BTreeMap::new(),
            online: 0,
            followers: HashMap::new(),
        }
    }

    /// Answers one message.
    pub(super) fn handle(&mut self, msg: LobbyMsg) {
        match msg {
            LobbyMsg::Follow { conn, out } => self.follow(conn, out),
            LobbyMsg::Open(seek, reply) => {
                let _ = reply.send(self.open(seek));
            }
            LobbyMsg::Cancel { key, seek, reply } => {
                let _ = reply.send(self.cancel(&key, seek));
            }
            LobbyMsg::Find(id, reply) => {
                let found = match (self.seeks.get(&id), self.peer_seeks.get(&id)) {
                    (Some(s), _) => Found::Here(s.clone()),
                    (None, Some((at, _))) => Found::At(*at),
                    (None, None) => Found::Nowhere,
                };
                let _ = reply.send(found);
            }
            LobbyMsg::Take(id, reply) => {
                let taken = self
                    .remove_seek(id)
                    .ok_or((ErrorCode::NoSuchSeek, format!("seek {id} was taken")));
                let _ = reply.send(taken);
            }
            LobbyMsg::Challenge(c) => {
                let msg = ServerMsg::Challenged {
                    challenge: c.view.clone(),
                };
                self.to_player(&c.to_key, &msg);
                self.to_player(&c.from.key, &msg);
                self.challenges.insert(c.view.id, c);
            }
            LobbyMsg::Answer {
                challenge,
                key,
                accept,
                reply,
            } => {
                let _ = reply.send(self.answer(challenge, &key, accept));
            }
            LobbyMsg::Left(key) => self.left(&key),
            LobbyMsg::Listed(game) => {
                // A game taken over by this instance is listed again: said once.
                if self.games.get(&game.id) != Some(&game) {
                    self.broadcast(&ServerMsg::GameListed { game: game.clone() });
                    self.games.insert(game.id, game);
                }
            }
            LobbyMsg::Unlisted(game) => {
                if self.games.remove(&game).is_some() {
                    self.broadcast(&ServerMsg::GameUnlisted { game });
                }
            }
            LobbyMsg::Online(count) => {
                self.online = count;
                self.broadcast(&ServerMsg::Online { count });
            }
            LobbyMsg::Chat { from_key, frame } => {
                for out in self.followers.values() {
                    out.push(Out::Chat {
                        from_key: from_key.clone(),
                        frame: Arc::clone(&frame),
                    });
                }
            }
            LobbyMsg::PeerSeek(at, seek) => {
                self.broadcast(&ServerMsg::SeekAdded { seek: seek.clone() });
                self.peer_seeks.insert(seek.id, (at, seek));
            }
            LobbyMsg::PeerSeekGone(id) => {
                if self.peer_seeks.remove(&id).is_some() {
                    self.broadcast(&ServerMsg::SeekRemoved { seek: id });
                }
            }
            LobbyMsg::InstanceGone(n) => {
                let gone: Vec<u64> = (self.peer_seeks.iter())
                    .filter(|(_, s)| s.0 == n)
                    .map(|(id, _)| *id)
                    .collect();
                for seek in gone {
                    self.peer_seeks.remove(&seek);
                    self.broadcast(&ServerMsg::SeekRemoved { seek });
                }
            }
            LobbyMsg::Seeks(reply) => {
                let _ = reply.send(self.seeks.values().map(|s| s.view.clone()).collect());
            }
        }
    }

    fn follow(&mut self, conn: ConnId, out: Option<Outbox>) {
        let Some(out) = out else {
            self.followers.remove(&conn);
            return;
        };
        out.send(&ServerMsg::Lobby {
            seeks: (self.seeks.values().map(|s| s.view.clone()))
                .chain(self.peer_seeks.values().map(|s| s.1.clone()))
                .collect(),
            online: self.online,
            games: self.games.values().cloned().collect(),
        });
        self.followers.insert(conn, out);
    }

    fn open(&mut self, seek: Seek) -> Result<(), Refusal> {
        let key = &seek.owner.key;
        let refused = if self.host.is_online(key) {
            let open = self.seeks.values().filter(|s| &s.owner.key == key).count();
            (open >= MAX_SEEKS_PER_PLAYER).then(|| {
                (
                    ErrorCode::NotNow,
                    format!("{open} seeks of yours are open: withdraw one first"),
                )
            })
        } else {
            Some((ErrorCode::NotLoggedIn, "log in first".into()))
        };
        if let Some(refusal) = refused {
            self.host.seek_gone(seek.view.id);
            return Err(refusal);
        }
        let added = ServerMsg::SeekAdded {
            seek: seek.view.clone(),
        };
        self.broadcast(&added);
        // The owner hears of its own seek even when it does not follow the lobby.
        self.to_player_unless_following(key, &added);
        self.seeks.insert(seek.view.id, seek);
        Ok(())
    }

    fn cancel(&mut self, key: &str, id: u64) -> Result<(), Refusal> {
        if self.seeks.get(&id).is_some_and(|s| s.owner.key == key) {
            self.remove_seek(id);
            Ok(())
        } else {
            Err((ErrorCode::NoSuchSeek, format!("no seek {id} of yours")))
        }
    }

    /// A seek of this instance's leaves the lobby: everyone who saw it hears.
    fn remove_seek(&mut self, id: u64) -> Option<Seek> {
        let seek = self.seeks.remove(&id)?;
        let removed = ServerMsg::SeekRemoved { seek: id };
        self.broadcast(&removed);
        self.to_player_unless_following(&seek.owner.key, &removed);
        self.host.seek_gone(id);
        Some(seek)
    }

    fn answer(&mut self, id: u64, key: &str, accept: bool) -> Result<Challenge, Refusal> {
        let mine = (self.challenges.get(&id))
            .is_some_and(|c| c.to_key == key || (!accept && c.from.key == key));
        if !mine {
            return Err((
                ErrorCode::NoSuchChallenge,
                format!("no challenge {id} for you"),
            ));
        }
        let c = (self.challenges.remove(&id))
            .ok_or((ErrorCode::NoSuchChallenge, format!("no challenge {id}")))?;
        let gone = ServerMsg::ChallengeGone { challenge: id };
        self.to_player(&c.to_key, &gone);
        self.to_player(&c.from.key, &gone);
        Ok(c)
    }

    /// A player left: its seeks and the challenges it made go.
    fn left(&mut self, key: &str) {
        let seeks: Vec<u64> = (self.seeks.iter())
            .filter(|(_, s)| s.owner.key == key)
            .map(|(id, _)| *id)
            .collect();
        for id in seeks {
            self.remove_seek(id);
        }
        let challenges: Vec<u64> = (self.challenges.iter())
            .filter(|(_, c)| c.from.key == key)
            .map(|(id, _)| *id)
            .collect();
        for id in challenges {
            if let Some(c) = self.challenges.remove(&id) {
                self.to_player(&c.to_key, &ServerMsg::ChallengeGone { challenge: id });
            }
        }
    }

    /// To every connection following the lobby (serialised once).
    fn broadcast(&self, msg: &ServerMsg) {
        let frame: Arc<str> = msg.to_json().into();
        for out in self.followers.values() {
            out.push(Out::Frame(Arc::clone(&frame)));
        }
    }

    fn to_player(&self, key: &str, msg: &ServerMsg) {
        for out in self.host.conns_of(key) {
            out.send(msg);
        }
    }

    fn to_player_unless_following(&self, key: &str, msg: &ServerMsg) {
        for out in self.host.conns_of(key) {
            if !self.followers.contains_key(&out.conn) {
                out.send(msg);
            }
        }
    }
}
