//! A window taller than wide (a phone held upright, a narrow browser window): the camera's
//! vertical field of view widens so that the board's width still fits, as it does in a square
//! window; wider windows keep Bevy's default (45° vertical). Checked each frame (one window, one
//! camera): leaving the flat view puts a default projection back.

use std::f32::consts::FRAC_PI_4;

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

/// The vertical field of view that shows, at `aspect` (width / height), what a square window
/// shows across at the default field of view.
#[must_use]
pub fn fov_for(aspect: f32) -> f32 {
    if !aspect.is_finite() || aspect >= 1.0 || aspect <= 0.0 {
        return FRAC_PI_4;
    }
    2.0 * ((FRAC_PI_4 / 2.0).tan() / aspect).atan()
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(PostUpdate, fit.before(bevy::camera::CameraUpdateSystems));
}

fn fit(
    windows: Query<&Window, With<PrimaryWindow>>,
    mut cameras: Query<&mut Projection, With<Camera3d>>,
) {
    let Ok(window) = windows.single() else {
        return;
    };
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
    fn an_upright_window_sees_as_wide_as_a_square_one() {
        assert_eq!(fov_for(16.0 / 9.0), FRAC_PI_4);
        assert_eq!(fov_for(1.0), FRAC_PI_4);
        let aspect = 390.0 / 844.0;
        let fov = fov_for(aspect);
        // Half the width seen at one unit: the same as a square window's.
        let across = (fov / 2.0).tan() * aspect;
        assert!((across - (FRAC_PI_4 / 2.0).tan()).abs() < 1e-5);
        assert!(fov < std::f32::consts::PI);
    }
}
