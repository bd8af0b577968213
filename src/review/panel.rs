//! The review on screen (复盘分析), top left in a replay: progress and cancel while it runs; then
//! each side's accuracy and marks, the evaluation graph over the moves (a click jumps there), and
//! for the move just stepped onto its mark and, where it lost something, the better line (the
//! board draws that move as an arrow).

use bevy::prelude::*;

use crate::ui::menus::AppMenus;
use xiangqi::Color as Side;
use xiangqi_engine::analysis::review::{Mark, expected};

use crate::analysis::panel::{pv_text, score_text};
use crate::core::commands::Command;
use crate::core::game::Game;
use crate::core::phase::Phase;
use crate::core::replay::Step;
use crate::core::settings::Settings;
use crate::review::ReviewRequest;
use crate::review::logic::Review;
use crate::ui::actions::KeepColor;
use crate::ui::actions::send;
use crate::ui::text::{self, Key};
use crate::ui::theme::*;

#[derive(Component)]
struct Panel;

#[derive(Component)]
struct ProgressRow;

#[derive(Component)]
struct ProgressFill;

#[derive(Component)]
struct ProgressText;

/// A cell of the summary: a side's name (mark `None`), its accuracy (`Good`) or a mark's count;
/// a mark's heading (side `None`).
#[derive(Component, Clone, Copy)]
struct SummaryCell(Option<Side>, Option<Mark>);

#[derive(Component)]
struct Graph;

/// The graph's column for the position after this many moves.
#[derive(Component)]
struct Column(usize);

#[derive(Component)]
struct MoveText;

/// The graph's height in pixels.
const GRAPH_HEIGHT: f32 = 64.0;
/// Moves of the better line written out.
const BETTER_MOVES: usize = 5;

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins(super::marks::plugin);
    app.add_menu_entry(
        crate::ui::menus::MenuEntry::new(
            crate::ui::menus::Place::Side,
            60,
            crate::ui::actions::send(crate::review::ReviewRequest::Start),
            crate::ui::menus::EntryText::Key(crate::ui::text::Key::Review),
        )
        .with_icon(crate::ui::icons::Icon::Review),
    );
    app.add_systems(Startup, spawn);
    app.add_systems(
        Update,
        (show_panel, build_graph, show_current)
            .chain()
            .in_set(crate::ui::UiSet::Show),
    );
}

/// A row of the summary table.
fn row() -> Node {
    Node {
        height: px(19),
        align_items: AlignItems::Center,
        ..default()
    }
}

