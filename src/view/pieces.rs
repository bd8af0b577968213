//! How the pieces look: turned discs (see `lathe`) with their faces (upright for the side at the bottom), hover and
//! selection glow, and a red flash on a refused move.

use std::f32::consts::{FRAC_PI_2, PI};

use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use xiangqi::{Color as Side, Piece, PieceKind};

use crate::core::game::{CoreSet, Game, MoveRefused};
use crate::core::geometry::HEIGHT;
use crate::core::phase::Phase;
use crate::core::pictograms;
use crate::core::pieces::{PieceView, Taken};
use crate::core::selection::Selection;
use crate::core::settings::PieceSet;
use crate::view::board::RiverText;
use crate::view::graphics::Quality;
use crate::view::lathe;
use crate::view::unlit::{Shaded, material_of};

/// The pointer is over this piece.
#[derive(Component)]
pub struct Hovered;

/// Shared meshes and materials of the pieces (the themes restyle the materials in place).
#[derive(Resource)]
pub(crate) struct PieceAssets {
    disc: Handle<Mesh>,
    face: Handle<Mesh>,
    /// The faces, by [`Piece::index`].
    pub(crate) faces: Vec<Handle<StandardMaterial>>,
    /// The characters' face textures and carving (files made by the asset tools).
    pub(crate) characters: FaceSet,
    /// The international set's, drawn by `core::pictograms` when first chosen.
    pub(crate) pictograms: Option<FaceSet>,
    wood: Handle<StandardMaterial>,
    hover: Handle<StandardMaterial>,
    selected: Handle<StandardMaterial>,
    check: Handle<StandardMaterial>,
    refused: Handle<StandardMaterial>,
}

/// One piece set's face textures and their carving (normal maps), by [`Piece::index`].
#[derive(Clone)]
pub(crate) struct FaceSet {
    pub(crate) colour: Vec<Handle<Image>>,
    pub(crate) normals: Vec<Handle<Image>>,
}

impl FaceSet {
    /// The international set, drawn into new images.
    pub(crate) fn pictograms(images: &mut Assets<Image>) -> FaceSet {
        const PX: u32 = 256;
        let image = |data: Vec<u8>, format: TextureFormat| {
            Image::new(
                Extent3d {
                    width: PX,
                    height: PX,
                    depth_or_array_layers: 1,
                },
                TextureDimension::D2,
                data,
                format,
                RenderAssetUsages::default(),
            )
        };
        let (mut colour, mut normals) = (Vec::new(), Vec::new());
        for piece in all_pieces() {
            let face = pictograms::face(piece, PX)
                .unwrap_or_else(|| unreachable!("a face's size is fixed and not zero"));
            normals.push(images.add(image(
                pictograms::carved_normal(&face, 3.0),
                TextureFormat::Rgba8Unorm,
            )));
            // Opaque, so the premultiplied pixels are the plain ones.
            colour.push(images.add(image(face.take(), TextureFormat::Rgba8UnormSrgb)));
        }
        FaceSet { colour, normals }
    }
}

/// Every piece, in [`Piece::index`] order.
fn all_pieces() -> Vec<Piece> {
    let pieces: Vec<Piece> = Side::ALL
        .into_iter()
        .flat_map(|side| PieceKind::ALL.map(|kind| Piece::new(side, kind)))
        .collect();
    debug_assert!(pieces.iter().enumerate().all(|(i, p)| p.index() == i));
    pieces
}

impl PieceAssets {
    /// The face textures of `set`, if drawn.
    pub(crate) fn set(&self, set: PieceSet) -> Option<&FaceSet> {
        match set {
            PieceSet::Characters => Some(&self.characters),
            PieceSet::International => self.pictograms.as_ref(),
        }
    }

    /// The body's materials: plain, hovered, selected, in check, refused.
    pub(crate) fn bodies(&self) -> [&Handle<StandardMaterial>; 5] {
        [
            &self.wood,
            &self.hover,
            &self.selected,
            &self.check,
            &self.refused,
        ]
    }
}

