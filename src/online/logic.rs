//! Online play without a window: the link polled each frame, the session folded from it, the
//! board driven by the game on it (the opponent's moves requested like the computer's, the
//! player's moves sent once the rules library has played them, the board set back when the
//! server refuses one), and the game saved in the records when it ends.

use bevy::platform::time::Instant;
use std::collections::HashSet;

use bevy::prelude::*;
use chuhan_client::{
    Connection, Credentials, Link, LinkError, OnlineGame, Request, ServerAddress, Session,
    TokenStore, outcome_of,
};
use xiangqi_protocol::{ClientMsg, OfferKind};

use crate::core::commands::Command;
use crate::core::game::{BoardReset, CoreSet, Game, MovePlayed, NewGame, Players};
use crate::core::i18n::Msg;
use crate::core::notice::{Notice, Said};
use crate::msg;
use crate::storage::files::Dirs;

/// Which online screen is open.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Screen {
    /// None: the board as it is.
    #[default]
    Closed,
    /// The address and the login.
    Login,
    /// The lobby.
    Lobby,
    /// A game on the board, with its bar and chat.
    Game,
}

/// Online play's state.
#[derive(Resource, Default)]
pub struct Online {
    link: Option<Link>,
    /// What the server said, folded.
    pub session: Session,
    /// The server connected to (or last tried).
    pub address: Option<ServerAddress>,
    /// The screen open.
    pub screen: Screen,
    /// A sentence for the player: the last error, or what is going on.
    pub status: Option<Msg>,
    /// The game on the board (played or watched).
    pub active: Option<u64>,
    /// When the player's turn began (the think time sent with a move).
    turn_from: Option<Instant>,
    /// Games already saved in the records.
    saved: HashSet<u64>,
    /// Games the player asked to watch (opened on the board when they arrive).
    watching: HashSet<u64>,
    /// Whether the opponent's chat is hidden.
    pub muted: bool,
    /// The server this game hosts for a friend on the network, if any.
    pub host: Option<crate::online::host::Host>,
    /// The game whose resignation waits for the player's yes (认输 asks once, as lichess and
    /// 天天象棋 do).
    pub resign_asked: Option<u64>,
}

impl Online {
    /// The game on the board.
    #[must_use]
    pub fn game(&self) -> Option<&OnlineGame> {
        self.session.games.get(&self.active?)
    }

    /// Whether logged in and connected (or reconnecting).
    #[must_use]
    pub fn logged_in(&self) -> bool {
        self.session.me.is_some() && self.session.connection != Connection::Offline
    }

    fn say(&self, msg: ClientMsg) {
        if let Some(link) = &self.link {
            link.say(msg);
        }
    }

