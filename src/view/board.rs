//! The board on the table: wood, grid, river, palace lines, and the lights.

use bevy::prelude::*;

use crate::core::geometry::SPACING;

/// The writing in the river (turned to face the player at the bottom).
#[derive(Component)]
pub struct RiverText;

/// The board's playing surface (clicks on it pick the nearest point).
#[derive(Component)]
pub struct BoardSurface;

/// The board's materials, restyled in place by the themes.
#[derive(Resource, Clone)]
pub(crate) struct BoardMaterials {
    /// The playing surface.
    pub(crate) wood: Handle<StandardMaterial>,
    /// The wood's grain texture (2048 texels and its mipmaps), on high.
    pub(crate) grain: Handle<Image>,
    /// The same at 512 without mipmaps, on low.
    pub(crate) grain_small: Handle<Image>,
    /// The table (the grain repeated as planks).
    pub(crate) table: Handle<StandardMaterial>,
    /// The paper board's sheet (1024 texels and its mipmaps), on high.
    pub(crate) paper: Handle<Image>,
    /// The same at 512 without mipmaps, on low.
    pub(crate) paper_small: Handle<Image>,
    /// The lines.
    pub(crate) ink: Handle<StandardMaterial>,
    /// The river's writing.
    pub(crate) river: Handle<StandardMaterial>,
    /// The trays' floors.
    pub(crate) tray: Handle<StandardMaterial>,
    /// The trays' rims and the board's frame.
    pub(crate) rim: Handle<StandardMaterial>,
    /// The lines engraved: a normal map of the playing surface, drawn when high is first shown.
    pub(crate) engraving: Option<Handle<Image>>,
    /// 楚河 汉界 engraved: a normal map of the river's writing (it turns with the writing).
    pub(crate) river_engraving: Option<Handle<Image>>,
}

/// The tray that holds the pieces a side took.
#[derive(Component, Clone, Copy, Debug)]
pub struct Tray(pub xiangqi::Color);

/// The table under the board (dragging on it turns the view).
#[derive(Component)]
pub struct Table;

/// The playing surface: the board's top, as big as the board.
pub const BOARD_SIZE: Vec2 = Vec2::new(10.0, 11.0);
/// The engraving's pixels along the board's width (its height in proportion).
pub(crate) const ENGRAVING_PX: usize = 1024;
/// The frame round the board's top: its width and how high it stands.
const FRAME: Vec2 = Vec2::new(0.16, 0.05);

/// The table's colour; on low graphics the table is not drawn and the window is cleared to it
/// (an unlit table looks much the same, and the software renderer spends more on its large,
/// clipped faces than on the rest of the scene).
pub const TABLE_COLOR: Color = Color::srgb(0.20, 0.11, 0.07);

/// The table top: a slab of dark polished rosewood under the board and the trays, with the room
/// round it (its edge in view behind the board).
const TABLE_SIZE: Vec3 = Vec3::new(21.0, 0.5, 16.5);
/// How many times the grain repeats along and across the top (planks).
const TABLE_GRAIN: Vec2 = Vec2::new(2.0, 3.0);
/// Where the tea cup stands: the far left corner, clear of the trays and the panels.
const TEA_CUP: Vec3 = Vec3::new(-8.4, -0.3, -5.6);

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_board);
}

/// Width of the ink lines.
const INK_WIDTH: f32 = 0.04;

/// Every ink line of the board as one flat mesh just above the surface: a quad per line, each a
/// little longer than its segment so that corners close.
#[must_use]
pub fn ink_mesh(lines: &[(Vec2, Vec2)]) -> Mesh {
    use bevy::asset::RenderAssetUsages;
    use bevy::mesh::{Indices, PrimitiveTopology};
    let mut positions = Vec::with_capacity(lines.len() * 4);
    let mut indices = Vec::with_capacity(lines.len() * 6);
    for &(a, b) in lines {
        let along = (b - a).normalize_or_zero() * (INK_WIDTH / 2.0);
        let across = along.perp();
        let base = positions.len() as u32;
        for p in [
            a - along - across,
            b + along - across,
            b + along + across,
            a - along + across,
        ] {
            positions.push([p.x, 0.005, p.y]);
        }
        // `across` is `along` turned left, so this winding faces up whichever way the line runs.
        indices.extend([base, base + 2, base + 1, base, base + 3, base + 2]);
    }
    let normals = vec![[0.0, 1.0, 0.0]; positions.len()];
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::default(),
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, normals)
    .with_inserted_indices(Indices::U32(indices))
}

