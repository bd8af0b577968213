//! Online play on screen: the menu entry 联网对弈, the card in the middle (the login, then the
//! lobby), and, while a game is on the board, the bar over it (names, ratings, connection,
//! clocks, offers and the buttons that apply) and the chat beside it.

use crate::ui::docking::Docked;
use bevy::prelude::*;

use crate::core::i18n::Msg;
use crate::core::phase::Phase;
use crate::core::settings::Settings;
use crate::msg;
use crate::online::form::{Field, Focus, Form};
use crate::online::{Online, OnlineRequest, Screen};
use crate::ui::actions::send;
use crate::ui::menus::{AppMenus, EntryText, MenuEntry, Place};
use crate::ui::text::Language;
use crate::ui::theme::*;

mod board;
mod card;
mod clear;
mod lobby;

/// The card in the middle: the login or the lobby.
#[derive(Component)]
struct Card;

/// The game's panel in an online game (the left column, above the side buttons).
#[derive(Component)]
struct GameBar;

/// The chat beside the board.
#[derive(Component)]
struct ChatBox;

pub(crate) fn plugin(app: &mut App) {
    app.add_menu_entry(MenuEntry::new(
        Place::Bar,
        65,
        send(OnlineRequest::Open),
        EntryText::Words("online-title"),
    ));
    app.add_menu_entry(MenuEntry::new(
        Place::Start,
        40,
        send(OnlineRequest::Open),
        EntryText::Words("online-title"),
    ));
    crate::online::form::typing(app);
    app.add_systems(Startup, spawn);
    app.add_systems(
        Update,
        (rebuild, board::tick_clocks, clear::keep_clear)
            .chain()
            .in_set(crate::ui::UiSet::Show),
    );
}

fn spawn(mut commands: Commands) {
    commands.spawn((
        Card,
        Node {
            position_type: PositionType::Absolute,
            flex_direction: FlexDirection::Column,
            row_gap: px(6),
            overflow: Overflow::scroll_y(),
            display: Display::None,
            ..default()
        },
        // Opaque, as the menus are: the board does not show through the fields.
        BackgroundColor(PANEL_SOLID),
        GlobalZIndex(5),
    ));
    commands.spawn((
        GameBar,
        Node {
            position_type: PositionType::Absolute,
            // In the left column, between the status lines and the side buttons.
            top: px(128),
            left: px(14),
            width: px(clear::WIDEST),
            flex_direction: FlexDirection::Column,
            row_gap: px(4),
            padding: UiRect::axes(px(10), px(6)),
            border_radius: BorderRadius::all(px(6)),
            display: Display::None,
            ..default()
        },
        BackgroundColor(PANEL),
    ));
    commands.spawn((
        ChatBox,
        Docked::Foot,
        // At the foot of the move list's column: the side buttons keep the left.
        Node {
            position_type: PositionType::Absolute,
            bottom: px(0),
            right: px(0),
            width: LIST_WIDTH,
            max_height: percent(45),
            flex_direction: FlexDirection::Column,
            row_gap: px(3),
            padding: UiRect::all(px(8)),
            border_radius: BorderRadius::all(px(6)),
            display: Display::None,
            ..default()
        },
        BackgroundColor(LIST_BACKGROUND.with_alpha(1.0)),
    ));
}

/// The three parts, rebuilt when what they show changes.
fn rebuild(
    mut commands: Commands,
    online: Res<Online>,
    form: Res<Form>,
    settings: Res<Settings>,
    phase: Res<State<Phase>>,
    ui: Res<UiFont>,
    mut roots: Query<
        (
            Entity,
            &mut Node,
            Option<&Children>,
            Has<Card>,
            Has<GameBar>,
        ),
        Or<(With<Card>, With<GameBar>, With<ChatBox>)>,
    >,
    mut countdown: Local<Option<u64>>,
) {
    // A claim's countdown changes with the clock, not with a message: the panel is drawn again
    // each time its whole seconds change (and at 0, when the claim buttons appear).
    let claim_in = online
        .game()
        .and_then(|g| g.claim_at)
        .map(board::seconds_until);
    let ticked = claim_in != *countdown;
    *countdown = claim_in;
    if !online.is_changed()
        && !form.is_changed()
        && !settings.is_changed()
        && !phase.is_changed()
        && !ticked
    {
        return;
    }
    let lang = settings.language;
    // A finished game replayed or reviewed (复盘分析) has the left column and the foot of the list
    // to itself: the review's panel and the comment bar stand where the game's panel and the
    // chat stand. They come back when the replay ends.
    let in_game = online.screen == Screen::Game
        && online.game().is_some()
        && *phase.get() != Phase::Replaying;
    for (root, mut node, children, card, bar) in &mut roots {
        let on = if card {
            matches!(online.screen, Screen::Login | Screen::Lobby)
        } else {
            in_game
        };
        let display = if on { Display::Flex } else { Display::None };
        if node.display != display {
            node.display = display;
        }
        if card && on {
            if online.screen == Screen::Lobby {
                lobby::screen_node(&mut node);
            } else {
                dialog_node(&mut node);
            }
        }
        if let Some(children) = children {
            for c in children.iter() {
                commands.entity(c).despawn();
            }
        }
        if !on {
            continue;
        }
        let w = Widgets { ui: &ui, lang };
        commands.entity(root).with_children(|c| {
            if card && online.screen == Screen::Login {
                card::login(c, &w, &online, &form);
            } else if card {
                lobby::lobby(c, &w, &online, &form);
            } else if bar {
                board::bar(c, &w, &online);
            } else {
                board::chat(c, &w, &online, &form);
            }
        });
    }
}

