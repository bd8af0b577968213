//! The puzzle screens (残局挑战): the list of a tier's puzzles with the stars earned, and the bar
//! above the board while one is played (its goal, how it stands, 提示, 重来, 下一题, the list).

use crate::ui::docking::Docked;
use bevy::prelude::*;
use xiangqi::Color as Side;
use xiangqi_engine::puzzle::{Goal, Puzzle, Tier};

use crate::core::game::Game;
use crate::core::i18n;
use crate::core::settings::Settings;
use crate::hints::HintRequested;
use crate::puzzles::PuzzleRequest;
use crate::puzzles::logic::{PuzzleSet, PuzzleState, PuzzleStatus};
use crate::ui::actions::KeepColor;
use crate::ui::actions::send;
use crate::ui::menus::{AppMenus, EntryText, MenuEntry, Place};
use crate::ui::text::{Key, tr};
use crate::ui::theme::*;

#[derive(Component)]
struct PuzzleList;

#[derive(Component)]
struct PuzzleBar;

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins(super::marks::plugin);
    app.add_menu_entry(MenuEntry::new(
        Place::Bar,
        70,
        send(PuzzleRequest::Show(Some(Tier::Beginner))),
        EntryText::Key(Key::MenuPuzzles),
    ));
    app.add_menu_entry(MenuEntry::new(
        Place::Start,
        50,
        send(PuzzleRequest::Show(Some(Tier::Beginner))),
        EntryText::Key(Key::MenuPuzzles),
    ));
    app.add_systems(Startup, spawn);
    app.add_systems(Update, (show_list, show_bar).in_set(crate::ui::UiSet::Show));
}

fn spawn(mut commands: Commands) {
    commands.spawn((
        PuzzleList,
        Docked::Beside,
        Node {
            position_type: PositionType::Absolute,
            left: px(130),
            right: BESIDE_LIST,
            top: px(84),
            bottom: px(24),
            flex_direction: FlexDirection::Column,
            row_gap: px(8),
            padding: UiRect::all(px(14)),
            display: Display::None,
            border_radius: BorderRadius::all(px(8)),
            ..default()
        },
        BackgroundColor(PANEL_SOLID),
        GlobalZIndex(20),
    ));
    commands.spawn((
        PuzzleBar,
        Docked::Beside,
        Node {
            position_type: PositionType::Absolute,
            left: px(240),
            right: BESIDE_LIST,
            top: px(84),
            column_gap: px(8),
            row_gap: px(4),
            // Long words (Vietnamese) put the buttons on a line of their own rather than past the
            // window's edge.
            flex_wrap: FlexWrap::Wrap,
            align_items: AlignItems::Center,
            justify_content: JustifyContent::Center,
            padding: UiRect::axes(px(10), px(4)),
            display: Display::None,
            border_radius: BorderRadius::all(px(6)),
            ..default()
        },
        BackgroundColor(PANEL),
    ));
}

/// The goal as the list and the bar write it.
fn goal_text(p: &Puzzle) -> i18n::Msg {
    match p.goal {
        Goal::Mate(n) => crate::msg!("puzzle-goal-mate", moves = n),
        Goal::Material(_) => crate::msg!("puzzle-goal-material"),
    }
}

fn text(words: impl Into<String>, ui: &UiFont, size: f32, color: Color) -> impl Bundle {
    (
        Text::new(words.into()),
        TextLayout::no_wrap(),
        font(ui, size),
        TextColor(color),
    )
}

