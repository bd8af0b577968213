//! The flat view for study (平面): the camera straight above the board with an orthographic
//! projection, the player's side at the bottom (the pieces' characters upright for them), the
//! same picking and marks; `F` or the side panel's button switches it, and the orbit view comes
//! back as it was. Camera presets (`1` the player's side, `2` the opponent's, `3` from above)
//! leave the flat view and ease the orbit there.

use std::f32::consts::PI;

use bevy::prelude::*;
use xiangqi::Color as Side;

use crate::core::game::Game;
use crate::core::settings::Settings;
use crate::view::camera::{CameraSystems, Orbit, View};
use crate::view::portrait::Framing;

/// Switch between the 3D view and the flat view.
#[derive(Message, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ToggleFlat;

/// A view of the board to ease to.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Preset {
    /// From the player's side (the side at the bottom).
    PlayerSide,
    /// From the other side.
    OpponentSide,
    /// From high above the player's side (still in 3D).
    Top,
}

/// How high above the board the flat camera is (anything above the pieces).
const FLAT_ALTITUDE: f32 = 30.0;

/// The flat view's camera place for `bottom` at the bottom of the window: straight down, with
/// the window's up pointing to the other side, over the centre `framing` gives.
#[must_use]
pub fn flat_transform(bottom: Side, framing: Framing) -> Transform {
    let turn = if bottom == Side::Black { PI } else { 0.0 };
    let centre = Quat::from_rotation_y(turn) * framing.flat_centre();
    // Red sits at +z: with Red at the bottom the window's up is -z.
    let up = Quat::from_rotation_y(turn) * Vec3::NEG_Z;
    Transform::from_translation(centre + Vec3::Y * FLAT_ALTITUDE).looking_at(centre, up)
}

