//! The editor's panel, left of the board: where to start from, the side to move, turning the
//! board, undo, the piece held, the verdict of the rules (the rule broken, in words), and what to
//! do with the position. Also the words for each rule a position can break.

use crate::ui::docking::Docked;
use bevy::prelude::*;
use xiangqi::Color as Side;

use crate::core::game::{Controller, Players};
use crate::core::i18n;
use crate::core::phase::Phase;
use crate::core::settings::Settings;
use crate::editor::logic::Editor;
use crate::editor::{EditorRequest, Finish, Start};
use crate::ui::actions::{Menu, send};
use crate::ui::menus::{AppMenus, EntryText, MenuEntry, Place};
use crate::ui::rules_text::{piece_name, setup_error_text};
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
        EntryText::Words("editor-title"),
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
            BackgroundColor(PANEL_SOLID),
            GlobalZIndex(30),
        ))
        .with_children(|c| {
            c.spawn((
                words("editor-title"),
                font(&ui, size::HEADING),
                TextColor(INK),
            ));
            c.spawn((
                words("editor-help"),
                font(&ui, size::FINE),
                TextColor(INK_MUTED),
            ));
            let row = |c: &mut ChildSpawnerCommands, items: &[(EditorRequest, &'static str)]| {
                c.spawn(Node {
                    column_gap: px(4),
                    flex_wrap: FlexWrap::Wrap,
                    row_gap: px(4),
                    ..default()
                })
                .with_children(|r| {
                    for &(request, id) in items {
                        r.spawn(button(send(request), words(id), &ui, size::SMALL));
                    }
                });
            };
            row(
                c,
                &[
                    (EditorRequest::Open(Start::Current), "editor-start-current"),
                    (
                        EditorRequest::Open(Start::Standard),
                        "editor-start-standard",
                    ),
                    (EditorRequest::Open(Start::Empty), "editor-start-empty"),
                ],
            );
            c.spawn((
                Shows::SideToMove,
                Text::new(""),
                font(&ui, size::TEXT),
                TextColor(INK),
            ));
            row(
                c,
                &[
                    (EditorRequest::ToggleSide, "editor-toggle-side"),
                    (EditorRequest::Flip, "editor-flip"),
                    (EditorRequest::Undo, "editor-undo"),
                ],
            );
            c.spawn((
                Shows::Held,
                Text::new(""),
                font(&ui, size::SMALL),
                TextColor(INK),
            ));
            c.spawn((
                Shows::Verdict,
                Text::new(""),
                font(&ui, size::TEXT),
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
                    (
                        EditorRequest::Finish(Finish::Play(Players::HUMAN_RED)),
                        "editor-play-red",
                    ),
                    (
                        EditorRequest::Finish(Finish::Play(Players::HUMAN_BLACK)),
                        "editor-play-black",
                    ),
                    (
                        EditorRequest::Finish(Finish::Play(Players::TWO_PLAYERS)),
                        "editor-two-players",
                    ),
                    (
                        EditorRequest::Finish(Finish::Play(COMPUTERS)),
                        "editor-computers",
                    ),
                    (EditorRequest::Finish(Finish::Analyse), "editor-analyse"),
                    (EditorRequest::Finish(Finish::Save), "editor-save"),
                    (EditorRequest::Cancel, "editor-cancel"),
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
    for (shows, mut text, mut color) in &mut texts {
        let (words, tint) = match shows {
            Shows::SideToMove => {
                let id = if editor.placement.side_to_move() == Side::Red {
                    "editor-red-to-move"
                } else {
                    "editor-black-to-move"
                };
                (i18n::text(lang, id).to_owned(), INK)
            }
            Shows::Held => (
                match editor.held {
                    Some(p) => crate::msg!("editor-holding", piece = piece_name(p, lang)).in_(lang),
                    None => String::new(),
                },
                INK,
            ),
            Shows::Verdict => match editor.verdict() {
                Ok(_) => (i18n::text(lang, "editor-legal").to_owned(), GOOD),
                Err(e) => (setup_error_text(&e, lang), BAD),
            },
        };
        if text.0 != words {
            text.0 = words;
        }
        color.0 = tint;
    }
}
