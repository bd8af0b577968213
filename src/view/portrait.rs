//! A window taller than wide (a phone held upright, a narrow browser window): the board first,
//! centred across the width and in the upper part of the window, the panels below it
//! (`ui::docking`). The camera's vertical field of view widens so that the board's width still
//! fits, as it does in a square window (wider windows keep Bevy's default, 45° vertical); the
//! flat view fits the board's width instead of its depth. [`Framing`] says which way the window
//! is; it changes only when the window turns.

use std::f32::consts::FRAC_PI_4;

use bevy::camera::ScalingMode;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

/// The point the orbit looks at, seen from Red's side, in a wide window: a little right of the
/// board's centre so the board sits left of the move list.
const FOCUS: Vec3 = Vec3::new(0.9, 0.0, 0.3);
/// In an upright window: on the board's centre line, towards the player, so that the board
/// shows in the upper part of the window and the panels below have the rest.
const UPRIGHT_FOCUS: Vec3 = Vec3::new(0.0, 0.0, 3.5);
/// The flat view's centre in a wide window: a little right of the board so it sits left of the
/// move list, and a little towards the far side so the menu bar leaves it clear.
const FLAT_CENTRE: Vec3 = Vec3::new(1.2, 0.0, -0.5);
/// In an upright window: centred across, towards the player (the board higher in the window).
const UPRIGHT_FLAT_CENTRE: Vec3 = Vec3::new(0.0, 0.0, 3.2);
/// The height of the world the flat view shows in a wide window (the board is 11 deep, plus a
/// margin for the menu bar and the status line).
const FLAT_HEIGHT: f32 = 12.8;
/// The width it shows in an upright one (the board is 9 wide, the pieces overhang).
const FLAT_WIDTH: f32 = 9.6;
/// How much of a square window's width an upright window shows: the board's near edge then
/// nearly fills the width.
const UPRIGHT_ACROSS: f32 = 0.9;

/// The share of an upright window's height the panels along its foot take (`ui::docking`).
pub const BAND_SHARE: f32 = 0.26;

/// Which way the window is.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Framing {
    /// Taller than wide: the board above, the panels below.
    pub upright: bool,
}

impl Framing {
    /// The framing of a window `width` by `height`.
    #[must_use]
    pub fn of(width: f32, height: f32) -> Framing {
        Framing {
            upright: height > width * 1.05,
        }
    }

    /// The point the orbit looks at, seen from Red's side.
    #[must_use]
    pub fn focus(self) -> Vec3 {
        if self.upright { UPRIGHT_FOCUS } else { FOCUS }
    }

    /// The flat view's centre, seen from Red's side.
    #[must_use]
    pub fn flat_centre(self) -> Vec3 {
        if self.upright {
            UPRIGHT_FLAT_CENTRE
        } else {
            FLAT_CENTRE
        }
    }

    /// The flat view's projection: the board's depth fills a wide window's height, its width an
    /// upright window's width.
    #[must_use]
    pub fn flat_projection(self) -> Projection {
        let scaling_mode = if self.upright {
            ScalingMode::FixedHorizontal {
                viewport_width: FLAT_WIDTH,
            }
        } else {
            ScalingMode::FixedVertical {
                viewport_height: FLAT_HEIGHT,
            }
        };
        Projection::Orthographic(OrthographicProjection {
            scaling_mode,
            ..OrthographicProjection::default_3d()
        })
    }
}

/// The vertical field of view that shows, at `aspect` (width / height), nearly what a square
/// window shows across at the default field of view ([`UPRIGHT_ACROSS`] of it).
#[must_use]
pub fn fov_for(aspect: f32) -> f32 {
    if !aspect.is_finite() || aspect >= 1.0 || aspect <= 0.0 {
        return FRAC_PI_4;
    }
    2.0 * ((FRAC_PI_4 / 2.0).tan() * UPRIGHT_ACROSS / aspect).atan()
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Framing>();
    app.add_systems(PostUpdate, fit.before(bevy::camera::CameraUpdateSystems));
}

/// Checked each frame (one window, one camera); the framing is written only when it changes,
/// and leaving the flat view puts a default projection back, which the next frame widens.
fn fit(
    windows: Query<&Window, With<PrimaryWindow>>,
    mut framing: ResMut<Framing>,
    mut cameras: Query<&mut Projection, With<Camera3d>>,
) {
    let Ok(window) = windows.single() else {
        return;
    };
    framing.set_if_neq(Framing::of(window.width(), window.height()));
    let fov = fov_for(window.width() / window.height());
    for mut projection in &mut cameras {
        if let Projection::Perspective(p) = projection.as_ref()
            && (p.fov - fov).abs() > 1e-4
            && let Projection::Perspective(p) = projection.as_mut()
        {
            p.fov = fov;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_upright_window_sees_nearly_as_wide_as_a_square_one() {
        assert_eq!(fov_for(16.0 / 9.0), FRAC_PI_4);
        assert_eq!(fov_for(1.0), FRAC_PI_4);
        let aspect = 390.0 / 844.0;
        let fov = fov_for(aspect);
        // Half the width seen at one unit: nearly a square window's.
        let across = (fov / 2.0).tan() * aspect;
        assert!((across - UPRIGHT_ACROSS * (FRAC_PI_4 / 2.0).tan()).abs() < 1e-5);
        assert!(fov < std::f32::consts::PI);
    }

    #[test]
    fn a_phone_held_upright_centres_the_board_across() {
        let phone = Framing::of(390.0, 844.0);
        assert!(phone.upright);
        assert!(!Framing::of(1280.0, 720.0).upright);
        // Nearly square windows keep the desktop's framing.
        assert!(!Framing::of(800.0, 820.0).upright);
        assert_eq!(phone.focus().x, 0.0);
        assert_eq!(phone.flat_centre().x, 0.0);
        assert!(Framing::default().focus().x > 0.0);
        match phone.flat_projection() {
            Projection::Orthographic(o) => assert!(matches!(
                o.scaling_mode,
                ScalingMode::FixedHorizontal { viewport_width } if viewport_width > 9.0
            )),
            _ => panic!("the flat view is orthographic"),
        }
    }
}