/// Every ink line of the board, as segments in world x/z: ranks, files (the inner files stop at
/// the river), palace diagonals, and the small corner marks of the cannon and pawn points.
#[must_use]
pub fn board_lines() -> Vec<(Vec2, Vec2)> {
    let at = |file: f32, rank: f32| Vec2::new((file - 4.0) * SPACING, (4.5 - rank) * SPACING);
    let mut lines = Vec::new();
    for r in 0..10 {
        lines.push((at(0.0, r as f32), at(8.0, r as f32)));
    }
    for f in 0..9 {
        let f = f as f32;
        if f == 0.0 || f == 8.0 {
            lines.push((at(f, 0.0), at(f, 9.0)));
        } else {
            lines.push((at(f, 0.0), at(f, 4.0)));
            lines.push((at(f, 5.0), at(f, 9.0)));
        }
    }
    for (r0, r1) in [(0.0, 2.0), (7.0, 9.0)] {
        lines.push((at(3.0, r0), at(5.0, r1)));
        lines.push((at(5.0, r0), at(3.0, r1)));
    }
    // Position marks: an L in each quarter around the point, none past the board's edge.
    let (gap, len) = (0.08 * SPACING, 0.2 * SPACING);
    let cannons = [(1, 2), (7, 2), (1, 7), (7, 7)];
    let pawns = [0, 2, 4, 6, 8].into_iter().flat_map(|f| [(f, 3), (f, 6)]);
    for (f, r) in cannons.into_iter().chain(pawns) {
        let c = at(f as f32, r as f32);
        for (sx, sz) in [(-1.0f32, -1.0f32), (-1.0, 1.0), (1.0, -1.0), (1.0, 1.0)] {
            if (f == 0 && sx < 0.0) || (f == 8 && sx > 0.0) {
                continue;
            }
            let corner = c + Vec2::new(sx * gap, sz * gap);
            lines.push((corner, corner + Vec2::new(sx * len, 0.0)));
            lines.push((corner, corner + Vec2::new(0.0, sz * len)));
        }
    }
    lines
}

/// The asset path of a mipmapped texture's small copy (its level of 512 alone, for low).
fn small(name: &str) -> String {
    format!(
        "{}#{}",
        crate::view::assets::path(name),
        crate::view::assets::SMALL
    )
}

