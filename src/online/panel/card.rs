//! The card in the middle: the login (server, name, password; log in, register, or play as a
//! guest), then the lobby (quick pairing, open seeks, challenges, games to watch, the lobby's
//! chat).

use bevy::prelude::*;
use xiangqi_protocol::{ColorChoice, Rules, TimeControl};

use super::Widgets;
use crate::online::form::{Field, Form, SeekTerm};
use crate::online::{LoginKind, Online, OnlineRequest};

/// A rating as shown: `1500?` while provisional, nothing for a guest.
pub(super) fn rating(r: Option<i32>, provisional: bool) -> String {
    match (r, provisional) {
        (Some(r), true) => format!("{r}?"),
        (Some(r), false) => r.to_string(),
        (None, _) => String::new(),
    }
}

fn rules_words(w: &Widgets, rules: Rules) -> String {
    match rules {
        Rules::Asian => w.say("亚洲规则", "Asian rules"),
        Rules::League => w.say("计算机规则", "league rules"),
    }
}

fn status(c: &mut ChildSpawnerCommands, w: &Widgets, online: &Online) {
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
fn hosting(c: &mut ChildSpawnerCommands, w: &Widgets, online: &Online) {
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

pub(super) fn lobby(c: &mut ChildSpawnerCommands, w: &Widgets, online: &Online, form: &Form) {
    let s = &online.session;
    let (name, guest) =
        s.me.as_ref()
            .map_or((String::new(), true), |m| (m.name.clone(), m.guest));
    w.row(c, |r| {
        w.text(r, w.say("联网大厅", "Lobby"), 22.0);
        w.dim(
            r,
            w.say(
                format!("{name}　在线 {} 人", s.lobby.online),
                format!("{name} · {} online", s.lobby.online),
            ),
            16.0,
        );
        w.button(r, OnlineRequest::LogOut, w.say("退出登录", "Log out"));
        w.button(r, OnlineRequest::Close, w.say("关闭", "Close"));
    });
    status(c, w, online);
    hosting(c, w, online);
    // Quick pairing: rated for an account, casual for a guest.
    w.dim(c, w.say("快速配对", "Quick pairing"), 15.0);
    w.row(c, |r| {
        for time in TimeControl::QUICK {
            let request = OnlineRequest::Seek {
                time,
                rated: !guest,
                color: ColorChoice::Random,
                rules: Rules::Asian,
                range: None,
            };
            w.button(r, request, time.to_string());
        }
    });
    seek_terms(c, w, form, guest);
    w.dim(c, w.say("等待对手的邀请", "Open seeks"), 15.0);
    if s.lobby.seeks.is_empty() {
        w.dim(c, w.say("（暂无）", "(none)"), 14.0);
    }
    for seek in s.lobby.seeks.iter().take(8) {
        w.row(c, |r| {
            let kind = if seek.rated {
                w.say("等级分", "rated")
            } else {
                w.say("非等级分", "casual")
            };
            w.text(
                r,
                format!(
                    "{} {} · {} · {kind} · {}",
                    seek.name,
                    rating(seek.rating, seek.provisional),
                    seek.time,
                    rules_words(w, seek.rules)
                ),
                15.0,
            );
            if seek.name == name {
                w.button(
                    r,
                    OnlineRequest::CancelSeek(seek.id),
                    w.say("取消", "Cancel"),
                );
            } else if seek.rated && guest {
                // A guest cannot take a rated seek (the server would refuse it): said, not
                // offered.
                w.dim(r, w.say("注册后可应战", "Register to accept"), 14.0);
            } else {
                w.button(
                    r,
                    OnlineRequest::AcceptSeek(seek.id),
                    w.say("应战", "Accept"),
                );
            }
        });
    }
    for ch in &s.lobby.challenges {
        w.row(c, |r| {
            w.text(
                r,
                w.say(
                    format!("{} 向 {} 挑战 · {}", ch.from, ch.to, ch.time),
                    format!("{} challenges {} · {}", ch.from, ch.to, ch.time),
                ),
                15.0,
            );
            if ch.to == name {
                w.button(
                    r,
                    OnlineRequest::AcceptChallenge(ch.id),
                    w.say("接受", "Accept"),
                );
            }
            w.button(
                r,
                OnlineRequest::DeclineChallenge(ch.id),
                w.say("拒绝", "Decline"),
            );
        });
    }
    w.row(c, |r| {
        w.dim(r, w.say("挑战棋手", "Challenge"), 15.0);
        w.field(r, form, Field::Opponent, 160.0);
        // On the terms of the seek above (time, rated, colour, rules).
        let time = form.seek.time_control();
        let words = w.say(format!("挑战（{time}）"), format!("Challenge ({time})"));
        w.button(r, OnlineRequest::Challenge, words);
    });
    w.dim(c, w.say("正在进行的对局", "Games in play"), 15.0);
    if s.lobby.games.is_empty() {
        w.dim(c, w.say("（暂无）", "(none)"), 14.0);
    }
    for g in s.lobby.games.iter().rev().take(6) {
        w.row(c, |r| {
            w.text(
                r,
                w.say(
                    format!("{} 对 {} · {} · 第{}步", g.red, g.black, g.time, g.plies),
                    format!("{} v {} · {} · {} plies", g.red, g.black, g.time, g.plies),
                ),
                15.0,
            );
            w.button(r, OnlineRequest::Watch(g.id), w.say("观战", "Watch"));
        });
    }
    w.dim(c, w.say("大厅聊天", "Lobby chat"), 15.0);
    for line in s.lobby.chat.iter().rev().take(5).rev() {
        w.text(c, format!("{}：{}", line.from, line.text), 14.0);
    }
    super::board::chat_input(c, w, form, 240.0);
}

/// A seek with every option: each button shows a term and changes it; the last opens the seek.
fn seek_terms(c: &mut ChildSpawnerCommands, w: &Widgets, form: &Form, guest: bool) {
    let t = form.seek;
    w.dim(c, w.say("自定邀请", "Your own seek"), 15.0);
    w.row(c, |r| {
        let time = t.time_control();
        w.button(r, OnlineRequest::SeekTerm(SeekTerm::Time), time.to_string());
        if !guest {
            let rated = if t.rated {
                w.say("等级分", "rated")
            } else {
                w.say("非等级分", "casual")
            };
            w.button(r, OnlineRequest::SeekTerm(SeekTerm::Rated), rated);
        }
        let color = match t.color {
            ColorChoice::Random => w.say("随机先后", "random colour"),
            ColorChoice::Red => w.say("执红", "Red"),
            ColorChoice::Black => w.say("执黑", "Black"),
        };
        w.button(r, OnlineRequest::SeekTerm(SeekTerm::Color), color);
        w.button(
            r,
            OnlineRequest::SeekTerm(SeekTerm::Rules),
            rules_words(w, t.rules),
        );
        if !guest && t.rated {
            let range = match t.range {
                None => w.say("对手不限", "any opponent"),
                Some(d) => w.say(format!("等级分±{d}"), format!("rating ±{d}")),
            };
            w.button(r, OnlineRequest::SeekTerm(SeekTerm::Range), range);
        }
        w.button(
            r,
            OnlineRequest::OpenSeek,
            w.say("发出邀请", "Open the seek"),
        );
    });
}
