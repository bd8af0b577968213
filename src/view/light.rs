//! The light over the board: a warm lamp (a directional light with shadows fitted to the board),
//! and on the high setting what a GPU pays for: the room around the table, a real one (Poly
//! Haven's "apartment" HDRI, CC0, `tools/make_environment.py`), seen round the table as a skybox
//! and lighting the scene as an environment light (filtered on the GPU by Bevy), screen-space
//! ambient occlusion, a little bloom and soft (Gaussian-filtered) shadows. The low setting draws
//! none of it.

use bevy::anti_alias::fxaa::Fxaa;
use bevy::asset::RenderAssetUsages;
use bevy::core_pipeline::prepass::{DepthPrepass, NormalPrepass};
use bevy::core_pipeline::tonemapping::Tonemapping;
use bevy::light::{
    CascadeShadowConfigBuilder, GeneratedEnvironmentMapLight, ShadowFilteringMethod, Skybox,
};
use bevy::pbr::{ScreenSpaceAmbientOcclusion, ScreenSpaceAmbientOcclusionQualityLevel};
use bevy::post_process::bloom::Bloom;
use bevy::prelude::*;
use bevy::render::render_resource::{
    Extent3d, TextureDimension, TextureFormat, TextureViewDescriptor, TextureViewDimension,
};

/// Where the lamp shines from (it looks at the board's centre).
pub const LAMP: Vec3 = Vec3::new(4.0, 12.0, 6.0);
/// The room's cube map: texels along each face's edge (the panorama is 512 texels round, so a
/// face of 128 keeps all it has).
pub const ROOM_SIZE: u32 = 128;
/// The room as made by `tools/make_environment.py`: an equirectangular panorama, RGBE in a PNG.
const PANORAMA: &str = "textures/room.png";
/// How far the panorama is turned round the vertical (radians), so that its window lies where the
/// lamp shines from: the room's daylight and the lamp's shadows agree.
const ROOM_YAW: f32 = 1.80;

/// How strong each light is and how the picture is tone mapped on high (a resource, so the
/// screenshot mode can try others: `CHUHAN_LIGHT`).
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct Lighting {
    /// The lamp's illuminance (lux).
    pub lamp: f32,
    /// The room's environment light (cd/m²).
    pub environment: f32,
    /// Bloom's strength.
    pub bloom: f32,
    pub tonemapping: Tonemapping,
}

impl Default for Lighting {
    fn default() -> Self {
        Lighting {
            lamp: 6000.0,
            environment: 170.0,
            bloom: 0.06,
            tonemapping: Tonemapping::AcesFitted,
        }
    }
}

/// The generated room, kept for the high setting.
#[derive(Resource)]
pub struct Room(pub Handle<Image>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Lighting>();
    app.add_systems(Startup, spawn_light);
    app.add_systems(Update, follow_lighting);
}

fn spawn_light(
    mut commands: Commands,
    lighting: Res<Lighting>,
    images: Option<ResMut<Assets<Image>>>,
) {
    commands.spawn((
        DirectionalLight {
            shadow_maps_enabled: true,
            illuminance: lighting.lamp,
            ..default()
        },
        Transform::from_translation(LAMP).looking_at(Vec3::ZERO, Vec3::Y),
        // The shadow maps cover the table near the board only, so their texels are small.
        CascadeShadowConfigBuilder {
            num_cascades: 2,
            first_cascade_far_bound: 18.0,
            maximum_distance: 40.0,
            ..default()
        }
        .build(),
    ));
    if let Some(mut images) = images {
        commands.insert_resource(Room(images.add(room_cubemap(ROOM_SIZE))));
    }
}

/// The lamp follows a changed [`Lighting`].
fn follow_lighting(lighting: Res<Lighting>, mut lamps: Query<&mut DirectionalLight>) {
    if lighting.is_changed() {
        for mut lamp in &mut lamps {
            lamp.illuminance = lighting.lamp;
        }
    }
}

