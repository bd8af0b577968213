//! The light over the board: a warm lamp (a directional light with shadows fitted to the board),
//! and on the high setting what a GPU pays for: a generated room around the table as an
//! environment light (filtered on the GPU by Bevy), screen-space ambient occlusion, a little
//! bloom and soft (Gaussian-filtered) shadows. The low setting draws none of it.

use bevy::anti_alias::fxaa::Fxaa;
use bevy::asset::RenderAssetUsages;
use bevy::core_pipeline::prepass::{DepthPrepass, NormalPrepass};
use bevy::core_pipeline::tonemapping::Tonemapping;
use bevy::light::{
    CascadeShadowConfigBuilder, GeneratedEnvironmentMapLight, ShadowFilteringMethod,
};
use bevy::pbr::{ScreenSpaceAmbientOcclusion, ScreenSpaceAmbientOcclusionQualityLevel};
use bevy::post_process::bloom::Bloom;
use bevy::prelude::*;
use bevy::render::render_resource::{
    Extent3d, TextureDimension, TextureFormat, TextureViewDescriptor, TextureViewDimension,
};

/// Where the lamp shines from (it looks at the board's centre).
pub const LAMP: Vec3 = Vec3::new(4.0, 12.0, 6.0);
/// The room's cube map: texels along each face's edge.
pub const ROOM_SIZE: u32 = 64;

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
            environment: 250.0,
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
            camera.insert(GeneratedEnvironmentMapLight {
                environment_map: room.0.clone(),
                intensity: lighting.environment,
                ..default()
            });
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
    }
}

/// The light of the room around the table in direction `d` (unit length), linear and relative:
/// a warm ceiling with the lamp, walls, a window's daylight on one side, a dark floor.
#[must_use]
pub fn room_light(d: Vec3) -> Vec3 {
    let floor = Vec3::new(0.06, 0.04, 0.03);
    let wall = Vec3::new(0.32, 0.25, 0.18);
    let ceiling = Vec3::new(0.55, 0.48, 0.38);
    let mut c = if d.y >= 0.0 {
        wall.lerp(ceiling, d.y)
    } else {
        wall.lerp(floor, (-d.y * 3.0).min(1.0))
    };
    // The lamp: a bright warm disc round its direction, with a soft edge.
    let lamp = d.dot(LAMP.normalize());
    c += Vec3::new(6.0, 5.0, 3.6) * smoothstep(0.97, 0.99, lamp);
    // A window in the wall on the left: cool daylight.
    if d.x < -0.6 && d.y.abs() < 0.35 && d.z.abs() < 0.45 {
        c += Vec3::new(1.1, 1.2, 1.35);
    }
    c
}

fn smoothstep(edge0: f32, edge1: f32, x: f32) -> f32 {
    let t = ((x - edge0) / (edge1 - edge0)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
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
    let mut data = Vec::with_capacity((size * size * 6 * 8) as usize);
    for face in 0..6 {
        for y in 0..size {
            for x in 0..size {
                let u = (x as f32 + 0.5) / size as f32 * 2.0 - 1.0;
                let v = (y as f32 + 0.5) / size as f32 * 2.0 - 1.0;
                let c = room_light(cube_direction(face, u, v));
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
    fn the_room_is_bright_above_dark_below_with_the_lamp_brightest() {
        let up = room_light(Vec3::Y);
        let down = room_light(Vec3::NEG_Y);
        let lamp = room_light(LAMP.normalize());
        assert!(up.length() > 4.0 * down.length());
        assert!(lamp.length() > 5.0 * up.length());
        // Warm: more red than blue everywhere but the window.
        assert!(up.x > up.z && lamp.x > lamp.z);
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
