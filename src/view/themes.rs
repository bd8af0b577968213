//! Themes: the look of the pieces (carved wood, printed plastic, jade) and of the board (wood,
//! paper, dark lacquer), chosen in the 游戏 menu and kept in the settings. Each restyles the
//! shared materials in place (colours, roughness, lacquer, the carving's normal map, the board's
//! grain and ink), so a change costs nothing per frame and never touches what the graphics
//! setting decides (whether a material is lit).

use bevy::prelude::*;

use crate::core::settings::{BoardTheme, PieceSet, PieceTheme, Settings};
use crate::view::board::{BoardMaterials, ENGRAVING_PX, engraving, river_engraving};
use crate::view::graphics::Quality;
use crate::view::pieces::{FaceSet, PieceAssets};

/// How a piece set looks.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PieceLook {
    /// The body's colour.
    pub body: Color,
    /// The body's roughness.
    pub roughness: f32,
    /// Its lacquer or polish (clear coat strength).
    pub coat: f32,
    /// The tint over the face (its ink on the paper colour).
    pub face_tint: Color,
    /// The face's roughness.
    pub face_roughness: f32,
    /// Whether the character is cut in (the normal map) or printed flat.
    pub carved: bool,
}

/// How a board looks.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoardLook {
    /// The surface's colour (a tint over its sheet's texture).
    pub surface: Color,
    /// What the surface is made of: its texture.
    pub sheet: Sheet,
    /// The surface's roughness.
    pub roughness: f32,
    /// Its lacquer (clear coat strength).
    pub coat: f32,
    /// The lines' colour.
    pub ink: Color,
    /// Whether the lines darken the surface under them (ink soaked in) or lie on it (gold).
    pub ink_multiplies: bool,
    /// Whether the lines are cut into the surface (on high, a normal map): wood and lacquer are
    /// engraved, the paper's printed lines pressed in (letterpress).
    pub engraved: bool,
    /// The trays' floors (a tint over the grain where there is grain).
    pub tray: Color,
    /// The trays' rims.
    pub rim: Color,
    /// Whether the trays show the wood's grain.
    pub tray_grain: bool,
    /// The trays' lacquer (clear coat strength).
    pub tray_coat: f32,
}

/// What a board's surface is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sheet {
    /// Wood: the grain texture.
    Grain,
    /// Paper: the sheet's texture, mottled, with its fibres.
    Paper,
    /// A smooth lacquer: no texture.
    Plain,
}

/// The look of a piece set.
#[must_use]
pub fn piece_look(theme: PieceTheme) -> PieceLook {
    match theme {
        PieceTheme::Carved => PieceLook {
            body: Color::srgb(0.93, 0.82, 0.62),
            roughness: 0.5,
            coat: 0.6,
            face_tint: Color::WHITE,
            face_roughness: 0.9,
            carved: true,
        },
        PieceTheme::Plastic => PieceLook {
            body: Color::srgb(0.97, 0.96, 0.92),
            roughness: 0.3,
            coat: 0.0,
            face_tint: Color::srgb(1.0, 1.0, 1.0),
            face_roughness: 0.35,
            // Moulded with the character cut in and painted, as plastic sets are.
            carved: true,
        },
        PieceTheme::Jade => PieceLook {
            body: Color::srgb(0.42, 0.68, 0.50),
            roughness: 0.2,
            coat: 0.9,
            face_tint: Color::srgb(0.62, 0.86, 0.68),
            face_roughness: 0.3,
            carved: true,
        },
    }
}

