//! The server's messages folded into the session.

use std::time::Duration;

use web_time::Instant;

use xiangqi::Move;
use xiangqi_protocol::{ClientMsg, Room, ServerMsg, Side};

use super::{Change, Me, OnlineGame, Session, keep, refuses_a_move};

impl Session {
    pub(super) fn message(&mut self, msg: ServerMsg, now: Instant) -> Vec<Change> {
        match msg {
            ServerMsg::Welcome { .. } | ServerMsg::Pong { .. } => Vec::new(),
            ServerMsg::LoggedIn {
                name,
                guest,
                ratings,
                ..
            } => {
                self.me = Some(Me {
                    name,
                    guest,
                    ratings,
                });
                vec![Change::LoggedIn]
            }
            ServerMsg::LoggedOut => {
                self.me = None;
                self.games.clear();
                self.lobby = super::Lobby::default();
                vec![Change::LoggedOut]
            }
            ServerMsg::Error {
                code,
                message,
                game,
            } => {
                if let Some(id) = game
                    && refuses_a_move(code)
                    && let Some(g) = self.games.get_mut(&id)
                    && let Some(mv) = g.pending.take()
                {
                    return vec![Change::Refused {
                        game: id,
                        mv,
                        code,
                        why: message,
                    }];
                }
                vec![Change::Error(Some(code), message)]
            }
            ServerMsg::Lobby {
                seeks,
                online,
                games,
            } => {
                self.lobby.seeks = seeks;
                self.lobby.online = online;
                self.lobby.games = games;
                vec![Change::Lobby]
            }
            ServerMsg::SeekAdded { seek } => {
                self.lobby.seeks.retain(|s| s.id != seek.id);
                self.lobby.seeks.push(seek);
                vec![Change::Lobby]
            }
            ServerMsg::SeekRemoved { seek } => {
                self.lobby.seeks.retain(|s| s.id != seek);
                vec![Change::Lobby]
            }
            ServerMsg::Online { count } => {
                self.lobby.online = count;
                vec![Change::Lobby]
            }
            ServerMsg::GameListed { game } => {
                self.lobby.games.retain(|g| g.id != game.id);
                self.lobby.games.push(game);
                vec![Change::Lobby]
            }
            ServerMsg::GameUnlisted { game } => {
                self.lobby.games.retain(|g| g.id != game);
                vec![Change::Lobby]
            }
            ServerMsg::Challenged { challenge } => {
                self.lobby.challenges.retain(|c| c.id != challenge.id);
                self.lobby.challenges.push(challenge);
                vec![Change::Lobby]
            }
            ServerMsg::ChallengeGone { challenge } => {
                self.lobby.challenges.retain(|c| c.id != challenge);
                vec![Change::Lobby]
            }
            ServerMsg::Game { game } => {
                let id = game.id;
                match OnlineGame::from_view(game, now) {
                    Some(g) => {
                        self.games.insert(id, g);
                        vec![Change::GameOpened(id)]
                    }
                    None => vec![Change::Error(None, format!("game {id} could not be read"))],
                }
            }
            ServerMsg::Moved {
                game,
                ply,
                mv,
                clocks,
            } => self.moved(game, ply, &mv, clocks, now),
            ServerMsg::Offered { game, kind, by } => self.with_game(game, |g| {
                if !g.offers.contains(&(kind, by)) {
                    g.offers.push((kind, by));
                }
                vec![Change::GameState(game)]
            }),
            ServerMsg::OfferGone { game, kind } => self.with_game(game, |g| {
                g.offers.retain(|(k, _)| *k != kind);
                vec![Change::GameState(game)]
            }),
            ServerMsg::TookBack {
                game,
                plies,
                clocks,
            } => self.with_game(game, |g| {
                g.moves.truncate(plies as usize);
                g.clock_after.truncate(plies as usize);
                g.pending = None;
                g.clocks = clocks;
                g.clocks_at = now;
                g.offers.clear();
                vec![Change::TookBack(game)]
            }),
            ServerMsg::Connection {
                game,
                side,
                connected,
                claim_in_ms,
            } => self.with_game(game, |g| {
                let player = match side {
                    xiangqi_protocol::Side::Red => &mut g.red,
                    xiangqi_protocol::Side::Black => &mut g.black,
                };
                player.connected = connected;
                if g.my_side() != Some(side) && !g.over() {
                    g.claim_at = claim_in_ms
                        .filter(|_| !connected)
                        .map(|ms| now + Duration::from_millis(ms));
                }
                vec![Change::GameState(game)]
            }),
            ServerMsg::GameOver {
                game,
                result,
                reason,
                red_rating,
                black_rating,
            } => self.with_game(game, |g| {
                // The clock that ran stops where it had ticked to (the server charged it the
                // same), not at the last figure the server sent.
                if let Some(side) = g.clocks.running {
                    let left = g.time_left(side, now).as_millis() as u64;
                    match side {
                        Side::Red => g.clocks.red_ms = left,
                        Side::Black => g.clocks.black_ms = left,
                    }
                }
                g.result = Some((result, reason));
                g.ratings = (red_rating, black_rating);
                g.pending = None;
                g.offers
                    .retain(|(k, _)| *k == xiangqi_protocol::OfferKind::Rematch);
                g.clocks.running = None;
                g.claim_at = None;
                vec![Change::GameOver(game)]
            }),
            ServerMsg::Chat { room, line } => {
                match room {
                    Room::Lobby => keep(&mut self.lobby.chat, line),
                    Room::Game { game } => {
                        if let Some(g) = self.games.get_mut(&game) {
                            keep(&mut g.chat, line);
                        }
                    }
                }
                vec![Change::Chat(room)]
            }
        }
    }

    fn with_game(
        &mut self,
        game: u64,
        f: impl FnOnce(&mut OnlineGame) -> Vec<Change>,
    ) -> Vec<Change> {
        self.games.get_mut(&game).map(f).unwrap_or_default()
    }

    fn moved(
        &mut self,
        game: u64,
        ply: u32,
        text: &str,
        clocks: xiangqi_protocol::ClockView,
        now: Instant,
    ) -> Vec<Change> {
        let Some(g) = self.games.get_mut(&game) else {
            return Vec::new();
        };
        let ply = ply as usize;
        if ply < g.moves.len() {
            return Vec::new(); // told twice (after a reconnection): already here
        }
        let legal = text
            .parse::<Move>()
            .ok()
            .filter(|&m| g.position().is_legal(m));
        let (Some(mv), true) = (legal, ply == g.moves.len()) else {
            // Out of step: ask for the whole game again.
            self.outbox.push(ClientMsg::Watch { game });
            return Vec::new();
        };
        g.moves.push(mv);
        let mover = if g.moves.len() % 2 == 1 {
            g.start.side_to_move()
        } else {
            !g.start.side_to_move()
        };
        g.clock_after.push(Some(match mover {
            xiangqi::Color::Red => clocks.red_ms,
            xiangqi::Color::Black => clocks.black_ms,
        }));
        g.clocks = clocks;
        g.clocks_at = now;
        let own = g.pending.take() == Some(mv);
        vec![Change::Moved { game, mv, own }]
    }
}
