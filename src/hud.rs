//! Text and buttons over the board: whose turn it is, the computer thinking, the 将军! cue, the
//! game's end with its reason, and buttons for a new game, sound and the view.

use bevy::prelude::*;
use xiangqi::{Color as Side, DrawReason, Outcome, WinReason};

use crate::ai::Thinking;
use crate::audio::{Sound, ToggleSound};
use crate::camera::ResetView;
use crate::game::{BoardReset, CoreSet, Game, MovePlayed, MoveRefused, NewGame, Players};

/// The font for every text (a subset of Noto Sans CJK SC with the characters the game shows).
#[derive(Resource, Clone)]
pub struct UiFont(pub Handle<Font>);

/// `side` in Chinese.
#[must_use]
pub fn side_name(side: Side) -> &'static str {
    match side {
        Side::Red => "红方",
        Side::Black => "黑方",
    }
}

/// The result and its reason in Chinese, e.g. `红方胜（绝杀）`.
#[must_use]
pub fn outcome_text(outcome: Outcome) -> String {
    match outcome {
        Outcome::Win { winner, reason } => {
            let why = match reason {
                WinReason::Checkmate => "绝杀",
                WinReason::Stalemate => "困毙",
                WinReason::PerpetualCheck => "对方长将判负",
                WinReason::PerpetualChase => "对方长捉判负",
                WinReason::Resignation => "对方认输",
            };
            format!("{}胜（{why}）", side_name(winner))
        }
        Outcome::Draw { reason } => {
            let why = match reason {
                DrawReason::Repetition => "重复局面",
                DrawReason::NoCaptureLimit => "六十回合无吃子",
                DrawReason::NoAttackingPieces => "双方无进攻子力",
                DrawReason::Agreement => "双方议和",
            };
            format!("和棋（{why}）")
        }
    }
}

/// The status line.
#[derive(Component)]
struct StatusText;

/// The big cue in the middle (将军!, the result).
#[derive(Component)]
struct Banner {
    /// Seconds left to show it (`f32::INFINITY`: until the next game).
    left: f32,
}

/// A short line under the status (a refused move).
#[derive(Component)]
struct NoticeText {
    left: f32,
}

/// What a HUD button does.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
enum HudButton {
    NewGame(Players),
    Sound,
    ResetView,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_hud);
    app.add_systems(
        Update,
        (press_buttons, update_status, show_cues, fade)
            .chain()
            .after(CoreSet::Views),
    );
}

fn text_font(font: &UiFont, size: f32) -> TextFont {
    TextFont {
        font: font.0.clone().into(),
        font_size: FontSize::Px(size),
        ..default()
    }
}

fn spawn_hud(mut commands: Commands, assets: Res<AssetServer>) {
    let font = UiFont(assets.load("fonts/chuhan-sans.otf"));
    commands.insert_resource(font.clone());
    // Status, top left.
    commands
        .spawn(Node {
            position_type: PositionType::Absolute,
            left: px(16),
            top: px(12),
            flex_direction: FlexDirection::Column,
            row_gap: px(4),
            ..default()
        })
        .with_children(|c| {
            c.spawn((
                StatusText,
                Text::new(""),
                text_font(&font, 26.0),
                TextColor(Color::srgb(0.98, 0.94, 0.85)),
                TextShadow::default(),
            ));
            c.spawn((
                NoticeText { left: 0.0 },
                Text::new(""),
                text_font(&font, 20.0),
                TextColor(Color::srgb(1.0, 0.55, 0.45)),
                TextShadow::default(),
            ));
        });
    // The banner, centred near the top.
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
                text_font(&font, 64.0),
                TextColor(Color::srgb(0.95, 0.2, 0.12)),
                TextShadow {
                    offset: Vec2::splat(3.0),
                    ..default()
                },
            ));
        });
    // Buttons, bottom left.
    let buttons = [
        (HudButton::NewGame(Players::HUMAN_RED), "执红新局"),
        (HudButton::NewGame(Players::HUMAN_BLACK), "执黑新局"),
        (HudButton::NewGame(Players::TWO_PLAYERS), "双人对弈"),
        (HudButton::Sound, "音效：开"),
        (HudButton::ResetView, "视角复位"),
    ];
    commands
        .spawn(Node {
            position_type: PositionType::Absolute,
            left: px(16),
            bottom: px(16),
            flex_direction: FlexDirection::Column,
            row_gap: px(8),
            ..default()
        })
        .with_children(|c| {
            for (action, label) in buttons {
                c.spawn((
                    action,
                    Button,
                    Node {
                        padding: UiRect::axes(px(14), px(6)),
                        justify_content: JustifyContent::Center,
                        border_radius: BorderRadius::all(px(6)),
                        ..default()
                    },
                    BackgroundColor(Color::srgba(0.16, 0.09, 0.05, 0.85)),
                ))
                .with_child((
                    Text::new(label),
                    text_font(&font, 20.0),
                    TextColor(Color::srgb(0.98, 0.92, 0.80)),
                ));
            }
        });
}

