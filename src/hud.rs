//! Everything drawn over the board with Bevy UI: the menu bar (游戏, 难度, 让子, 棋谱, 语言), the
//! buttons beside the board, the replay bar, the move list, the status and notice lines, the
//! 将军! and result banner, the resume dialog and the record browser. Widgets only send
//! [`Command`]s and show resources; the session does the work.

use std::path::PathBuf;

use bevy::picking::events::Scroll;
use bevy::prelude::*;
use bevy::tasks::{IoTaskPool, Task, futures::check_ready};
use xiangqi::Handicap;
use xiangqi_engine::Level;

use crate::ai::Thinking;
use crate::audio::Sound;
use crate::camera::ResetView;
use crate::files::{Dirs, Entry, FileError, list_records};
use crate::game::{BoardReset, CoreSet, Game, MovePlayed, Players};
use crate::session::{
    Command, HintState, MoveList, Notice, PendingConfirm, ResumeOffer, Settings, Setup, Step,
};
use crate::text::{self, Key, Language};

/// The font for every text (a subset of Noto Sans CJK SC with the characters the game shows).
#[derive(Resource, Clone)]
pub struct UiFont(pub Handle<Font>);

/// The menus of the bar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Menu {
    Game,
    Level,
    Handicap,
    Records,
    Language,
}

/// What a button does.
#[derive(Component, Clone, Debug, PartialEq)]
enum Action {
    Command(Command),
    OpenMenu(Menu),
    Browse,
    BrowseTo(PathBuf),
    OpenFile(PathBuf),
    CloseBrowser,
    ResetView,
}

/// A text that shows a fixed key in the current language.
#[derive(Component, Clone, Copy)]
struct Label(Key);

/// A text whose words depend on more than a key.
#[derive(Component, Clone, Copy)]
enum Dynamic {
    Level(Level),
    Handicap(Handicap, bool),
    Sound,
    Language(Language),
}

/// A dropdown of the menu bar.
#[derive(Component)]
struct Dropdown(Menu);

/// The open menu, if any.
#[derive(Resource, Default)]
pub struct OpenMenu(pub Option<Menu>);

impl Menu {
    /// The menu called `name` (`game`, `level`, `handicap`, `records`, `language`).
    #[must_use]
    pub fn named(name: &str) -> Option<Menu> {
        Some(match name {
            "game" => Menu::Game,
            "level" => Menu::Level,
            "handicap" => Menu::Handicap,
            "records" => Menu::Records,
            "language" => Menu::Language,
            _ => return None,
        })
    }
}

/// The record browser: open, and the folder it shows.
#[derive(Resource, Default)]
pub struct Browser {
    /// The folder shown, or `None` when closed.
    pub dir: Option<PathBuf>,
    /// The folder being listed off the frame loop, and the listing.
    listing: Option<(PathBuf, Listing)>,
}

/// A folder being listed on the IO pool.
type Listing = Task<Result<Vec<Entry>, FileError>>;

impl Browser {
    /// A browser open on `dir`.
    #[must_use]
    pub fn at(dir: PathBuf) -> Browser {
        Browser {
            dir: Some(dir),
            listing: None,
        }
    }
}

#[derive(Component)]
struct StatusText;
#[derive(Component)]
struct NoticeText {
    left: f32,
}
#[derive(Component)]
struct Banner {
    left: f32,
}
#[derive(Component)]
struct ReplayBar;
#[derive(Component)]
struct MoveListRows;
#[derive(Component)]
struct ResumeDialog;
#[derive(Component)]
struct ConfirmDialog;
#[derive(Component)]
struct BrowserPanel;
#[derive(Component)]
struct BrowserRows;
/// A list that the mouse wheel scrolls.
#[derive(Component)]
struct Scrolls;

/// The last notice, kept to show it again in another language.
#[derive(Resource, Default)]
struct LastNotice(Option<text::NoticeKind>);