fn spawn_board(
    mut commands: Commands,
    assets: Res<AssetServer>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    use crate::view::assets::path;
    // Wood with grain (made by tools/make_textures.py), oiled: a soft sheen.
    // Repeated (the table's planks), with its mipmaps, on high; on low its level of 512 alone
    // (what low drew before the wood grew).
    let grain = assets
        .load_builder()
        .with_settings(|s: &mut bevy::image::ImageLoaderSettings| {
            s.sampler =
                bevy::image::ImageSampler::Descriptor(bevy::image::ImageSamplerDescriptor {
                    address_mode_u: bevy::image::ImageAddressMode::Repeat,
                    address_mode_v: bevy::image::ImageAddressMode::Repeat,
                    ..bevy::image::ImageSamplerDescriptor::linear()
                });
        })
        .load(path("textures/board-wood.mip.png"));
    let grain_small = assets.load(small("textures/board-wood.mip.png"));
    let wood = materials.add(StandardMaterial {
        base_color_texture: Some(grain.clone()),
        // A warm tint over the texture.
        base_color: Color::srgb(0.93, 0.85, 0.76),
        perceptual_roughness: 0.72,
        reflectance: 0.25,
        ..default()
    });
    // The lines darken the wood under them (multiplied), so its grain shows through the ink.
    let ink = materials.add(StandardMaterial {
        base_color: Color::srgb(0.22, 0.13, 0.07),
        alpha_mode: AlphaMode::Multiply,
        unlit: true,
        ..default()
    });
    // The table: the board's grain, repeated as planks, dark and polished.
    let table = materials.add(StandardMaterial {
        base_color_texture: Some(grain.clone()),
        base_color: Color::srgb(0.42, 0.22, 0.14),
        uv_transform: bevy::math::Affine2::from_scale(TABLE_GRAIN),
        perceptual_roughness: 0.38,
        reflectance: 0.35,
        clearcoat: 0.5,
        clearcoat_perceptual_roughness: 0.25,
        ..default()
    });
    commands.spawn((
        Table,
        Mesh3d(meshes.add(Cuboid::from_size(TABLE_SIZE))),
        MeshMaterial3d(table.clone()),
        Transform::from_xyz(0.0, -0.3 - TABLE_SIZE.y / 2.0, 0.0),
    ));
    // A cup of tea on its saucer, turned like the pieces: white porcelain, the tea dark amber.
    let porcelain = materials.add(StandardMaterial {
        base_color: Color::srgb(0.94, 0.93, 0.89),
        perceptual_roughness: 0.18,
        reflectance: 0.5,
        clearcoat: 0.8,
        ..default()
    });
    let tea = materials.add(StandardMaterial {
        base_color: Color::srgb(0.36, 0.17, 0.04),
        perceptual_roughness: 0.05,
        reflectance: 0.6,
        ..default()
    });
    let segments = crate::view::lathe::HIGH_SEGMENTS;
    commands
        .spawn((
            Table,
            Mesh3d(meshes.add(crate::view::lathe::lathe(&saucer_profile(), segments, 1.0))),
            MeshMaterial3d(porcelain.clone()),
            Transform::from_translation(TEA_CUP),
            Pickable::IGNORE,
        ))
        .with_children(|saucer| {
            saucer.spawn((
                Mesh3d(meshes.add(crate::view::lathe::lathe(&cup_profile(), segments, 1.0))),
                MeshMaterial3d(porcelain),
                Transform::from_xyz(0.0, 0.06, 0.0),
                Pickable::IGNORE,
            ));
            saucer.spawn((
                Mesh3d(meshes.add(crate::view::lathe::lathe(
                    &[vec![Vec2::new(0.5, 0.5), Vec2::new(0.0, 0.5)]],
                    segments,
                    1.0,
                ))),
                MeshMaterial3d(tea),
                Transform::from_xyz(0.0, 0.06, 0.0),
                Pickable::IGNORE,
            ));
        });
    // The surface carries the engraving's normal map on high, so its mesh has tangents.
    let surface = Mesh::from(Cuboid::new(BOARD_SIZE.x, 0.3, BOARD_SIZE.y));
    let surface = surface.clone().with_generated_tangents().unwrap_or(surface);
    commands.spawn((
        BoardSurface,
        Mesh3d(meshes.add(surface)),
        MeshMaterial3d(wood.clone()),
        Transform::from_xyz(0.0, -0.15, 0.0),
    ));
    // A tray beside the board on each side for the pieces that side took, made like the board
    // (the themes restyle both): a floor level with the board's top and a low rim around it.
    let tray = materials.add(StandardMaterial {
        base_color_texture: Some(grain.clone()),
        ..default()
    });
    let rim = materials.add(StandardMaterial {
        base_color_texture: Some(grain.clone()),
        ..default()
    });
    for capturer in [xiangqi::Color::Red, xiangqi::Color::Black] {
        let (centre, size) = crate::core::pieces::tray(capturer);
        // Part of the table: dragging on it turns the view, and the low setting leaves it out
        // with the table (its fill costs the software renderer a fifth of a frame).
        commands
            .spawn((
                Tray(capturer),
                Table,
                Mesh3d(meshes.add(Cuboid::new(size.x, 0.3, size.y))),
                MeshMaterial3d(tray.clone()),
                Transform::from_translation(centre),
            ))
            .with_children(|t| {
                for (at, extent) in rim_pieces(size) {
                    t.spawn((
                        Mesh3d(meshes.add(Cuboid::from_size(extent))),
                        MeshMaterial3d(rim.clone()),
                        Transform::from_translation(at),
                    ));
                }
            });
    }
    // All the ink in one mesh: one draw instead of one per line.
    commands.spawn((
        Mesh3d(meshes.add(ink_mesh(&board_lines()))),
        MeshMaterial3d(ink.clone()),
        Transform::default(),
        Pickable::IGNORE,
    ));
    // 楚河 汉界 written in the river.
    let river = materials.add(StandardMaterial {
        base_color_texture: Some(assets.load(path("textures/river.png"))),
        // The writing is white in the texture, tinted with the board's ink.
        base_color: Color::srgba(0.24, 0.13, 0.06, 0.9),
        alpha_mode: AlphaMode::Blend,
        perceptual_roughness: 0.8,
        ..default()
    });
    // A frame round the board's top, in the trays' rim wood.
    for (at, extent) in frame_pieces() {
        commands.spawn((
            Mesh3d(meshes.add(Cuboid::from_size(extent))),
            MeshMaterial3d(rim.clone()),
            Transform::from_translation(at),
        ));
    }
    commands.insert_resource(BoardMaterials {
        wood: wood.clone(),
        grain,
        grain_small,
        table,
        paper: assets.load(path("textures/board-paper.mip.png")),
        paper_small: assets.load(small("textures/board-paper.mip.png")),
        ink: ink.clone(),
        river: river.clone(),
        tray,
        rim,
        engraving: None,
        river_engraving: None,
    });
    commands.spawn((
        RiverText,
        Mesh3d(meshes.add({
            // With tangents: the writing is engraved on high (a normal map).
            let band = Mesh::from(Rectangle::new(8.0 * SPACING, 1.0 * SPACING));
            band.clone().with_generated_tangents().unwrap_or(band)
        })),
        MeshMaterial3d(river.clone()),
        Transform::from_xyz(0.0, 0.006, 0.0)
            .with_rotation(Quat::from_rotation_x(-std::f32::consts::FRAC_PI_2)),
        Pickable::IGNORE,
    ));
}

