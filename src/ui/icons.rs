//! The side actions' icons: line drawings in a box of 24 units (round ends, one stroke width),
//! drawn by tiny-skia into small white images at start and tinted with the theme's ink where they
//! show. Made here, from code, so they follow the theme and need no files or licences.

use bevy::asset::RenderAssetUsages;
use bevy::platform::collections::HashMap;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use tiny_skia::{LineCap, LineJoin, Paint, PathBuilder, Pixmap, Stroke, Transform};

/// A side action's icon.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Icon {
    /// 悔棋: an arrow curving back.
    Undo,
    /// 重做: the same, forward.
    Redo,
    /// 提示: a light bulb.
    Hint,
    /// 分析: a line chart.
    Analysis,
    /// 求和: an equals sign in a ring.
    Draw,
    /// 复盘分析: a magnifying glass.
    Review,
    /// 保存局面: an arrow down into a tray.
    Save,
    /// 恢复局面: an arrow up out of a tray.
    Restore,
    /// 平面/立体: a cube.
    Flat,
    /// 视角复位: a target.
    ResetView,
}

impl Icon {
    pub(crate) const ALL: [Icon; 10] = [
        Icon::Undo,
        Icon::Redo,
        Icon::Hint,
        Icon::Analysis,
        Icon::Draw,
        Icon::Review,
        Icon::Save,
        Icon::Restore,
        Icon::Flat,
        Icon::ResetView,
    ];
}

/// Pixels along an icon image's side (drawn at twice the size it shows at most).
pub(crate) const ICON_PX: u32 = 48;

/// The lines of `icon` in its 24-unit box.
fn path(icon: Icon) -> Option<tiny_skia::Path> {
    let mut pb = PathBuilder::new();
    let line = |pb: &mut PathBuilder, points: &[(f32, f32)]| {
        if let Some((&(x, y), rest)) = points.split_first() {
            pb.move_to(x, y);
            for &(x, y) in rest {
                pb.line_to(x, y);
            }
        }
    };
    let circle = |pb: &mut PathBuilder, x: f32, y: f32, r: f32| {
        if let Some(c) = PathBuilder::from_circle(x, y, r) {
            pb.push_path(&c);
        }
    };
    match icon {
        Icon::Undo | Icon::Redo => {
            let m = |x: f32| if icon == Icon::Redo { 24.0 - x } else { x };
            pb.move_to(m(19.0), 19.0);
            pb.cubic_to(m(19.0), 10.0, m(13.0), 8.0, m(6.0), 9.5);
            line(&mut pb, &[(m(10.0), 5.0), (m(6.0), 9.5), (m(10.5), 13.5)]);
        }
        Icon::Hint => {
            pb.move_to(9.0, 15.5);
            pb.cubic_to(5.0, 12.5, 6.0, 3.5, 12.0, 3.5);
            pb.cubic_to(18.0, 3.5, 19.0, 12.5, 15.0, 15.5);
            line(
                &mut pb,
                &[(15.0, 15.5), (15.0, 17.5), (9.0, 17.5), (9.0, 15.5)],
            );
            line(&mut pb, &[(10.0, 20.5), (14.0, 20.5)]);
        }
        Icon::Analysis => {
            line(&mut pb, &[(3.0, 20.5), (21.0, 20.5)]);
            line(
                &mut pb,
                &[(3.5, 16.0), (8.5, 10.0), (12.5, 13.5), (20.0, 5.0)],
            );
        }
        Icon::Draw => {
            circle(&mut pb, 12.0, 12.0, 9.0);
            line(&mut pb, &[(8.0, 10.0), (16.0, 10.0)]);
            line(&mut pb, &[(8.0, 14.0), (16.0, 14.0)]);
        }
        Icon::Review => {
            circle(&mut pb, 10.0, 10.0, 6.0);
            line(&mut pb, &[(14.5, 14.5), (20.5, 20.5)]);
        }
        Icon::Save | Icon::Restore => {
            line(
                &mut pb,
                &[(4.0, 14.0), (4.0, 20.0), (20.0, 20.0), (20.0, 14.0)],
            );
            line(&mut pb, &[(12.0, 3.5), (12.0, 15.0)]);
            if icon == Icon::Save {
                line(&mut pb, &[(8.0, 11.0), (12.0, 15.0), (16.0, 11.0)]);
            } else {
                line(&mut pb, &[(8.0, 7.5), (12.0, 3.5), (16.0, 7.5)]);
            }
        }
        Icon::Flat => {
            line(
                &mut pb,
                &[
                    (12.0, 3.0),
                    (20.0, 7.5),
                    (20.0, 16.5),
                    (12.0, 21.0),
                    (4.0, 16.5),
                    (4.0, 7.5),
                    (12.0, 3.0),
                ],
            );
            line(&mut pb, &[(4.0, 7.5), (12.0, 12.0), (20.0, 7.5)]);
            line(&mut pb, &[(12.0, 12.0), (12.0, 21.0)]);
        }
        Icon::ResetView => {
            circle(&mut pb, 12.0, 12.0, 7.0);
            circle(&mut pb, 12.0, 12.0, 1.2);
            for (a, b) in [
                ((12.0, 2.0), (12.0, 6.0)),
                ((12.0, 18.0), (12.0, 22.0)),
                ((2.0, 12.0), (6.0, 12.0)),
                ((18.0, 12.0), (22.0, 12.0)),
            ] {
                line(&mut pb, &[a, b]);
            }
        }
    }
    pb.finish()
}