/// The look of a board.
#[must_use]
pub fn board_look(theme: BoardTheme) -> BoardLook {
    match theme {
        BoardTheme::Wood => BoardLook {
            surface: Color::srgb(0.93, 0.85, 0.76),
            sheet: Sheet::Grain,
            roughness: 0.72,
            coat: 0.0,
            ink: Color::srgb(0.22, 0.13, 0.07),
            ink_multiplies: true,
            engraved: true,
            // The same wood, oiled darker, the rim darker still.
            tray: Color::srgb(0.74, 0.58, 0.42),
            rim: Color::srgb(0.52, 0.36, 0.23),
            tray_grain: true,
            tray_coat: 0.25,
        },
        BoardTheme::Paper => BoardLook {
            // The paper's own colour is in its texture.
            surface: Color::srgb(0.99, 0.98, 0.96),
            sheet: Sheet::Paper,
            roughness: 0.95,
            coat: 0.0,
            ink: Color::srgb(0.10, 0.10, 0.12),
            ink_multiplies: true,
            engraved: true,
            // A paper board lies on the table beside plain wooden trays.
            tray: Color::srgb(0.80, 0.66, 0.50),
            rim: Color::srgb(0.58, 0.42, 0.28),
            tray_grain: true,
            tray_coat: 0.1,
        },
        BoardTheme::Lacquer => BoardLook {
            surface: Color::srgb(0.26, 0.05, 0.04),
            sheet: Sheet::Plain,
            roughness: 0.4,
            coat: 0.45,
            ink: Color::srgb(0.86, 0.68, 0.30),
            ink_multiplies: false,
            engraved: true,
            // Lacquer like the board, the rim edged in the lines' gold.
            tray: Color::srgb(0.24, 0.05, 0.04),
            rim: Color::srgb(0.78, 0.60, 0.26),
            tray_grain: false,
            tray_coat: 0.9,
        },
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, (apply_themes, engrave_on_high).chain());
}

/// Restyles the materials when the themes change (and once the materials exist).
fn apply_themes(
    settings: Res<Settings>,
    pieces: Option<ResMut<PieceAssets>>,
    board: Option<Res<BoardMaterials>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut images: ResMut<Assets<Image>>,
    quality: Option<Res<Quality>>,
    mut shown: Local<Option<(PieceTheme, PieceSet, BoardTheme, bool)>>,
) {
    let (Some(mut pieces), Some(board)) = (pieces, board) else {
        return;
    };
    let high = quality.is_some_and(|q| q.high);
    let wanted = (settings.pieces, settings.piece_set, settings.board, high);
    if *shown == Some(wanted) {
        return;
    }
    *shown = Some(wanted);
    if settings.piece_set == PieceSet::International && pieces.pictograms.is_none() {
        pieces.pictograms = Some(FaceSet::pictograms(&mut images));
    }
    let set = pieces
        .set(settings.piece_set)
        .unwrap_or(&pieces.characters)
        .clone();
    let p = piece_look(settings.pieces);
    for handle in pieces.bodies() {
        if let Some(mut m) = materials.get_mut(handle) {
            m.base_color = p.body;
            m.perceptual_roughness = p.roughness;
            m.clearcoat = p.coat;
        }
    }
    for ((handle, texture), normal) in pieces.faces.iter().zip(&set.colour).zip(&set.normals) {
        if let Some(mut m) = materials.get_mut(handle) {
            m.base_color_texture = Some(texture.clone());
            m.base_color = p.face_tint;
            m.perceptual_roughness = p.face_roughness;
            m.normal_map_texture = p.carved.then(|| normal.clone());
        }
    }
    let b = board_look(settings.board);
    // The wood with its mipmaps on high; on low its level of 512 alone (see `MipmappedLoader`).
    let grain = if high {
        board.grain.clone()
    } else {
        board.grain_small.clone()
    };
    if let Some(mut m) = materials.get_mut(&board.table) {
        m.base_color_texture = Some(grain.clone());
    }
    if let Some(mut m) = materials.get_mut(&board.wood) {
        m.base_color = b.surface;
        m.base_color_texture = match b.sheet {
            Sheet::Grain => Some(grain.clone()),
            Sheet::Paper if high => Some(board.paper.clone()),
            Sheet::Paper => Some(board.paper_small.clone()),
            Sheet::Plain => None,
        };
        m.perceptual_roughness = b.roughness;
        m.clearcoat = b.coat;
        m.normal_map_texture = board.engraving.clone().filter(|_| b.engraved);
    }
    if let Some(mut m) = materials.get_mut(&board.ink) {
        m.base_color = b.ink;
        m.alpha_mode = if b.ink_multiplies {
            AlphaMode::Multiply
        } else {
            AlphaMode::Opaque
        };
    }
    if let Some(mut m) = materials.get_mut(&board.river) {
        m.base_color = b.ink.with_alpha(0.9);
        m.normal_map_texture = board.river_engraving.clone().filter(|_| b.engraved);
    }
    for (handle, colour) in [(&board.tray, b.tray), (&board.rim, b.rim)] {
        if let Some(mut m) = materials.get_mut(handle) {
            m.base_color = colour;
            m.base_color_texture = b.tray_grain.then(|| grain.clone());
            m.perceptual_roughness = if b.tray_coat > 0.5 { 0.3 } else { 0.6 };
            m.clearcoat = b.tray_coat;
        }
    }
}

