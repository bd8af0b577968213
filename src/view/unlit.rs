//! The low graphics setting draws every mesh with one small unlit material of its own
//! ([`UnlitMaterial`], `assets/shaders/unlit.wgsl`) instead of Bevy's standard material.
//!
//! Low draws no light, shadow or tone mapping, so a standard material there is only its colour
//! times its texture. But its shader is Bevy's whole physically based one (the unlit case is a
//! branch inside it), and a software renderer compiles each of its variants when it first draws
//! with it: SwiftShader in a browser page took 1.4 to 2.1 s over the game's four variants
//! before the first frame showed the board. The unlit material's shader is a few lines.
//!
//! The game's code keeps working with standard materials: they stay the truth, and themes,
//! highlights and marks change them as before. On low, each entity's
//! `MeshMaterial3d<StandardMaterial>` is taken off and kept in [`Shaded`], and the entity draws
//! with the unlit copy of that material, kept in step with it; on high they are put back.

use bevy::asset::{AssetEvent, AssetPath};
use bevy::math::Affine2;
use bevy::pbr::{Material, MaterialPlugin};
use bevy::platform::collections::HashMap;
use bevy::prelude::*;
use bevy::render::render_resource::{AsBindGroup, ShaderType};
use bevy::shader::ShaderRef;

use crate::view::assets::path;
use crate::view::graphics::Quality;

/// What the unlit shader draws: the standard material's colour, texture, texture transform and
/// alpha mode.
#[derive(Asset, TypePath, AsBindGroup, Clone, Debug)]
pub struct UnlitMaterial {
    #[uniform(0)]
    pub params: UnlitParams,
    #[texture(1)]
    #[sampler(2)]
    pub texture: Option<Handle<Image>>,
    pub alpha_mode: AlphaMode,
}

/// The shader's uniform (`Unlit` in `unlit.wgsl`).
#[derive(Clone, Copy, Debug, PartialEq, ShaderType)]
pub struct UnlitParams {
    /// Linear colour and alpha.
    pub color: Vec4,
    /// The texture coordinates' transform: its x axis (xy) and y axis (zw).
    pub axes: Vec4,
    /// The transform's offset (xy).
    pub offset: Vec4,
}

impl Material for UnlitMaterial {
    fn fragment_shader() -> ShaderRef {
        ShaderRef::Path(AssetPath::from(path("shaders/unlit.wgsl")))
    }

    fn alpha_mode(&self) -> AlphaMode {
        self.alpha_mode
    }

    // Low has no depth prepass and no shadows to draw into.
    fn enable_prepass() -> bool {
        false
    }

    fn enable_shadows() -> bool {
        false
    }
}

impl UnlitMaterial {
    /// What `m` looks like unlit.
    #[must_use]
    pub fn of(m: &StandardMaterial) -> UnlitMaterial {
        UnlitMaterial {
            params: params(m.base_color, m.uv_transform),
            texture: m.base_color_texture.clone(),
            alpha_mode: m.alpha_mode,
        }
    }
}

fn params(color: Color, uv: Affine2) -> UnlitParams {
    UnlitParams {
        color: color.to_linear().to_vec4(),
        axes: uv.matrix2.x_axis.extend(0.0).extend(0.0)
            + Vec4::new(0.0, 0.0, uv.matrix2.y_axis.x, uv.matrix2.y_axis.y),
        offset: uv.translation.extend(0.0).extend(0.0),
    }
}

/// The standard material an entity drawn unlit stands for: what the game set, kept while the
/// entity draws with its unlit copy.
#[derive(Component, Clone, Debug, PartialEq)]
pub struct Shaded(pub Handle<StandardMaterial>);

/// The unlit copy of each standard material in use on low.
#[derive(Resource, Default)]
pub struct UnlitCopies(HashMap<AssetId<StandardMaterial>, Handle<UnlitMaterial>>);

/// The standard material an entity stands for, whichever of the two it draws with now.
#[must_use]
pub fn material_of<'a>(
    drawn: Option<&'a MeshMaterial3d<StandardMaterial>>,
    shaded: Option<&'a Shaded>,
) -> Option<&'a Handle<StandardMaterial>> {
    drawn.map(|m| &m.0).or(shaded.map(|s| &s.0))
}

pub(super) fn plugin(app: &mut App) {
    // Only where the renderer runs (the tests' headless apps have no render plugin).
    if app.is_plugin_added::<bevy::render::RenderPlugin>() {
        app.add_plugins(MaterialPlugin::<UnlitMaterial>::default());
    } else {
        app.init_asset::<UnlitMaterial>();
    }
    app.init_resource::<UnlitCopies>()
        .add_systems(PostUpdate, (follow_changes, swap).chain());
}

/// Keeps each unlit copy in step with its standard material (themes and highlights change them).
fn follow_changes(
    mut changes: MessageReader<AssetEvent<StandardMaterial>>,
    standard: Res<Assets<StandardMaterial>>,
    mut unlit: ResMut<Assets<UnlitMaterial>>,
    mut copies: ResMut<UnlitCopies>,
) {
    for change in changes.read() {
        match change {
            AssetEvent::Modified { id } => {
                if let (Some(copy), Some(m)) = (copies.0.get(id), standard.get(*id))
                    && let Some(mut u) = unlit.get_mut(copy)
                {
                    *u = UnlitMaterial::of(m);
                }
            }
            AssetEvent::Removed { id } | AssetEvent::Unused { id } => {
                copies.0.remove(id);
            }
            _ => {}
        }
    }
}

