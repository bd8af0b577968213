//! The analysis on screen: an evaluation bar beside the board (Red's share from the bottom, easing
//! towards the engine's score, mate shown as such) and the engine's lines under the move list.

use crate::ui::docking::Docked;
use bevy::prelude::*;

use crate::ui::menus::AppMenus;
use xiangqi::Position;
use xiangqi_engine::analysis::review::expected;
use xiangqi_engine::{ScoreKind, score_kind};

use crate::analysis::logic::{Analysis, ShownLine};
use crate::core::settings::Settings;
use crate::ui::text::Key;
use crate::ui::theme::*;

#[derive(Component)]
struct EvalBar;

#[derive(Component)]
struct RedShare;

#[derive(Component)]
struct EvalLabel;

#[derive(Component)]
struct LinesPanel;

#[derive(Component)]
struct LinesText;

/// Moves of a line shown.
const LINE_MOVES: usize = 8;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        take_list_rows.run_if(resource_changed::<crate::analysis::logic::Analysis>),
    );
    app.add_menu_entry(
        crate::ui::menus::MenuEntry::new(
            crate::ui::menus::Place::Side,
            40,
            crate::ui::actions::send(crate::analysis::AnalysisRequest::Toggle),
            crate::ui::menus::EntryText::Key(crate::ui::text::Key::Analysis),
        )
        .with_icon(crate::ui::icons::Icon::Analysis),
    );
    app.add_systems(Startup, spawn);
    app.add_systems(
        Update,
        (show_lines, ease_bar).in_set(crate::ui::UiSet::Show),
    );
}

fn spawn(mut commands: Commands, ui: Res<UiFont>) {
    let ui = ui.clone();
    commands
        .spawn((
            EvalBar,
            Docked::Beside,
            Node {
                position_type: PositionType::Absolute,
                right: BESIDE_LIST,
                top: px(90),
                width: px(22),
                height: px(520),
                flex_direction: FlexDirection::ColumnReverse,
                border: UiRect::all(px(2)),
                border_radius: BorderRadius::all(px(4)),
                ..default()
            },
            BorderColor::all(EVAL_EDGE),
            BackgroundColor(EVAL_BLACK),
            Visibility::Hidden,
        ))
        .with_children(|b| {
            b.spawn((
                RedShare,
                Node {
                    width: percent(100),
                    height: percent(50),
                    ..default()
                },
                BackgroundColor(EVAL_RED),
            ));
        });
    commands.spawn((
        EvalLabel,
        Docked::Beside,
        Text::new(""),
        font(&ui, size::TEXT),
        TextColor(INK),
        Node {
            position_type: PositionType::Absolute,
            right: BESIDE_LIST,
            top: px(64),
            ..default()
        },
        Visibility::Hidden,
    ));
    commands
        .spawn((
            LinesPanel,
            Docked::Foot,
            Node {
                position_type: PositionType::Absolute,
                right: px(0),
                bottom: px(0),
                width: LIST_WIDTH,
                height: px(170),
                flex_direction: FlexDirection::Column,
                padding: UiRect::all(px(8)),
                row_gap: px(4),
                ..default()
            },
            BackgroundColor(PANEL_DEEP),
            Visibility::Hidden,
        ))
        .with_children(|c| {
            c.spawn((
                crate::ui::theme::label(Key::Analysis),
                font(&ui, size::BODY),
                TextColor(INK),
            ));
            c.spawn((
                LinesText,
                Text::new(""),
                font(&ui, size::SMALL),
                TextColor(INK),
            ));
        });
}

/// A score from Red's view as the bar and the lines write it: `+0.35`, `M5` (Red mates in 5),
/// `-M3` (Black mates in 3).
#[must_use]
pub fn score_text(red_score: i32) -> String {
    match score_kind(red_score) {
        ScoreKind::Cp(cp) => format!("{:+.2}", f64::from(cp) / 100.0),
        ScoreKind::Mate(n) if n > 0 => format!("M{n}"),
        ScoreKind::Mate(n) => format!("-M{}", -n),
    }
}

/// A line written out: depth, score, moves in `notation` from `pos`.
fn line_text(pos: &Position, line: &ShownLine, notation: xiangqi::notation::Notation) -> String {
    format!(
        "{} {}  {}",
        line.depth,
        score_text(line.red_score),
        pv_text(pos, &line.pv, notation, LINE_MOVES)
    )
}

/// The first `max` moves of `pv` from `pos` in `notation` (up to the first that does not fit).
#[must_use]
pub fn pv_text(
    pos: &Position,
    pv: &[xiangqi::Move],
    notation: xiangqi::notation::Notation,
    max: usize,
) -> String {
    let mut p = pos.clone();
    let mut moves = Vec::new();
    for &m in pv.iter().take(max) {
        let Ok(t) = notation.format(&p, m) else { break };
        moves.push(t);
        if p.play(m).is_err() {
            break;
        }
    }
    moves.join(" ")
}

type Shown<'a> = Or<(With<EvalBar>, With<EvalLabel>, With<LinesPanel>)>;

fn show_lines(
    analysis: Res<Analysis>,
    settings: Res<Settings>,
    mut parts: Query<&mut Visibility, Shown<'static>>,
    mut texts: Query<&mut Text, With<LinesText>>,
    mut label: Query<&mut Text, (With<EvalLabel>, Without<LinesText>)>,
) {
    if !analysis.is_changed() && !settings.is_changed() {
        return;
    }
    let vis = if analysis.shown {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    };
    for mut v in &mut parts {
        v.set_if_neq(vis);
    }
    let (Some(pos), true) = (analysis.position.as_ref(), analysis.shown) else {
        return;
    };
    let notation = settings.notation();
    let text: Vec<String> = analysis
        .lines
        .iter()
        .map(|l| line_text(pos, l, notation))
        .collect();
    for mut t in &mut texts {
        t.0 = text.join("\n");
    }
    for mut t in &mut label {
        t.0 = analysis.red_score().map(score_text).unwrap_or_default();
    }
}

/// Eases Red's share of the bar towards the evaluation (a quarter of the way each 1/20 s).
fn ease_bar(
    time: Res<Time>,
    analysis: Res<Analysis>,
    mut shares: Query<&mut Node, With<RedShare>>,
    mut shown: Local<f32>,
) {
    let goal = analysis
        .red_score()
        .map_or(50.0, |s| (expected(s) * 100.0) as f32);
    if *shown == 0.0 {
        *shown = 50.0;
    }
    if (goal - *shown).abs() < 0.05 {
        return;
    }
    let k = 1.0 - 0.75f32.powf(time.delta_secs() * 20.0);
    *shown += (goal - *shown) * k.clamp(0.0, 1.0);
    for mut n in &mut shares {
        n.height = percent(*shown);
    }
}

/// The analysis's lines take the bottom rows of the move list's panel while shown.
fn take_list_rows(
    analysis: Res<crate::analysis::logic::Analysis>,
    mut room: ResMut<crate::ui::move_list::ListRoom>,
) {
    let taken = if analysis.shown { 8 } else { 0 };
    if room.taken != taken {
        room.taken = taken;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_are_written_in_pawns_or_as_mates() {
        assert_eq!(score_text(35), "+0.35");
        assert_eq!(score_text(-120), "-1.20");
        assert_eq!(score_text(xiangqi_engine::MATE - 9), "M5");
        assert_eq!(score_text(-xiangqi_engine::MATE + 6), "-M3");
    }
}
