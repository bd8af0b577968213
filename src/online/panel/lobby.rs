//! The lobby, a screen of its own over the whole window below the menu bar: who is logged in and
//! how many play; quick pairing as pools (a tile per time control with the number waiting, one
//! click joins whoever waits or opens a seek); a seek of one's own terms and a game with a
//! friend; the open seeks as a list the player sorts; the games in play to watch; the lobby's
//! chat.

use bevy::prelude::*;
use xiangqi_protocol::{ColorChoice, Speed, TimeControl};

use super::Widgets;
use super::card::{rating, rules_words};
use crate::msg;
use crate::online::form::{Field, Form, SeekTerm};
use crate::online::pool::{SeekSort, Viewer, sorted};
use crate::online::{Online, OnlineRequest};
use crate::ui::actions::{KeepColor, send};
use crate::ui::theme::*;

/// The card's node while it shows the lobby: the whole window under the menu bar, opaque.
pub(super) fn screen_node(node: &mut Node) {
    node.top = px(36);
    node.left = px(0);
    node.right = px(0);
    node.bottom = px(0);
    node.width = Val::Auto;
    node.max_height = Val::Auto;
    node.padding = UiRect::axes(px(22), px(14));
    node.border_radius = BorderRadius::ZERO;
}

fn speed_words(w: &Widgets, speed: Speed) -> String {
    match speed {
        Speed::Bullet => w.say(&msg!("online-speed-bullet")),
        Speed::Blitz => w.say(&msg!("online-speed-blitz")),
        Speed::Rapid => w.say(&msg!("online-speed-rapid")),
        Speed::Classical => w.say(&msg!("online-speed-classical")),
    }
}

/// A column of the screen, `share` percent wide.
fn column(c: &mut ChildSpawnerCommands, share: f32, f: impl FnOnce(&mut ChildSpawnerCommands)) {
    c.spawn(Node {
        width: percent(share),
        flex_direction: FlexDirection::Column,
        row_gap: px(space::S),
        padding: UiRect::all(px(space::M)),
        border: UiRect::all(px(1)),
        border_radius: BorderRadius::all(px(RADIUS_LARGE)),
        overflow: Overflow::clip(),
        ..default()
    })
    .insert((BackgroundColor(CARD), BorderColor::all(CARD_EDGE)))
    .with_children(f);
}

/// A heading of a column.
fn heading(c: &mut ChildSpawnerCommands, w: &Widgets, words: String) {
    c.spawn((
        Text::new(words),
        font(w.ui, size::BODY),
        TextColor(INK_ACCENT),
    ));
}

pub(super) fn lobby(c: &mut ChildSpawnerCommands, w: &Widgets, online: &Online, form: &Form) {
    let s = &online.session;
    let me = Viewer::of(s);
    // The top line: the player, the counts, leaving.
    w.row(c, |r| {
        w.text(r, w.say(&msg!("online-lobby-title")), size::TITLE);
        let rated = me
            .ratings
            .iter()
            .find(|r| r.speed == Speed::Blitz)
            .map(|r| rating(Some(r.rating), r.provisional))
            .unwrap_or_default();
        let who = if me.guest {
            w.say(&msg!("online-guest-name", name = me.name))
        } else {
            format!("{} {rated}", me.name)
        };
        w.text(r, who, size::BODY);
        w.dim(
            r,
            w.say(&msg!(
                "online-lobby-counts",
                online = s.lobby.online,
                games = s.lobby.games.len(),
                seeks = s.lobby.seeks.len(),
            )),
            16.0,
        );
        w.button(
            r,
            OnlineRequest::Close,
            w.say(&msg!("online-back-to-board")),
        );
        w.button(r, OnlineRequest::LogOut, w.say(&msg!("online-log-out")));
    });
    super::card::status(c, w, online);
    super::card::hosting(c, w, online);
    c.spawn(Node {
        flex_direction: FlexDirection::Row,
        column_gap: px(14),
        flex_grow: 1.0,
        min_height: px(0),
        ..default()
    })
    .with_children(|cols| {
        column(cols, 33.0, |col| pairing(col, w, online, form, &me));
        column(cols, 38.0, |col| seeks(col, w, online, form, &me));
        column(cols, 29.0, |col| games_and_chat(col, w, online, form));
    });
}