    fn tell(&mut self, msg: Msg) {
        self.status = Some(msg);
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Online>();
    app.add_systems(
        Update,
        (requests, hosting, commands, poll, own_moves, leave)
            .chain()
            .in_set(CoreSet::Input),
    );
}

/// The kept logins, in the config folder.
pub(super) fn tokens(dirs: &Dirs) -> TokenStore {
    TokenStore::new(dirs.config.join("online-tokens"))
}

/// Starts the link if need be and connects with `credentials`.
fn connect(online: &mut Online, address: ServerAddress, credentials: Credentials) {
    if online.link.is_none() {
        match Link::start(concat!("chuhan ", env!("CARGO_PKG_VERSION"))) {
            Ok(link) => online.link = Some(link),
            Err(e) => {
                online.tell(msg!("online-link-failed-to-start", error = e.to_string()));
                return;
            }
        }
    }
    if let Some(link) = &online.link {
        link.send(Request::Connect {
            address: address.clone(),
            credentials,
        });
    }
    online.tell(msg!("online-connecting", address = address.to_string()));
    online.address = Some(address);
}

/// Once the hosted server listens, this game joins it as a guest.
fn hosting(mut online: ResMut<Online>) {
    let Some(started) = online
        .bypass_change_detection()
        .host
        .as_mut()
        .and_then(crate::online::host::Host::started)
    else {
        return;
    };
    match started {
        Ok(addr) => {
            let local = ServerAddress::new("127.0.0.1", addr.port());
            connect(&mut online, local, Credentials::Guest);
        }
        Err(e) => {
            online.host = None;
            online.tell(msg!("online-cannot-host", error = e));
        }
    }
}

/// Stops watching the game on the board (a finished game is simply put down).
fn leave_game(online: &mut Online) {
    if let Some(id) = online.active.take() {
        if online
            .session
            .games
            .get(&id)
            .is_some_and(|g| g.my_side().is_none())
        {
            online.say(ClientMsg::Unwatch { game: id });
        }
        if online.session.games.get(&id).is_some_and(OnlineGame::over) {
            online.session.close(id);
        }
    }
}

/// The game's own buttons in an online game: resigning asks the server, taking back and offering
/// a draw ask the opponent.
fn commands(
    mut commands: MessageReader<Command>,
    mut draws: MessageReader<crate::draw::DrawRequest>,
    mut online: ResMut<Online>,
    game: Res<Game>,
) {
    let (Some(id), true) = (online.active, game.players.has_remote()) else {
        commands.clear();
        draws.clear();
        return;
    };
    for command in commands.read() {
        match command {
            // Asked once in the panel first, as the panel's own 认输 is.
            Command::Resign => online.resign_asked = Some(id),
            Command::Undo => online.say(ClientMsg::Offer {
                game: id,
                kind: OfferKind::Takeback,
            }),
            _ => {}
        }
    }
    for request in draws.read() {
        if *request == crate::draw::DrawRequest::Offer {
            online.say(ClientMsg::Offer {
                game: id,
                kind: OfferKind::Draw,
            });
        }
    }
}

/// The record of an online game as it stands, with its players and terms as tags.
pub(super) fn record_of(g: &OnlineGame, address: Option<&ServerAddress>) -> xiangqi::GameRecord {
    let mut record = g.record();
    let name = |p: &xiangqi_protocol::PlayerView| match p.rating {
        Some(r) => (p.name.clone(), r.to_string()),
        None => (p.name.clone(), String::new()),
    };
    let ((red, red_elo), (black, black_elo)) = (name(&g.red), name(&g.black));
    record.set_tag("Event", if g.rated { "Rated game" } else { "Casual game" });
    if let Some(a) = address {
        record.set_tag("Site", &a.to_string());
    }
    record.set_tag("Round", &g.id.to_string());
    record.set_tag("Red", &red);
    record.set_tag("Black", &black);
    if !red_elo.is_empty() {
        record.set_tag("RedElo", &red_elo);
    }
    if !black_elo.is_empty() {
        record.set_tag("BlackElo", &black_elo);
    }
    record.set_tag(
        "TimeControl",
        &format!("{}+{}", g.time.base_s, g.time.inc_s),
    );
    // Each move's clock after it, as lichess writes them ([%clk h:mm:ss]).
    for (i, ms) in g.clock_after.iter().enumerate() {
        if let Some(ms) = ms {
            let s = ms / 1000;
            let clk = format!("[%clk {}:{:02}:{:02}]", s / 3600, s / 60 % 60, s % 60);
            record.set_comment(i + 1, Some(clk));
        }
    }
    if let Some((result, _)) = &g.result {
        record.set_tag("Result", result.as_str());
    }
    record
}

mod events;
mod requests;
use events::poll;
use requests::requests;

/// The player's own moves, once the rules library has played them on the board, go to the
/// server.
fn own_moves(
    mut played: MessageReader<MovePlayed>,
    mut online: ResMut<Online>,
    mut game: ResMut<Game>,
    mut resets: MessageWriter<BoardReset>,
) {
    for p in played.read() {
        let Some(id) = online.active else { continue };
        let Some(g) = online.session.games.get(&id) else {
            continue;
        };
        // Moves the server confirmed are on the board already; this is one more.
        if game.record.len() <= g.moves.len() || g.my_side().is_none() {
            continue;
        }
        let think = online
            .turn_from
            .map_or_else(Default::default, |t| t.elapsed());
        match online.session.play(id, p.mv, think) {
            Ok(msg) => online.say(msg),
            Err(why) => {
                online.tell(msg!("online-move-not-sent", why = why));
                sync_board(&online, &mut game, &mut resets);
            }
        }
    }
}

/// Sets the board to the server's game (after a refusal, a takeback, a reconnection).
pub(super) fn sync_board(online: &Online, game: &mut Game, resets: &mut MessageWriter<BoardReset>) {
    let Some(g) = online.game() else { return };
    game.record = record_of(g, online.address.as_ref());
    game.players = Players::online(g.my_side().map(xiangqi::Color::from));
    game.ended = g
        .result
        .as_ref()
        .and_then(|&(r, why)| outcome_of(r, why))
        .filter(|o| game.record.outcome() != Some(*o));
    resets.write(BoardReset);
}

/// A new game started on the board (from a menu) while an online game goes on: the player
/// confirmed leaving it, so it is resigned.
fn leave(mut new_games: MessageReader<NewGame>, mut online: ResMut<Online>) {
    for new in new_games.read() {
        if new.players.has_remote() {
            continue;
        }
        if let Some(id) = online.active {
            let playing = online
                .session
                .games
                .get(&id)
                .is_some_and(|g| g.my_side().is_some() && !g.over());
            if playing {
                online.say(ClientMsg::Resign { game: id });
            }
            leave_game(&mut online);
            online.screen = Screen::Closed;
        }
    }
}

/// A link error's message, from the one table ([`crate::online::words`]).
pub(super) fn said(e: &LinkError) -> Msg {
    crate::online::words::link_error(e)
}

/// The notice of a status sentence.
pub(super) fn notice(status: &Msg) -> Notice {
    Notice(Said::notice(status.clone()))
}