/// `icon` drawn white on clear, `px` pixels square (premultiplied RGBA).
#[must_use]
pub(crate) fn draw(icon: Icon, px: u32) -> Option<Pixmap> {
    let mut pixmap = Pixmap::new(px, px)?;
    let mut paint = Paint::default();
    paint.set_color_rgba8(255, 255, 255, 255);
    paint.anti_alias = true;
    let stroke = Stroke {
        width: 2.0,
        line_cap: LineCap::Round,
        line_join: LineJoin::Round,
        ..Stroke::default()
    };
    let scale = px as f32 / 24.0;
    pixmap.stroke_path(
        &path(icon)?,
        &paint,
        &stroke,
        Transform::from_scale(scale, scale),
        None,
    );
    Some(pixmap)
}

/// Every icon's image.
#[derive(Resource)]
pub(crate) struct Icons(pub(crate) HashMap<Icon, Handle<Image>>);

impl FromWorld for Icons {
    fn from_world(world: &mut World) -> Icons {
        let Some(mut images) = world.get_resource_mut::<Assets<Image>>() else {
            return Icons(HashMap::default());
        };
        let mut icons = HashMap::default();
        for icon in Icon::ALL {
            let Some(pixmap) = draw(icon, ICON_PX) else {
                continue;
            };
            let image = Image::new(
                Extent3d {
                    width: ICON_PX,
                    height: ICON_PX,
                    depth_or_array_layers: 1,
                },
                TextureDimension::D2,
                pixmap.take(),
                TextureFormat::Rgba8UnormSrgb,
                RenderAssetUsages::RENDER_WORLD,
            );
            icons.insert(icon, images.add(image));
        }
        Icons(icons)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_icon_is_drawn_and_no_two_are_alike() {
        let drawn: Vec<(Icon, Vec<bool>)> = Icon::ALL
            .iter()
            .map(|&icon| {
                let p = draw(icon, 48).expect("drawn");
                (icon, p.pixels().iter().map(|c| c.alpha() > 128).collect())
            })
            .collect();
        for (i, (icon, mask)) in drawn.iter().enumerate() {
            let ink = mask.iter().filter(|&&m| m).count();
            assert!(
                ink > 48 * 48 / 20 && ink < 48 * 48 / 2,
                "{icon:?}: {ink} pixels"
            );
            for (other, theirs) in &drawn[..i] {
                let differ = mask.iter().zip(theirs).filter(|(a, b)| a != b).count();
                assert!(
                    differ > 60,
                    "{icon:?} and {other:?} differ in {differ} pixels"
                );
            }
        }
    }
}