fn spawn(mut commands: Commands, ui: Res<UiFont>) {
    let ui = ui.clone();
    let words = |size| (Text::new(""), font(&ui, size), TextColor(INK));
    commands
        .spawn((
            Panel,
            Node {
                position_type: PositionType::Absolute,
                left: px(14),
                top: px(92),
                width: px(300),
                flex_direction: FlexDirection::Column,
                padding: UiRect::all(px(8)),
                row_gap: px(3),
                border_radius: BorderRadius::all(px(6)),
                ..default()
            },
            BackgroundColor(PANEL_DEEP),
            Visibility::Hidden,
        ))
        .with_children(|p| {
            p.spawn((label(Key::Review), font(&ui, size::BODY), TextColor(INK)));
            p.spawn((
                ProgressRow,
                Node {
                    column_gap: px(8),
                    align_items: AlignItems::Center,
                    ..default()
                },
            ))
            .with_children(|r| {
                r.spawn((
                    Node {
                        width: px(150),
                        height: px(12),
                        border_radius: BorderRadius::all(px(3)),
                        ..default()
                    },
                    BackgroundColor(GRAPH_BACKGROUND),
                ))
                .with_children(|b| {
                    b.spawn((
                        ProgressFill,
                        Node {
                            width: percent(0),
                            height: percent(100),
                            border_radius: BorderRadius::all(px(3)),
                            ..default()
                        },
                        BackgroundColor(GRAPH_CURSOR),
                    ));
                });
                r.spawn((ProgressText, words(15.0)));
                r.spawn(button(
                    send(ReviewRequest::Cancel),
                    label(Key::CancelReview),
                    &ui,
                    15.0,
                ));
            });
            // The summary: a row of headings, then a row per side.
            let cell = |w: f32| Node {
                width: px(w),
                height: px(18),
                ..default()
            };
            p.spawn(Node {
                flex_direction: FlexDirection::Column,
                ..default()
            })
            .with_children(|t| {
                t.spawn(row()).with_children(|r| {
                    r.spawn((cell(44.0), words(14.0)));
                    r.spawn((
                        cell(60.0),
                        label(Key::Accuracy),
                        font(&ui, size::FINE),
                        TextColor(INK),
                    ));
                    for mark in Mark::ALL.iter().filter(|m| **m != Mark::Good) {
                        r.spawn((cell(44.0), SummaryCell(None, Some(*mark)), words(14.0)));
                    }
                });
                for side in [Side::Red, Side::Black] {
                    t.spawn(row()).with_children(|r| {
                        r.spawn((cell(44.0), SummaryCell(Some(side), None), words(14.0)));
                        r.spawn((
                            cell(60.0),
                            SummaryCell(Some(side), Some(Mark::Good)),
                            words(14.0),
                        ));
                        for mark in Mark::ALL.iter().filter(|m| **m != Mark::Good) {
                            r.spawn((
                                cell(44.0),
                                SummaryCell(Some(side), Some(*mark)),
                                words(14.0),
                            ));
                        }
                    });
                }
            });
            p.spawn((
                Graph,
                Node {
                    width: percent(100),
                    height: px(GRAPH_HEIGHT),
                    ..default()
                },
                BackgroundColor(CARD),
            ));
            p.spawn((MoveText, words(14.0)));
        });
}

/// Shown in a replay while a review runs or when there is one; the progress or the summary.
fn show_panel(
    review: Res<Review>,
    game: Res<Game>,
    phase: Res<State<Phase>>,
    settings: Res<Settings>,
    mut panel: Query<&mut Visibility, With<Panel>>,
    mut row: Query<&mut Node, (With<ProgressRow>, Without<ProgressFill>, Without<Graph>)>,
    mut fill: Query<&mut Node, (With<ProgressFill>, Without<Graph>)>,
    mut graph: Query<&mut Node, (With<Graph>, Without<ProgressRow>, Without<ProgressFill>)>,
    mut progress_text: Query<&mut Text, (With<ProgressText>, Without<SummaryCell>)>,
    mut cells: Query<(&SummaryCell, &mut Text), Without<ProgressText>>,
) {
    if !review.is_changed() && !phase.is_changed() && !settings.is_changed() {
        return;
    }
    let shown =
        *phase.get() == Phase::Replaying && (review.result.is_some() || review.progress.is_some());
    for mut v in &mut panel {
        v.set_if_neq(if shown {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        });
    }
    let running = review.progress.is_some();
    let display = |on: bool| if on { Display::Flex } else { Display::None };
    for mut n in &mut row {
        n.display = display(running);
    }
    for mut n in &mut graph {
        n.display = display(review.result.is_some());
    }
    if let Some((done, total)) = review.progress {
        for mut n in &mut fill {
            n.width = percent(100.0 * done as f32 / total.max(1) as f32);
        }
        for mut t in &mut progress_text {
            t.0 = format!("{done}/{total}");
        }
    }
    let lang = settings.language;
    let first_mover = game.record.start().side_to_move();
    for (cell, mut t) in &mut cells {
        let words = match (*cell, &review.result) {
            // Names in letters are too long for the cells: their signs head the columns.
            (SummaryCell(None, Some(mark)), _) if !lang.reads_hanzi() => {
                text::mark_sign(mark).to_owned()
            }
            (SummaryCell(None, Some(mark)), _) => text::mark_name(mark, lang).to_owned(),
            (SummaryCell(Some(side), None), _) => text::side_name(side, lang).to_owned(),
            (SummaryCell(Some(side), Some(mark)), Some(r)) => {
                let s = r.summary(side == first_mover);
                if mark == Mark::Good {
                    format!("{:.1}", s.accuracy)
                } else {
                    let i = Mark::ALL.iter().position(|m| *m == mark).unwrap_or(1);
                    s.counts[i].to_string()
                }
            }
            _ => String::new(),
        };
        if t.0 != words {
            t.0 = words;
        }
    }
}

