//! Turned shapes: a profile in the (radius, height) plane swept round the vertical axis, as a
//! woodturner's lathe makes a xiangqi piece. The piece's profile has a rounded rim
//! and a raised bead round its face; its face is a disc inside the bead carrying the character.

use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;

use crate::core::geometry::{HEIGHT, RADIUS};

/// Segments round the axis on the low setting (a software renderer) and on high.
pub const LOW_SEGMENTS: u32 = 20;
pub const HIGH_SEGMENTS: u32 = 64;

/// Radius of the rounding of the piece's bottom and top edges.
const BOTTOM_ROUND: f32 = 0.03;
const TOP_ROUND: f32 = 0.04;
/// The bead round the face: its outer and inner radius and how far it stands up.
const BEAD_OUTER: f32 = 0.378;
/// The face disc fills the bead's inside.
pub const FACE_RADIUS: f32 = 0.352;
const BEAD_HEIGHT: f32 = 0.012;
/// The part of the face texture's radius the face disc shows (its outer corners left out).
const FACE_TEXTURE_SHARE: f32 = 0.94;

/// Sweeps `strips` round the axis in `segments` steps. Each strip is a polyline in the
/// (radius, height) plane walked so that the surface's outside is on its right (outwards along
/// the bottom, up the side, inwards over the top); within a strip the normals are smoothed, and
/// where two strips meet the edge stays sharp.
#[must_use]
pub fn lathe(strips: &[Vec<Vec2>], segments: u32, uv_radius: f32) -> Mesh {
    let mut positions = Vec::new();
    let mut normals = Vec::new();
    let mut uvs = Vec::new();
    let mut indices = Vec::new();
    for strip in strips.iter().filter(|s| s.len() >= 2) {
        let edge_normal = |a: Vec2, b: Vec2| {
            let d = b - a;
            Vec2::new(d.y, -d.x).normalize_or_zero()
        };
        // Each point's normal: the mean of its edges' normals.
        let point_normals: Vec<Vec2> = (0..strip.len())
            .map(|i| {
                let before = (i > 0).then(|| edge_normal(strip[i - 1], strip[i]));
                let after = (i + 1 < strip.len()).then(|| edge_normal(strip[i], strip[i + 1]));
                match (before, after) {
                    (Some(a), Some(b)) => (a + b).normalize_or(b),
                    (Some(n), None) | (None, Some(n)) => n,
                    (None, None) => Vec2::Y,
                }
            })
            .collect();
        let base = positions.len() as u32;
        let rings = strip.len() as u32;
        for i in 0..=segments {
            let angle = i as f32 / segments as f32 * std::f32::consts::TAU;
            let (s, c) = angle.sin_cos();
            for (p, n) in strip.iter().zip(&point_normals) {
                positions.push([p.x * c, p.y, p.x * s]);
                normals.push([n.x * c, n.y, n.x * s]);
                uvs.push([
                    0.5 + 0.5 * p.x / uv_radius * c,
                    0.5 + 0.5 * p.x / uv_radius * s,
                ]);
            }
        }
        for i in 0..segments {
            for j in 0..rings - 1 {
                let k = base + i * rings + j;
                let (a, b, c, d) = (k, k + 1, k + rings, k + rings + 1);
                // Counter-clockwise seen from outside (Bevy's front faces).
                indices.extend_from_slice(&[a, b, d, a, d, c]);
            }
        }
    }
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::default(),
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, normals)
    .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, uvs)
    .with_inserted_indices(Indices::U32(indices))
}

/// Points of a quarter (or any) arc round `centre` from `from` to `to` radians, `steps` edges.
fn arc(centre: Vec2, radius: Vec2, from: f32, to: f32, steps: u32) -> impl Iterator<Item = Vec2> {
    (0..=steps).map(move |i| {
        let a = from + (to - from) * i as f32 / steps as f32;
        centre + Vec2::new(a.cos(), a.sin()) * radius
    })
}

/// The piece's profile: the body (the rounded rim and the land outside the bead) and the bead.
#[must_use]
pub fn piece_profile(arc_steps: u32) -> Vec<Vec<Vec2>> {
    use std::f32::consts::{FRAC_PI_2, PI};
    let h = HEIGHT / 2.0;
    // No bottom: the piece rests on it and nothing sees it (the software renderer is spared a
    // fan of thin triangles).
    let mut body: Vec<Vec2> = arc(
        Vec2::new(RADIUS - BOTTOM_ROUND, -h + BOTTOM_ROUND),
        Vec2::splat(BOTTOM_ROUND),
        -FRAC_PI_2,
        0.0,
        arc_steps,
    )
    .collect();
    body.extend(arc(
        Vec2::new(RADIUS - TOP_ROUND, h - TOP_ROUND),
        Vec2::splat(TOP_ROUND),
        0.0,
        FRAC_PI_2,
        arc_steps,
    ));
    body.push(Vec2::new(BEAD_OUTER, h));
    let half = (BEAD_OUTER - FACE_RADIUS) / 2.0;
    let bead = arc(
        Vec2::new(FACE_RADIUS + half, h),
        Vec2::new(half, BEAD_HEIGHT),
        0.0,
        PI,
        arc_steps * 2,
    )
    .collect();
    vec![body, bead]
}