/// Puts the high setting's camera effects on `camera`, or takes them off.
pub fn dress_camera(
    camera: &mut EntityCommands,
    high: bool,
    room: Option<&Room>,
    lighting: &Lighting,
) {
    if high {
        camera.insert((
            Msaa::Off,
            Fxaa::default(),
            ScreenSpaceAmbientOcclusion {
                quality_level: ScreenSpaceAmbientOcclusionQualityLevel::Medium,
                constant_object_thickness: 0.25,
            },
            Bloom {
                intensity: lighting.bloom,
                ..Bloom::NATURAL
            },
            ShadowFilteringMethod::Gaussian,
        ));
        if let Some(room) = room {
            camera.insert((
                GeneratedEnvironmentMapLight {
                    environment_map: room.0.clone(),
                    intensity: lighting.environment,
                    ..default()
                },
                // The same room seen round the table.
                Skybox {
                    image: Some(room.0.clone()),
                    brightness: lighting.environment,
                    rotation: Quat::IDENTITY,
                },
            ));
        }
    } else {
        camera.insert(Msaa::Off);
        camera.remove::<(
            Fxaa,
            ScreenSpaceAmbientOcclusion,
            DepthPrepass,
            NormalPrepass,
            Bloom,
            bevy::camera::Hdr,
            GeneratedEnvironmentMapLight,
            EnvironmentMapLight,
        )>();
        // The room stays round the table, unlit as everything on low (its sky pass fills only
        // what the table leaves), exposed as on high but not tone mapped.
        if let Some(room) = room {
            camera.insert(Skybox {
                image: Some(room.0.clone()),
                brightness: lighting.environment,
                rotation: Quat::IDENTITY,
            });
        }
    }
}

/// The room's panorama: linear light, row by row from the top (straight up) down.
pub struct Panorama {
    pub width: usize,
    pub height: usize,
    pub texels: Vec<Vec3>,
}

impl Panorama {
    /// The room as the game carries it.
    #[must_use]
    pub fn room() -> Panorama {
        let bytes = crate::view::assets::bytes(PANORAMA).unwrap_or_default();
        Panorama::from_rgbe_png(bytes)
            .unwrap_or_else(|e| unreachable!("the built-in room panorama decodes: {e}"))
    }

    /// Decodes a panorama stored as RGBE (mantissas in RGB, exponent + 128 in alpha) in a PNG.
    pub fn from_rgbe_png(bytes: &[u8]) -> Result<Panorama, String> {
        let image = image::load_from_memory_with_format(bytes, image::ImageFormat::Png)
            .map_err(|e| e.to_string())?
            .to_rgba8();
        let (width, height) = (image.width() as usize, image.height() as usize);
        let texels = image
            .pixels()
            .map(|p| {
                let [r, g, b, e] = p.0;
                if e == 0 {
                    return Vec3::ZERO;
                }
                let scale = 2f32.powi(i32::from(e) - 128 - 8);
                Vec3::new(
                    (f32::from(r) + 0.5) * scale,
                    (f32::from(g) + 0.5) * scale,
                    (f32::from(b) + 0.5) * scale,
                )
            })
            .collect();
        Ok(Panorama {
            width,
            height,
            texels,
        })
    }

    /// The light in direction `d` (unit length), bilinear between the panorama's texels, the
    /// panorama turned by [`ROOM_YAW`].
    #[must_use]
    pub fn light(&self, d: Vec3) -> Vec3 {
        let azimuth = d.x.atan2(-d.z) - ROOM_YAW;
        let u = (azimuth / std::f32::consts::TAU + 0.5).rem_euclid(1.0) * self.width as f32 - 0.5;
        let v = d.y.clamp(-1.0, 1.0).acos() / std::f32::consts::PI * self.height as f32 - 0.5;
        let (x0, y0) = (u.floor(), v.floor());
        let (fx, fy) = (u - x0, v - y0);
        let at = |x: f32, y: f32| {
            let x = (x as i64).rem_euclid(self.width as i64) as usize;
            let y = (y.max(0.0) as usize).min(self.height - 1);
            self.texels[y * self.width + x]
        };
        let top = at(x0, y0).lerp(at(x0 + 1.0, y0), fx);
        let bottom = at(x0, y0 + 1.0).lerp(at(x0 + 1.0, y0 + 1.0), fx);
        top.lerp(bottom, fy)
    }
}

