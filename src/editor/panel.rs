//! The editor's panel, left of the board: where to start from, the side to move, turning the
//! board, undo, the piece held, the verdict of the rules (the rule broken, in words), and what to
//! do with the position. Also the words for each rule a position can break.

use crate::ui::docking::Docked;
use bevy::prelude::*;
use xiangqi::Color as Side;

use crate::core::game::{Controller, Players};
use crate::core::phase::Phase;
use crate::core::settings::Settings;
use crate::editor::logic::Editor;
use crate::editor::{EditorRequest, Finish, Start};
use crate::ui::actions::{Menu, send};
use crate::ui::menus::{AppMenus, EntryText, MenuEntry, Place};
use crate::ui::rules_text::{piece_name, setup_error_text};
use crate::ui::text::Language;
use crate::ui::theme::*;

#[derive(Component)]
struct EditorPanel;

/// The panel's texts that follow the editor.
#[derive(Component, Clone, Copy)]
enum Shows {
    SideToMove,
    Held,
    Verdict,
}

/// The computer on both sides.
const COMPUTERS: Players = Players {
    red: Controller::Computer,
    black: Controller::Computer,
};

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins(super::pointer::plugin);
    app.add_menu_entry(MenuEntry::new(
        Place::In(Menu::Game),
        30,
        send(EditorRequest::Open(Start::Current)),
        EntryText::Words("摆棋", "Set up a position"),
    ));
    app.add_systems(Startup, spawn);
    app.add_systems(Update, show.in_set(crate::ui::UiSet::Show));
}

fn spawn(mut commands: Commands, ui: Res<UiFont>) {
    let ui = ui.clone();
    commands
        .spawn((
            EditorPanel,
            Docked::Column,
            Node {
                position_type: PositionType::Absolute,
                right: px(0),
                top: px(36),
                bottom: px(0),
                width: LIST_WIDTH,
                min_width: px(230),
                flex_direction: FlexDirection::Column,
                row_gap: px(4),
                padding: UiRect::all(px(10)),
                display: Display::None,
                ..default()
            },
            BackgroundColor(Color::srgb(0.12, 0.07, 0.04)),
            GlobalZIndex(30),
        ))
        .with_children(|c| {
            c.spawn((words("摆棋", "Set up a position"), font(&ui, 22.0), TextColor(INK)));
            c.spawn((
                words(
                    "拖动盘边棋子上盘，拖出棋盘即移除。也可点选棋子再点棋盘放子。右键或 Tab 换走子方",
                    "Drag pieces from the trays; drag off the board to remove; or click one, then points. Right click or Tab: side to move",
                ),
                font(&ui, 13.0),
                TextColor(Color::srgb(0.8, 0.74, 0.62)),
            ));
            let row = |c: &mut ChildSpawnerCommands, items: &[(EditorRequest, &'static str, &'static str)]| {
                c.spawn(Node {
                    column_gap: px(4),
                    flex_wrap: FlexWrap::Wrap,
                    row_gap: px(4),
                    ..default()
                })
                .with_children(|r| {
                    for &(request, zh, en) in items {
                        r.spawn(button(send(request), words(zh, en), &ui, 15.0));
                    }
                });
            };
            row(
                c,
                &[
                    (EditorRequest::Open(Start::Current), "当前局面", "Current"),
                    (EditorRequest::Open(Start::Standard), "初始局面", "Start"),
                    (EditorRequest::Open(Start::Empty), "清空", "Empty"),
                ],
            );
            c.spawn((Shows::SideToMove, Text::new(""), font(&ui, 17.0), TextColor(INK)));
            row(
                c,
                &[
                    (EditorRequest::ToggleSide, "换走子方", "Other side"),
                    (EditorRequest::Flip, "翻转", "Turn board"),
                    (EditorRequest::Undo, "撤销", "Undo"),
                ],
            );
            c.spawn((Shows::Held, Text::new(""), font(&ui, 15.0), TextColor(INK)));
            c.spawn((
                Shows::Verdict,
                Text::new(""),
                font(&ui, 16.0),
                TextColor(INK),
                Node {
                    min_height: px(66),
                    flex_shrink: 0.0,
                    ..default()
                },
            ));
            row(
                c,
                &[
                    (EditorRequest::Finish(Finish::Play(Players::HUMAN_RED)), "执红对电脑", "Play Red"),
                    (EditorRequest::Finish(Finish::Play(Players::HUMAN_BLACK)), "执黑对电脑", "Play Black"),
                    (EditorRequest::Finish(Finish::Play(Players::TWO_PLAYERS)), "双人对弈", "Two players"),
                    (EditorRequest::Finish(Finish::Play(COMPUTERS)), "电脑对弈", "Computers"),
                    (EditorRequest::Finish(Finish::Analyse), "分析", "Analyse"),
                    (EditorRequest::Finish(Finish::Save), "保存棋谱", "Save record"),
                    (EditorRequest::Cancel, "取消", "Cancel"),
                ],
            );
        });
}

/// The panel shows while editing, with the side to move, the piece held and the verdict.
fn show(
    phase: Res<State<Phase>>,
    editor: Res<Editor>,
    settings: Res<Settings>,
    mut panel: Query<&mut Node, With<EditorPanel>>,
    mut texts: Query<(&Shows, &mut Text, &mut TextColor)>,
) {
    if phase.is_changed() {
        for mut node in &mut panel {
            node.display = if *phase.get() == Phase::Editing {
                Display::Flex
            } else {
                Display::None
            };
        }
    }
    if !editor.is_changed() && !settings.is_changed() {
        return;
    }
    let lang = settings.language;
    let zh = lang == Language::Chinese;
    for (shows, mut text, mut color) in &mut texts {
        let (words, tint) = match shows {
            Shows::SideToMove => {
                let red = editor.placement.side_to_move() == Side::Red;
                let words = match (zh, red) {
                    (true, true) => "红方先走",
                    (true, false) => "黑方先走",
                    (false, true) => "Red to move",
                    (false, false) => "Black to move",
                };
                (words.to_owned(), INK)
            }
            Shows::Held => (
                match (editor.held, zh) {
                    (Some(p), true) => {
                        format!("手中：{}（点棋盘放下，Esc 放回）", piece_name(p, lang))
                    }
                    (Some(p), false) => {
                        format!(
                            "Holding {} (click points; Esc puts it back)",
                            piece_name(p, lang)
                        )
                    }
                    (None, _) => String::new(),
                },
                INK,
            ),
            Shows::Verdict => match editor.verdict() {
                Ok(_) if zh => ("局面合规，可以开始".to_owned(), GOOD),
                Ok(_) => ("A legal position: ready to play".to_owned(), GOOD),
                Err(e) => (setup_error_text(&e, lang), BAD),
            },
        };
        if text.0 != words {
            text.0 = words;
        }
        color.0 = tint;
    }
}

const GOOD: Color = Color::srgb(0.55, 0.9, 0.5);
const BAD: Color = Color::srgb(1.0, 0.45, 0.35);
