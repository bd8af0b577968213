//! The move list beside the board: the moves around the current one; in replay a click on a move
//! jumps there.

use crate::ui::docking::Docked;
use bevy::prelude::*;

use crate::core::commands::Command;
use crate::core::game::Game;
use crate::core::move_list::{BranchText, MoveList};
use crate::core::phase::Phase;
use crate::core::replay::Step;
use crate::core::settings::Settings;
use crate::ui::actions::KeepColor;
use crate::ui::actions::send;
use crate::ui::text::{Key, tr};
use crate::ui::theme::*;

#[derive(Component)]
struct MoveListRows;

/// A row of the list: a pair of moves (its number and cells), or an alternative to one of them.
enum Row<'a> {
    Pair(usize, &'a [Option<usize>]),
    Branch(&'a BranchText),
}

/// Rows of the move list shown at once.
const LIST_ROWS: usize = 22;

/// Rows of the move list's panel that another panel takes at its bottom (the analysis's lines,
/// set by the analysis).
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ListRoom {
    /// The rows taken.
    pub(crate) taken: usize,
}

/// Signs other features give the moves (the review's ?!, ?, ??, !!), by move index; the player's
/// own marks in the record come first.
#[derive(Resource, Default, Clone, Debug, PartialEq, Eq)]
pub(crate) struct ListSigns(pub(crate) Vec<&'static str>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ListRoom>();
    app.init_resource::<ListSigns>();
    app.add_systems(Startup, spawn);
    app.add_systems(Update, show_move_list.in_set(super::UiSet::Show));
}

pub(super) fn spawn(mut commands: Commands, ui: Res<UiFont>) {
    let ui = ui.clone();
    // The move list, right.
    commands
        .spawn((
            Docked::Column,
            Node {
                position_type: PositionType::Absolute,
                right: px(0),
                top: px(36),
                bottom: px(0),
                width: LIST_WIDTH,
                flex_direction: FlexDirection::Column,
                padding: UiRect::all(px(8)),
                row_gap: px(2),
                ..default()
            },
            BackgroundColor(LIST_BACKGROUND),
        ))
        .with_children(|c| {
            c.spawn((label(Key::Moves), font(&ui, size::LARGE), TextColor(INK)));
            c.spawn((
                MoveListRows,
                Node {
                    flex_direction: FlexDirection::Column,
                    row_gap: px(1),
                    ..default()
                },
            ));
        });
}

/// Rebuilds the move list rows around the current move.
fn show_move_list(
    mut commands: Commands,
    game: Res<Game>,
    list: Res<MoveList>,
    phase: Res<State<Phase>>,
    room: Res<ListRoom>,
    signs: Res<ListSigns>,
    settings: Res<Settings>,
    ui: Res<UiFont>,
    rows: Query<(Entity, Option<&Children>), With<MoveListRows>>,
) {
    if !game.is_changed()
        && !list.is_changed()
        && !phase.is_changed()
        && !settings.is_changed()
        && !room.is_changed()
        && !signs.is_changed()
    {
        return;
    }
    // Another panel's rows (the analysis's lines) take the bottom of the panel.
    let list_rows = LIST_ROWS.saturating_sub(room.taken).max(3);
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
        std::iter::once(None)
            .chain((0..texts.len()).map(Some))
            .collect()
    } else {
        (0..texts.len()).map(Some).collect()
    };
    // The rows: move pairs, each followed by the alternatives to its moves.
    let mut shown: Vec<Row> = Vec::new();
    let mut current_row = 0;
    for (row, pair) in cells.chunks(2).enumerate() {
        if pair.iter().flatten().any(|&i| i + 1 == ply) {
            current_row = shown.len();
        }
        shown.push(Row::Pair(row, pair));
        for b in &list.branches {
            if pair.iter().flatten().any(|&i| i == b.ply) {
                shown.push(Row::Branch(b));
            }
        }
    }
    let first = (current_row + 3)
        .saturating_sub(list_rows)
        .min(shown.len().saturating_sub(list_rows));
    let replay = *phase.get() == Phase::Replaying;
    let lang = settings.language;
    commands.entity(container).with_children(|c| {
        for entry in shown.iter().skip(first).take(list_rows) {
            let (row, pair) = match entry {
                Row::Pair(row, pair) => (*row, *pair),
                Row::Branch(b) => {
                    let key = if b.index == 0 {
                        Key::MainLine
                    } else {
                        Key::Variation
                    };
                    let mut e = c.spawn((
                        KeepColor,
                        Node {
                            margin: UiRect::left(px(30)),
                            max_width: px(180),
                            overflow: Overflow::clip(),
                            padding: UiRect::axes(px(4), px(0)),
                            border_radius: BorderRadius::all(px(3)),
                            ..default()
                        },
                        BackgroundColor(VARIATION),
                        children![(
                            Text::new(format!("{} {}", tr(key, lang), b.text)),
                            TextLayout::no_wrap(),
                            font(&ui, size::FINE),
                            TextColor(GOOD),
                        )],
                    ));
                    if replay {
                        e.insert((Button, send(Command::Step(Step::Variation(b.ply, b.index)))));
                    }
                    continue;
                }
            };
            c.spawn(Node {
                column_gap: px(6),
                align_items: AlignItems::Center,
                ..default()
            })
            .with_children(|r| {
                r.spawn((
                    Text::new(format!("{}.", row + 1)),
                    TextLayout::no_wrap(),
                    font(&ui, size::TEXT),
                    TextColor(INK_MUTED),
                    Node {
                        width: px(28),
                        ..default()
                    },
                ));
                for cell in pair {
                    let Some(i) = *cell else {
                        r.spawn(Node {
                            width: px(86),
                            ..default()
                        });
                        continue;
                    };
                    let current = i + 1 == ply;
                    // The player's own mark, else the review's (?!, ?, ??, !!); a commented
                    // move carries a dot.
                    let sign = game
                        .record
                        .mark(i + 1)
                        .map_or_else(|| signs.0.get(i).copied().unwrap_or(""), |m| m.sign());
                    let noted = if game.record.comment(i + 1).is_some_and(has_words) {
                        "·"
                    } else {
                        ""
                    };
                    let mut e = r.spawn((
                        KeepColor,
                        Node {
                            width: px(86),
                            padding: UiRect::axes(px(4), px(1)),
                            border_radius: BorderRadius::all(px(3)),
                            ..default()
                        },
                        BackgroundColor(if current { CURRENT } else { CLEAR }),
                        children![(
                            Text::new(format!("{}{sign}{noted}", texts[i])),
                            TextLayout::no_wrap(),
                            font(&ui, size::TEXT),
                            TextColor(if i < ply { INK } else { INK_FAINT }),
                        )],
                    ));
                    if replay {
                        e.insert((Button, send(Command::Step(Step::To(i + 1)))));
                    }
                }
            });
        }
    });
}

