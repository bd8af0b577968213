//! The card in the middle: the login (server, name, password; log in, register, or play as a
//! guest, or host a game on this network). The lobby that follows is a screen of its own
//! (`lobby`).

use bevy::prelude::*;
use xiangqi_protocol::Rules;

use super::Widgets;
use crate::msg;
use crate::online::form::{Field, Form};
use crate::online::{LoginKind, Online, OnlineRequest};
use crate::ui::theme::size;

/// A rating as shown: `1500?` while provisional, nothing for a guest.
pub(super) fn rating(r: Option<i32>, provisional: bool) -> String {
    match (r, provisional) {
        (Some(r), true) => format!("{r}?"),
        (Some(r), false) => r.to_string(),
        (None, _) => String::new(),
    }
}

pub(super) fn rules_words(w: &Widgets, rules: Rules) -> String {
    match rules {
        Rules::Asian => w.say(&msg!("online-rules-asian")),
        Rules::League => w.say(&msg!("online-rules-league")),
    }
}

pub(super) fn status(c: &mut ChildSpawnerCommands, w: &Widgets, online: &Online) {
    if let Some(status) = &online.status {
        w.text(c, w.say(status), size::TEXT);
    }
}

pub(super) fn login(c: &mut ChildSpawnerCommands, w: &Widgets, online: &Online, form: &Form) {
    w.text(c, w.say(&msg!("online-title")), size::TITLE);
    w.dim(c, w.say(&msg!("online-login-intro")), size::SMALL);
    for (field, label) in [
        (Field::Address, msg!("online-field-server")),
        (Field::Name, msg!("online-field-name")),
        (Field::Password, msg!("online-field-password")),
    ] {
        w.row(c, |r| {
            r.spawn((
                Node {
                    width: px(90),
                    ..default()
                },
                children![(
                    Text::new(w.say(&label)),
                    crate::ui::theme::font(w.ui, size::TEXT),
                    TextColor(crate::ui::theme::INK)
                )],
            ));
            w.field(r, form, field, 320.0);
            // The name's length against the server's limit: typing stops there, visibly.
            if field == Field::Name {
                let n = form.text(field).chars().count();
                w.dim(r, format!("{n}/{}", field.max()), size::FINE);
            }
        });
    }
    w.row(c, |r| {
        w.button(
            r,
            OnlineRequest::LogIn(LoginKind::Account),
            w.say(&msg!("online-log-in")),
        );
        w.button(
            r,
            OnlineRequest::LogIn(LoginKind::Register),
            w.say(&msg!("online-register")),
        );
        w.button(
            r,
            OnlineRequest::LogIn(LoginKind::Guest),
            w.say(&msg!("online-guest")),
        );
        w.button(r, OnlineRequest::Close, w.say(&msg!("dialog-close")));
    });
    w.dim(c, w.say(&msg!("online-lan-intro")), size::SMALL);
    w.row(c, |r| {
        let host = OnlineRequest::Host { everyone: true };
        w.button(r, host, w.say(&msg!("online-host")));
    });
    status(c, w, online);
}

/// While this game hosts a server: the addresses to give a friend, and a button to stop.
pub(super) fn hosting(c: &mut ChildSpawnerCommands, w: &Widgets, online: &Online) {
    let Some(host) = &online.host else { return };
    let addresses = host.addresses();
    if addresses.is_empty() {
        return;
    }
    // A list as each script writes one: 、 between Chinese words, a comma elsewhere.
    let separator = if w.lang.reads_hanzi() { "、" } else { ", " };
    w.row(c, |r| {
        w.text(
            r,
            w.say(&msg!(
                "online-hosting",
                addresses = addresses.join(separator)
            )),
            16.0,
        );
        w.button(
            r,
            OnlineRequest::StopHost,
            w.say(&msg!("online-stop-hosting")),
        );
    });
}
