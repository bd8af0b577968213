//! Board geometry: where each point of the board lies in the world (pure arithmetic, shared by
//! the headless piece entities and the view).

use bevy::prelude::*;
use xiangqi::Square;

/// Disc size.
pub const RADIUS: f32 = 0.42;
/// Disc thickness.
pub const HEIGHT: f32 = 0.22;
/// Distance between neighbouring points, in world units.
pub const SPACING: f32 = 1.0;

/// The world position of a board point (the board's surface at y = 0).
#[must_use]
pub fn square_to_world(sq: Square) -> Vec3 {
    let x = (sq.file().index() as f32 - 4.0) * SPACING;
    let z = (4.5 - sq.rank().index() as f32) * SPACING;
    Vec3::new(x, 0.0, z)
}

/// The point nearest to a world position on the board, if it is within half a point of one.
#[must_use]
pub fn world_to_square(p: Vec3) -> Option<Square> {
    let file = (p.x / SPACING + 4.0).round();
    let rank = (4.5 - p.z / SPACING).round();
    let near = (p.x / SPACING + 4.0 - file).abs() < 0.5 && (4.5 - p.z / SPACING - rank).abs() < 0.5;
    if near {
        Square::from_coords(file as i32, rank as i32)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn world_and_squares_round_trip() {
        for sq in Square::ALL {
            assert_eq!(world_to_square(square_to_world(sq)), Some(sq));
            assert_eq!(
                world_to_square(square_to_world(sq) + Vec3::new(0.3, 0.0, -0.3)),
                Some(sq)
            );
        }
        assert_eq!(world_to_square(Vec3::new(4.6, 0.0, 0.0)), None);
    }
}
