//! The start screen: the game's name over the scene and what a player came to do (回到棋盘,
//! 人机对弈, 双人对弈, 联网对弈, 残局挑战, 棋谱, 设置). It opens when the game starts in a window
//! (not in scripted or driven runs, unless `CHUHAN_START=1`) and from 游戏 → 开始页面; choosing an
//! entry closes it and does what the entry says. Its entries are menu entries placed
//! [`Place::Start`]: the shared ones are added here, features add theirs (online play, puzzles)
//! from their plugins, as they do for the bar.

use bevy::prelude::*;

use crate::core::commands::Command;
use crate::core::game::Players;
use crate::core::setup::Setup;
pub use crate::ui::actions::StartScreen;
use crate::ui::actions::{Action, Menu, StartRoot, send};
use crate::ui::menus::{AppMenus, EntryText, MenuEntries, MenuEntry, Place, entry_words};
use crate::ui::theme::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<StartScreen>();
    let start =
        |order, action, id| MenuEntry::new(Place::Start, order, action, EntryText::Words(id));
    app.add_menu_entry(start(10, Action::CloseStart, "start-back-to-board"));
    app.add_menu_entry(start(
        20,
        send(Command::NewGame(Setup::Standard(Players::HUMAN_RED))),
        "start-against-computer",
    ));
    app.add_menu_entry(start(
        30,
        send(Command::NewGame(Setup::Standard(Players::TWO_PLAYERS))),
        "start-two-players",
    ));
    app.add_menu_entry(start(60, Action::OpenMenu(Menu::Records), "start-records"));
    app.add_menu_entry(start(70, Action::OpenMenu(Menu::Game), "start-settings"));
    app.add_menu_entry(MenuEntry::new(
        Place::In(Menu::Game),
        5,
        Action::OpenStart,
        EntryText::Words("start-open"),
    ));
    app.add_systems(PostStartup, spawn);
    app.add_systems(Update, show.in_set(super::UiSet::Show));
}

fn spawn(
    mut commands: Commands,
    ui: Res<UiFont>,
    entries: Res<MenuEntries>,
    start: Res<StartScreen>,
) {
    let ui = ui.clone();
    let mut entries: Vec<&MenuEntry> = entries
        .0
        .iter()
        .filter(|e| e.place == Place::Start)
        .collect();
    entries.sort_by_key(|e| e.order);
    commands
        .spawn((
            StartRoot,
            Node {
                position_type: PositionType::Absolute,
                width: percent(100),
                height: percent(100),
                flex_direction: FlexDirection::Column,
                align_items: AlignItems::Center,
                justify_content: JustifyContent::Center,
                display: if start.open {
                    Display::Flex
                } else {
                    Display::None
                },
                ..default()
            },
            BackgroundColor(START_SHADE),
            GlobalZIndex(20),
        ))
        .with_children(|root| {
            root.spawn((
                Node {
                    flex_direction: FlexDirection::Column,
                    align_items: AlignItems::Center,
                    row_gap: px(space::S + 2.0),
                    padding: UiRect::axes(px(space::L * 1.5), px(space::L)),
                    border: UiRect::all(px(1)),
                    border_radius: BorderRadius::all(px(RADIUS_LARGE)),
                    max_height: percent(96),
                    ..default()
                },
                BorderColor::all(GOLD.with_alpha(0.5)),
                BackgroundColor(PANEL),
            ))
            .with_children(|card| {
                card.spawn((Text::new("楚汉"), font(&ui, size::DISPLAY), TextColor(GOLD)));
                card.spawn((
                    entry_words(EntryText::Words("start-subtitle")),
                    font(&ui, size::HEADING),
                    TextColor(INK),
                    Node {
                        margin: UiRect::bottom(px(14)),
                        ..default()
                    },
                ));
                for e in entries {
                    card.spawn((
                        e.action.clone(),
                        Button,
                        Node {
                            width: px(280),
                            min_height: px(44),
                            justify_content: JustifyContent::Center,
                            align_items: AlignItems::Center,
                            border: UiRect::all(px(1)),
                            border_radius: BorderRadius::all(px(RADIUS)),
                            ..default()
                        },
                        BorderColor::all(GOLD.with_alpha(0.45)),
                        BackgroundColor(BUTTON),
                    ))
                    .with_children(|b| {
                        b.spawn((
                            entry_words(e.text.clone()),
                            font(&ui, size::HEADING),
                            TextColor(INK),
                        ));
                    });
                }
            });
        });
}

