//! The interface's scale: Bevy's [`UiScale`] follows the window (or the image the game draws
//! into when it has no window, `OffscreenPlugin`), so that text and buttons laid
//! out for 1280x720 keep their share of a 1920x1080 window or of a high-DPI screen, times the
//! player's 界面大小 / UI size setting.
//!
//! Bevy UI measures in logical pixels (physical pixels over the window's scale factor), so a
//! high-DPI screen that reports its scale factor is already served; the window's logical size
//! covers the rest: a large window, or a high-DPI screen that reports a factor of 1.

use bevy::prelude::*;

use crate::core::settings::{Language, Settings, UiSize};

/// The logical size the interface was laid out for.
pub const DESIGN: Vec2 = Vec2::new(1280.0, 720.0);

/// The smallest logical space the interface needs (the longest menu, the side panels beside
/// the board): a larger setting never lays it out in less.
pub const LEAST: Vec2 = Vec2::new(1150.0, 650.0);

/// The scale of the interface in a window of `logical` size, with the player's setting: the
/// smaller of the two ratios to [`DESIGN`] (so nothing runs off the window), kept within 0.6 and
/// 3, times the setting's factor, but never so large that less than [`LEAST`] is left.
#[must_use]
pub fn ui_scale(logical: Vec2, size: UiSize) -> f32 {
    let ratio = |to: Vec2| (logical.x / to.x).min(logical.y / to.y);
    let fit = ratio(DESIGN);
    if !(fit.is_finite() && fit > 0.0) {
        return 1.0;
    }
    let fit = fit.clamp(0.6, 3.0);
    let scaled = fit * size.factor();
    if size.factor() > 1.0 {
        scaled.min(ratio(LEAST).max(fit))
    } else {
        scaled
    }
}

/// The setting's menu line.
#[must_use]
pub fn ui_size_name(size: UiSize, lang: Language) -> &'static str {
    crate::core::i18n::text(
        lang,
        match size {
            UiSize::Small => "settings-ui-size-small",
            UiSize::Normal => "settings-ui-size-normal",
            UiSize::Large => "settings-ui-size-large",
        },
    )
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, follow_the_window.in_set(super::UiSet::Input));
}

/// Sets [`UiScale`] from the size of what the 3D camera draws into (the window, or the image with
/// no window) and the setting, when either changed.
///
/// The window's own size comes first: the camera learns it only in `PostUpdate`, so in the first
/// frame (and the frame after each resize) the camera still has the size the window was asked
/// for (1280x720), not the size it got (a browser's page, a phone). The interface was laid out at
/// the wrong scale in that frame, and a click on where it showed a button then missed it.
fn follow_the_window(
    windows: Query<&Window, With<bevy::window::PrimaryWindow>>,
    cameras: Query<&Camera, With<Camera3d>>,
    settings: Res<Settings>,
    mut scale: ResMut<UiScale>,
    mut last: Local<Option<Vec2>>,
) {
    let window = windows.iter().next().map(Window::size);
    let Some(size) = window.or_else(|| cameras.iter().find_map(Camera::logical_target_size)) else {
        return;
    };
    if *last == Some(size) && !settings.is_changed() {
        return;
    }
    *last = Some(size);
    let want = ui_scale(size, settings.ui_size);
    if (scale.0 - want).abs() > 1e-3 {
        scale.0 = want;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// In the first frame the camera still has the size the window was asked for: the scale
    /// follows the size the window got (a page 1024x497 wide) from that frame on.
    #[test]
    fn the_first_frame_is_laid_out_for_the_window_the_game_got() {
        let mut app = App::new();
        app.init_resource::<UiScale>()
            .init_resource::<Settings>()
            .add_systems(Update, follow_the_window);
        let mut window = Window::default();
        window.resolution.set(1024.0, 497.0);
        app.world_mut().spawn((window, bevy::window::PrimaryWindow));
        // A camera whose target's size is not known yet (computed later, in PostUpdate).
        app.world_mut()
            .spawn((Camera3d::default(), Camera::default()));
        app.update();
        let want = ui_scale(Vec2::new(1024.0, 497.0), Settings::default().ui_size);
        let got = app.world().resource::<UiScale>().0;
        assert!((got - want).abs() < 1e-4, "scale {got}, not {want}");
        assert!(want < 0.75, "{want}");
    }

    #[test]
    fn the_scale_follows_the_window_and_the_setting() {
        assert!((ui_scale(DESIGN, UiSize::Normal) - 1.0).abs() < 1e-6);
        assert!((ui_scale(Vec2::new(1920.0, 1080.0), UiSize::Normal) - 1.5).abs() < 1e-6);
        // A 4K screen that reports a scale factor of 1: three times.
        assert!((ui_scale(Vec2::new(3840.0, 2160.0), UiSize::Normal) - 3.0).abs() < 1e-6);
        // A wide window scales by its height, so nothing runs off it.
        assert!((ui_scale(Vec2::new(2560.0, 720.0), UiSize::Normal) - 1.0).abs() < 1e-6);
        assert!(ui_scale(Vec2::new(1920.0, 1080.0), UiSize::Large) > 1.5);
        // Large never leaves less room than the interface needs.
        let large = ui_scale(DESIGN, UiSize::Large);
        assert!(large > 1.0 && DESIGN.y / large >= LEAST.y - 0.01, "{large}");
        assert!(ui_scale(Vec2::new(1920.0, 1080.0), UiSize::Small) < 1.5);
        // A tiny or minimised window keeps a sane scale.
        assert!((ui_scale(Vec2::new(100.0, 100.0), UiSize::Normal) - 0.6).abs() < 1e-6);
        assert!((ui_scale(Vec2::ZERO, UiSize::Normal) - 1.0).abs() < 1e-6);
    }

    #[test]
    fn every_size_has_a_name_in_both_languages() {
        for size in [UiSize::Small, UiSize::Normal, UiSize::Large] {
            assert_ne!(
                ui_size_name(size, Language::Chinese),
                ui_size_name(size, Language::English)
            );
            assert_eq!(size.next().next().next(), size);
        }
    }
}