/// Quick pairing as pools, a seek of one's own terms, a game with a friend.
fn pairing(c: &mut ChildSpawnerCommands, w: &Widgets, online: &Online, form: &Form, me: &Viewer) {
    heading(
        c,
        w,
        if me.guest {
            w.say(&msg!("online-quick-pairing-casual"))
        } else {
            w.say(&msg!("online-quick-pairing-rated"))
        },
    );
    c.spawn(Node {
        flex_direction: FlexDirection::Row,
        flex_wrap: FlexWrap::Wrap,
        column_gap: px(8),
        row_gap: px(8),
        ..default()
    })
    .with_children(|grid| {
        for time in TimeControl::QUICK {
            let n = me.waiting(&online.session.lobby.seeks, time);
            let waiting = w.say(&msg!("online-pool-waiting", count = n));
            // A card: the time control large, its speed, and who waits (lit when someone does).
            grid.spawn((
                send(OnlineRequest::Pool(time)),
                Button,
                Node {
                    width: percent(30.5),
                    min_height: px(84),
                    flex_direction: FlexDirection::Column,
                    justify_content: JustifyContent::Center,
                    align_items: AlignItems::Center,
                    row_gap: px(space::XS),
                    border: UiRect::all(px(1)),
                    border_radius: BorderRadius::all(px(RADIUS_LARGE)),
                    ..default()
                },
                BackgroundColor(BUTTON),
                BorderColor::all(if n > 0 { GOLD } else { CARD_EDGE }),
                children![
                    (
                        Text::new(time.to_string()),
                        font(w.ui, size::TITLE),
                        TextColor(GOLD),
                    ),
                    (
                        Text::new(speed_words(w, time.speed())),
                        font(w.ui, size::SMALL),
                        TextColor(INK),
                    ),
                    (
                        Text::new(waiting),
                        font(w.ui, size::FINE),
                        TextColor(if n > 0 { INK_ACCENT } else { INK_MUTED }),
                    ),
                ],
            ));
        }
    });
    heading(c, w, w.say(&msg!("online-own-seek")));
    seek_terms(c, w, form, me.guest);
    heading(c, w, w.say(&msg!("online-play-friend")));
    w.row(c, |r| {
        w.field(r, form, Field::Opponent, 150.0);
        let time = form.seek.time_control();
        let words = w.say(&msg!("online-challenge", time = time.to_string()));
        w.button(r, OnlineRequest::Challenge, words);
    });
    w.dim(c, w.say(&msg!("online-challenge-help")), size::FINE);
}

/// A seek with every option: each button shows a term and changes it; the last opens the seek.
fn seek_terms(c: &mut ChildSpawnerCommands, w: &Widgets, form: &Form, guest: bool) {
    let t = form.seek;
    w.row(c, |r| {
        let time = t.time_control();
        w.button(r, OnlineRequest::SeekTerm(SeekTerm::Time), time.to_string());
        if !guest {
            let rated = if t.rated {
                w.say(&msg!("online-rated"))
            } else {
                w.say(&msg!("online-casual"))
            };
            w.button(r, OnlineRequest::SeekTerm(SeekTerm::Rated), rated);
        }
        let color = match t.color {
            ColorChoice::Random => w.say(&msg!("online-color-random")),
            ColorChoice::Red => w.say(&msg!("online-color-red")),
            ColorChoice::Black => w.say(&msg!("online-color-black")),
        };
        w.button(r, OnlineRequest::SeekTerm(SeekTerm::Color), color);
        w.button(
            r,
            OnlineRequest::SeekTerm(SeekTerm::Rules),
            rules_words(w, t.rules),
        );
        if !guest && t.rated {
            let range = match t.range {
                None => w.say(&msg!("online-range-any")),
                Some(d) => w.say(&msg!("online-range", range = d)),
            };
            w.button(r, OnlineRequest::SeekTerm(SeekTerm::Range), range);
        }
        w.button(r, OnlineRequest::OpenSeek, w.say(&msg!("online-open-seek")));
    });
}

/// A cell of the seek table, `width` pixels wide.
fn cell(c: &mut ChildSpawnerCommands, w: &Widgets, words: String, width: f32, dim: bool) {
    c.spawn((
        Node {
            width: px(width),
            ..default()
        },
        children![(
            Text::new(words),
            font(w.ui, size::SMALL),
            TextColor(if dim { INK_MUTED } else { INK }),
        )],
    ));
}