/// On high (first shown), draws the engraving and gives it to the surface of a board that is
/// engraved (all three: wood and lacquer cut, paper pressed): the lines catch the light as the
/// camera turns.
fn engrave_on_high(
    quality: Option<Res<Quality>>,
    settings: Res<Settings>,
    board: Option<ResMut<BoardMaterials>>,
    mut images: ResMut<Assets<Image>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    use bevy::asset::RenderAssetUsages;
    use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
    let (Some(quality), Some(mut board)) = (quality, board) else {
        return;
    };
    if !quality.high || board.engraving.is_some() {
        return;
    }
    // A normal map (linear data) of `w` x `h` pixels.
    let mut normal_map = |(w, h, data): (usize, usize, Vec<u8>)| {
        images.add(Image::new(
            Extent3d {
                width: w as u32,
                height: h as u32,
                depth_or_array_layers: 1,
            },
            TextureDimension::D2,
            data,
            TextureFormat::Rgba8Unorm,
            RenderAssetUsages::RENDER_WORLD,
        ))
    };
    let handle = normal_map(engraving(ENGRAVING_PX));
    board.engraving = Some(handle.clone());
    let river = river_engraving().map(normal_map);
    board.river_engraving.clone_from(&river);
    if board_look(settings.board).engraved {
        if let Some(mut m) = materials.get_mut(&board.wood) {
            m.normal_map_texture = Some(handle);
        }
        if let Some(mut m) = materials.get_mut(&board.river) {
            m.normal_map_texture = river;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Relative luminance of a colour.
    fn light(c: Color) -> f32 {
        c.luminance()
    }

    #[test]
    fn every_board_keeps_its_lines_readable_and_every_set_its_faces() {
        for theme in [BoardTheme::Wood, BoardTheme::Paper, BoardTheme::Lacquer] {
            let b = board_look(theme);
            let contrast = (light(b.surface) - light(b.ink)).abs();
            assert!(contrast > 0.3, "{theme:?}: lines too close to the surface");
            assert!(
                b.engraved,
                "{theme:?}: its lines are cut or pressed in, not flat paint"
            );
            // Ink multiplied into the surface can only darken it.
            assert!(!b.ink_multiplies || light(b.ink) < light(b.surface));
            // A tray's rim stands out from its floor, and the floor from the table's felt.
            assert!(
                (light(b.rim) - light(b.tray)).abs() > 0.1,
                "{theme:?}: the rim is lost"
            );
        }
        let looks: Vec<_> = [PieceTheme::Carved, PieceTheme::Plastic, PieceTheme::Jade]
            .into_iter()
            .map(piece_look)
            .collect();
        for (i, a) in looks.iter().enumerate() {
            assert!(
                light(a.face_tint) > 0.4,
                "the faces stay light under their ink"
            );
            assert!(
                a.carved,
                "every set's characters are cut in and catch the light"
            );
            for b in &looks[i + 1..] {
                assert_ne!(a.body, b.body, "each set looks its own");
            }
        }
    }
}