/// On low, every entity drawn with a standard material draws with its unlit copy; on high, with
/// the standard material again.
fn swap(
    mut commands: Commands,
    quality: Option<Res<Quality>>,
    standard: Res<Assets<StandardMaterial>>,
    mut unlit: ResMut<Assets<UnlitMaterial>>,
    mut copies: ResMut<UnlitCopies>,
    drawn: Query<(Entity, &MeshMaterial3d<StandardMaterial>)>,
    kept: Query<(Entity, &Shaded)>,
) {
    let Some(quality) = quality else {
        return;
    };
    if quality.high {
        for (e, shaded) in &kept {
            commands
                .entity(e)
                .remove::<(Shaded, MeshMaterial3d<UnlitMaterial>)>()
                .insert(MeshMaterial3d(shaded.0.clone()));
        }
        return;
    }
    for (e, m) in &drawn {
        let Some(source) = standard.get(&m.0) else {
            continue; // not loaded yet: looked at again next frame
        };
        let copy = copies
            .0
            .entry(m.0.id())
            .or_insert_with(|| unlit.add(UnlitMaterial::of(source)))
            .clone();
        commands
            .entity(e)
            .remove::<MeshMaterial3d<StandardMaterial>>()
            .insert((Shaded(m.0.clone()), MeshMaterial3d(copy)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn app(high: bool) -> App {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, AssetPlugin::default()))
            .init_asset::<StandardMaterial>()
            .init_asset::<Image>()
            .insert_resource(Quality { high })
            .add_plugins(plugin);
        app
    }

    fn copy_of(app: &App, e: Entity) -> UnlitMaterial {
        let handle = app.world().get::<MeshMaterial3d<UnlitMaterial>>(e).unwrap();
        app.world()
            .resource::<Assets<UnlitMaterial>>()
            .get(&handle.0)
            .unwrap()
            .clone()
    }

    #[test]
    fn low_draws_the_unlit_copy_and_follows_the_standard_material() {
        let mut app = app(false);
        let cloth = Affine2::from_scale(Vec2::splat(3.0));
        let wood = app
            .world_mut()
            .resource_mut::<Assets<StandardMaterial>>()
            .add(StandardMaterial {
                base_color: Color::srgb(0.5, 0.25, 1.0),
                uv_transform: cloth,
                alpha_mode: AlphaMode::Multiply,
                ..default()
            });
        let e = app.world_mut().spawn(MeshMaterial3d(wood.clone())).id();
        let other = app.world_mut().spawn(MeshMaterial3d(wood.clone())).id();
        app.update();
        assert!(
            app.world()
                .get::<MeshMaterial3d<StandardMaterial>>(e)
                .is_none()
        );
        assert_eq!(app.world().get::<Shaded>(e), Some(&Shaded(wood.clone())));
        let copy = copy_of(&app, e);
        assert_eq!(copy.alpha_mode, AlphaMode::Multiply);
        assert_eq!(
            copy.params.color,
            Color::srgb(0.5, 0.25, 1.0).to_linear().to_vec4()
        );
        assert_eq!(copy.params.axes, Vec4::new(3.0, 0.0, 0.0, 3.0));
        // Both entities share one copy.
        assert_eq!(
            app.world().get::<MeshMaterial3d<UnlitMaterial>>(e),
            app.world().get::<MeshMaterial3d<UnlitMaterial>>(other)
        );

        // A theme changes the standard material: the copy follows.
        app.world_mut()
            .resource_mut::<Assets<StandardMaterial>>()
            .get_mut(&wood)
            .unwrap()
            .base_color = Color::WHITE;
        app.update();
        app.update();
        assert_eq!(copy_of(&app, e).params.color, Vec4::ONE);

        // A highlight gives the entity another standard material: drawn unlit again.
        let glow = app
            .world_mut()
            .resource_mut::<Assets<StandardMaterial>>()
            .add(StandardMaterial::from_color(Color::BLACK));
        app.world_mut()
            .entity_mut(e)
            .insert(MeshMaterial3d(glow.clone()));
        app.update();
        assert_eq!(app.world().get::<Shaded>(e), Some(&Shaded(glow.clone())));
        assert_eq!(copy_of(&app, e).params.color, Vec4::new(0.0, 0.0, 0.0, 1.0));
        let (drawn, shaded) = (
            app.world().get::<MeshMaterial3d<StandardMaterial>>(e),
            app.world().get::<Shaded>(e),
        );
        assert_eq!(material_of(drawn, shaded), Some(&glow));
    }

    #[test]
    fn high_gets_the_standard_materials_back() {
        let mut app = app(false);
        let wood = app
            .world_mut()
            .resource_mut::<Assets<StandardMaterial>>()
            .add(StandardMaterial::default());
        let e = app.world_mut().spawn(MeshMaterial3d(wood.clone())).id();
        app.update();
        assert!(
            app.world()
                .get::<MeshMaterial3d<UnlitMaterial>>(e)
                .is_some()
        );
        app.insert_resource(Quality { high: true });
        app.update();
        assert_eq!(
            app.world().get::<MeshMaterial3d<StandardMaterial>>(e),
            Some(&MeshMaterial3d(wood))
        );
        assert!(
            app.world()
                .get::<MeshMaterial3d<UnlitMaterial>>(e)
                .is_none()
        );
        assert!(app.world().get::<Shaded>(e).is_none());
    }
}
