//! The menu bar (游戏, 难度, 让子, 棋谱, 用时, 语言) and its dropdowns, and the clipboard's keys. The clock menu chooses the
//! time control of new games (and of the game in front when no move is made yet).

use bevy::prelude::*;
use xiangqi::Handicap;
use xiangqi_engine::Level;
use xiangqi_engine::puzzle::Tier;

use crate::clipboard::ClipboardRequest;
use crate::clock::ClockRequest;
use crate::clock::logic::ClockAdjust;
use crate::core::commands::Command;
use crate::core::game::Players;
use crate::core::settings::SettingChange;
use crate::core::setup::{Setup, TimeControl};
use crate::editor::{EditorRequest, Start as EditorStart};
use crate::pictures::PictureRequest;
use crate::puzzles::PuzzleRequest;
use crate::storage::records::RecordFormat;
use crate::ui::actions::send;
use crate::ui::actions::{Action, Menu, OpenMenu};
use crate::ui::text::{Key, Language};
use crate::ui::theme::*;
use crate::watch::WatchRequest;

/// A dropdown of the menu bar.
#[derive(Component)]
pub(crate) struct Dropdown(pub(crate) Menu);

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn);
    app.add_systems(Update, show_menus.in_set(super::UiSet::Show));
    app.add_systems(Update, clipboard_keys);
}

/// `Ctrl+C` copies the position (FEN), `Ctrl+Shift+C` the record (PGN), `Ctrl+V` pastes.
fn clipboard_keys(keys: Res<ButtonInput<KeyCode>>, mut requests: MessageWriter<ClipboardRequest>) {
    if !keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]) {
        return;
    }
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    if keys.just_pressed(KeyCode::KeyC) {
        requests.write(if shift {
            ClipboardRequest::CopyRecord
        } else {
            ClipboardRequest::CopyPosition
        });
    } else if keys.just_pressed(KeyCode::KeyV) {
        requests.write(ClipboardRequest::Paste);
    }
}