/// The face of a piece (a child of its disc).
#[derive(Component)]
pub(crate) struct Face;

/// A refused move's piece flashes red for this many seconds more.
#[derive(Component)]
struct Flash(f32);

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, load_piece_assets);
    app.add_systems(
        Update,
        (dress_pieces, turn_pieces, turn_faces, flash_refused, glow)
            .chain()
            .after(CoreSet::Views),
    );
}

/// The face texture of `piece`.
fn face_texture(piece: Piece) -> String {
    let side = match piece.color {
        Side::Red => "red",
        Side::Black => "black",
    };
    crate::view::assets::path(&format!("textures/piece-{side}-{}.png", piece.kind.name()))
}

fn load_piece_assets(
    mut commands: Commands,
    assets: Res<AssetServer>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let wood_color = Color::srgb(0.93, 0.82, 0.62);
    let mut wood = |emissive: LinearRgba| {
        materials.add(StandardMaterial {
            base_color: wood_color,
            emissive,
            perceptual_roughness: 0.5,
            // A lacquered piece: a thin glossy coat over the wood (shaded on high only).
            clearcoat: 0.6,
            clearcoat_perceptual_roughness: 0.2,
            ..default()
        })
    };
    let plain = wood(LinearRgba::BLACK);
    let hover = wood(LinearRgba::rgb(0.25, 0.22, 0.08));
    let selected = wood(LinearRgba::rgb(0.7, 0.55, 0.1));
    let check = wood(LinearRgba::rgb(1.6, 0.1, 0.05));
    let refused = wood(LinearRgba::rgb(1.0, 0.0, 0.0));
    let pieces = all_pieces();
    // The character and the ring carved in: a normal map the asset tool derives from each face
    // (data, so read as linear, not sRGB).
    let normals: Vec<Handle<Image>> = pieces
        .iter()
        .map(|&piece| {
            assets
                .load_builder()
                .with_settings(|s: &mut bevy::image::ImageLoaderSettings| {
                    s.is_srgb = false;
                })
                .load(face_texture(piece).replace("piece-", "piece-normal-"))
        })
        .collect();
    let colour: Vec<Handle<Image>> = pieces
        .iter()
        .map(|&piece| assets.load(face_texture(piece)))
        .collect();
    let faces = colour
        .iter()
        .zip(&normals)
        .map(|(texture, normal)| {
            materials.add(StandardMaterial {
                base_color_texture: Some(texture.clone()),
                normal_map_texture: Some(normal.clone()),
                // Matte, so the light's reflection never washes the ink out from either side.
                perceptual_roughness: 0.9,
                reflectance: 0.1,
                ..default()
            })
        })
        .collect();
    commands.insert_resource(PieceAssets {
        disc: meshes.add(lathe::piece_body(lathe::LOW_SEGMENTS)),
        face: meshes.add(lathe::piece_face(lathe::LOW_SEGMENTS)),
        faces,
        characters: FaceSet { colour, normals },
        pictograms: None,
        wood: plain,
        hover,
        selected,
        check,
        refused,
    });
}

/// Turns the pieces finer on high and coarser on low (the shared meshes replaced in place).
fn turn_pieces(
    quality: Option<Res<Quality>>,
    assets: Option<Res<PieceAssets>>,
    mut meshes: ResMut<Assets<Mesh>>,
) {
    let (Some(quality), Some(assets)) = (quality, assets) else {
        return;
    };
    if !quality.is_changed() && !assets.is_changed() {
        return;
    }
    let segments = if quality.high {
        lathe::HIGH_SEGMENTS
    } else {
        lathe::LOW_SEGMENTS
    };
    for (handle, mesh) in [
        (&assets.disc, lathe::piece_body(segments)),
        (&assets.face, lathe::piece_face(segments)),
    ] {
        if let Err(e) = meshes.insert(handle, mesh) {
            warn!("piece mesh: {e}");
        }
    }
}