fn press_buttons(
    buttons: Query<(&Interaction, &HudButton, &Children), Changed<Interaction>>,
    mut colors: Query<(&Interaction, &mut BackgroundColor), With<HudButton>>,
    mut texts: Query<&mut Text>,
    sound: Res<Sound>,
    mut new_games: MessageWriter<NewGame>,
    mut toggles: MessageWriter<ToggleSound>,
    mut views: MessageWriter<ResetView>,
) {
    for (interaction, action, children) in &buttons {
        if *interaction != Interaction::Pressed {
            continue;
        }
        match action {
            HudButton::NewGame(players) => {
                new_games.write(NewGame::standard(*players));
            }
            HudButton::Sound => {
                toggles.write(ToggleSound);
                // The label shows the state after this press.
                if let Some(mut text) = children.first().and_then(|c| texts.get_mut(*c).ok()) {
                    text.0 = if sound.on { "音效：关" } else { "音效：开" }.into();
                }
            }
            HudButton::ResetView => {
                views.write(ResetView);
            }
        }
    }
    for (interaction, mut color) in &mut colors {
        let alpha = match interaction {
            Interaction::Pressed => 1.0,
            Interaction::Hovered => 0.95,
            Interaction::None => 0.8,
        };
        let lightness = if *interaction == Interaction::None { 0.16 } else { 0.32 };
        color.0 = Color::srgba(lightness, lightness * 0.56, lightness * 0.3, alpha);
    }
}

/// The status line: the result, or whose turn it is and what the computer is doing.
fn update_status(
    game: Res<Game>,
    thinking: Res<Thinking>,
    mut status: Query<&mut Text, With<StatusText>>,
) {
    let line = if let Some(outcome) = game.record.outcome() {
        format!("对局结束：{}", outcome_text(outcome))
    } else {
        let side = game.record.position().side_to_move();
        let mut line = format!("{}走棋", side_name(side));
        if thinking.is_thinking() {
            line.push_str(" · 电脑思考中");
            if let Some(p) = thinking.progress() {
                line.push_str(&format!("（深度 {}，评分 {:+}）", p.depth, p.score));
            }
        }
        line
    };
    for mut text in &mut status {
        if text.0 != line {
            text.0.clone_from(&line);
        }
    }
}

/// 将军! after a checking move, the result when the game ends, a note when a move is refused.
fn show_cues(
    game: Res<Game>,
    mut played: MessageReader<MovePlayed>,
    mut refused: MessageReader<MoveRefused>,
    mut resets: MessageReader<BoardReset>,
    mut banners: Query<(&mut Text, &mut Banner, &mut TextColor), Without<NoticeText>>,
    mut notices: Query<(&mut Text, &mut NoticeText), Without<Banner>>,
) {
    let checked = played.read().last().map(|m| m.check);
    let reset = resets.read().count() > 0;
    let (text, left, color) = if let Some(outcome) = game.record.outcome()
        && (checked.is_some() || reset)
    {
        (
            outcome_text(outcome),
            f32::INFINITY,
            Color::srgb(1.0, 0.85, 0.3),
        )
    } else if checked == Some(true) {
        ("将军！".to_owned(), 1.4, Color::srgb(0.95, 0.2, 0.12))
    } else if reset {
        (String::new(), 0.0, Color::WHITE)
    } else {
        (String::new(), -1.0, Color::WHITE)
    };
    if left >= 0.0 {
        for (mut t, mut banner, mut c) in &mut banners {
            t.0.clone_from(&text);
            banner.left = left;
            c.0 = color;
        }
    }
    if let Some(r) = refused.read().last() {
        let why = match &r.error {
            xiangqi::PlayError::GameOver(_) => "对局已结束".to_owned(),
            xiangqi::PlayError::Illegal(_) => format!("不能这样走：{}", r.mv),
        };
        for (mut t, mut notice) in &mut notices {
            t.0.clone_from(&why);
            notice.left = 2.0;
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

    #[test]
    fn outcomes_read_in_chinese() {
        let mate = Outcome::Win {
            winner: Side::Red,
            reason: WinReason::Checkmate,
        };
        assert_eq!(outcome_text(mate), "红方胜（绝杀）");
        let draw = Outcome::Draw {
            reason: DrawReason::NoCaptureLimit,
        };
        assert_eq!(outcome_text(draw), "和棋（六十回合无吃子）");
    }
}
