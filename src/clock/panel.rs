//! The clocks on screen: both sides' time left at the top left, Black's above Red's as on the
//! board, the running one lit; hidden in an untimed game and in a replay.

use std::time::Duration;

use bevy::prelude::*;
use xiangqi::Color as Side;

use crate::clock::ClockRequest;
use crate::clock::logic::Clock;
use crate::clock::logic::ClockAdjust;
use crate::core::game::Game;
use crate::core::i18n::{self, Language};
use crate::core::phase::Phase;
use crate::core::settings::Settings;
use crate::core::setup::TimeControl;
use crate::ui::actions::{Action, Menu, send};
use crate::ui::menus::{AppMenus, EntryText, MenuEntry, Place, live};
use crate::ui::text;
use crate::ui::theme::*;

/// The clock's menu (用时): the presets, the player's own time control and its adjustments.
fn menu_entries(app: &mut App) {
    app.add_menu_entry(MenuEntry::new(
        Place::Bar,
        50,
        Action::OpenMenu(Menu::Clock),
        EntryText::Words("clock-menu"),
    ));
    let entry = |order, action, text| MenuEntry::new(Place::In(Menu::Clock), order, action, text);
    for (order, tc) in (10u16..).zip(TimeControl::PRESETS) {
        app.add_menu_entry(entry(
            order,
            send(ClockRequest::SetTimeControl(tc)),
            live(move |s, lang| (time_control_name(tc, lang), tc == s.time_control)),
        ));
    }
    app.add_menu_entry(entry(
        50,
        send(ClockRequest::AdjustCustom(ClockAdjust::Choose)),
        live(|s, lang| {
            let own = i18n::text(lang, "clock-own");
            (
                format!("{own} {}", time_control_name(s.custom_clock, lang)),
                s.custom_clock == s.time_control && !TimeControl::PRESETS.contains(&s.time_control),
            )
        }),
    ));
    for (order, adjust, id) in [
        (60, ClockAdjust::MoreTime, "clock-own-more-time"),
        (61, ClockAdjust::LessTime, "clock-own-less-time"),
        (62, ClockAdjust::MoreIncrement, "clock-own-more-increment"),
        (63, ClockAdjust::LessIncrement, "clock-own-less-increment"),
        (64, ClockAdjust::SwitchKind, "clock-own-switch-kind"),
    ] {
        app.add_menu_entry(
            entry(
                order,
                send(ClockRequest::AdjustCustom(adjust)),
                EntryText::Words(id),
            )
            .small(),
        );
    }
}

/// One side's clock face.
#[derive(Component)]
struct Face(Side);

#[derive(Component)]
struct Clocks;

pub(crate) fn plugin(app: &mut App) {
    menu_entries(app);
    app.add_systems(Startup, spawn);
    app.add_systems(Update, show.in_set(crate::ui::UiSet::Show));
}

fn spawn(mut commands: Commands, ui: Res<UiFont>) {
    let ui = ui.clone();
    commands
        .spawn((
            Clocks,
            Node {
                position_type: PositionType::Absolute,
                left: px(14),
                top: px(92),
                flex_direction: FlexDirection::Column,
                row_gap: px(6),
                ..default()
            },
            Visibility::Hidden,
        ))
        .with_children(|c| {
            for side in [Side::Black, Side::Red] {
                c.spawn((
                    Face(side),
                    Node {
                        width: px(170),
                        padding: UiRect::axes(px(10), px(4)),
                        border_radius: BorderRadius::all(px(6)),
                        ..default()
                    },
                    BackgroundColor(CLOCK_WAITING),
                    children![(Text::new(""), font(&ui, size::TITLE), TextColor(INK))],
                ));
            }
        });
}

/// `m:ss`, or `s.d` under ten seconds.
#[must_use]
pub fn clock_text(left: Duration) -> String {
    if left < Duration::from_secs(10) {
        format!("{:.1}", left.as_secs_f64())
    } else {
        let s = left.as_secs();
        format!("{}:{:02}", s / 60, s % 60)
    }
}

fn show(
    clock: Res<Clock>,
    game: Res<Game>,
    phase: Res<State<Phase>>,
    settings: Res<Settings>,
    mut root: Query<&mut Visibility, With<Clocks>>,
    mut faces: Query<(&Face, &mut BackgroundColor, &Children)>,
    mut texts: Query<&mut Text>,
) {
    if !clock.is_changed() && !phase.is_changed() && !settings.is_changed() && !game.is_changed() {
        return;
    }
    let shown = clock.is_timed() && *phase.get() != Phase::Replaying;
    for mut v in &mut root {
        let want = if shown {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
        v.set_if_neq(want);
    }
    if !shown {
        return;
    }
    let to_move = game.record.position().side_to_move();
    let running = *phase.get() == Phase::Playing && game.outcome().is_none();
    for (face, mut bg, children) in &mut faces {
        let left = clock.left(face.0);
        let lit = running && face.0 == to_move;
        let want = if left.is_zero() || (lit && left < Duration::from_secs(10)) {
            CLOCK_LOW
        } else if lit {
            CLOCK_RUNNING
        } else {
            CLOCK_WAITING
        };
        bg.set_if_neq(BackgroundColor(want));
        let words = format!(
            "{}  {}{}",
            text::side_name(face.0, settings.language),
            clock_text(left),
            if lit && clock.paused { " ||" } else { "" }
        );
        for c in children.iter() {
            if let Ok(mut t) = texts.get_mut(c)
                && t.0 != words
            {
                t.0 = words.clone();
            }
        }
    }
}

/// A time control as a menu line: `5+3` (minutes + seconds a move), `每步30秒`, `不限时`.
#[must_use]
fn time_control_name(tc: TimeControl, lang: Language) -> String {
    match tc {
        TimeControl::Untimed => text::tr(text::Key::Untimed, lang).to_owned(),
        TimeControl::PerMove { seconds } => {
            crate::msg!("clock-per-move", seconds = seconds).in_(lang)
        }
        TimeControl::Fischer { .. } => crate::msg!("clock-fischer", control = tc.short()).in_(lang),
    }
}