const PANEL: Color = Color::srgba(0.12, 0.07, 0.04, 0.88);
const BUTTON: Color = Color::srgba(0.22, 0.13, 0.07, 0.92);
const BUTTON_HOT: Color = Color::srgba(0.45, 0.27, 0.12, 0.97);
const INK: Color = Color::srgb(0.98, 0.93, 0.82);
const CURRENT: Color = Color::srgba(0.75, 0.45, 0.1, 0.95);
/// Rows of the move list shown at once.
const LIST_ROWS: usize = 22;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<OpenMenu>()
        .init_resource::<Browser>()
        .init_resource::<LastNotice>();
    app.add_systems(Startup, spawn_hud);
    app.add_observer(scroll_lists);
    app.add_systems(
        Update,
        (
            press_buttons,
            show_menus,
            localize,
            update_status,
            show_cues,
            fade,
            show_replay_bar,
            show_move_list,
            show_resume_dialog,
            show_confirm_dialog,
            show_browser,
        )
            .chain()
            .after(CoreSet::Views),
    );
}

fn font(font: &UiFont, size: f32) -> TextFont {
    TextFont {
        font: font.0.clone().into(),
        font_size: FontSize::Px(size),
        ..default()
    }
}

/// Whether a button was pressed when its interaction last changed (it acts on release).
#[derive(Component, Default)]
struct WasPressed(bool);

/// A button with a text child.
fn button(action: Action, words: impl Bundle, ui: &UiFont, size: f32) -> impl Bundle {
    (
        action,
        WasPressed::default(),
        Button,
        Node {
            padding: UiRect::axes(px(12), px(5)),
            justify_content: JustifyContent::FlexStart,
            border_radius: BorderRadius::all(px(5)),
            ..default()
        },
        BackgroundColor(BUTTON),
        children![(words, font(ui, size), TextColor(INK))],
    )
}

/// A question over the whole window with a row of answers (hidden until shown).
fn spawn_dialog(
    commands: &mut Commands,
    ui: &UiFont,
    marker: impl Component,
    question: Key,
    answers: [(Command, Key); 2],
) {
    let label = |key: Key| (Label(key), Text::new(text::tr(key, Language::Chinese)));
    commands
        .spawn((
            marker,
            Node {
                position_type: PositionType::Absolute,
                width: percent(100),
                height: percent(100),
                justify_content: JustifyContent::Center,
                align_items: AlignItems::Center,
                display: Display::None,
                ..default()
            },
            BackgroundColor(Color::srgba(0.0, 0.0, 0.0, 0.45)),
            GlobalZIndex(20),
        ))
        .with_children(|c| {
            c.spawn((
                Node {
                    flex_direction: FlexDirection::Column,
                    align_items: AlignItems::Center,
                    row_gap: px(14),
                    padding: UiRect::all(px(22)),
                    border_radius: BorderRadius::all(px(10)),
                    ..default()
                },
                BackgroundColor(PANEL),
            ))
            .with_children(|d| {
                d.spawn((label(question), font(ui, 24.0), TextColor(INK)));
                d.spawn(Node {
                    column_gap: px(12),
                    ..default()
                })
                .with_children(|row| {
                    for (command, key) in answers {
                        row.spawn(button(Action::Command(command), label(key), ui, 20.0));
                    }
                });
            });
        });
}