/// The four sides of the board's frame: each one's centre and extent, on the board's top at its
/// edge (inside the board's outline, outside the lines and the file numbers' margin).
fn frame_pieces() -> [(Vec3, Vec3); 4] {
    let (w, h) = (FRAME.x, FRAME.y);
    let (hx, hz) = (BOARD_SIZE.x / 2.0 - w / 2.0, BOARD_SIZE.y / 2.0 - w / 2.0);
    let long = Vec3::new(w, h, BOARD_SIZE.y);
    let short = Vec3::new(BOARD_SIZE.x - 2.0 * w, h, w);
    [
        (Vec3::new(-hx, h / 2.0, 0.0), long),
        (Vec3::new(hx, h / 2.0, 0.0), long),
        (Vec3::new(0.0, h / 2.0, -hz), short),
        (Vec3::new(0.0, h / 2.0, hz), short),
    ]
}

/// The board's lines engraved: a height field of the surface (`w` x `h` pixels over the board's
/// top, u along x and v along z) cut where the lines run, as a normal map (`core::carving`).
#[must_use]
pub fn engraving(w: usize) -> (usize, usize, Vec<u8>) {
    let h = (w as f32 * BOARD_SIZE.y / BOARD_SIZE.x).round() as usize;
    let scale = w as f32 / BOARD_SIZE.x;
    let mut height = vec![1.0f32; w * h];
    if let Some(mut pixmap) = tiny_skia::Pixmap::new(w as u32, h as u32) {
        let mut paint = tiny_skia::Paint::default();
        paint.set_color_rgba8(255, 255, 255, 255);
        paint.anti_alias = true;
        let stroke = tiny_skia::Stroke {
            width: INK_WIDTH * 2.2 * scale,
            line_cap: tiny_skia::LineCap::Square,
            ..tiny_skia::Stroke::default()
        };
        let to_px = |p: Vec2| {
            (
                (p.x + BOARD_SIZE.x / 2.0) * scale,
                (p.y + BOARD_SIZE.y / 2.0) * scale,
            )
        };
        let mut pb = tiny_skia::PathBuilder::new();
        for (a, b) in board_lines() {
            let (a, b) = (to_px(a), to_px(b));
            pb.move_to(a.0, a.1);
            pb.line_to(b.0, b.1);
        }
        if let Some(path) = pb.finish() {
            pixmap.stroke_path(
                &path,
                &paint,
                &stroke,
                tiny_skia::Transform::identity(),
                None,
            );
        }
        for (cut, p) in height.iter_mut().zip(pixmap.pixels()) {
            *cut = 1.0 - f32::from(p.alpha()) / 255.0;
        }
    }
    (
        w,
        h,
        crate::core::carving::normal_map(&height, w, h, 2, 6.0),
    )
}