/// The direction of texel (`u`, `v`) (each -1 to 1 across the face) of cube face `face`, in the
/// order and orientation of Vulkan's cube maps (+X, -X, +Y, -Y, +Z, -Z).
#[must_use]
pub fn cube_direction(face: usize, u: f32, v: f32) -> Vec3 {
    match face {
        0 => Vec3::new(1.0, -v, -u),
        1 => Vec3::new(-1.0, -v, u),
        2 => Vec3::new(u, 1.0, v),
        3 => Vec3::new(u, -1.0, -v),
        4 => Vec3::new(u, -v, 1.0),
        _ => Vec3::new(-u, -v, -1.0),
    }
    .normalize()
}

/// The room as a cube map of `size` texels a side (a power of two), half floats.
#[must_use]
pub fn room_cubemap(size: u32) -> Image {
    let room = Panorama::room();
    let mut data = Vec::with_capacity((size * size * 6 * 8) as usize);
    for face in 0..6 {
        for y in 0..size {
            for x in 0..size {
                let u = (x as f32 + 0.5) / size as f32 * 2.0 - 1.0;
                let v = (y as f32 + 0.5) / size as f32 * 2.0 - 1.0;
                let c = room.light(cube_direction(face, u, v));
                for channel in [c.x, c.y, c.z, 1.0] {
                    data.extend_from_slice(&half::f16::from_f32(channel).to_le_bytes());
                }
            }
        }
    }
    let mut image = Image::new(
        Extent3d {
            width: size,
            height: size,
            depth_or_array_layers: 6,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba16Float,
        // Kept in the main world too: Bevy sizes the filtered maps from it there.
        RenderAssetUsages::all(),
    );
    image.texture_view_descriptor = Some(TextureViewDescriptor {
        dimension: Some(TextureViewDimension::Cube),
        ..default()
    });
    image
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_room_s_daylight_comes_from_where_the_lamp_shines() {
        let room = Panorama::room();
        assert_eq!((room.width, room.height), (512, 256));
        // The brightest direction round the horizon (the window) is the lamp's, within 30°.
        let brightest = (0..360)
            .map(|deg| {
                let a = (deg as f32).to_radians();
                let d = Vec3::new(a.sin(), 0.1, -a.cos()).normalize();
                (d, room.light(d).length())
            })
            .max_by(|a, b| a.1.total_cmp(&b.1))
            .expect("directions");
        let lamp = Vec3::new(LAMP.x, 0.0, LAMP.z).normalize();
        let window = Vec3::new(brightest.0.x, 0.0, brightest.0.z).normalize();
        assert!(
            window.dot(lamp) > 30f32.to_radians().cos(),
            "{window:?} {lamp:?}"
        );
        // High dynamic range: the window is many times the room's mean.
        let mean: f32 =
            room.texels.iter().map(|t| t.length()).sum::<f32>() / room.texels.len() as f32;
        assert!(brightest.1 > 5.0 * mean, "{} against {mean}", brightest.1);
        // A bad file is an error, not a panic.
        assert!(Panorama::from_rgbe_png(b"not a png").is_err());
    }

    #[test]
    fn cube_faces_look_along_their_axes() {
        let axes = [
            Vec3::X,
            Vec3::NEG_X,
            Vec3::Y,
            Vec3::NEG_Y,
            Vec3::Z,
            Vec3::NEG_Z,
        ];
        for (face, axis) in axes.into_iter().enumerate() {
            assert!(cube_direction(face, 0.0, 0.0).distance(axis) < 1e-6);
            // Every texel of a face points into that face's half of the sphere.
            assert!(cube_direction(face, 0.9, -0.9).dot(axis) > 0.5);
        }
    }

    #[test]
    fn the_cubemap_is_square_six_layers_of_half_floats_viewed_as_a_cube() {
        let image = room_cubemap(16);
        let size = image.texture_descriptor.size;
        assert_eq!(
            (size.width, size.height, size.depth_or_array_layers),
            (16, 16, 6)
        );
        assert!(size.width.is_power_of_two());
        assert_eq!(image.data.as_ref().map(Vec::len), Some(16 * 16 * 6 * 8));
        assert_eq!(
            image.texture_view_descriptor.and_then(|d| d.dimension),
            Some(TextureViewDimension::Cube)
        );
    }
}