/// Whether a comment says something beyond PGN's commands (`[%clk 0:04:58]`, which every move of
/// an online game carries): only such comments earn a move its dot.
fn has_words(comment: &str) -> bool {
    !comment_words(comment).is_empty()
}

/// A comment as a player reads it: PGN's commands (`[%clk …]`, the review's `[%review …]`) left
/// out, the words between them joined by single spaces. An unclosed `[%` is words.
pub(crate) fn comment_words(comment: &str) -> String {
    let mut words = String::new();
    let mut rest = comment;
    while let Some(start) = rest.find("[%") {
        words.push_str(&rest[..start]);
        words.push(' ');
        match rest[start..].find(']') {
            Some(end) => rest = &rest[start + end + 1..],
            None => {
                rest = &rest[start..];
                break;
            }
        }
    }
    words.push_str(rest);
    words.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::{comment_words, has_words};

    #[test]
    fn a_comment_is_shown_without_its_commands() {
        assert_eq!(
            comment_words("[%clk 0:02:44] [%review best=h2e2 loss=35]"),
            ""
        );
        assert_eq!(comment_words("好棋 [%clk 0:04:58]"), "好棋");
        assert_eq!(
            comment_words("[%clk 0:04:58]  a\n blunder [%emt 0:00:03]"),
            "a blunder"
        );
        assert_eq!(comment_words("[%clk unclosed"), "[%clk unclosed");
    }

    #[test]
    fn clock_commands_alone_are_no_words() {
        assert!(!has_words("[%clk 0:04:58]"));
        assert!(!has_words(" [%clk 0:04:58] [%emt 0:00:03] "));
        assert!(has_words("好棋 [%clk 0:04:58]"));
        assert!(has_words("[%clk 0:04:58] a blunder"));
        assert!(has_words("[%clk unclosed"));
        assert!(has_words("plain words"));
    }
}