/// The rotation of a face that reads upright for `bottom`.
fn face_rotation(bottom: Side) -> Quat {
    let turn = if bottom == Side::Black { PI } else { 0.0 };
    Quat::from_rotation_y(turn) * Quat::from_rotation_x(-FRAC_PI_2)
}

/// Gives new piece entities their disc and face.
fn dress_pieces(
    mut commands: Commands,
    assets: Option<Res<PieceAssets>>,
    game: Res<Game>,
    new: Query<(Entity, Option<&PieceView>, Option<&Taken>), Or<(Added<PieceView>, Added<Taken>)>>,
    dressed: Query<(), With<Mesh3d>>,
) {
    let Some(assets) = assets else {
        return;
    };
    for (e, view, taken) in &new {
        if dressed.contains(e) {
            continue;
        }
        let Some(piece) = view.map(|v| v.piece).or(taken.map(|t| t.piece)) else {
            continue;
        };
        commands
            .entity(e)
            .insert((
                Mesh3d(assets.disc.clone()),
                MeshMaterial3d(assets.wood.clone()),
            ))
            .with_child((
                Face,
                Mesh3d(assets.face.clone()),
                MeshMaterial3d(assets.faces[piece.index()].clone()),
                Transform::from_xyz(0.0, HEIGHT / 2.0 + 0.002, 0.0)
                    .with_rotation(face_rotation(game.players.bottom_side())),
            ));
    }
}

/// Turns every face (and the river's writing) upright for the side at the bottom when it changes.
fn turn_faces(
    game: Res<Game>,
    mut shown: Local<Option<Side>>,
    mut faces: Query<&mut Transform, Or<(With<Face>, With<RiverText>)>>,
) {
    let bottom = game.players.bottom_side();
    if *shown == Some(bottom) {
        return;
    }
    *shown = Some(bottom);
    for mut t in &mut faces {
        t.rotation = face_rotation(bottom);
    }
}

/// The piece of a refused move flashes red.
fn flash_refused(
    mut commands: Commands,
    time: Res<Time>,
    mut refused: MessageReader<MoveRefused>,
    views: Query<(Entity, &PieceView)>,
    mut flashing: Query<(Entity, &mut Flash)>,
) {
    for r in refused.read() {
        for (e, view) in &views {
            if view.square == r.mv.from() {
                commands.entity(e).insert(Flash(0.5));
            }
        }
    }
    for (e, mut flash) in &mut flashing {
        flash.0 -= time.delta_secs();
        if flash.0 <= 0.0 {
            commands.entity(e).remove::<Flash>();
        }
    }
}

/// Body material by state: refused flash, king in check, selected, hovered (a piece the player
/// may move), or plain wood.
fn glow(
    mut commands: Commands,
    assets: Option<Res<PieceAssets>>,
    game: Res<Game>,
    selection: Res<Selection>,
    pieces: Query<(
        Entity,
        &PieceView,
        Option<&MeshMaterial3d<StandardMaterial>>,
        Option<&Shaded>,
        Has<Hovered>,
        Has<Flash>,
    )>,
    phase: Res<State<Phase>>,
) {
    let Some(assets) = assets else {
        return;
    };
    let pos = game.record.position();
    let to_move = pos.side_to_move();
    let checked = pos.is_check().then(|| pos.king(to_move));
    let may_move = *phase.get() == Phase::Playing && game.human_to_move();
    for (e, view, drawn, shaded, hovered, flash) in &pieces {
        let want = if flash {
            &assets.refused
        } else if checked == Some(view.square) {
            &assets.check
        } else if selection.0 == Some(view.square) {
            &assets.selected
        } else if hovered && may_move && view.piece.color == to_move {
            &assets.hover
        } else {
            &assets.wood
        };
        // On low the piece draws with the unlit copy of its material (`view::unlit`).
        if material_of(drawn, shaded) != Some(want) {
            commands.entity(e).insert(MeshMaterial3d(want.clone()));
        }
    }
}
