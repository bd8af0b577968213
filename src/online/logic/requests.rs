//! The player's requests: connecting, hosting, the lobby's seeks and challenges, offers, chat.

use bevy::prelude::*;
use chuhan_client::{Credentials, Request, ServerAddress};
use xiangqi_protocol::{ClientMsg, ColorChoice, Room, Rules, TimeControl};

use super::{Online, Screen, connect, leave_game, tokens};
use crate::core::i18n::Msg;
use crate::core::settings::Settings;
use crate::msg;
use crate::online::form::Form;
use crate::online::pool::Viewer;
use crate::online::{LoginKind, OnlineRequest};
use crate::storage::files::Dirs;

pub(super) fn requests(
    mut asked: MessageReader<OnlineRequest>,
    mut online: ResMut<Online>,
    mut form: ResMut<Form>,
    mut settings: ResMut<Settings>,
    dirs: Res<Dirs>,
) {
    for request in asked.read() {
        let game = online.active;
        match request.clone() {
            OnlineRequest::Open => {
                if form.address.is_empty() {
                    form.address.clone_from(&settings.online_server);
                }
                online.screen = if online.logged_in() {
                    Screen::Lobby
                } else {
                    Screen::Login
                };
                // A kept login for the server last used: in at once.
                if !online.logged_in()
                    && let Ok(address) = form.address.parse::<ServerAddress>()
                    && let Some(token) = tokens(&dirs).load(&address)
                {
                    connect(&mut online, address, Credentials::Resume { token });
                }
            }
            OnlineRequest::Close => online.screen = Screen::Closed,
            OnlineRequest::LogIn(kind) => {
                let address = match form.address.parse::<ServerAddress>() {
                    Ok(a) => a,
                    Err(_) => {
                        let bad = chuhan_client::LinkError::BadAddress(form.address.clone());
                        online.tell(crate::online::words::link_error(&bad));
                        continue;
                    }
                };
                // What the server would refuse is said before connecting, in the same words.
                if let Some(problem) =
                    crate::online::words::login_problem(kind, form.name.trim(), &form.password)
                {
                    online.tell(Msg::new(problem));
                    continue;
                }
                if settings.online_server != form.address.trim() {
                    settings.online_server = form.address.trim().to_owned();
                }
                let (name, password) = (form.name.trim().to_owned(), form.password.clone());
                let credentials = match kind {
                    LoginKind::Guest => Credentials::Guest,
                    LoginKind::Account => Credentials::Login { name, password },
                    LoginKind::Register => Credentials::Register { name, password },
                };
                // The password is not kept once sent.
                form.password.clear();
                form.focus = None;
                connect(&mut online, address, credentials);
            }
            OnlineRequest::LogOut => {
                if let Some(address) = online.address.clone() {
                    let store = tokens(&dirs);
                    bevy::tasks::IoTaskPool::get()
                        .spawn(async move {
                            let _ = store.forget(&address);
                        })
                        .detach();
                }
                if let Some(link) = &online.link {
                    link.send(Request::LogOut);
                }
                online.screen = Screen::Login;
            }
            OnlineRequest::Host { everyone } => {
                if online.host.is_none() {
                    match crate::online::host::Host::start(&dirs.data, everyone) {
                        Ok(host) => {
                            online.host = Some(host);
                            online.tell(msg!("online-starting-host"));
                        }
                        Err(e) => online.tell(msg!("online-cannot-host", error = e)),
                    }
                }
            }
            OnlineRequest::StopHost => {
                if let Some(link) = &online.link {
                    link.send(Request::Disconnect);
                }
                online.host = None;
                online.screen = Screen::Login;
            }
            OnlineRequest::Seek {
                time,
                rated,
                color,
                rules,
                range,
            } => {
                let msg = seek(&online, time, rated, color, rules, range);
                online.say(msg);
            }
            OnlineRequest::Pool(time) => {
                let msg = match Viewer::of(&online.session)
                    .pool_match(&online.session.lobby.seeks, time)
                {
                    Some(seek) => ClientMsg::AcceptSeek { seek },
                    None => {
                        let guest = online.session.me.as_ref().is_none_or(|m| m.guest);
                        seek(
                            &online,
                            time,
                            !guest,
                            ColorChoice::Random,
                            Rules::Asian,
                            None,
                        )
                    }
                };
                online.say(msg);
            }
            OnlineRequest::SortSeeks(sort) => form.sort = sort,
            OnlineRequest::SeekTerm(term) => form.seek.cycle(term),
            OnlineRequest::OpenSeek => {
                let t = form.seek;
                let msg = seek(
                    &online,
                    t.time_control(),
                    t.rated,
                    t.color,
                    t.rules,
                    t.range,
                );
                online.say(msg);
            }
            OnlineRequest::CancelSeek(seek) => online.say(ClientMsg::CancelSeek { seek }),
            OnlineRequest::AcceptSeek(seek) => online.say(ClientMsg::AcceptSeek { seek }),
            OnlineRequest::Challenge => {
                let t = form.seek;
                let rated = t.rated && online.session.me.as_ref().is_some_and(|m| !m.guest);
                online.say(ClientMsg::Challenge(xiangqi_protocol::ChallengeTerms {
                    to: form.opponent.trim().to_owned(),
                    time: t.time_control(),
                    rated,
                    color: t.color,
                    rules: t.rules,
                    fen: None,
                }));
            }
            OnlineRequest::AcceptChallenge(challenge) => {
                online.say(ClientMsg::AcceptChallenge { challenge });
            }
            OnlineRequest::DeclineChallenge(challenge) => {
                online.say(ClientMsg::DeclineChallenge { challenge });
            }
            OnlineRequest::Watch(id) => {
                online.watching.insert(id);
                online.say(ClientMsg::Watch { game: id });
            }
            OnlineRequest::Chat => {
                let text = std::mem::take(&mut form.chat);
                // The line sent, the keyboard goes back to the game (its shortcuts work again);
                // a click on the field types the next line.
                if form.focus == Some(crate::online::form::Field::Chat) {
                    form.focus = None;
                }
                let room = game.map_or(Room::Lobby, |game| Room::Game { game });
                if !text.trim().is_empty() {
                    online.say(ClientMsg::Chat { room, text });
                }
            }
            OnlineRequest::ToggleMute => {
                online.muted = !online.muted;
                let me = online.session.me.as_ref().map(|m| m.name.clone());
                let opponent = online.game().and_then(|g| {
                    [&g.red, &g.black]
                        .into_iter()
                        .find(|p| Some(&p.name) != me.as_ref())
                        .map(|p| p.name.clone())
                });
                if let Some(name) = opponent {
                    online.say(if online.muted {
                        ClientMsg::Mute { name }
                    } else {
                        ClientMsg::Unmute { name }
                    });
                }
            }
            OnlineRequest::Lobby => {
                leave_game(&mut online);
                online.screen = Screen::Lobby;
            }
            OnlineRequest::Offer(kind) => {
                if let Some(game) = game {
                    online.say(ClientMsg::Offer { game, kind });
                }
            }
            OnlineRequest::Decline(kind) => {
                if let Some(game) = game {
                    online.say(ClientMsg::Decline { game, kind });
                }
            }
            OnlineRequest::Resign => online.resign_asked = game,
            OnlineRequest::ConfirmResign(yes) => {
                let asked = online.resign_asked.take();
                if let (true, Some(game)) = (yes, game.filter(|&g| asked == Some(g))) {
                    online.say(ClientMsg::Resign { game });
                }
            }
            OnlineRequest::Abort => {
                if let Some(game) = game {
                    online.say(ClientMsg::Abort { game });
                }
            }
            OnlineRequest::Claim(kind) => {
                if let Some(game) = game {
                    online.say(ClientMsg::Claim { game, kind });
                }
            }
        }
    }
}

/// A seek's message: casual for a guest; a rating range around the player's rating in the
/// seek's speed.
fn seek(
    online: &Online,
    time: TimeControl,
    rated: bool,
    color: ColorChoice,
    rules: Rules,
    range: Option<i32>,
) -> ClientMsg {
    let me = online.session.me.as_ref();
    let rated = rated && me.is_some_and(|m| !m.guest);
    let rating = me.and_then(|m| {
        m.ratings
            .iter()
            .find(|r| r.speed == time.speed())
            .map(|r| r.rating)
    });
    let (rating_min, rating_max) = match (range, rating) {
        (Some(d), Some(r)) if rated => (Some(r - d), Some(r + d)),
        _ => (None, None),
    };
    ClientMsg::Seek(xiangqi_protocol::SeekTerms {
        time,
        rated,
        color,
        rules,
        rating_min,
        rating_max,
    })
}