/// 楚河 汉界 engraved: the river's writing (`textures/river.png`, white on clear) as a height field
/// cut where it is written, turned into a normal map the size of the texture.
#[must_use]
pub fn river_engraving() -> Option<(usize, usize, Vec<u8>)> {
    let bytes = crate::view::assets::bytes("textures/river.png")?;
    let image = image::load_from_memory_with_format(bytes, image::ImageFormat::Png)
        .ok()?
        .to_rgba8();
    let (w, h) = (image.width() as usize, image.height() as usize);
    let height: Vec<f32> = image
        .pixels()
        .map(|p| 1.0 - f32::from(p.0[3]) / 255.0)
        .collect();
    Some((
        w,
        h,
        crate::core::carving::normal_map(&height, w, h, 2, 5.0),
    ))
}

/// A saucer's profile (radius, height), walked as `lathe` wants: out along the foot, up and out
/// to the rim, in over the top down into the well.
fn saucer_profile() -> Vec<Vec<Vec2>> {
    vec![vec![
        Vec2::new(0.0, 0.0),
        Vec2::new(0.45, 0.0),
        Vec2::new(0.5, 0.02),
        Vec2::new(0.9, 0.07),
        Vec2::new(1.0, 0.1),
        Vec2::new(0.97, 0.11),
        Vec2::new(0.6, 0.07),
        Vec2::new(0.0, 0.06),
    ]]
}

/// A tea cup's profile: the foot ring, the bowl flaring to the rim, the rim, the inside down to
/// its bottom.
fn cup_profile() -> Vec<Vec<Vec2>> {
    vec![
        vec![
            Vec2::new(0.0, 0.02),
            Vec2::new(0.28, 0.0),
            Vec2::new(0.32, 0.05),
            Vec2::new(0.45, 0.2),
            Vec2::new(0.56, 0.45),
            Vec2::new(0.62, 0.68),
        ],
        vec![Vec2::new(0.62, 0.68), Vec2::new(0.58, 0.69)],
        vec![
            Vec2::new(0.58, 0.69),
            Vec2::new(0.52, 0.45),
            Vec2::new(0.4, 0.2),
            Vec2::new(0.0, 0.1),
        ],
    ]
}

/// How high a tray's rim stands over its floor.
const RIM_HEIGHT: f32 = 0.14;

