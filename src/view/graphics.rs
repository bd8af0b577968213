//! The graphics setting applied: on high, shaded materials, shadows, tone mapping and the light's
//! effects (see `light`); on low, none of them (flat, unlit colours and textures). `Auto` picks low on a
//! software renderer (Mesa's lavapipe/llvmpipe, SwiftShader), high otherwise.

use bevy::core_pipeline::tonemapping::{DebandDither, Tonemapping};
use bevy::prelude::*;
use bevy::render::renderer::RenderAdapterInfo;

use crate::core::settings::{Graphics, Settings};
use crate::view::board::{TABLE_COLOR, Table};
use crate::view::light::{Lighting, Room, dress_camera};

/// Whether low draws the table (on its unlit material) rather than clearing to its colour.
const LOW_DRAWS_TABLE: bool = true;

/// What the renderer draws now (the setting resolved for this machine).
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Quality {
    /// Shading, shadows and the light's effects.
    pub high: bool,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, apply_graphics);
}

/// Whether an adapter is a software renderer, from its name and its device type (as wgpu
/// prints it: `Cpu` for a software rasteriser).
#[must_use]
pub fn is_software(name: &str, device_type: &str) -> bool {
    let name = name.to_ascii_lowercase();
    device_type == "Cpu"
        || ["llvmpipe", "lavapipe", "swiftshader", "software"]
            .iter()
            .any(|s| name.contains(s))
}

/// Whether `setting` draws high on an adapter that is (`Some(true)`) or is not a software
/// renderer (`None`: not known yet, counted as software).
#[must_use]
pub fn draws_high(setting: Graphics, software: Option<bool>) -> bool {
    match setting {
        Graphics::High => true,
        Graphics::Low => false,
        Graphics::Auto => software == Some(false),
    }
}

/// Resolves the setting and keeps the camera, the light and the materials in line with it (a few
/// comparisons a frame; components and materials are written only on a change).
fn apply_graphics(
    mut commands: Commands,
    settings: Res<Settings>,
    adapter: Option<Res<RenderAdapterInfo>>,
    quality: Option<Res<Quality>>,
    mut cameras: Query<(Entity, &mut Tonemapping, &mut DebandDither), With<Camera3d>>,
    mut lights: Query<&mut DirectionalLight>,
    room: Option<Res<Room>>,
    lighting: Res<Lighting>,
    mut tables: Query<&mut Visibility, With<Table>>,
    mut clear: ResMut<ClearColor>,
    mut software: Local<Option<bool>>,
) {
    // The adapter is known from the first frames on and does not change: judge it once.
    if software.is_none()
        && let Some(a) = adapter.as_ref()
    {
        *software = Some(is_software(&a.name, &format!("{:?}", a.device_type)));
    }
    let software = *software;
    let high = draws_high(settings.graphics, software);
    let changed = quality.is_none_or(|q| q.high != high);
    if changed || lighting.is_changed() {
        for (camera, _, _) in &cameras {
            dress_camera(
                &mut commands.entity(camera),
                high,
                room.as_deref(),
                &lighting,
            );
        }
    }
    if changed {
        info!(
            "graphics {:?}: {} (adapter {})",
            settings.graphics,
            if high { "high" } else { "low" },
            adapter
                .as_ref()
                .map_or("unknown".into(), |a| a.name.clone())
        );
        commands.insert_resource(Quality { high });
        // Low draws every mesh with its unlit copy (`view::unlit`).
    }
    let (tonemapping, deband) = if high {
        (lighting.tonemapping, DebandDither::Enabled)
    } else {
        (Tonemapping::None, DebandDither::Disabled)
    };
    for (_, mut t, mut d) in &mut cameras {
        if *t != tonemapping {
            *t = tonemapping;
        }
        if *d != deband {
            *d = deband;
        }
    }
    let table = if high || LOW_DRAWS_TABLE {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    };
    for mut v in &mut tables {
        if *v != table {
            *v = table;
        }
    }
    if !high && clear.0 != TABLE_COLOR {
        clear.0 = TABLE_COLOR;
    }
    for mut light in &mut lights {
        if light.shadow_maps_enabled != high {
            light.shadow_maps_enabled = high;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn software_renderers_draw_low_on_auto() {
        assert!(is_software("llvmpipe (LLVM 15.0.7, 256 bits)", "Cpu"));
        assert!(is_software("Some lavapipe", "Other"));
        assert!(!is_software("NVIDIA GeForce RTX 3060", "DiscreteGpu"));
        assert!(draws_high(Graphics::Auto, Some(false)));
        assert!(!draws_high(Graphics::Auto, Some(true)));
        assert!(!draws_high(Graphics::Auto, None));
        assert!(draws_high(Graphics::High, Some(true)));
        assert!(!draws_high(Graphics::Low, Some(false)));
    }
}
