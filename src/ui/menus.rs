//! The menu bar (游戏, 难度, 让子, 棋谱, 用时, 语言, 残局挑战) and its dropdowns, built from
//! entries: the shared ones (new games, settings, records, levels, handicaps, languages) are added
//! here, and each feature adds its own from its plugin ([`MenuEntries::add`] through
//! [`AppMenus::add_menu_entry`]), the way Bevy's plugins add to shared resources. The bar and the
//! dropdowns are spawned from them at start, in the order of their places.

use std::sync::Arc;

use bevy::prelude::*;
use xiangqi::Handicap;
use xiangqi_engine::Level;

use crate::core::commands::Command;
use crate::core::game::Players;
use crate::core::settings::{SettingChange, Settings};
use crate::core::setup::Setup;
use crate::storage::records::RecordFormat;
use crate::ui::actions::send;
use crate::ui::actions::{Action, Menu, OpenMenu};
use crate::ui::text::{Key, Language};
use crate::ui::theme::*;

/// A dropdown of the menu bar.
#[derive(Component)]
pub(crate) struct Dropdown(pub(crate) Menu);

/// Where an entry goes: the bar itself, or a menu; entries are laid out by `order`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Place {
    /// A button of the bar (a menu's title, or a feature's own button).
    Bar,
    /// A line of a dropdown.
    In(Menu),
    /// A button beside the board (the side panel).
    Side,
    /// An entry of the start screen.
    Start,
}

/// An entry's words.
#[derive(Clone)]
pub(crate) enum EntryText {
    /// A key of the shared texts.
    Key(Key),
    /// A feature's own words: a message's id.
    Words(&'static str),
    /// Words that follow the settings (and whether the line shows as chosen).
    Live(LiveWords),
    /// One of the shared settings' lines.
    Dynamic(Dynamic),
}

/// A menu's entry.
#[derive(Clone)]
pub(crate) struct MenuEntry {
    /// Where it goes.
    pub(crate) place: Place,
    /// Its order there (smaller first).
    pub(crate) order: u16,
    /// What it does.
    pub(crate) action: Action,
    /// What it says.
    pub(crate) text: EntryText,
    /// Its text size (18 for most lines, 16 for long ones).
    pub(crate) size: f32,
    /// Its icon (the side actions have one).
    pub(crate) icon: Option<crate::ui::icons::Icon>,
    /// When it can act (drawn [`Disabled`] otherwise); always when `None`.
    pub(crate) enabled: Option<fn(&crate::core::game::Game) -> bool>,
}

impl MenuEntry {
    /// An entry at `place`, `order`, doing `action` and saying `text`, at the usual size.
    pub(crate) fn new(place: Place, order: u16, action: Action, text: EntryText) -> MenuEntry {
        MenuEntry {
            place,
            order,
            action,
            text,
            size: size::BODY,
            icon: None,
            enabled: None,
        }
    }

    /// The same entry, able to act only while `when` holds of the game.
    pub(crate) fn enabled_when(mut self, when: fn(&crate::core::game::Game) -> bool) -> MenuEntry {
        self.enabled = Some(when);
        self
    }

    /// The same entry with an icon.
    pub(crate) fn with_icon(mut self, icon: crate::ui::icons::Icon) -> MenuEntry {
        self.icon = Some(icon);
        self
    }

