//! The status line (whose move, the level, what the computer is doing), the notice line, and the
//! 将军! and result banner, fading when their time is up.

use bevy::prelude::*;

use crate::core::computer::Thinking;
use crate::core::game::{BoardReset, Game, MovePlayed};
use crate::core::notice::Notice;
use crate::core::phase::Phase;
use crate::core::settings::Settings;
use crate::ui::text::{self, Key};
use crate::ui::theme::*;

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

/// The last notice, kept to show it again in another language.
#[derive(Resource, Default)]
struct LastNotice(Option<crate::core::notice::NoticeKind>);

/// What features add to the status line while they work (the hint's search), by feature: the
/// words in Chinese and English.
#[derive(Resource, Default, Debug)]
pub(crate) struct StatusNotes(pub(crate) std::collections::BTreeMap<&'static str, Words>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LastNotice>();
    app.init_resource::<StatusNotes>();
    app.add_systems(Startup, spawn);
    app.add_systems(
        Update,
        (update_status, show_cues, fade)
            .chain()
            .in_set(super::UiSet::Show),
    );
}

pub(super) fn spawn(mut commands: Commands, ui: Res<UiFont>) {
    let ui = ui.clone();
    // Status and notice, top left under the bar. Words only: they lie over the board and the
    // pointer goes through them (a node takes clicks unless told not to), as through the banner.
    commands
        .spawn((
            Node {
                position_type: PositionType::Absolute,
                left: px(14),
                top: px(44),
                flex_direction: FlexDirection::Column,
                row_gap: px(4),
                max_width: px(560),
                ..default()
            },
            Pickable::IGNORE,
        ))
        .with_children(|c| {
            c.spawn((
                StatusText,
                Pickable::IGNORE,
                Text::new(""),
                font(&ui, size::TITLE),
                TextColor(INK),
                TextShadow::default(),
            ));
            c.spawn((
                NoticeText { left: 0.0 },
                Pickable::IGNORE,
                Text::new(""),
                font(&ui, size::BODY),
                TextColor(BAD),
                TextShadow::default(),
            ));
        });
    // The banner, a row across the middle of the board: 将军! stayed over it for seconds and took
    // the clicks meant for the points beneath (a player's move after a check was lost).
    commands
        .spawn((
            Node {
                position_type: PositionType::Absolute,
                width: percent(100),
                top: percent(38),
                justify_content: JustifyContent::Center,
                ..default()
            },
            Pickable::IGNORE,
        ))
        .with_children(|c| {
            c.spawn((
                Banner { left: 0.0 },
                Pickable::IGNORE,
                Text::new(""),
                font(&ui, size::BANNER),
                TextColor(ALERT),
                TextShadow {
                    offset: Vec2::splat(3.0),
                    ..default()
                },
            ));
        });
}

/// The status line: the result, or whose turn it is and what the computer is doing.
fn update_status(
    game: Res<Game>,
    phase: Res<State<Phase>>,
    thinking: Res<Thinking>,
    notes: Res<StatusNotes>,
    settings: Res<Settings>,
    mut status: Query<&mut Text, With<StatusText>>,
) {
    let lang = settings.language;
    let mut line = if let Some(outcome) = game.outcome() {
        text::outcome_text(outcome, lang)
    } else {
        text::to_move(game.record.position().side_to_move(), lang)
    };
    if *phase.get() == Phase::Editing {
        line = text::text(lang, "status-setting-up").to_owned();
    } else if *phase.get() == Phase::Replaying {
        line = format!(
            "{} {}/{} · {line}",
            text::tr(Key::Replay, lang),
            game.record.ply(),
            game.record.len()
        );
    } else if game.players.has_remote() {
        // An online game: no level; the players are in its panel.
        line.push_str(text::text(lang, "status-online"));
    } else if !crate::core::watched::watching(&game) {
        // A watched game's levels are in its bar.
        line.push_str(&format!(" · {}", text::level_name(settings.level, lang)));
    }
    // The rules this game is judged by (its own, which a loaded record may have brought).
    let rules = game.record.rulebook();
    let rules = text::Msg::new("status-rules").with("rules", text::Msg::new(text::rules_id(rules)));
    line.push_str(&format!(" · {}", rules.in_(lang)));
    if thinking.is_thinking() {
        line.push_str(&format!(" · {}", text::tr(Key::Thinking, lang)));
        if let Some(p) = thinking.progress() {
            line.push_str(&format!(" {} {:+}", p.depth, p.score));
        }
    }
    for words in notes.0.values() {
        line.push_str(&format!(" · {}", words.in_(lang)));
    }
    for mut text in &mut status {
        if text.0 != line {
            text.0.clone_from(&line);
        }
    }
}

/// 将军! after a checking move, the result when the game ends, notices.
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
        Some((text::outcome_text(outcome, lang), f32::INFINITY, ATTENTION))
    } else if checked == Some(true) {
        Some((text::tr(Key::Check, lang).to_owned(), 1.4, ALERT))
    } else if reset {
        Some((String::new(), 0.0, INK))
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
        let words = crate::ui::notices::notice_text(&kind, lang);
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The status line, the notice and the banner are words over the board: every node of them
    /// lets the pointer through to the points beneath.
    #[test]
    fn the_words_over_the_board_take_no_clicks() {
        let mut app = App::new();
        app.insert_resource(UiFont(Handle::default()))
            .add_systems(Update, spawn);
        app.update();
        let mut nodes = app.world_mut().query_filtered::<Entity, With<Node>>();
        let all: Vec<Entity> = nodes.iter(app.world()).collect();
        assert_eq!(all.len(), 5, "two rows and three texts");
        for e in all {
            let pickable = app.world().get::<Pickable>(e);
            assert!(
                pickable.is_some_and(|p| !p.should_block_lower && !p.is_hoverable),
                "{e} takes clicks"
            );
        }
    }
}
