//! What the link reports each frame, folded into the session and shown on the board.

use bevy::platform::time::Instant;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use chuhan_client::{Change, Connection, Event, Link, outcome_of};
use xiangqi_protocol::{EndReason, GameResult};

use super::{Online, Screen, notice, record_of, said, sync_board, tokens};
use crate::core::commands::Command;
use crate::core::game::{BoardReset, Game, GameEnded, MoveRequested, NewGame, Players};
use crate::core::i18n::Msg;
use crate::core::notice::Notice;
use crate::msg;
use crate::storage::files::Dirs;

/// What a change of the session writes.
#[derive(SystemParam)]
pub(super) struct Out<'w> {
    new_games: MessageWriter<'w, NewGame>,
    moves: MessageWriter<'w, MoveRequested>,
    resets: MessageWriter<'w, BoardReset>,
    ended: MessageWriter<'w, GameEnded>,
    notices: MessageWriter<'w, Notice>,
    commands: MessageWriter<'w, Command>,
}

/// Polls the link (never waiting) and shows what changed.
pub(super) fn poll(
    mut online: ResMut<Online>,
    mut game: ResMut<Game>,
    dirs: Res<Dirs>,
    mut out: Out,
) {
    let events = online.link.as_ref().map(Link::poll).unwrap_or_default();
    if events.is_empty() {
        return;
    }
    let now = Instant::now();
    for event in events {
        let closed = matches!(&event, Event::Closed(Some(_)));
        if let Event::Closed(Some(e)) = &event {
            let s = said(e);
            out.notices.write(notice(&s));
            online.status = Some(s);
        }
        let changes = online.session.apply(event, now);
        // A link that closed with an error was said above from the table, in the player's
        // language; the session's own words for it (the error's English) are not shown.
        let changes = changes
            .into_iter()
            .filter(|c| !(closed && matches!(c, Change::Error(None, _))));
        for change in changes {
            show(change, &mut online, &mut game, &dirs, &mut out, now);
        }
    }
    let asked: Vec<_> = online.session.outbox.drain(..).collect();
    for msg in asked {
        online.say(msg);
    }
}

fn show(
    change: Change,
    online: &mut Online,
    game: &mut Game,
    dirs: &Dirs,
    out: &mut Out,
    now: Instant,
) {
    match change {
        Change::Connection => match online.session.connection {
            Connection::Online => online.status = None,
            Connection::Reconnecting { attempt } => {
                online.tell(msg!("online-reconnecting-attempt", attempt = attempt));
            }
            Connection::Offline => save_unfinished(online, game, out),
        },
        Change::Token(token) => {
            // Written off the frame loop (an atomic write with a sync).
            if let Some(address) = online.address.clone() {
                let store = tokens(dirs);
                bevy::tasks::IoTaskPool::get()
                    .spawn(async move {
                        if let Err(e) = store.save(&address, &token) {
                            warn!("the online login could not be kept: {e}");
                        }
                    })
                    .detach();
            }
        }
        Change::LoggedIn => {
            if matches!(online.screen, Screen::Login) {
                online.screen = Screen::Lobby;
            }
            online.say(xiangqi_protocol::ClientMsg::Lobby { subscribe: true });
        }
        Change::LoggedOut => {
            online.screen = Screen::Login;
            online.active = None;
        }
        Change::GameOpened(id) => opened(id, online, game, out, now),
        Change::Moved { game: id, mv, own } => {
            if online.active != Some(id) {
                return;
            }
            let Some(g) = online.session.games.get(&id) else {
                return;
            };
            if own {
                online.turn_from = None;
            } else if game.record.len() + 1 == g.moves.len()
                && game.record.ply() == game.record.len()
            {
                out.moves.write(MoveRequested(mv));
                online.turn_from = g.my_side().map(|_| now);
            } else {
                sync_board(online, game, &mut out.resets);
            }
        }
        Change::Refused { game: id, code, .. } => {
            let reason = Msg::new(crate::online::words::refusal(code));
            online.tell(msg!("online-move-refused", reason = reason));
            if let Some(s) = &online.status {
                out.notices.write(notice(s));
            }
            if online.active == Some(id) {
                sync_board(online, game, &mut out.resets);
            }
        }
        Change::NotSent(taken_back) => {
            let not_sent = Msg::new(crate::online::words::NOT_SENT);
            match taken_back {
                // The message's variable is `$not-sent`, a name `msg!` cannot write.
                Some(_) => {
                    online.tell(Msg::new("online-not-sent-taken-back").with("not-sent", not_sent))
                }
                None => online.tell(not_sent),
            }
            if let Some(s) = &online.status {
                out.notices.write(notice(s));
            }
            if let Some((id, _)) = taken_back
                && online.active == Some(id)
            {
                sync_board(online, game, &mut out.resets);
            }
        }
        Change::TookBack(id) => {
            if online.active == Some(id) {
                sync_board(online, game, &mut out.resets);
            }
        }
        Change::GameOver(id) => over(id, online, game, out),
        Change::Error(code, message) => {
            match code {
                // The server refused: the table's sentence in the player's language.
                Some(code) => online.tell(Msg::new(crate::online::words::refusal(code))),
                // The session's own words (English): said as they are in every language.
                None => online.tell(msg!("online-server-message", message = message)),
            }
            if let Some(s) = &online.status {
                out.notices.write(notice(s));
            }
        }
        Change::Lobby | Change::GameState(_) | Change::Chat(_) => {}
    }
}