pub(super) fn spawn(mut commands: Commands, ui: Res<UiFont>) {
    let ui = ui.clone();
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
                (Menu::Clock, Key::MenuClock),
                (Menu::Language, Key::MenuLanguage),
            ] {
                bar.spawn(button(Action::OpenMenu(menu), label(key), &ui, 18.0));
            }
            bar.spawn(button(
                send(PuzzleRequest::Show(Some(Tier::Beginner))),
                label(Key::MenuPuzzles),
                &ui,
                18.0,
            ));
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
            // Opaque: the side panel's buttons behind a long menu must not show through.
            BackgroundColor(PANEL.with_alpha(1.0)),
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
                m.spawn(button(send(Command::NewGame(setup)), label(key), &ui, 18.0));
            }
            m.spawn(button(
                send(WatchRequest::Start),
                words("电脑对弈（观战）", "Watch the computer"),
                &ui,
                18.0,
            ));
            m.spawn(button(
                send(EditorRequest::Open(EditorStart::Current)),
                words("摆棋", "Set up a position"),
                &ui,
                18.0,
            ));
            m.spawn(button(
                send(SettingChange::ToggleSound),
                (Dynamic::Sound, Text::new("")),
                &ui,
                18.0,
            ));
            m.spawn(button(
                send(SettingChange::CycleGraphics),
                (Dynamic::Graphics, Text::new("")),
                &ui,
                18.0,
            ));
            m.spawn(button(
                send(SettingChange::CycleUiSize),
                (Dynamic::UiSize, Text::new("")),
                &ui,
                18.0,
            ));
            m.spawn(button(
                send(SettingChange::CyclePieces),
                (Dynamic::Pieces, Text::new("")),
                &ui,
                18.0,
            ));
            m.spawn(button(
                send(SettingChange::CycleBoard),
                (Dynamic::Board, Text::new("")),
                &ui,
                18.0,
            ));
            m.spawn(button(
                send(SettingChange::CycleNotation),
                (Dynamic::Notation, Text::new("")),
                &ui,
                18.0,
            ));
            m.spawn(button(
                send(SettingChange::CycleRules),
                (Dynamic::Rules, Text::new("")),
                &ui,
                18.0,
            ));
            m.spawn(button(
                send(SettingChange::ToggleExternalEngine),
                (Dynamic::Engine, Text::new("")),
                &ui,
                18.0,
            ));
            m.spawn(button(send(Command::Resign), label(Key::Resign), &ui, 18.0));
            m.spawn(button(send(Command::Quit), label(Key::Quit), &ui, 18.0));
        });
    commands
        .spawn(dropdown(Menu::Level, 70.0))
        .with_children(|m| {
            for level in Level::ALL {
                m.spawn(button(
                    send(SettingChange::Level(level)),
                    (Dynamic::Level(level), Text::new("")),
                    &ui,
                    18.0,
                ));
            }
            m.spawn(button(
                send(SettingChange::CycleThreads),
                (Dynamic::Threads, Text::new("")),
                &ui,
                18.0,
            ));
        });
    commands
        .spawn(dropdown(Menu::Handicap, 132.0))
        .with_children(|m| {
            for player_gives in [true, false] {
                for handicap in Handicap::ALL {
                    m.spawn(button(
                        send(Command::NewGame(Setup::Handicap {
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
                send(Command::SaveRecord),
                label(Key::SaveRecord),
                &ui,
                18.0,
            ));
            for (format, zh, en) in [
                (RecordFormat::Pgn, "另存为 PGN", "Save as PGN"),
                (RecordFormat::Xqf, "另存为 XQF", "Save as XQF"),
                (
                    RecordFormat::Dhtml,
                    "另存为 东萍 DhtmlXQ",
                    "Save as DhtmlXQ",
                ),
            ] {
                m.spawn(button(
                    send(Command::SaveRecordAs(format)),
                    words(zh, en),
                    &ui,
                    16.0,
                ));
            }
            m.spawn(button(Action::Browse, label(Key::OpenRecord), &ui, 18.0));
            for (request, key) in [
                (ClipboardRequest::CopyPosition, Key::CopyPosition),
                (ClipboardRequest::CopyRecord, Key::CopyRecord),
                (ClipboardRequest::Paste, Key::Paste),
            ] {
                m.spawn(button(send(request), label(key), &ui, 18.0));
            }
            for (request, key) in [
                (PictureRequest::Diagram, Key::ExportDiagram),
                (PictureRequest::Animation, Key::ExportAnimation),
            ] {
                m.spawn(button(send(request), label(key), &ui, 18.0));
            }
        });
    commands
        .spawn(dropdown(Menu::Clock, 256.0))
        .with_children(|m| {
            for tc in TimeControl::PRESETS {
                m.spawn(button(
                    send(ClockRequest::SetTimeControl(tc)),
                    (Dynamic::TimeControl(tc), Text::new("")),
                    &ui,
                    18.0,
                ));
            }
            m.spawn(button(
                send(ClockRequest::AdjustCustom(ClockAdjust::Choose)),
                (Dynamic::CustomClock, Text::new("")),
                &ui,
                18.0,
            ));
            for (adjust, key) in [
                (ClockAdjust::MoreTime, Key::MoreTime),
                (ClockAdjust::LessTime, Key::LessTime),
                (ClockAdjust::MoreIncrement, Key::MoreIncrement),
                (ClockAdjust::LessIncrement, Key::LessIncrement),
                (ClockAdjust::SwitchKind, Key::SwitchClockKind),
            ] {
                m.spawn(button(
                    send(ClockRequest::AdjustCustom(adjust)),
                    label(key),
                    &ui,
                    16.0,
                ));
            }
        });
    commands
        .spawn(dropdown(Menu::Language, 318.0))
        .with_children(|m| {
            for lang in [Language::Chinese, Language::English] {
                m.spawn(button(
                    send(SettingChange::Language(lang)),
                    (Dynamic::Language(lang), Text::new("")),
                    &ui,
                    18.0,
                ));
            }
        });
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