fn show(start: Res<StartScreen>, mut roots: Query<&mut Node, With<StartRoot>>) {
    if !start.is_changed() {
        return;
    }
    for mut node in &mut roots {
        node.display = if start.open {
            Display::Flex
        } else {
            Display::None
        };
    }
}

#[cfg(test)]
mod tests {
    use bevy::ecs::system::RunSystemOnce;

    use super::*;
    use crate::ui::actions::{Browser, OpenMenu, act};

    /// What choosing `action` on the open start screen does: the commands it sends, the menu it
    /// opens, and whether the start screen stays open.
    fn choose(action: Action) -> (Vec<Command>, Option<Menu>, bool) {
        let mut app = App::new();
        app.add_message::<Command>();
        app.insert_resource(OpenMenu::default())
            .insert_resource(Browser::default())
            .insert_resource(StartScreen { open: true })
            .insert_resource(crate::storage::files::Dirs::in_one(&std::env::temp_dir()));
        app.world_mut()
            .run_system_once(
                move |mut open: ResMut<OpenMenu>,
                      mut browser: ResMut<Browser>,
                      mut start: ResMut<StartScreen>,
                      dirs: Res<crate::storage::files::Dirs>,
                      mut out: MessageWriter<Command>,
                      mut commands: Commands| {
                    act(
                        &action,
                        true,
                        &mut open,
                        &mut browser,
                        &mut start,
                        &dirs,
                        &mut out,
                        &mut commands,
                    );
                },
            )
            .expect("runs");
        let sent = app
            .world_mut()
            .resource_mut::<Messages<Command>>()
            .drain()
            .collect();
        let world = app.world();
        (
            sent,
            world.resource::<OpenMenu>().0,
            world.resource::<StartScreen>().open,
        )
    }

    #[test]
    fn each_entry_of_the_start_screen_leads_where_it_says() {
        let mut app = App::new();
        plugin(&mut app);
        let entries: Vec<MenuEntry> = app
            .world()
            .resource::<MenuEntries>()
            .0
            .iter()
            .filter(|e| e.place == Place::Start)
            .cloned()
            .collect();
        let words = |e: &MenuEntry| match e.text {
            EntryText::Words(id) => id,
            _ => "",
        };
        let ids: Vec<&str> = entries.iter().map(words).collect();
        assert_eq!(
            ids,
            [
                "start-back-to-board",
                "start-against-computer",
                "start-two-players",
                "start-records",
                "start-settings"
            ]
        );
        for e in &entries {
            let (sent, menu, still_open) = choose(e.action.clone());
            assert!(!still_open, "{}: the start screen closes", words(e));
            let new_game = |players| vec![Command::NewGame(Setup::Standard(players))];
            match words(e) {
                "start-back-to-board" => assert!(sent.is_empty() && menu.is_none()),
                "start-against-computer" => assert_eq!(sent, new_game(Players::HUMAN_RED)),
                "start-two-players" => assert_eq!(sent, new_game(Players::TWO_PLAYERS)),
                "start-records" => assert_eq!((sent, menu), (vec![], Some(Menu::Records))),
                "start-settings" => assert_eq!((sent, menu), (vec![], Some(Menu::Game))),
                other => panic!("an entry not checked: {other}"),
            }
        }
        // 游戏 → 开始页面 opens it again.
        let reopen = app
            .world()
            .resource::<MenuEntries>()
            .0
            .iter()
            .find(|e| e.place == Place::In(Menu::Game) && words(e) == "start-open")
            .expect("the entry in 游戏")
            .action
            .clone();
        let mut start = StartScreen { open: false };
        let mut app = App::new();
        app.add_message::<Command>();
        app.insert_resource(crate::storage::files::Dirs::in_one(&std::env::temp_dir()));
        app.world_mut()
            .run_system_once(
                move |dirs: Res<crate::storage::files::Dirs>,
                      mut out: MessageWriter<Command>,
                      mut commands: Commands| {
                    act(
                        &reopen,
                        false,
                        &mut OpenMenu::default(),
                        &mut Browser::default(),
                        &mut start,
                        &dirs,
                        &mut out,
                        &mut commands,
                    );
                    assert!(start.open, "开始页面 opens the start screen");
                },
            )
            .expect("runs");
    }
}