/// A whole game arrived: a new one of the player's, one asked to watch, or one restored after a
/// reconnection.
fn opened(id: u64, online: &mut Online, game: &mut Game, out: &mut Out, now: Instant) {
    let Some(g) = online.session.games.get(&id) else {
        return;
    };
    let mine = g.my_side().is_some() && !g.over();
    let asked = online.watching.remove(&id);
    if !(mine || asked || online.active == Some(id)) {
        return;
    }
    let side = g.my_side();
    let record = record_of(g, online.address.as_ref());
    let to_move = record.position().side_to_move();
    if online.active == Some(id) && game.players.has_remote() {
        // Restored after a reconnection: the board is set again only if it differs.
        if game.record.moves() != record.moves() {
            sync_board(online, game, &mut out.resets);
        }
    } else {
        online.active = Some(id);
        out.new_games.write(NewGame {
            record,
            players: Players::online(side.map(xiangqi::Color::from)),
            puzzle: None,
        });
    }
    online.turn_from = side
        .filter(|s| xiangqi::Color::from(*s) == to_move)
        .map(|_| now);
    online.screen = Screen::Game;
}

/// The game ended: its outcome on the board, and (a game of the player's) the record saved.
fn over(id: u64, online: &mut Online, game: &mut Game, out: &mut Out) {
    if online.active != Some(id) {
        return;
    }
    let Some(g) = online.session.games.get(&id) else {
        return;
    };
    let (result, reason) = g
        .result
        .unwrap_or((GameResult::Aborted, EndReason::Aborted));
    let record = record_of(g, online.address.as_ref());
    let mine = g.my_side().is_some();
    if game.record.moves() == record.moves() {
        game.record = record;
    } else {
        sync_board(online, game, &mut out.resets);
    }
    match outcome_of(result, reason) {
        Some(o) if game.record.outcome() == Some(o) => {}
        Some(o) => {
            game.ended = Some(o);
            out.ended.write(GameEnded(o));
        }
        // Aborted: nobody moves on this board any more.
        None => {
            game.players = Players::online(None);
            online.tell(msg!("online-game-aborted"));
        }
    }
    if mine && result != GameResult::Aborted && online.saved.insert(id) {
        out.commands.write(Command::SaveRecord);
    }
}

/// The server is gone for good: the player's unfinished game is saved with the moves the server
/// confirmed.
fn save_unfinished(online: &mut Online, game: &mut Game, out: &mut Out) {
    let Some(id) = online.active else { return };
    let Some(g) = online.session.games.get(&id) else {
        return;
    };
    if g.my_side().is_none() || g.over() || !online.saved.insert(id) {
        return;
    }
    game.record = record_of(g, online.address.as_ref());
    game.players = Players::online(None);
    out.resets.write(BoardReset);
    out.commands.write(Command::SaveRecord);
}