fn show_list(
    mut commands: Commands,
    state: Res<PuzzleState>,
    set: Res<PuzzleSet>,
    settings: Res<Settings>,
    ui: Res<UiFont>,
    mut panel: Query<(Entity, &mut Node, Option<&Children>), With<PuzzleList>>,
) {
    if !state.is_changed() && !settings.is_changed() {
        return;
    }
    let Ok((panel, mut node, children)) = panel.single_mut() else {
        return;
    };
    let Some(tier) = state.list else {
        node.display = Display::None;
        return;
    };
    show_empty(&mut commands, &mut node, children);
    let lang = settings.language;
    let ui = ui.clone();
    commands.entity(panel).with_children(|p| {
        p.spawn(Node {
            column_gap: px(8),
            align_items: AlignItems::Center,
            ..default()
        })
        .with_children(|row| {
            row.spawn(text(tr(Key::MenuPuzzles, lang), &ui, 24.0, INK));
            for t in Tier::ALL {
                let total = set.of_tier(t).count();
                let solved = set
                    .of_tier(t)
                    .filter(|p| settings.puzzles.contains_key(&p.id))
                    .count();
                let name = i18n::text(lang, tier_name(t));
                row.spawn((
                    Button,
                    KeepColor,
                    send(PuzzleRequest::Show(Some(t))),
                    Node {
                        padding: UiRect::axes(px(10), px(4)),
                        border_radius: BorderRadius::all(px(5)),
                        ..default()
                    },
                    BackgroundColor(if t == tier { CURRENT } else { BUTTON }),
                    children![text(format!("{name} {solved}/{total}"), &ui, 17.0, INK)],
                ));
            }
            row.spawn(button(
                send(PuzzleRequest::Show(None)),
                label(Key::Close),
                &ui,
                17.0,
            ));
        });
        p.spawn(text(
            i18n::text(lang, tier_rule(tier)),
            &ui,
            15.0,
            INK_MUTED,
        ));
        p.spawn(Node {
            flex_wrap: FlexWrap::Wrap,
            column_gap: px(5),
            row_gap: px(5),
            overflow: Overflow::scroll_y(),
            ..default()
        })
        .insert(Scrolls)
        .with_children(|grid| {
            for puzzle in set.of_tier(tier) {
                let earned = settings.puzzles.get(&puzzle.id).copied().unwrap_or(0);
                let side = i18n::text(
                    lang,
                    if puzzle.start.side_to_move() == Side::Red {
                        "puzzle-cell-red"
                    } else {
                        "puzzle-cell-black"
                    },
                );
                let mut cell = grid.spawn((
                    Button,
                    send(PuzzleRequest::Start(puzzle.id)),
                    Node {
                        width: px(104),
                        flex_direction: FlexDirection::Column,
                        row_gap: px(3),
                        padding: UiRect::axes(px(6), px(4)),
                        border_radius: BorderRadius::all(px(4)),
                        ..default()
                    },
                    BackgroundColor(if earned > 0 {
                        PUZZLE_SOLVED
                    } else {
                        PUZZLE_CELL
                    }),
                ));
                if earned > 0 {
                    // Solved cells keep their green under the pointer.
                    cell.insert(KeepColor);
                }
                cell.with_children(|cell| {
                    cell.spawn(text(
                        format!("{} {side} {}", puzzle.id, goal_text(puzzle).in_(lang)),
                        &ui,
                        15.0,
                        INK,
                    ));
                    star_row(cell, earned);
                });
            }
        });
    });
}

/// Shows a panel and takes its old contents away, to be built again.
fn show_empty(commands: &mut Commands, node: &mut Node, children: Option<&Children>) {
    node.display = Display::Flex;
    for c in children.into_iter().flat_map(|c| c.iter()) {
        commands.entity(c).despawn();
    }
}

/// The message id of a tier's name.
fn tier_name(t: Tier) -> &'static str {
    match t {
        Tier::Beginner => "puzzle-tier-beginner",
        Tier::Intermediate => "puzzle-tier-intermediate",
        Tier::Advanced => "puzzle-tier-advanced",
        Tier::Master => "puzzle-tier-master",
    }
}

/// The message id of the goals a tier's puzzles have.
fn tier_rule(t: Tier) -> &'static str {
    match t {
        Tier::Beginner => "puzzle-tier-rule-beginner",
        Tier::Intermediate => "puzzle-tier-rule-intermediate",
        Tier::Advanced => "puzzle-tier-rule-advanced",
        Tier::Master => "puzzle-tier-rule-master",
    }
}

