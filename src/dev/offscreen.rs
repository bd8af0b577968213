//! The game drawn into an image instead of a window ([`crate::OffscreenPlugin`]): the same camera,
//! scene, interface and post-processing, with the camera's target an image of a fixed size. For
//! machines with no display (a GPU server, CI): the render benchmark (`examples/render_bench/`)
//! measures it and saves its frames.

use bevy::camera::{ImageRenderTarget, RenderTarget};
use bevy::prelude::*;
use bevy::render::render_resource::TextureFormat;
use bevy::ui::IsDefaultUiCamera;

/// The image the game draws into, and its size.
#[derive(Resource, Clone, Debug)]
pub struct Offscreen {
    /// The image (the target of the 3D camera, which the interface shares).
    pub image: Handle<Image>,
    /// Its size in pixels.
    pub size: UVec2,
}

impl Offscreen {
    /// The plugin: makes the image of `size` and aims every camera at it.
    pub fn plugin(size: UVec2) -> impl Fn(&mut App) + Send + Sync + 'static {
        move |app: &mut App| {
            let image = Image::new_target_texture(
                size.x.max(1),
                size.y.max(1),
                TextureFormat::Rgba8UnormSrgb,
                None,
            );
            let image = app.world_mut().resource_mut::<Assets<Image>>().add(image);
            app.insert_resource(Offscreen { image, size });
            app.add_systems(PreUpdate, aim_cameras);
        }
    }
}

/// Points each new camera at the image; the interface draws on it (with no window, Bevy finds no
/// camera for the interface by itself).
fn aim_cameras(
    mut commands: Commands,
    offscreen: Res<Offscreen>,
    cameras: Query<Entity, Added<Camera>>,
) {
    for camera in &cameras {
        commands.entity(camera).insert((
            RenderTarget::Image(ImageRenderTarget {
                handle: offscreen.image.clone(),
                scale_factor: 1.0,
            }),
            IsDefaultUiCamera,
        ));
    }
}