fn spawn_hud(mut commands: Commands, assets: Res<AssetServer>) {
    let ui = UiFont(assets.load("fonts/chuhan-sans.otf"));
    commands.insert_resource(ui.clone());
    let lang = Language::Chinese;
    let label = |key: Key| (Label(key), Text::new(text::tr(key, lang)));
    // Menu bar with its dropdowns.
    commands
        .spawn(Node {
            position_type: PositionType::Absolute,
            left: px(0),
            top: px(0),
            width: percent(100),
            height: px(36),
            column_gap: px(4),
            padding: UiRect::axes(px(8), px(3)),
            ..default()
        })
        .insert(BackgroundColor(PANEL))
        .with_children(|bar| {
            for (menu, key) in [
                (Menu::Game, Key::MenuGame),
                (Menu::Level, Key::MenuLevel),
                (Menu::Handicap, Key::MenuHandicap),
                (Menu::Records, Key::MenuRecords),
                (Menu::Language, Key::MenuLanguage),
            ] {
                bar.spawn(button(Action::OpenMenu(menu), label(key), &ui, 18.0));
            }
        });
    let dropdown = |menu: Menu, left: f32| {
        (
            Dropdown(menu),
            Node {
                position_type: PositionType::Absolute,
                left: px(left),
                top: px(36),
                flex_direction: FlexDirection::Column,
                row_gap: px(3),
                padding: UiRect::all(px(6)),
                display: Display::None,
                border_radius: BorderRadius::bottom(px(6)),
                ..default()
            },
            BackgroundColor(PANEL),
            GlobalZIndex(10),
        )
    };
    commands
        .spawn(dropdown(Menu::Game, 8.0))
        .with_children(|m| {
            for (setup, key) in [
                (Setup::Standard(Players::HUMAN_RED), Key::IPlayRed),
                (Setup::Standard(Players::HUMAN_BLACK), Key::ComputerFirst),
                (Setup::Standard(Players::TWO_PLAYERS), Key::TwoPlayers),
            ] {
                m.spawn(button(Action::Command(Command::NewGame(setup)), label(key), &ui, 18.0));
            }
            m.spawn(button(
                Action::Command(Command::ToggleSound),
                (Dynamic::Sound, Text::new("")),
                &ui,
                18.0,
            ));
            m.spawn(button(Action::Command(Command::Resign), label(Key::Resign), &ui, 18.0));
            m.spawn(button(Action::Command(Command::Quit), label(Key::Quit), &ui, 18.0));
        });
    commands
        .spawn(dropdown(Menu::Level, 70.0))
        .with_children(|m| {
            for level in Level::ALL {
                m.spawn(button(
                    Action::Command(Command::SetLevel(level)),
                    (Dynamic::Level(level), Text::new("")),
                    &ui,
                    18.0,
                ));
            }
        });
    commands
        .spawn(dropdown(Menu::Handicap, 132.0))
        .with_children(|m| {
            for player_gives in [true, false] {
                for handicap in Handicap::ALL {
                    m.spawn(button(
                        Action::Command(Command::NewGame(Setup::Handicap {
                            handicap,
                            player_gives,
                        })),
                        (Dynamic::Handicap(handicap, player_gives), Text::new("")),
                        &ui,
                        18.0,
                    ));
                }
            }
        });
    commands
        .spawn(dropdown(Menu::Records, 194.0))
        .with_children(|m| {
            m.spawn(button(
                Action::Command(Command::SaveRecord),
                label(Key::SaveRecord),
                &ui,
                18.0,
            ));
            m.spawn(button(Action::Browse, label(Key::OpenRecord), &ui, 18.0));
        });
    commands
        .spawn(dropdown(Menu::Language, 256.0))
        .with_children(|m| {
            for lang in [Language::Chinese, Language::English] {
                m.spawn(button(
                    Action::Command(Command::SetLanguage(lang)),
                    (Dynamic::Language(lang), Text::new("")),
                    &ui,
                    18.0,
                ));
            }
        });
    // Status and notice, top left under the bar.
    commands
        .spawn(Node {
            position_type: PositionType::Absolute,
            left: px(14),
            top: px(44),
            flex_direction: FlexDirection::Column,
            row_gap: px(4),
            max_width: px(560),
            ..default()
        })
        .with_children(|c| {
            c.spawn((
                StatusText,
                Text::new(""),
                font(&ui, 24.0),
                TextColor(INK),
                TextShadow::default(),
            ));
            c.spawn((
                NoticeText { left: 0.0 },
                Text::new(""),
                font(&ui, 18.0),
                TextColor(Color::srgb(1.0, 0.6, 0.45)),
                TextShadow::default(),
            ));
        });
    // The banner.
    commands
        .spawn(Node {
            position_type: PositionType::Absolute,
            width: percent(100),
            top: percent(38),
            justify_content: JustifyContent::Center,
            ..default()
        })
        .with_children(|c| {
            c.spawn((
                Banner { left: 0.0 },
                Text::new(""),
                font(&ui, 60.0),
                TextColor(Color::srgb(0.95, 0.2, 0.12)),
                TextShadow {
                    offset: Vec2::splat(3.0),
                    ..default()
                },
            ));
        });
    // Buttons beside the board, bottom left.
    commands
        .spawn(Node {
            position_type: PositionType::Absolute,
            left: px(14),
            bottom: px(14),
            flex_direction: FlexDirection::Column,
            row_gap: px(6),
            ..default()
        })
        .with_children(|c| {
            for (action, key) in [
                (Action::Command(Command::Undo), Key::Undo),
                (Action::Command(Command::Redo), Key::Redo),
                (Action::Command(Command::Hint), Key::Hint),
                (Action::Command(Command::SavePosition), Key::SavePosition),
                (Action::Command(Command::RestorePosition), Key::RestorePosition),
                (Action::ResetView, Key::ResetView),
            ] {
                c.spawn(button(action, label(key), &ui, 19.0));
            }
        });
    // The replay bar, bottom centre.
    commands
        .spawn((
            ReplayBar,
            Node {
                position_type: PositionType::Absolute,
                bottom: px(14),
                width: percent(100),
                justify_content: JustifyContent::Center,
                column_gap: px(6),
                display: Display::None,
                ..default()
            },
        ))
        .with_children(|c| {
            for (step, key) in [
                (Command::Step(Step::First), Key::First),
                (Command::Step(Step::Previous), Key::Previous),
                (Command::Step(Step::Next), Key::Next),
                (Command::Step(Step::Last), Key::Last),
                (Command::ContinueHere, Key::ContinueHere),
            ] {
                c.spawn(button(Action::Command(step), label(key), &ui, 19.0));
            }
        });
    // The move list, right.
    commands
        .spawn((
            Node {
                position_type: PositionType::Absolute,
                right: px(0),
                top: px(36),
                bottom: px(0),
                width: px(228),
                flex_direction: FlexDirection::Column,
                padding: UiRect::all(px(8)),
                row_gap: px(2),
                ..default()
            },
            BackgroundColor(Color::srgba(0.10, 0.06, 0.03, 0.72)),
        ))
        .with_children(|c| {
            c.spawn((label(Key::Moves), font(&ui, 20.0), TextColor(INK)));
            c.spawn((
                MoveListRows,
                Node {
                    flex_direction: FlexDirection::Column,
                    row_gap: px(1),
                    ..default()
                },
            ));
        });
    // The dialogs: resuming the last game, and leaving the one in progress.
    spawn_dialog(
        &mut commands,
        &ui,
        ResumeDialog,
        Key::Resume,
        [
            (Command::Resume(true), Key::ResumeYes),
            (Command::Resume(false), Key::ResumeNo),
        ],
    );
    spawn_dialog(
        &mut commands,
        &ui,
        ConfirmDialog,
        Key::LeaveGame,
        [
            (Command::Confirm(true), Key::Yes),
            (Command::Confirm(false), Key::No),
        ],
    );
    // The record browser.
    commands
        .spawn((
            BrowserPanel,
            Node {
                position_type: PositionType::Absolute,
                left: percent(22),
                top: px(60),
                width: px(560),
                max_height: percent(85),
                flex_direction: FlexDirection::Column,
                row_gap: px(3),
                padding: UiRect::all(px(12)),
                display: Display::None,
                overflow: Overflow::clip(),
                border_radius: BorderRadius::all(px(8)),
                ..default()
            },
            BackgroundColor(PANEL),
            GlobalZIndex(15),
        ))
        .with_children(|c| {
            c.spawn(Node {
                column_gap: px(8),
                ..default()
            })
            .with_children(|row| {
                row.spawn(button(Action::CloseBrowser, label(Key::Close), &ui, 18.0));
            });
            c.spawn((
                BrowserRows,
                Scrolls,
                ScrollPosition::default(),
                Node {
                    flex_direction: FlexDirection::Column,
                    row_gap: px(2),
                    min_height: px(0),
                    flex_shrink: 1.0,
                    overflow: Overflow::scroll_y(),
                    ..default()
                },
            ));
        });
}