    /// The same entry with a smaller text.
    pub(crate) fn small(mut self) -> MenuEntry {
        self.size = size::TEXT;
        self
    }
}

/// The entries of the bar and its menus, added by the plugins before the start.
#[derive(Resource, Default)]
pub(crate) struct MenuEntries(pub(crate) Vec<MenuEntry>);

impl MenuEntries {
    /// Adds an entry.
    pub(crate) fn add(&mut self, entry: MenuEntry) {
        self.0.push(entry);
    }
}

/// Adding menu entries from a plugin.
pub(crate) trait AppMenus {
    /// Adds `entry` to the menus.
    fn add_menu_entry(&mut self, entry: MenuEntry) -> &mut Self;
}

impl AppMenus for App {
    fn add_menu_entry(&mut self, entry: MenuEntry) -> &mut Self {
        self.world_mut()
            .get_resource_or_init::<MenuEntries>()
            .add(entry);
        self
    }
}

/// The words of a settings-following entry: `(words, chosen)`.
pub(crate) fn live(
    f: impl Fn(&Settings, Language) -> (String, bool) + Send + Sync + 'static,
) -> EntryText {
    EntryText::Live(Arc::new(f))
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<MenuEntries>();
    shared_entries(app);
    app.add_systems(Startup, spawn);
    app.add_systems(Update, show_menus.in_set(super::UiSet::Show));
}

/// The entries of the game itself: menus' titles, new games, settings, records, levels,
/// handicaps, languages.
fn shared_entries(app: &mut App) {
    use EntryText::{Dynamic as D, Key as K, Words as W};
    use Place::{Bar, In};
    for (order, menu, key) in [
        (10, Menu::Game, Key::MenuGame),
        (20, Menu::Level, Key::MenuLevel),
        (30, Menu::Handicap, Key::MenuHandicap),
        (40, Menu::Records, Key::MenuRecords),
        (60, Menu::Language, Key::MenuLanguage),
    ] {
        app.add_menu_entry(MenuEntry::new(Bar, order, Action::OpenMenu(menu), K(key)));
    }
    let game = |order, action, text| MenuEntry::new(In(Menu::Game), order, action, text);
    for (order, setup, key) in [
        (10, Setup::Standard(Players::HUMAN_RED), Key::IPlayRed),
        (
            11,
            Setup::Standard(Players::HUMAN_BLACK),
            Key::ComputerFirst,
        ),
        (12, Setup::Standard(Players::TWO_PLAYERS), Key::TwoPlayers),
    ] {
        app.add_menu_entry(game(order, send(Command::NewGame(setup)), K(key)));
    }
    for (order, change, dynamic) in [
        (40, SettingChange::ToggleSound, Dynamic::Sound),
        (50, SettingChange::CycleGraphics, Dynamic::Graphics),
        (55, SettingChange::CycleUiSize, Dynamic::UiSize),
        (60, SettingChange::CyclePieces, Dynamic::Pieces),
        (65, SettingChange::CyclePieceSet, Dynamic::PieceSet),
        (45, SettingChange::ToggleAnimations, Dynamic::Animations),
        (70, SettingChange::CycleBoard, Dynamic::Board),
        (80, SettingChange::CycleNotation, Dynamic::Notation),
        (90, SettingChange::CycleRules, Dynamic::Rules),
        (100, SettingChange::ToggleExternalEngine, Dynamic::Engine),
    ] {
        app.add_menu_entry(game(order, send(change), D(dynamic)));
    }
    app.add_menu_entry(game(900, send(Command::Resign), K(Key::Resign)));
    app.add_menu_entry(game(910, send(Command::Quit), K(Key::Quit)));
    for (i, level) in (0u16..).zip(Level::ALL) {
        app.add_menu_entry(MenuEntry::new(
            In(Menu::Level),
            10 + i,
            send(SettingChange::Level(level)),
            D(Dynamic::Level(level)),
        ));
    }
    app.add_menu_entry(MenuEntry::new(
        In(Menu::Level),
        100,
        send(SettingChange::CycleThreads),
        D(Dynamic::Threads),
    ));
    let mut order = 10;
    for player_gives in [true, false] {
        for handicap in Handicap::ALL {
            app.add_menu_entry(MenuEntry::new(
                In(Menu::Handicap),
                order,
                send(Command::NewGame(Setup::Handicap {
                    handicap,
                    player_gives,
                })),
                D(Dynamic::Handicap(handicap, player_gives)),
            ));
            order += 1;
        }
    }
    let records = |order, action, text| MenuEntry::new(In(Menu::Records), order, action, text);
    app.add_menu_entry(records(10, send(Command::SaveRecord), K(Key::SaveRecord)));
    for (order, format, id) in [
        (20, RecordFormat::Pgn, "records-save-as-pgn"),
        (21, RecordFormat::Xqf, "records-save-as-xqf"),
        (22, RecordFormat::Dhtml, "records-save-as-dhtml"),
    ] {
        app.add_menu_entry(records(order, send(Command::SaveRecordAs(format)), W(id)).small());
    }
    app.add_menu_entry(records(30, Action::Browse, K(Key::OpenRecord)));
    // A page reaches the player's files only through the browser's dialog.
    #[cfg(target_arch = "wasm32")]
    app.add_menu_entry(records(
        31,
        Action::OpenFromDevice,
        W("records-open-from-device"),
    ));
    for (order, &lang) in (10..).step_by(10).zip(Language::ALL) {
        app.add_menu_entry(MenuEntry::new(
            In(Menu::Language),
            order,
            send(SettingChange::Language(lang)),
            D(Dynamic::Language(lang)),
        ));
    }
}

/// The words of an entry, as components of its text: each kind becomes words made from the
/// settings.
pub(crate) fn entry_words(text: EntryText) -> (Live, Text) {
    let f: LiveWords = match text {
        EntryText::Key(key) => {
            Arc::new(move |_, lang| (crate::ui::text::tr(key, lang).to_owned(), false))
        }
        EntryText::Words(id) => Arc::new(move |_, lang| (Words(id).in_(lang).to_owned(), false)),
        EntryText::Dynamic(d) => Arc::new(move |settings, _| dynamic_words(d, settings)),
        EntryText::Live(f) => f,
    };
    (Live(f), Text::new(""))
}

pub(super) fn spawn(mut commands: Commands, ui: Res<UiFont>, mut entries: ResMut<MenuEntries>) {
    let ui = ui.clone();
    entries.0.sort_by_key(|e| (e.place, e.order));
    let all = &entries.0;
    // Menu bar with its buttons; each menu's dropdown sits under its title.
    let mut lefts = Vec::new();
    commands
        .spawn(Node {
            position_type: PositionType::Absolute,
            left: px(0),
            top: px(0),
            width: percent(100),
            height: px(super::touch::BAR),
            column_gap: px(4),
            padding: UiRect::axes(px(8), px(3)),
            ..default()
        })
        .insert((BackgroundColor(PANEL), super::touch::MenuBar))
        .with_children(|bar| {
            for (i, e) in all.iter().filter(|e| e.place == Place::Bar).enumerate() {
                if let Action::OpenMenu(menu) = e.action {
                    lefts.push((menu, 8.0 + 62.0 * i as f32));
                }
                bar.spawn(button(
                    e.action.clone(),
                    entry_words(e.text.clone()),
                    &ui,
                    e.size,
                ));
            }
        });
    for (menu, left) in lefts {
        commands.spawn(dropdown(menu, left)).with_children(|m| {
            for e in all.iter().filter(|e| e.place == Place::In(menu)) {
                m.spawn(button(
                    e.action.clone(),
                    entry_words(e.text.clone()),
                    &ui,
                    e.size,
                ));
            }
        });
    }
}

fn dropdown(menu: Menu, left: f32) -> impl Bundle {
    (
        Dropdown(menu),
        Node {
            position_type: PositionType::Absolute,
            left: px(left),
            top: px(36),
            flex_direction: FlexDirection::Column,
            row_gap: px(space::XS),
            padding: UiRect::all(px(space::S)),
            display: Display::None,
            border_radius: BorderRadius::bottom(px(6)),
            ..default()
        },
        // Opaque: the side panel's buttons behind a long menu must not show through.
        BackgroundColor(PANEL.with_alpha(1.0)),
        GlobalZIndex(10),
    )
}

fn show_menus(open: Res<OpenMenu>, mut dropdowns: Query<(&Dropdown, &mut Node)>) {
    if !open.is_changed() {
        return;
    }
    for (dropdown, mut node) in &mut dropdowns {
        node.display = if open.0 == Some(dropdown.0) {
            Display::Flex
        } else {
            Display::None
        };
    }
}
