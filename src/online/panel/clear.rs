//! The game bar keeps clear of the pieces taken. It sits in the left column, over the far end of
//! the left-hand tray, where the first pieces the opponent takes lie (for either side: the view
//! turns with the player), so it narrows to end left of every taken piece and balance label
//! beside it, down to [`NARROWEST`]; with nothing beside it, it has its full width again.

use bevy::prelude::*;

use super::GameBar;
use crate::core::geometry::RADIUS;
use crate::core::pieces::{Palette, Taken, taken_position};
use crate::ui::trays::BalanceLabel;

/// The bar's width with nothing beside it, in interface pixels.
pub(super) const WIDEST: f32 = 290.0;
/// It never gets narrower than this, whatever lies beside it.
const NARROWEST: f32 = 180.0;
/// Space kept between the bar and what it keeps clear of.
const GAP: f32 = 6.0;

/// The bar's width, from its left edge and its top and bottom, that ends left of each of
/// `things` (screen rectangles, in interface pixels) lying across its rows and right of its left
/// edge.
fn clear_width(left: f32, top: f32, bottom: f32, things: impl IntoIterator<Item = Rect>) -> f32 {
    let end = things
        .into_iter()
        .filter(|r| r.max.y > top && r.min.y < bottom && r.max.x > left)
        .map(|r| r.min.x - GAP)
        .fold(left + WIDEST, f32::min);
    (end - left).clamp(NARROWEST, WIDEST)
}

fn px_of(v: Val) -> Option<f32> {
    match v {
        Val::Px(p) => Some(p),
        _ => None,
    }
}

/// Each frame the bar shows: the taken pieces where they come to rest (not where they glide, so
/// the bar does not follow a piece on its way) and the balance labels, as the camera shows them.
pub(super) fn keep_clear(
    taken: Query<&Taken, Without<Palette>>,
    labels: Query<(&Node, &ComputedNode, &Text), (With<BalanceLabel>, Without<GameBar>)>,
    cameras: Query<(&Camera, &GlobalTransform), With<Camera3d>>,
    mut bars: Query<(&mut Node, &ComputedNode), With<GameBar>>,
    scale: Res<UiScale>,
) {
    let Ok((mut bar, computed)) = bars.single_mut() else {
        return;
    };
    if bar.display == Display::None {
        return;
    }
    let (Some(left), Some(top)) = (px_of(bar.left), px_of(bar.top)) else {
        return;
    };
    let Ok((camera, at)) = cameras.single() else {
        return;
    };
    let ui = scale.0.max(0.01);
    let bottom = top + computed.size().y * computed.inverse_scale_factor();
    let pieces = taken.iter().filter_map(|t| {
        let centre = taken_position(t.piece, t.slot);
        let c = camera.world_to_viewport(at, centre).ok()? / ui;
        let edge = camera
            .world_to_viewport(at, centre + Vec3::X * RADIUS)
            .ok()?
            / ui;
        let r = c.distance(edge);
        Some(Rect::from_center_half_size(c, Vec2::splat(r)))
    });
    let words = labels
        .iter()
        .filter(|(_, _, t)| !t.0.is_empty())
        .filter_map(|(n, c, _)| {
            let corner = Vec2::new(px_of(n.left)?, px_of(n.top)?);
            let size = c.size() * c.inverse_scale_factor();
            Some(Rect::from_corners(corner, corner + size))
        });
    let width = clear_width(left, top, bottom, pieces.chain(words));
    if px_of(bar.width).is_none_or(|w| (w - width).abs() >= 1.0) {
        bar.width = px(width);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LEFT: f32 = 14.0;

    #[test]
    fn full_width_with_nothing_beside_it() {
        assert_eq!(clear_width(LEFT, 128.0, 236.0, []), WIDEST);
        // Below the bar, above it, or left of its edge: nothing to keep clear of.
        let below = Rect::new(250.0, 240.0, 300.0, 280.0);
        let above = Rect::new(250.0, 60.0, 300.0, 120.0);
        let behind = Rect::new(-40.0, 150.0, 10.0, 200.0);
        assert_eq!(
            clear_width(LEFT, 128.0, 236.0, [below, above, behind]),
            WIDEST
        );
    }

    #[test]
    fn ends_left_of_a_piece_across_its_rows() {
        // The first piece taken, as a 1280x720 window shows it at the tray's far end.
        let piece = Rect::new(293.0, 152.0, 337.0, 196.0);
        assert_eq!(clear_width(LEFT, 128.0, 236.0, [piece]), 293.0 - GAP - LEFT);
        // The nearest of several decides.
        let next = Rect::new(280.0, 188.0, 326.0, 232.0);
        assert_eq!(
            clear_width(LEFT, 128.0, 236.0, [piece, next]),
            280.0 - GAP - LEFT
        );
    }

    #[test]
    fn never_narrower_than_its_least() {
        let close = Rect::new(60.0, 150.0, 100.0, 190.0);
        assert_eq!(clear_width(LEFT, 128.0, 236.0, [close]), NARROWEST);
    }
}