/// The graph's columns, made again when the review changes: one per position, Red's share of
/// the expected score above or below the middle, marked moves coloured.
fn build_graph(
    mut commands: Commands,
    review: Res<Review>,
    game: Res<Game>,
    graph: Query<(Entity, Option<&Children>), With<Graph>>,
) {
    if !review.is_changed() {
        return;
    }
    let Ok((graph, children)) = graph.single() else {
        return;
    };
    if let Some(children) = children {
        for c in children.iter() {
            commands.entity(c).despawn();
        }
    }
    let Some(result) = &review.result else { return };
    let scores = result.red_scores(game.record.start().side_to_move());
    let n = scores.len().max(1) as f32;
    commands.entity(graph).with_children(|g| {
        for (i, &red) in scores.iter().enumerate() {
            let share = (expected(red) as f32 - 0.5) * 100.0;
            let mark = i
                .checked_sub(1)
                .and_then(|m| result.moves.get(m))
                .map(|m| m.mark);
            let bar = match mark {
                Some(Mark::Blunder) => MARK_BLUNDER,
                Some(Mark::Mistake) => MARK_MISTAKE,
                Some(Mark::Inaccuracy) => MARK_INACCURACY,
                Some(Mark::Brilliant) => MARK_BRILLIANT,
                _ if red >= 0 => GRAPH_RED,
                _ => GRAPH_BLACK,
            };
            g.spawn((
                Column(i),
                Button,
                KeepColor,
                send(Command::Step(Step::To(i))),
                Node {
                    width: percent(100.0 / n),
                    height: percent(100),
                    ..default()
                },
                BackgroundColor(CLEAR),
                children![(
                    Node {
                        position_type: PositionType::Absolute,
                        left: percent(10),
                        width: percent(80),
                        top: percent(if share > 0.0 { 50.0 - share } else { 50.0 }),
                        height: percent(share.abs().max(0.6)),
                        ..default()
                    },
                    BackgroundColor(bar),
                )],
            ));
        }
    });
}

/// The current position's column lit, and the text for the move that led to it.
fn show_current(
    review: Res<Review>,
    game: Res<Game>,
    settings: Res<Settings>,
    mut columns: Query<(&Column, &mut BackgroundColor)>,
    mut texts: Query<&mut Text, With<MoveText>>,
) {
    if !review.is_changed() && !game.is_changed() && !settings.is_changed() {
        return;
    }
    let ply = game.record.ply();
    for (c, mut bg) in &mut columns {
        let want = if c.0 == ply { GRAPH_CHOSEN } else { CLEAR };
        bg.set_if_neq(BackgroundColor(want));
    }
    let lang = settings.language;
    let words = review
        .result
        .as_ref()
        .and_then(|r| Some((r, ply.checked_sub(1)?)))
        .and_then(|(r, i)| {
            let m = r.moves.get(i)?;
            let before = game.record.position_at(i)?;
            let notation = settings.notation();
            let played = notation.format(before, m.played).ok()?;
            let red = |s: i32| {
                if before.side_to_move() == Side::Red {
                    s
                } else {
                    -s
                }
            };
            let mut t = format!(
                "{}. {played}  {}  {}",
                i / 2 + 1,
                text::mark_name(m.mark, lang),
                score_text(red(m.played_score))
            );
            if m.mark >= Mark::Inaccuracy && m.best_line.first() != Some(&m.played) {
                t.push_str(&format!(
                    "\n{}：{}  {}",
                    text::tr(Key::Better, lang),
                    score_text(red(m.best_score)),
                    pv_text(before, &m.best_line, notation, BETTER_MOVES)
                ));
            }
            Some(t)
        })
        .unwrap_or_default();
    for mut t in &mut texts {
        if t.0 != words {
            t.0.clone_from(&words);
        }
    }
}