/// The card's node while it shows the login: a dialog in the middle.
fn dialog_node(node: &mut Node) {
    node.top = px(64);
    node.left = percent(24);
    node.right = Val::Auto;
    node.bottom = Val::Auto;
    node.width = percent(46);
    node.max_height = percent(86);
    node.padding = UiRect::all(px(14));
    node.border_radius = BorderRadius::all(px(8));
}

/// What every part is built with: the font and the language.
struct Widgets<'a> {
    ui: &'a UiFont,
    lang: Language,
}

impl Widgets<'_> {
    /// A message in the player's language.
    fn say(&self, msg: &Msg) -> String {
        msg.in_(self.lang)
    }

    fn text(&self, c: &mut ChildSpawnerCommands, words: impl Into<String>, size: f32) {
        c.spawn((Text::new(words), font(self.ui, size), TextColor(INK)));
    }

    fn dim(&self, c: &mut ChildSpawnerCommands, words: impl Into<String>, size: f32) {
        c.spawn((Text::new(words), font(self.ui, size), TextColor(INK_MUTED)));
    }

    fn button(&self, c: &mut ChildSpawnerCommands, request: OnlineRequest, words: String) {
        c.spawn(button(send(request), Text::new(words), self.ui, size::TEXT));
    }

    /// A field: a click gives it the keyboard.
    fn field(&self, c: &mut ChildSpawnerCommands, form: &Form, field: Field, width: f32) {
        let focused = form.focus == Some(field);
        let shown = form.shown(field);
        let empty = shown.is_empty();
        c.spawn((
            send(Focus(Some(field))),
            Button,
            Node {
                width: px(width),
                min_height: px(28),
                padding: UiRect::axes(px(8), px(4)),
                border: UiRect::all(px(1)),
                border_radius: BorderRadius::all(px(4)),
                ..default()
            },
            BorderColor::all(if focused { FOCUS } else { BUTTON_HOT }),
            BackgroundColor(PANEL_DEEP.with_alpha(1.0)),
            children![(
                Text::new(if shown.is_empty() {
                    self.placeholder(field)
                } else {
                    shown
                }),
                font(self.ui, size::TEXT),
                TextColor(if empty { INK_FAINT } else { INK })
            )],
        ));
    }

    /// What an empty field says until typed in.
    fn placeholder(&self, field: Field) -> String {
        match field {
            Field::Address => "localhost:7878".to_owned(),
            Field::Opponent => self.say(&msg!("online-placeholder-opponent")),
            Field::Chat => self.say(&msg!("online-placeholder-chat")),
            Field::Name | Field::Password => String::new(),
        }
    }

    /// A row of children.
    fn row(&self, c: &mut ChildSpawnerCommands, f: impl FnOnce(&mut ChildSpawnerCommands)) {
        c.spawn(Node {
            flex_direction: FlexDirection::Row,
            flex_wrap: FlexWrap::Wrap,
            align_items: AlignItems::Center,
            column_gap: px(6),
            row_gap: px(4),
            ..default()
        })
        .with_children(f);
    }
}

#[cfg(test)]
mod start_tests {
    use super::*;
    use crate::ui::menus::MenuEntries;

    /// The start screen's 联网对弈 opens online play.
    #[test]
    fn the_start_screen_s_online_entry_opens_online_play() {
        let mut app = App::new();
        plugin(&mut app);
        let entries = &app.world().resource::<MenuEntries>().0;
        let start: Vec<_> = entries.iter().filter(|e| e.place == Place::Start).collect();
        assert_eq!(start.len(), 1);
        assert!(matches!(start[0].text, EntryText::Words("online-title")));
        assert_eq!(
            format!("{:?}", start[0].action),
            format!("{:?}", send(OnlineRequest::Open))
        );
    }
}