#[allow(clippy::too_many_arguments)]
fn press_buttons(
    mut buttons: Query<(&Interaction, &Action, &mut WasPressed), Changed<Interaction>>,
    mut colors: Query<(&Interaction, &mut BackgroundColor), (With<Action>, Without<MoveCell>)>,
    mut open: ResMut<OpenMenu>,
    mut browser: ResMut<Browser>,
    dirs: Res<Dirs>,
    mut commands_out: MessageWriter<Command>,
    mut views: MessageWriter<ResetView>,
) {
    // A button acts when it is released over it (Pressed, then Hovered), not when pressed.
    for (interaction, action, mut was_pressed) in &mut buttons {
        let released = *interaction == Interaction::Hovered && was_pressed.0;
        was_pressed.0 = *interaction == Interaction::Pressed;
        if !released {
            continue;
        }
        match action {
            Action::OpenMenu(menu) => {
                open.0 = if open.0 == Some(*menu) { None } else { Some(*menu) };
                continue;
            }
            Action::Command(c) => {
                commands_out.write(c.clone());
            }
            Action::Browse => browser.dir = Some(dirs.records()),
            Action::BrowseTo(path) => browser.dir = Some(path.clone()),
            Action::OpenFile(path) => {
                commands_out.write(Command::OpenRecord(path.clone()));
                browser.dir = None;
            }
            Action::CloseBrowser => browser.dir = None,
            Action::ResetView => {
                views.write(ResetView);
            }
        }
        open.0 = None;
    }
    for (interaction, mut color) in &mut colors {
        let want = if *interaction == Interaction::None {
            BUTTON
        } else {
            BUTTON_HOT
        };
        if color.0 != want {
            color.0 = want;
        }
    }
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

/// Texts follow the language, the level, the sound.
fn localize(
    settings: Res<Settings>,
    sound: Res<Sound>,
    level: Res<crate::ai::AiLevel>,
    mut labels: Query<(&Label, &mut Text), Without<Dynamic>>,
    mut dynamic: Query<(&Dynamic, &mut Text, &mut TextColor), Without<Label>>,
) {
    if !settings.is_changed() && !sound.is_changed() && !level.is_changed() {
        return;
    }
    let lang = settings.language;
    for (label, mut t) in &mut labels {
        let words = text::tr(label.0, lang);
        if t.0 != words {
            words.clone_into(&mut t.0);
        }
    }
    for (d, mut t, mut color) in &mut dynamic {
        let (words, chosen) = match *d {
            Dynamic::Level(l) => (text::level_name(l, lang).to_owned(), l == level.0),
            Dynamic::Handicap(h, gives) => (text::handicap_name(h, gives, lang), false),
            Dynamic::Sound => (
                text::tr(if sound.on { Key::SoundOn } else { Key::SoundOff }, lang).to_owned(),
                false,
            ),
            Dynamic::Language(l) => (
                match l {
                    Language::Chinese => "中文".to_owned(),
                    Language::English => "English".to_owned(),
                },
                l == lang,
            ),
        };
        t.0 = words;
        color.0 = if chosen {
            Color::srgb(1.0, 0.78, 0.3)
        } else {
            INK
        };
    }
}

/// The status line: the result, or whose turn it is and what the computer is doing.
fn update_status(
    game: Res<Game>,
    thinking: Res<Thinking>,
    hint: Res<HintState>,
    settings: Res<Settings>,
    level: Res<crate::ai::AiLevel>,
    mut status: Query<&mut Text, With<StatusText>>,
) {
    let lang = settings.language;
    let mut line = if let Some(outcome) = game.outcome() {
        text::outcome_text(outcome, lang)
    } else {
        text::to_move(game.record.position().side_to_move(), lang)
    };
    if game.replay {
        line = format!(
            "{} {}/{} · {line}",
            text::tr(Key::Replay, lang),
            game.record.ply(),
            game.record.len()
        );
    } else {
        line.push_str(&format!(" · {}", text::level_name(level.0, lang)));
    }
    if thinking.is_thinking() {
        line.push_str(&format!(" · {}", text::tr(Key::Thinking, lang)));
        if let Some(p) = thinking.progress() {
            line.push_str(&format!(" {} {:+}", p.depth, p.score));
        }
    }
    if hint.is_thinking() {
        line.push_str(&format!(" · {}…", text::tr(Key::Hint, lang)));
    }
    for mut text in &mut status {
        if text.0 != line {
            text.0.clone_from(&line);
        }
    }
}

/// 将军! after a checking move, the result when the game ends, notices.
#[allow(clippy::too_many_arguments)]
fn show_cues(
    game: Res<Game>,
    settings: Res<Settings>,
    mut played: MessageReader<MovePlayed>,
    mut resets: MessageReader<BoardReset>,
    mut notices_in: MessageReader<Notice>,
    mut last_notice: ResMut<LastNotice>,
    mut banners: Query<(&mut Text, &mut Banner, &mut TextColor), Without<NoticeText>>,
    mut notices: Query<(&mut Text, &mut NoticeText), Without<Banner>>,
) {
    let lang = settings.language;
    let checked = played.read().last().map(|m| m.check);
    let reset = resets.read().count() > 0;
    let cue = if let Some(outcome) = game.outcome()
        && (checked.is_some() || reset)
    {
        Some((
            text::outcome_text(outcome, lang),
            f32::INFINITY,
            Color::srgb(1.0, 0.85, 0.3),
        ))
    } else if checked == Some(true) {
        Some((
            text::tr(Key::Check, lang).to_owned(),
            1.4,
            Color::srgb(0.95, 0.2, 0.12),
        ))
    } else if reset {
        Some((String::new(), 0.0, Color::WHITE))
    } else {
        None
    };
    if let Some((words, left, color)) = cue {
        for (mut t, mut banner, mut c) in &mut banners {
            t.0.clone_from(&words);
            banner.left = left;
            c.0 = color;
        }
    }
    let mut fresh = notices_in.read().last().map(|n| n.0.clone());
    if fresh.is_none() && settings.is_changed() {
        fresh.clone_from(&last_notice.0);
    }
    if let Some(kind) = fresh {
        let words = text::notice_text(&kind, lang);
        last_notice.0 = Some(kind);
        for (mut t, mut notice) in &mut notices {
            t.0.clone_from(&words);
            notice.left = 5.0;
        }
    }
}

/// Cues fade out when their time is up.
fn fade(
    time: Res<Time>,
    mut banners: Query<(&mut Text, &mut Banner, &mut TextColor), Without<NoticeText>>,
    mut notices: Query<(&mut Text, &mut NoticeText), Without<Banner>>,
) {
    let dt = time.delta_secs();
    for (mut text, mut banner, mut color) in &mut banners {
        if banner.left.is_finite() && !text.0.is_empty() {
            banner.left -= dt;
            color.0.set_alpha(banner.left.clamp(0.0, 0.4) / 0.4);
            if banner.left <= 0.0 {
                text.0.clear();
            }
        }
    }
    for (mut text, mut notice) in &mut notices {
        if !text.0.is_empty() {
            notice.left -= dt;
            if notice.left <= 0.0 {
                text.0.clear();
            }
        }
    }
}

fn show_replay_bar(game: Res<Game>, mut bars: Query<&mut Node, With<ReplayBar>>) {
    if !game.is_changed() {
        return;
    }
    for mut node in &mut bars {
        let want = if game.replay {
            Display::Flex
        } else {
            Display::None
        };
        if node.display != want {
            node.display = want;
        }
    }
}

/// A move of the list: clicking it jumps there in replay.
#[derive(Component)]
struct MoveCell;

/// Rebuilds the move list rows around the current move.
fn show_move_list(
    mut commands: Commands,
    game: Res<Game>,
    list: Res<MoveList>,
    ui: Res<UiFont>,
    rows: Query<(Entity, Option<&Children>), With<MoveListRows>>,
) {
    if !game.is_changed() && !list.is_changed() {
        return;
    }
    let Ok((container, children)) = rows.single() else {
        return;
    };
    if let Some(children) = children {
        for c in children.iter() {
            commands.entity(c).despawn();
        }
    }
    let ply = game.record.ply();
    let texts = &list.texts;
    // A record starting with Black to move leaves Red's first cell empty.
    let black_first = game.record.start().side_to_move() == xiangqi::Color::Black;
    let cells: Vec<Option<usize>> = if black_first {
        std::iter::once(None).chain((0..texts.len()).map(Some)).collect()
    } else {
        (0..texts.len()).map(Some).collect()
    };
    // Show the rows around the current move (cell `ply - 1`, or the first before any move).
    let total_rows = cells.len().div_ceil(2);
    let current_row = (ply + usize::from(black_first)).saturating_sub(1) / 2;
    let first = (current_row + 3)
        .saturating_sub(LIST_ROWS)
        .min(total_rows.saturating_sub(LIST_ROWS));
    let replay = game.replay;
    commands.entity(container).with_children(|c| {
        for (row, pair) in cells.chunks(2).enumerate().skip(first).take(LIST_ROWS) {
            c.spawn(Node {
                column_gap: px(6),
                align_items: AlignItems::Center,
                ..default()
            })
            .with_children(|r| {
                r.spawn((
                    Text::new(format!("{}.", row + 1)),
                    TextLayout::no_wrap(),
                    font(&ui, 16.0),
                    TextColor(Color::srgb(0.8, 0.72, 0.6)),
                    Node {
                        width: px(30),
                        ..default()
                    },
                ));
                for cell in pair {
                    let Some(i) = *cell else {
                        r.spawn(Node {
                            width: px(82),
                            ..default()
                        });
                        continue;
                    };
                    let current = i + 1 == ply;
                    let mut e = r.spawn((
                        MoveCell,
                        Node {
                            width: px(82),
                            padding: UiRect::axes(px(4), px(1)),
                            border_radius: BorderRadius::all(px(3)),
                            ..default()
                        },
                        BackgroundColor(if current { CURRENT } else { Color::NONE }),
                        children![(
                            Text::new(texts[i].clone()),
                            TextLayout::no_wrap(),
                            font(&ui, 17.0),
                            TextColor(if i < ply { INK } else { Color::srgb(0.6, 0.55, 0.5) }),
                        )],
                    ));
                    if replay {
                        e.insert((Button, WasPressed::default(), Action::Command(Command::Step(Step::To(i + 1)))));
                    }
                }
            });
        }
    });
}

fn show_resume_dialog(offer: Res<ResumeOffer>, mut dialogs: Query<&mut Node, With<ResumeDialog>>) {
    if !offer.is_changed() {
        return;
    }
    for mut node in &mut dialogs {
        node.display = if offer.0.is_some() {
            Display::Flex
        } else {
            Display::None
        };
    }
}

fn show_confirm_dialog(
    pending: Res<PendingConfirm>,
    mut dialogs: Query<&mut Node, With<ConfirmDialog>>,
) {
    if !pending.is_changed() {
        return;
    }
    for mut node in &mut dialogs {
        node.display = if pending.0.is_some() {
            Display::Flex
        } else {
            Display::None
        };
    }
}

/// The browser lists the folder's subfolders and its records (newest first, a RON and its PGN
/// once), listed on the IO pool: the frame loop only starts the listing and shows its result.
fn show_browser(
    mut commands: Commands,
    mut browser: ResMut<Browser>,
    settings: Res<Settings>,
    ui: Res<UiFont>,
    mut panels: Query<&mut Node, With<BrowserPanel>>,
    mut rows: Query<(Entity, Option<&Children>, &mut ScrollPosition), With<BrowserRows>>,
) {
    if browser.is_changed() {
        for mut node in &mut panels {
            node.display = if browser.dir.is_some() {
                Display::Flex
            } else {
                Display::None
            };
        }
        let wanted = browser.dir.clone();
        let listed = browser.listing.as_ref().map(|(d, _)| d.clone());
        if let Some(dir) = wanted
            && listed.as_ref() != Some(&dir)
        {
            let target = dir.clone();
            let task = IoTaskPool::get().spawn(async move {
                // The records folder may not exist yet.
                let _ = std::fs::create_dir_all(&target);
                list_records(&target)
            });
            browser.bypass_change_detection().listing = Some((dir, task));
        } else if browser.dir.is_none() {
            browser.bypass_change_detection().listing = None;
        }
    }
    let Some((dir, task)) = browser.bypass_change_detection().listing.as_mut() else {
        return;
    };
    let Some(listing) = check_ready(task) else {
        return;
    };
    let dir = dir.clone();
    let Ok((container, children, mut scroll)) = rows.single_mut() else {
        return;
    };
    if let Some(children) = children {
        for c in children.iter() {
            commands.entity(c).despawn();
        }
    }
    scroll.0 = Vec2::ZERO;
    let lang = settings.language;
    commands.entity(container).with_children(|c| {
        c.spawn((
            Text::new(dir.display().to_string()),
            font(&ui, 15.0),
            TextColor(Color::srgb(0.8, 0.72, 0.6)),
        ));
        if let Some(parent) = dir.parent() {
            c.spawn(button(
                Action::BrowseTo(parent.to_path_buf()),
                Text::new(format!(".. {}", text::tr(Key::Up, lang))),
                &ui,
                17.0,
            ));
        }
        match listing {
            Ok(entries) => {
                for e in entries {
                    let (action, shown) = if e.is_dir {
                        (Action::BrowseTo(e.path), format!("{}/", e.name))
                    } else {
                        (Action::OpenFile(e.path), e.name)
                    };
                    c.spawn(button(action, Text::new(shown), &ui, 17.0));
                }
            }
            Err(e) => {
                c.spawn((Text::new(e.to_string()), font(&ui, 15.0), TextColor(INK)));
            }
        }
    });
}

/// The mouse wheel over a scrolling list moves it (a line is a row's height).
fn scroll_lists(
    scroll: On<Pointer<Scroll>>,
    mut lists: Query<&mut ScrollPosition, With<Scrolls>>,
    parents: Query<&ChildOf>,
) {
    let step = match scroll.unit {
        bevy::input::mouse::MouseScrollUnit::Line => 30.0,
        bevy::input::mouse::MouseScrollUnit::Pixel => 1.0,
    };
    // The list is the first ancestor of what the pointer is over that scrolls.
    let mut e = scroll.entity;
    loop {
        if let Ok(mut position) = lists.get_mut(e) {
            position.y = (position.y - scroll.y * step).max(0.0);
            return;
        }
        match parents.get(e) {
            Ok(parent) => e = parent.parent(),
            Err(_) => return,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_label_has_both_languages() {
        for key in [Key::MenuGame, Key::Undo, Key::Resume, Key::ContinueHere] {
            let zh = text::tr(key, Language::Chinese);
            let en = text::tr(key, Language::English);
            assert!(!zh.is_empty() && !en.is_empty() && zh != en);
            assert!(en.is_ascii() && !zh.is_ascii());
        }
    }
}