/// The piece's turned body with `segments` round the axis.
#[must_use]
pub fn piece_body(segments: u32) -> Mesh {
    // Low: about as many triangles as the bevelled disc the pieces were before (the software
    // renderer's frame must not get slower).
    let steps = if segments >= HIGH_SEGMENTS { 6 } else { 2 };
    lathe(&piece_profile(steps), segments, RADIUS)
}

/// The piece's face: a flat disc inside the bead, facing +Z before it is laid on the piece, with
/// tangents for the carving's normal map.
#[must_use]
pub fn piece_face(segments: u32) -> Mesh {
    let mut mesh = Mesh::from(Circle::new(FACE_RADIUS).mesh().resolution(segments));
    if let Some(bevy::mesh::VertexAttributeValues::Float32x2(uvs)) =
        mesh.attribute_mut(Mesh::ATTRIBUTE_UV_0)
    {
        for uv in uvs {
            for c in uv.iter_mut() {
                *c = 0.5 + (*c - 0.5) * FACE_TEXTURE_SHARE;
            }
        }
    }
    match mesh.clone().with_generated_tangents() {
        Ok(m) => m,
        Err(e) => {
            warn!("piece face tangents: {e}");
            mesh
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn positions(mesh: &Mesh) -> Vec<[f32; 3]> {
        match mesh.attribute(Mesh::ATTRIBUTE_POSITION) {
            Some(bevy::mesh::VertexAttributeValues::Float32x3(ps)) => ps.clone(),
            _ => panic!("no positions"),
        }
    }

    fn radius(p: &[f32; 3]) -> f32 {
        (p[0] * p[0] + p[2] * p[2]).sqrt()
    }

    #[test]
    fn the_piece_is_as_wide_and_tall_as_the_geometry_says_with_a_bead_above_its_top() {
        let mesh = piece_body(LOW_SEGMENTS);
        let ps = positions(&mesh);
        let widest = ps.iter().map(radius).fold(0.0, f32::max);
        let lowest = ps.iter().map(|p| p[1]).fold(f32::MAX, f32::min);
        let highest = ps.iter().map(|p| p[1]).fold(f32::MIN, f32::max);
        assert!((widest - RADIUS).abs() < 1e-4, "widest {widest}");
        assert!((lowest + HEIGHT / 2.0).abs() < 1e-5);
        assert!((highest - (HEIGHT / 2.0 + BEAD_HEIGHT)).abs() < 1e-4);
        // The highest points are on the bead, between the face and the rim.
        for p in ps
            .iter()
            .filter(|p| p[1] > HEIGHT / 2.0 + BEAD_HEIGHT * 0.99)
        {
            assert!((FACE_RADIUS..BEAD_OUTER).contains(&radius(p)));
        }
    }

    #[test]
    fn the_rim_is_rounded_with_normals_turning_smoothly_and_pointing_out() {
        let strips = piece_profile(4);
        let mesh = lathe(&strips, 8, RADIUS);
        let Some(bevy::mesh::VertexAttributeValues::Float32x3(ns)) =
            mesh.attribute(Mesh::ATTRIBUTE_NORMAL)
        else {
            panic!("no normals");
        };
        let ps = positions(&mesh);
        for (p, n) in ps.iter().zip(ns) {
            let n = Vec3::from_array(*n);
            assert!((n.length() - 1.0).abs() < 1e-4);
            // Outwards: away from the piece's centre (the bead's inner half faces the face).
            let out = Vec3::from_array(*p);
            if radius(p) > BEAD_OUTER + 1e-3 || p[1] < 0.0 {
                assert!(n.dot(out) > 0.0, "normal {n} at {p:?}");
            }
        }
        // Rounded: on the rim between the two flat parts there are points whose normal is
        // neither horizontal nor vertical.
        let slanted = ns
            .iter()
            .filter(|n| n[1].abs() > 0.3 && n[1].abs() < 0.95)
            .count();
        assert!(slanted > 0);
        // Every triangle faces the way its corners' normals point (counter-clockwise from
        // outside), so culling keeps the outside.
        let Some(bevy::mesh::Indices::U32(indices)) = mesh.indices() else {
            panic!("no indices");
        };
        for t in indices.chunks(3) {
            let [a, b, c] = [t[0], t[1], t[2]].map(|i| Vec3::from_array(ps[i as usize]));
            let face = (b - a).cross(c - a);
            if face.length() < 1e-9 {
                continue;
            }
            let n = Vec3::from_array(ns[t[0] as usize]);
            assert!(face.dot(n) > 0.0, "triangle {t:?} faces in");
        }
        // The ring count: each strip's points times (segments + 1).
        let points: usize = strips.iter().map(Vec::len).sum();
        assert_eq!(ps.len(), points * 9);
        assert_eq!(
            mesh.indices().map(|i| i.len()),
            Some(strips.iter().map(|s| (s.len() - 1) * 8 * 6).sum())
        );
    }

    #[test]
    fn low_is_coarser_than_high_and_the_face_fills_the_bead() {
        let low = positions(&piece_body(LOW_SEGMENTS)).len();
        let high = positions(&piece_body(HIGH_SEGMENTS)).len();
        assert!(low * 3 < high, "{low} vs {high}");
        let face = piece_face(LOW_SEGMENTS);
        let widest = positions(&face)
            .iter()
            .map(|p| p[0].hypot(p[1]))
            .fold(0.0, f32::max);
        assert!((widest - FACE_RADIUS).abs() < 1e-4);
        assert!(face.attribute(Mesh::ATTRIBUTE_TANGENT).is_some());
    }
}
