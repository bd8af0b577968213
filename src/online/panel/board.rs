//! Over the board in an online game: both players with their ratings, connection and clocks (the
//! server's figures, ticking here between its updates), the result with the rating change, the
//! opponent's offers where the player looks, the buttons that apply now; and the chat.

use std::time::Duration;

use bevy::platform::time::Instant;

use bevy::prelude::*;
use xiangqi_protocol::{ClaimKind, EndReason, GameResult, OfferKind, Side};

use super::Widgets;
use super::card::rating;
use crate::msg;
use crate::online::form::{Field, Form};
use crate::online::{Online, OnlineRequest};
use crate::ui::theme::*;

/// A clock's text.
#[derive(Component)]
pub(super) struct ClockText(Side);

/// Below this a running clock shows red.
const LOW_TIME: Duration = Duration::from_secs(10);

fn clock_words(left: Duration) -> String {
    let s = left.as_secs();
    if left < LOW_TIME {
        format!("{}.{}", s, left.subsec_millis() / 100)
    } else if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

/// The clocks tick between the server's updates (every frame: two short texts).
pub(super) fn tick_clocks(
    online: Res<Online>,
    mut clocks: Query<(&ClockText, &mut Text, &mut TextColor)>,
) {
    let Some(g) = online.game() else { return };
    let now = Instant::now();
    for (ClockText(side), mut text, mut color) in &mut clocks {
        let left = g.time_left(*side, now);
        let words = clock_words(left);
        if text.0 != words {
            text.0 = words;
        }
        let running = g.clocks.running == Some(*side) && !g.over();
        let wanted = if running && left < LOW_TIME {
            ALERT
        } else if running {
            INK
        } else {
            INK_MUTED
        };
        if color.0 != wanted {
            color.0 = wanted;
        }
    }
}

fn reason_words(w: &Widgets, result: GameResult, reason: EndReason) -> String {
    if let Some(o) = chuhan_client::outcome_of(result, reason) {
        return w.say(&crate::ui::text::outcome_msg(o));
    }
    match reason {
        EndReason::Aborted => w.say(&msg!("online-aborted")),
        other => w.say(&msg!(
            "online-result-reason",
            result = result.as_str(),
            reason = other.as_str(),
        )),
    }
}

pub(super) fn bar(c: &mut ChildSpawnerCommands, w: &Widgets, online: &Online) {
    let Some(g) = online.game() else { return };
    let me = g.my_side();
    // The opponent first (above), the player below, as on the board.
    let order = if me == Some(Side::Black) {
        [Side::Red, Side::Black]
    } else {
        [Side::Black, Side::Red]
    };
    for side in order {
        let p = if side == Side::Red { &g.red } else { &g.black };
        w.row(c, |r| {
            let flag = if p.connected {
                String::new()
            } else {
                w.say(&msg!("online-player-gone"))
            };
            let colour = if side == Side::Red {
                w.say(&msg!("online-side-red"))
            } else {
                w.say(&msg!("online-side-black"))
            };
            r.spawn((
                ClockText(side),
                Text::new(clock_words(g.time_left(side, Instant::now()))),
                font(w.ui, size::HEADING),
                TextColor(INK),
            ));
            w.text(
                r,
                format!(
                    "{colour} {} {} {flag}",
                    p.name,
                    rating(p.rating, p.provisional)
                ),
                17.0,
            );
        });
    }
    if let Some(at) = g.claim_at.filter(|&at| seconds_until(at) > 0) {
        let left = seconds_until(at);
        w.text(
            c,
            w.say(&msg!("online-claim-countdown", seconds = left)),
            15.0,
        );
    }
    if let Some((result, reason)) = &g.result {
        let mut line = reason_words(w, *result, *reason);
        let mine = match me {
            Some(Side::Red) => g.ratings.0,
            Some(Side::Black) => g.ratings.1,
            None => None,
        };
        if let Some(change) = mine {
            let d = change.after - change.before;
            line.push_str(&w.say(&msg!(
                "online-rating-change",
                before = change.before,
                after = change.after,
                delta = format!("{d:+}"),
            )));
        }
        w.text(c, line, size::BODY);
    }
    if online.session.connection != chuhan_client::Connection::Online {
        w.text(c, w.say(&msg!("online-reconnecting")), size::TEXT);
    }
    offers_and_buttons(c, w, online);
}

fn offers_and_buttons(c: &mut ChildSpawnerCommands, w: &Widgets, online: &Online) {
    let Some(g) = online.game() else { return };
    let Some(me) = g.my_side() else {
        w.row(c, |r| {
            w.dim(r, w.say(&msg!("online-watching")), size::SMALL);
            w.button(
                r,
                OnlineRequest::Lobby,
                w.say(&msg!("online-back-to-lobby")),
            );
        });
        return;
    };
    let them = me.other();
    w.row(c, |r| {
        for (kind, offered) in [
            (OfferKind::Draw, msg!("online-offer-draw-received")),
            (OfferKind::Takeback, msg!("online-offer-takeback-received")),
            (OfferKind::Rematch, msg!("online-offer-rematch-received")),
        ] {
            if g.offered(kind, them) {
                w.text(r, w.say(&offered), size::TEXT);
                w.button(
                    r,
                    OnlineRequest::Offer(kind),
                    w.say(&msg!("online-offer-accept")),
                );
                w.button(
                    r,
                    OnlineRequest::Decline(kind),
                    w.say(&msg!("online-offer-decline")),
                );
            }
        }
    });
    w.row(c, |r| {
        if g.over() {
            if !g.offered(OfferKind::Rematch, me) {
                w.button(
                    r,
                    OnlineRequest::Offer(OfferKind::Rematch),
                    w.say(&msg!("online-rematch")),
                );
            }
            w.button(
                r,
                OnlineRequest::Lobby,
                w.say(&msg!("online-back-to-lobby")),
            );
            return;
        }
        if g.moves.len() < 2 {
            w.button(r, OnlineRequest::Abort, w.say(&msg!("online-abort")));
        } else {
            if !g.offered(OfferKind::Draw, me) {
                w.button(
                    r,
                    OnlineRequest::Offer(OfferKind::Draw),
                    w.say(&msg!("online-offer-draw")),
                );
            }
            if !g.offered(OfferKind::Takeback, me) {
                w.button(
                    r,
                    OnlineRequest::Offer(OfferKind::Takeback),
                    w.say(&msg!("online-offer-takeback")),
                );
            }
            if online.resign_asked != Some(g.id) {
                w.button(r, OnlineRequest::Resign, w.say(&msg!("online-resign")));
            }
        }
        if g.claim_at.is_some_and(|at| seconds_until(at) == 0) {
            w.button(
                r,
                OnlineRequest::Claim(ClaimKind::Win),
                w.say(&msg!("online-claim-win")),
            );
            w.button(
                r,
                OnlineRequest::Claim(ClaimKind::Draw),
                w.say(&msg!("online-claim-draw")),
            );
        }
    });
    // 认输 asks once, on a line of its own under the buttons.
    if online.resign_asked == Some(g.id) && !g.over() {
        w.row(c, |r| {
            w.text(r, w.say(&msg!("online-resign-confirm")), size::TEXT);
            w.button(
                r,
                OnlineRequest::ConfirmResign(true),
                w.say(&msg!("online-resign")),
            );
            w.button(
                r,
                OnlineRequest::ConfirmResign(false),
                w.say(&msg!("online-play-on")),
            );
        });
    }
}

/// Whole seconds until `at`, rounded up: 0 exactly when it has come (a countdown says 1 until
/// the claim is allowed, then the buttons appear).
pub(super) fn seconds_until(at: Instant) -> u64 {
    let left = at.saturating_duration_since(Instant::now());
    left.as_millis().div_ceil(1000) as u64
}

pub(super) fn chat(c: &mut ChildSpawnerCommands, w: &Widgets, online: &Online, form: &Form) {
    let Some(g) = online.game() else { return };
    w.row(c, |r| {
        w.dim(r, w.say(&msg!("online-chat")), size::SMALL);
        let mute = if online.muted {
            w.say(&msg!("online-unmute"))
        } else {
            w.say(&msg!("online-mute"))
        };
        w.button(r, OnlineRequest::ToggleMute, mute);
    });
    let me = online.session.me.as_ref().map(|m| m.name.as_str());
    let shown = g
        .chat
        .iter()
        .filter(|l| !online.muted || Some(l.from.as_str()) == me)
        .rev()
        .take(8)
        .collect::<Vec<_>>();
    for line in shown.into_iter().rev() {
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
    chat_input(c, w, form, 150.0);
}

/// The line being typed (a field `width` wide), its length against the limit, and the send
/// button.
pub(super) fn chat_input(c: &mut ChildSpawnerCommands, w: &Widgets, form: &Form, width: f32) {
    w.row(c, |r| {
        w.field(r, form, Field::Chat, width);
        let n = form.chat.chars().count();
        w.dim(r, format!("{n}/{}", Field::Chat.max()), size::FINE);
        w.button(r, OnlineRequest::Chat, w.say(&msg!("online-send")));
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_countdown_rounds_up_and_reaches_zero_when_the_time_comes() {
        let now = Instant::now();
        assert_eq!(seconds_until(now + Duration::from_millis(1500)), 2);
        assert_eq!(seconds_until(now + Duration::from_secs(17)), 17);
        assert_eq!(seconds_until(now), 0);
        assert_eq!(
            seconds_until(now.checked_sub(Duration::from_secs(1)).unwrap()),
            0
        );
    }
}
