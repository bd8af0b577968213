//! The card in the middle: the login (server, name, password; log in, register, or play as a
//! guest, or host a game on this network). The lobby that follows is a screen of its own
//! (`lobby`).

use bevy::prelude::*;
use xiangqi_protocol::Rules;

use super::Widgets;
use crate::online::form::{Field, Form};
use crate::online::{LoginKind, Online, OnlineRequest};

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
        Rules::Asian => w.say("亚洲规则", "Asian rules"),
        Rules::League => w.say("计算机规则", "league rules"),
    }
}

pub(super) fn status(c: &mut ChildSpawnerCommands, w: &Widgets, online: &Online) {
    if let Some((zh, en)) = &online.status {
        w.text(c, w.say(zh.clone(), en.clone()), 16.0);
    }
}

pub(super) fn login(c: &mut ChildSpawnerCommands, w: &Widgets, online: &Online, form: &Form) {
    w.text(c, w.say("联网对弈", "Play online"), 24.0);
    w.dim(
        c,
        w.say(
            "输入服务器地址（空着即为本机），登录、注册，或以游客身份对弈（游客只下非等级分棋）。",
            "Type the server's address (empty: this machine), then log in, register, or play as a guest (guests play casual games only).",
        ),
        15.0,
    );
    for (field, zh, en) in [
        (Field::Address, "服务器", "Server"),
        (Field::Name, "用户名", "Name"),
        (Field::Password, "密码", "Password"),
    ] {
        w.row(c, |r| {
            r.spawn((
                Node {
                    width: px(90),
                    ..default()
                },
                children![(
                    Text::new(w.say(zh, en)),
                    crate::ui::theme::font(w.ui, 16.0),
                    TextColor(crate::ui::theme::INK)
                )],
            ));
            w.field(r, form, field, 320.0);
            // The name's length against the server's limit: typing stops there, visibly.
            if field == Field::Name {
                let n = form.text(field).chars().count();
                w.dim(r, format!("{n}/{}", field.max()), 13.0);
            }
        });
    }
    w.row(c, |r| {
        w.button(
            r,
            OnlineRequest::LogIn(LoginKind::Account),
            w.say("登录", "Log in"),
        );
        w.button(
            r,
            OnlineRequest::LogIn(LoginKind::Register),
            w.say("注册", "Register"),
        );
        w.button(
            r,
            OnlineRequest::LogIn(LoginKind::Guest),
            w.say("游客对弈", "Play as a guest"),
        );
        w.button(r, OnlineRequest::Close, w.say("关闭", "Close"));
    });
    w.dim(
        c,
        w.say(
            "局域网：在本机开一个服务器，把显示的地址告诉朋友。朋友在服务器一栏填入该地址，以游客身份加入。",
            "Same network: host a server on this machine and give your friend the address shown; your friend types it as the server and joins as a guest.",
        ),
        15.0,
    );
    w.row(c, |r| {
        let host = OnlineRequest::Host { everyone: true };
        w.button(r, host, w.say("在本网络开局", "Host on this network"));
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
    w.row(c, |r| {
        w.text(
            r,
            w.say(
                format!("本机开局中：朋友请连接 {}", addresses.join("、")),
                format!("Hosting: your friend connects to {}", addresses.join(", ")),
            ),
            16.0,
        );
        w.button(
            r,
            OnlineRequest::StopHost,
            w.say("停止开局", "Stop hosting"),
        );
    });
}