/// The four sides of a tray's rim of floor `size` (x, z): each one's centre, relative to the
/// floor's centre (0.3 thick), and its extent.
fn rim_pieces(size: Vec2) -> [(Vec3, Vec3); 4] {
    let t = crate::core::pieces::TRAY_RIM;
    let y = 0.15 + RIM_HEIGHT / 2.0;
    let (hx, hz) = (size.x / 2.0 - t / 2.0, size.y / 2.0 - t / 2.0);
    let long = Vec3::new(t, RIM_HEIGHT, size.y);
    let short = Vec3::new(size.x - 2.0 * t, RIM_HEIGHT, t);
    [
        (Vec3::new(-hx, y, 0.0), long),
        (Vec3::new(hx, y, 0.0), long),
        (Vec3::new(0.0, y, -hz), short),
        (Vec3::new(0.0, y, hz), short),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_river_s_writing_is_cut_where_it_is_written() {
        let (w, h, normals) = river_engraving().expect("the river's texture decodes");
        assert_eq!((w, h), (1024, 128));
        let z = |x: usize, y: usize| normals[(y * w + x) * 4 + 2];
        // The band's ends are bare: flat.
        assert_eq!(z(4, 64), 255);
        assert_eq!(z(w / 2, 64), 255, "nothing written mid-river");
        // Round 楚 (a quarter across) the walls lean.
        let leaning = (w / 8..w * 3 / 8)
            .flat_map(|x| (0..h).map(move |y| (x, y)))
            .filter(|&(x, y)| z(x, y) < 250)
            .count();
        assert!(leaning > 2000, "only {leaning} pixels lean round 楚河");
    }

    #[test]
    fn the_engraving_cuts_along_every_line_and_leaves_the_squares_flat() {
        let (w, h, normals) = engraving(200);
        assert_eq!((w, h), (200, 220));
        let px = |x: f32, z: f32| {
            let (u, v) = (
                ((x + BOARD_SIZE.x / 2.0) * 20.0) as usize,
                ((z + BOARD_SIZE.y / 2.0) * 20.0) as usize,
            );
            let i = (v * w + u) * 4;
            [normals[i], normals[i + 1], normals[i + 2]]
        };
        // The middle of a square (files 6 and 7, ranks 1 and 2; no palace or mark near) is flat.
        assert_eq!(px(2.5, 3.0), [128, 128, 255]);
        // Beside the centre file (x = 0) the walls lean towards the cut, one way on each side.
        let (left, right) = (px(-0.06, 3.0), px(0.06, 3.0));
        assert!(left[0] > 140 && right[0] < 116, "{left:?} {right:?}");
        // Beside a rank (z = 3.5) they lean in z (the texture's v).
        let (above, below) = (px(2.5, 3.44), px(2.5, 3.56));
        assert!(
            above[1] != 128 && below[1] != 128 && above[1] != below[1],
            "{above:?} {below:?}"
        );
    }

    #[test]
    fn the_ink_is_one_mesh_of_a_quad_per_line_facing_up() {
        let lines = board_lines();
        let mesh = ink_mesh(&lines);
        let Some(bevy::mesh::VertexAttributeValues::Float32x3(ps)) =
            mesh.attribute(Mesh::ATTRIBUTE_POSITION)
        else {
            panic!("no positions");
        };
        assert_eq!(ps.len(), lines.len() * 4);
        let Some(bevy::mesh::Indices::U32(idx)) = mesh.indices() else {
            panic!("no indices");
        };
        assert_eq!(idx.len(), lines.len() * 6);
        // Every triangle faces up (counter-clockwise seen from above: +y normal).
        for t in idx.chunks(3) {
            let p = |i: u32| Vec3::from(ps[i as usize]);
            let n = (p(t[1]) - p(t[0])).cross(p(t[2]) - p(t[0]));
            assert!(n.y > 0.0, "a triangle faces down: {t:?}");
        }
    }

    #[test]
    fn board_has_its_lines_and_marks() {
        let lines = board_lines();
        // 10 ranks, 2 full outer files, 7 inner files in two halves, 4 palace diagonals.
        let long = lines.iter().filter(|(a, b)| a.distance(*b) > 1.0).count();
        assert_eq!(long, 10 + 2 + 14 + 4);
        // Marks: 4 cannon points and 6 inner pawn points with 4 corners, 4 edge pawn points with
        // 2; two strokes each.
        let marks = lines.len() - long;
        assert_eq!(marks, (4 * 4 + 6 * 4 + 4 * 2) * 2);
        for (a, b) in &lines {
            for p in [a, b] {
                assert!(p.x.abs() <= 4.0 * SPACING + 1e-4 && p.y.abs() <= 4.5 * SPACING + 1e-4);
            }
        }
    }
}