fn show_bar(
    mut commands: Commands,
    state: Res<PuzzleState>,
    set: Res<PuzzleSet>,
    game: Res<Game>,
    settings: Res<Settings>,
    ui: Res<UiFont>,
    mut bar: Query<(Entity, &mut Node, Option<&Children>), With<PuzzleBar>>,
) {
    if !state.is_changed() && !settings.is_changed() && !game.is_changed() {
        return;
    }
    let Ok((entity, mut node, children)) = bar.single_mut() else {
        return;
    };
    let puzzle = game.puzzle.and_then(|id| set.get(id));
    let Some(puzzle) = puzzle.filter(|_| state.list.is_none()) else {
        if node.display != Display::None {
            node.display = Display::None;
        }
        return;
    };
    if !state.is_changed() && !settings.is_changed() && node.display == Display::Flex {
        return;
    }
    show_empty(&mut commands, &mut node, children);
    let lang = settings.language;
    let red = puzzle.start.side_to_move() == Side::Red;
    let title = crate::msg!(
        "puzzle-title",
        id = puzzle.id,
        tier = i18n::Msg::new(tier_name(puzzle.tier)),
        side = i18n::Msg::new(if red {
            "puzzle-side-red"
        } else {
            "puzzle-side-black"
        }),
        goal = goal_text(puzzle),
    )
    .in_(lang);
    let (status, color) = match state.status {
        PuzzleStatus::YourMove => (i18n::text(lang, "puzzle-your-move").to_owned(), INK),
        PuzzleStatus::Thinking => (i18n::text(lang, "puzzle-thinking").to_owned(), INK),
        PuzzleStatus::Wrong => (i18n::text(lang, "puzzle-wrong").to_owned(), BAD),
        PuzzleStatus::Solved(n) => (crate::msg!("puzzle-solved", stars = n).in_(lang), GOOD),
    };
    let ui = ui.clone();
    commands.entity(entity).with_children(|b| {
        b.spawn(text(title, &ui, 18.0, INK));
        b.spawn(text(status, &ui, 18.0, color));
        if let PuzzleStatus::Solved(n) = state.status {
            star_row(b, n);
        }
        for (key, action) in [
            (Key::Hint, send(HintRequested)),
            (Key::Retry, send(PuzzleRequest::Retry)),
            (Key::NextPuzzle, send(PuzzleRequest::Next)),
            (
                Key::PuzzleList,
                send(PuzzleRequest::Show(Some(puzzle.tier))),
            ),
        ] {
            b.spawn(button(action, label(key), &ui, size::TEXT));
        }
    });
}

/// Three stars as gold dots (earned) and dim ones: the interface font has no star sign.
fn star_row(parent: &mut ChildSpawnerCommands, earned: u8) {
    parent
        .spawn(Node {
            column_gap: px(4),
            ..default()
        })
        .with_children(|row| {
            for i in 0..3 {
                row.spawn((
                    Node {
                        width: px(11),
                        height: px(11),
                        border_radius: BorderRadius::all(px(6)),
                        ..default()
                    },
                    BackgroundColor(if i < earned { STAR } else { STAR_EMPTY }),
                ));
            }
        });
}

#[cfg(test)]
mod start_tests {
    use super::*;
    use crate::ui::menus::MenuEntries;

    /// The start screen's 残局挑战 opens the puzzles at the first tier.
    #[test]
    fn the_start_screen_s_puzzles_entry_opens_the_puzzles() {
        let mut app = App::new();
        plugin(&mut app);
        let entries = &app.world().resource::<MenuEntries>().0;
        let start: Vec<_> = entries.iter().filter(|e| e.place == Place::Start).collect();
        assert_eq!(start.len(), 1);
        assert!(matches!(start[0].text, EntryText::Key(Key::MenuPuzzles)));
        assert_eq!(
            format!("{:?}", start[0].action),
            format!("{:?}", send(PuzzleRequest::Show(Some(Tier::Beginner))))
        );
    }
}
