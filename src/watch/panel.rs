//! The bar over the board while the computer plays itself: who plays each side (a click changes
//! the seat from its next move on), pause and resume.

use bevy::prelude::*;
use xiangqi::Color as Side;

use crate::core::game::Game;
use crate::core::settings::Settings;
use crate::core::watched::watching;
use crate::ui::actions::{Menu, send};
use crate::ui::menus::{AppMenus, EntryText, MenuEntry, Place};
use crate::ui::text::level_name;
use crate::ui::theme::*;
use crate::watch::{Seat, Watch, WatchRequest};

#[derive(Component)]
struct WatchBar;

/// A text of the bar that follows the seats or the pause.
#[derive(Component, Clone, Copy)]
enum Shows {
    Seat(Side),
    Pause,
}

pub(crate) fn plugin(app: &mut App) {
    app.add_menu_entry(MenuEntry::new(
        Place::In(Menu::Game),
        20,
        send(WatchRequest::Start),
        EntryText::Words("watch-menu"),
    ));
    app.add_systems(Startup, spawn);
    app.add_systems(Update, show.in_set(crate::ui::UiSet::Show));
}

fn spawn(mut commands: Commands, ui: Res<UiFont>) {
    let ui = ui.clone();
    commands
        .spawn((
            WatchBar,
            Node {
                position_type: PositionType::Absolute,
                bottom: px(14),
                left: percent(30),
                column_gap: px(6),
                align_items: AlignItems::Center,
                padding: UiRect::axes(px(10), px(4)),
                border_radius: BorderRadius::all(px(6)),
                display: Display::None,
                ..default()
            },
            BackgroundColor(PANEL),
        ))
        .with_children(|c| {
            c.spawn((words("watch-title"), font(&ui, size::TEXT), TextColor(INK)));
            for side in [Side::Red, Side::Black] {
                c.spawn(button(
                    send(WatchRequest::CycleSeat(side)),
                    (Shows::Seat(side), Text::new("")),
                    &ui,
                    16.0,
                ));
            }
            c.spawn(button(
                send(WatchRequest::TogglePause),
                (Shows::Pause, Text::new("")),
                &ui,
                16.0,
            ));
        });
}

/// The seat in words (红方：大师 / Red: Master), with a level or the external engine's name.
fn seat_words(side: Side, seat: Seat, settings: &Settings) -> String {
    let lang = settings.language;
    let who = match seat {
        Seat::Level(l) => level_name(l, lang).to_owned(),
        Seat::External => crate::ui::text::engine_name(&settings.engine, lang),
    };
    match side {
        Side::Red => crate::msg!("watch-seat-red", who = who),
        Side::Black => crate::msg!("watch-seat-black", who = who),
    }
    .in_(lang)
}

fn show(
    game: Res<Game>,
    watch: Res<Watch>,
    settings: Res<Settings>,
    mut bar: Query<&mut Node, With<WatchBar>>,
    mut texts: Query<(&Shows, &mut Text)>,
) {
    if !game.is_changed() && !watch.is_changed() && !settings.is_changed() {
        return;
    }
    let on = watching(&game);
    for mut node in &mut bar {
        let display = if on { Display::Flex } else { Display::None };
        if node.display != display {
            node.display = display;
        }
    }
    for (shows, mut text) in &mut texts {
        let words = match *shows {
            Shows::Seat(side) => seat_words(side, watch.seat(side), &settings),
            Shows::Pause => {
                let id = if watch.paused {
                    "watch-resume"
                } else {
                    "watch-pause"
                };
                crate::core::i18n::text(settings.language, id).to_owned()
            }
        };
        if text.0 != words {
            text.0 = words;
        }
    }
}