/// The challenges, then the open seeks in the order chosen.
fn seeks(c: &mut ChildSpawnerCommands, w: &Widgets, online: &Online, form: &Form, me: &Viewer) {
    let s = &online.session;
    for ch in &s.lobby.challenges {
        w.row(c, |r| {
            w.text(
                r,
                w.say(&msg!(
                    "online-challenge-line",
                    from = &ch.from,
                    to = &ch.to,
                    time = ch.time.to_string(),
                )),
                15.0,
            );
            if ch.to == me.name {
                let accept = OnlineRequest::AcceptChallenge(ch.id);
                w.button(r, accept, w.say(&msg!("online-accept")));
            }
            let decline = OnlineRequest::DeclineChallenge(ch.id);
            w.button(r, decline, w.say(&msg!("online-decline")));
        });
    }
    w.row(c, |r| {
        heading(
            r,
            w,
            w.say(&msg!("online-open-seeks", count = s.lobby.seeks.len())),
        );
        for (sort, words) in [
            (SeekSort::Time, msg!("online-sort-time")),
            (SeekSort::Rating, msg!("online-sort-rating")),
            (SeekSort::Name, msg!("online-sort-name")),
        ] {
            let mut b = r.spawn(button(
                send(OnlineRequest::SortSeeks(sort)),
                Text::new(w.say(&words)),
                w.ui,
                14.0,
            ));
            // The order chosen is lit.
            if form.sort == sort {
                b.insert((BackgroundColor(CURRENT), KeepColor));
            }
        }
    });
    if s.lobby.seeks.is_empty() {
        w.dim(c, w.say(&msg!("online-no-seeks")), size::FINE);
        return;
    }
    const SHOWN: usize = 12;
    for seek in sorted(&s.lobby.seeks, form.sort).into_iter().take(SHOWN) {
        w.row(c, |r| {
            cell(r, w, seek.name.clone(), 104.0, false);
            cell(r, w, rating(seek.rating, seek.provisional), 46.0, true);
            cell(r, w, seek.time.to_string(), 48.0, false);
            let kind = if seek.rated {
                w.say(&msg!("online-rated"))
            } else {
                w.say(&msg!("online-casual"))
            };
            cell(r, w, kind, 64.0, true);
            cell(r, w, rules_words(w, seek.rules), 82.0, true);
            if seek.name == me.name {
                let cancel = OnlineRequest::CancelSeek(seek.id);
                w.button(r, cancel, w.say(&msg!("online-cancel")));
            } else if seek.rated && me.guest {
                // A guest cannot take a rated seek (the server would refuse it): said, not
                // offered.
                w.dim(r, w.say(&msg!("online-register-to-accept")), size::FINE);
            } else if me.may_accept(seek) {
                let accept = OnlineRequest::AcceptSeek(seek.id);
                w.button(r, accept, w.say(&msg!("online-accept-seek")));
            } else {
                w.dim(r, w.say(&msg!("online-outside-range")), size::FINE);
            }
        });
    }
    if s.lobby.seeks.len() > SHOWN {
        let more = s.lobby.seeks.len() - SHOWN;
        w.dim(
            c,
            w.say(&msg!("online-more-seeks", more = more)),
            size::FINE,
        );
    }
}

/// The games in play (to watch) and the lobby's chat.
fn games_and_chat(c: &mut ChildSpawnerCommands, w: &Widgets, online: &Online, form: &Form) {
    let s = &online.session;
    heading(
        c,
        w,
        w.say(&msg!("online-games-in-play", count = s.lobby.games.len())),
    );
    if s.lobby.games.is_empty() {
        w.dim(c, w.say(&msg!("online-none")), size::FINE);
    }
    for g in s.lobby.games.iter().rev().take(6) {
        w.row(c, |r| {
            w.text(
                r,
                w.say(&msg!(
                    "online-game-line",
                    red = &g.red,
                    black = &g.black,
                    time = g.time.to_string(),
                    plies = g.plies,
                )),
                14.0,
            );
            w.button(r, OnlineRequest::Watch(g.id), w.say(&msg!("online-watch")));
        });
    }
    heading(c, w, w.say(&msg!("online-lobby-chat")));
    for line in s.lobby.chat.iter().rev().take(8).rev() {
        w.text(
            c,
            w.say(&msg!(
                "online-chat-line",
                from = &line.from,
                text = &line.text
            )),
            14.0,
        );
    }
    super::board::chat_input(c, w, form, 200.0);
}
