//! The material balance at a glance: over the tray of the side ahead, the points it has won
//! (`+5.5`), following the camera; nothing when the captures are even.

use bevy::prelude::*;
use xiangqi::Color as Side;

use crate::core::pieces::{Palette, Taken, material_balance, tray};
use crate::ui::theme::{BLACK_INK_LIGHT, RED_INK_LIGHT, UiFont, font, size};

/// The balance label over the tray of `0`'s captures.
#[derive(Component, Clone, Copy, Debug)]
pub(crate) struct BalanceLabel(Side);

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn);
    app.add_systems(Update, show.in_set(super::UiSet::Show));
}

fn spawn(mut commands: Commands, ui: Res<UiFont>) {
    for side in [Side::Red, Side::Black] {
        let color = match side {
            Side::Red => RED_INK_LIGHT,
            Side::Black => BLACK_INK_LIGHT,
        };
        commands.spawn((
            BalanceLabel(side),
            Text::new(""),
            font(&ui, size::HEADING),
            TextColor(color),
            TextShadow::default(),
            Node {
                position_type: PositionType::Absolute,
                ..default()
            },
        ));
    }
}

/// The balance from the pieces taken; each label beyond the end of its tray where the first
/// taken pieces lie, where the camera shows it.
fn show(
    taken: Query<&Taken, Without<Palette>>,
    cameras: Query<(&Camera, &GlobalTransform), With<Camera3d>>,
    mut labels: Query<(&BalanceLabel, &mut Text, &mut Node)>,
    scale: Res<UiScale>,
) {
    let balance = material_balance(taken.iter().map(|t| t.piece));
    let Ok((camera, at)) = cameras.single() else {
        return;
    };
    for (label, mut text, mut node) in &mut labels {
        let ahead = match label.0 {
            Side::Red => balance,
            Side::Black => -balance,
        };
        let words = if ahead > 0 {
            let points = ahead as f32 / 2.0;
            if ahead % 2 == 0 {
                format!("+{points:.0}")
            } else {
                format!("+{points:.1}")
            }
        } else {
            String::new()
        };
        if text.0 != words {
            text.0 = words;
        }
        let (centre, size) = tray(label.0);
        // A little beyond the tray's end where its first taken pieces lie.
        let far = centre + Vec3::Z * (size.y / 2.0 + 0.5) * centre.z.signum();
        let Ok(screen) = camera.world_to_viewport(at, far) else {
            continue;
        };
        // The viewport is in logical pixels, the interface in them over its scale.
        let screen = screen / scale.0.max(0.01);
        let (left, top) = (px(screen.x - 18.0), px(screen.y - 14.0));
        if node.left != left || node.top != top {
            node.left = left;
            node.top = top;
        }
    }
}