/// The orbit view a preset eases to, for `bottom` at the bottom.
#[must_use]
pub fn preset_view(preset: Preset, bottom: Side) -> View {
    match preset {
        Preset::PlayerSide => View::home(bottom),
        Preset::OpponentSide => View::home(!bottom),
        Preset::Top => View {
            pitch: 1.45,
            distance: 17.0,
            ..View::home(bottom)
        }
        .clamped(),
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<ToggleFlat>().add_message::<Preset>();
    app.add_systems(
        Update,
        (restore_flat, switch, presets, apply)
            .chain()
            .after(CameraSystems),
    );
}

/// The first frame: the flat view if the settings keep it.
fn restore_flat(
    settings: Option<Res<Settings>>,
    mut done: Local<bool>,
    mut orbits: Query<&mut Orbit>,
) {
    if *done {
        return;
    }
    *done = true;
    if settings.is_some_and(|s| s.flat_view) {
        for mut orbit in &mut orbits {
            orbit.flat = true;
        }
    }
}

/// `F` or the button: the flat view, or back to the 3D view; kept in the settings.
fn switch(
    keys: Res<ButtonInput<KeyCode>>,
    mut toggles: MessageReader<ToggleFlat>,
    mut orbits: Query<&mut Orbit>,
    settings: Option<ResMut<Settings>>,
) {
    let asked = toggles.read().count() % 2 == 1;
    if asked == keys.just_pressed(KeyCode::KeyF) {
        return;
    }
    let mut flat = false;
    for mut orbit in &mut orbits {
        orbit.flat = !orbit.flat;
        flat = orbit.flat;
    }
    if let Some(mut settings) = settings
        && settings.flat_view != flat
    {
        settings.flat_view = flat;
    }
}

/// `1`, `2`, `3` or a preset message: back to 3D, easing to the preset.
fn presets(
    keys: Res<ButtonInput<KeyCode>>,
    mut asked: MessageReader<Preset>,
    game: Res<Game>,
    mut orbits: Query<&mut Orbit>,
    settings: Option<ResMut<Settings>>,
) {
    let mut wanted = asked.read().last().copied();
    for (key, preset) in [
        (KeyCode::Digit1, Preset::PlayerSide),
        (KeyCode::Digit2, Preset::OpponentSide),
        (KeyCode::Digit3, Preset::Top),
    ] {
        if keys.just_pressed(key) {
            wanted = Some(preset);
        }
    }
    let Some(preset) = wanted else { return };
    let view = preset_view(preset, game.players.bottom_side());
    for mut orbit in &mut orbits {
        orbit.flat = false;
        orbit.goal = view;
    }
    if let Some(mut settings) = settings
        && settings.flat_view
    {
        settings.flat_view = false;
    }
}

/// Keeps the camera's projection and place in line with the mode, the side at the bottom and
/// the window's framing (written only on a change).
fn apply(
    game: Res<Game>,
    framing: Res<Framing>,
    mut cameras: Query<(&Orbit, &mut Projection, &mut Transform)>,
    mut shown: Local<Option<(bool, Side, Framing)>>,
) {
    let bottom = game.players.bottom_side();
    for (orbit, mut projection, mut transform) in &mut cameras {
        let now = (orbit.flat, bottom, *framing);
        if *shown == Some(now) {
            continue;
        }
        if orbit.flat {
            *projection = framing.flat_projection();
            *transform = flat_transform(bottom, *framing);
        } else if shown.is_some_and(|(was_flat, _, _)| was_flat) {
            *projection = Projection::Perspective(PerspectiveProjection::default());
            *transform = orbit.current.transform_around(framing.focus());
        }
        *shown = Some(now);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Where a world point shows in the camera's frame (x right, y up).
    fn seen(camera: &Transform, world: Vec3) -> Vec3 {
        camera.to_matrix().inverse().transform_point3(world)
    }

    #[test]
    fn the_flat_view_looks_straight_down_with_the_player_at_the_bottom() {
        let red_king = Vec3::new(0.0, 0.0, 4.5);
        let black_king = Vec3::new(0.0, 0.0, -4.5);
        let left_rook = Vec3::new(-4.0, 0.0, 4.5); // Red's a0 rook, on Red's left.
        for (bottom, near, far) in [
            (Side::Red, red_king, black_king),
            (Side::Black, black_king, red_king),
        ] {
            let t = flat_transform(bottom, Framing::default());
            assert!((t.forward().as_vec3() - Vec3::NEG_Y).length() < 1e-5);
            assert!(
                seen(&t, near).y < seen(&t, far).y,
                "{bottom:?}'s king below the other"
            );
        }
        // Red at the bottom: Red's left is the window's left.
        let t = flat_transform(Side::Red, Framing::default());
        assert!(seen(&t, left_rook).x < seen(&t, red_king).x);
    }

    #[test]
    fn in_the_flat_view_a_pointer_over_a_square_picks_that_square() {
        use bevy::camera::CameraProjection;
        // The pointer's ray as Bevy's picking casts it: from the window point through the
        // camera's projection, for a 1280x720 window and a phone's upright 390x844.
        for (width, height) in [(1280.0, 720.0), (390.0, 844.0)] {
            let framing = Framing::of(width, height);
            let Projection::Orthographic(mut projection) = framing.flat_projection() else {
                panic!("the flat view is orthographic");
            };
            projection.update(width, height);
            rays_pick_the_squares(&projection, framing);
        }
    }

    fn rays_pick_the_squares(projection: &OrthographicProjection, framing: Framing) {
        use crate::core::geometry::{square_to_world, world_to_square};
        use bevy::camera::CameraProjection;
        let clip_from_view = projection.get_clip_from_view();
        for bottom in [Side::Red, Side::Black] {
            let world_from_view = flat_transform(bottom, framing).to_matrix();
            let clip_from_world = clip_from_view * world_from_view.inverse();
            let world_from_clip = clip_from_world.inverse();
            for sq in xiangqi::Square::ALL {
                let on_board = square_to_world(sq);
                let ndc = clip_from_world.project_point3(on_board);
                assert!(
                    ndc.x.abs() < 1.0 && ndc.y.abs() < 1.0,
                    "{sq} is in the window"
                );
                // A ray from the near plane to the far plane through that window point.
                let near = world_from_clip.project_point3(ndc.with_z(1.0));
                let far = world_from_clip.project_point3(ndc.with_z(1e-4));
                let t = (on_board.y - near.y) / (far.y - near.y);
                let hit = near + (far - near) * t;
                assert_eq!(
                    world_to_square(hit),
                    Some(sq),
                    "{bottom:?} at the bottom, {framing:?}"
                );
                // Straight down: the ray meets the board under the pointer wherever it starts.
                assert!((near.xz() - far.xz()).length() < 1e-3);
            }
        }
    }

    /// A headless game with the camera and the flat view, its files in a scratch folder.
    fn app() -> App {
        let dir = std::env::temp_dir().join(format!("chuhan-flat-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a scratch folder");
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, crate::CorePlugin));
        app.add_plugins(bevy::input::InputPlugin);
        app.add_plugins((crate::view::camera::plugin, plugin));
        app.insert_resource(crate::storage::files::Dirs::in_one(&dir));
        for _ in 0..3 {
            app.update();
        }
        app
    }

    /// The international set chosen in the settings is what the pieces on the board show in the
    /// flat view: every face draws the pictogram of its piece, and the characters come back.
    #[test]
    fn the_international_set_reaches_every_piece_in_the_flat_view() {
        use crate::core::pictograms;
        use crate::core::pieces::PieceView;
        use crate::core::settings::PieceSet;
        use crate::view::pieces::{Face, PieceAssets};
        let dir = std::env::temp_dir().join(format!("chuhan-flat-set-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a scratch folder");
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, AssetPlugin::default(), crate::CorePlugin));
        app.init_asset::<Mesh>()
            .init_asset::<StandardMaterial>()
            .init_asset::<Image>();
        app.add_plugins(bevy::input::InputPlugin);
        app.add_plugins((crate::view::camera::plugin, plugin));
        app.add_plugins((
            crate::view::board::plugin,
            crate::view::pieces::plugin,
            crate::view::themes::plugin,
        ));
        app.insert_resource(crate::storage::files::Dirs::in_one(&dir));
        for _ in 0..3 {
            app.update();
        }
        app.world_mut().write_message(ToggleFlat);
        app.update();
        assert!(camera(&mut app).0.flat);
        // What each face on the board draws, by its piece.
        let shown = |app: &mut App| -> Vec<(xiangqi::Piece, Option<Handle<Image>>)> {
            let mut faces = app
                .world_mut()
                .query_filtered::<(&ChildOf, &MeshMaterial3d<StandardMaterial>), With<Face>>();
            let faces: Vec<(Entity, Handle<StandardMaterial>)> = faces
                .iter(app.world())
                .map(|(parent, m)| (parent.parent(), m.0.clone()))
                .collect();
            let materials = app.world().resource::<Assets<StandardMaterial>>();
            faces
                .into_iter()
                .filter_map(|(parent, m)| {
                    let piece = app.world().get::<PieceView>(parent)?.piece;
                    Some((piece, materials.get(&m)?.base_color_texture.clone()))
                })
                .collect()
        };
        let characters = app.world().resource::<PieceAssets>().characters.clone();
        let before = shown(&mut app);
        assert_eq!(before.len(), 32, "every piece on the board has its face");
        for (piece, texture) in &before {
            assert_eq!(texture.as_ref(), Some(&characters.colour[piece.index()]));
        }
        app.world_mut().resource_mut::<Settings>().piece_set = PieceSet::International;
        app.update();
        let set = app
            .world()
            .resource::<PieceAssets>()
            .pictograms
            .clone()
            .expect("the pictograms drawn once chosen");
        let after = shown(&mut app);
        assert_eq!(after.len(), 32);
        for (piece, texture) in &after {
            let texture = texture.as_ref().expect("a texture");
            assert_eq!(texture, &set.colour[piece.index()], "{piece:?}");
            let image = app
                .world()
                .resource::<Assets<Image>>()
                .get(texture)
                .expect("drawn");
            let face = pictograms::face(*piece, 256).expect("a face");
            assert_eq!(
                image.data.as_deref(),
                Some(face.data()),
                "{piece:?}'s pictogram"
            );
        }
        app.world_mut().resource_mut::<Settings>().piece_set = PieceSet::Characters;
        app.update();
        for (piece, texture) in shown(&mut app) {
            assert_eq!(texture.as_ref(), Some(&characters.colour[piece.index()]));
        }
    }

    fn camera(app: &mut App) -> (Orbit, Projection, Transform) {
        let mut q = app.world_mut().query::<(&Orbit, &Projection, &Transform)>();
        let (o, p, t) = q.single(app.world()).expect("the camera");
        (*o, p.clone(), *t)
    }

    #[test]
    fn the_flat_view_switches_on_and_gives_back_the_orbit_view_as_it_was() {
        let mut app = app();
        let (before, projection, place) = camera(&mut app);
        assert!(!before.flat && matches!(projection, Projection::Perspective(_)));
        app.world_mut().write_message(ToggleFlat);
        app.update();
        let (orbit, projection, t) = camera(&mut app);
        assert!(orbit.flat && matches!(projection, Projection::Orthographic(_)));
        assert_eq!(t, flat_transform(Side::Red, Framing::default()));
        assert!(app.world().resource::<Settings>().flat_view);
        // Back to 3D: the same orbit, the same place.
        app.world_mut().write_message(ToggleFlat);
        app.update();
        let (orbit, projection, t) = camera(&mut app);
        assert!(!orbit.flat && matches!(projection, Projection::Perspective(_)));
        assert_eq!(orbit.current, before.current);
        assert!((t.translation - place.translation).length() < 1e-4);
        assert!(!app.world().resource::<Settings>().flat_view);
        // A preset leaves the flat view and eases the orbit to it.
        app.world_mut().write_message(ToggleFlat);
        app.update();
        app.world_mut().write_message(Preset::OpponentSide);
        app.update();
        let (orbit, projection, _) = camera(&mut app);
        assert!(!orbit.flat && matches!(projection, Projection::Perspective(_)));
        assert_eq!(orbit.goal, View::home(Side::Black));
    }

    #[test]
    fn turning_the_window_upright_and_back_places_the_camera_again_in_either_view() {
        let mut app = app();
        let wide = Framing::default();
        let upright = Framing { upright: true };
        let (orbit, _, t) = camera(&mut app);
        assert_eq!(t, orbit.current.transform_around(wide.focus()));
        app.insert_resource(upright);
        app.update();
        let (orbit, _, t) = camera(&mut app);
        assert_eq!(t, orbit.current.transform_around(upright.focus()));
        // The flat view, upright: the board's width fills the window.
        app.world_mut().write_message(ToggleFlat);
        app.update();
        let (_, projection, t) = camera(&mut app);
        assert_eq!(t, flat_transform(Side::Red, upright));
        assert_eq!(
            format!("{projection:?}"),
            format!("{:?}", upright.flat_projection())
        );
        // Back to wide while flat, then back to 3D: the wide framing again.
        app.insert_resource(wide);
        app.update();
        assert_eq!(camera(&mut app).2, flat_transform(Side::Red, wide));
        app.world_mut().write_message(ToggleFlat);
        app.update();
        let (orbit, _, t) = camera(&mut app);
        assert_eq!(t, orbit.current.transform_around(wide.focus()));
    }

    #[test]
    fn presets_face_each_side_and_the_top_is_higher() {
        let player = preset_view(Preset::PlayerSide, Side::Red);
        let other = preset_view(Preset::OpponentSide, Side::Red);
        let top = preset_view(Preset::Top, Side::Red);
        assert_eq!(player, View::home(Side::Red));
        assert_eq!(other, View::home(Side::Black));
        assert!(top.pitch > player.pitch && top.yaw == player.yaw);
    }

    #[test]
    fn on_a_phone_the_whole_board_shows_across_in_the_upper_part() {
        use bevy::camera::CameraProjection;
        let (width, height) = (390.0, 844.0);
        let framing = Framing::of(width, height);
        let mut projection = PerspectiveProjection {
            fov: crate::view::portrait::fov_for(width / height),
            ..default()
        };
        projection.update(width, height);
        let camera = View::home(xiangqi::Color::Red).transform_around(framing.focus());
        let clip_from_world = projection.get_clip_from_view() * camera.to_matrix().inverse();
        // The board's corners and the pieces on them (radius about 0.45), in window pixels
        // from the top.
        let mut lowest: f32 = 0.0;
        for (x, z) in [(-4.45, -4.95), (4.45, -4.95), (-4.45, 4.95), (4.45, 4.95)] {
            let ndc = clip_from_world.project_point3(Vec3::new(x, 0.0, z));
            assert!(
                ndc.x.abs() < 1.0,
                "({x}, {z}) is in the window across: {ndc}"
            );
            let from_top = (1.0 - ndc.y) / 2.0 * height;
            assert!(
                from_top > 60.0,
                "({x}, {z}) is below the menu and status lines"
            );
            lowest = lowest.max(from_top);
        }
        // Above the band of panels along the foot.
        assert!(
            lowest < height * (1.0 - crate::view::portrait::BAND_SHARE),
            "the board reaches {lowest} px down"
        );
    }
}
