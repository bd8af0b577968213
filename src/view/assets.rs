//! The game's assets, built into the binary: the font, the sounds, the textures and the icon are
//! included at compile time and served by Bevy's `embedded://` asset source, so the game runs
//! from any folder (a package, `cargo install`, a copied binary) with no `assets/` beside it and no
//! environment variable. Load them with [`path`].
//!
//! Every file under `assets/` that the game loads is listed in [`FILES`] (a test checks the
//! folder and the list agree); the puzzle set is included by the core as text.

use std::path::{Path, PathBuf};

use bevy::asset::io::Reader;
use bevy::asset::io::embedded::EmbeddedAssetRegistry;
use bevy::asset::{AssetLoader, LoadContext};
use bevy::image::ImageLoaderSettings;
use bevy::prelude::*;

/// The folder the embedded files live in, inside the `embedded://` source.
const ROOT: &str = "chuhan";

/// `(name under assets/, contents)`.
macro_rules! files {
    ($($name:literal),* $(,)?) => {
        &[$(($name, include_bytes!(concat!("../../assets/", $name)))),*]
    };
}

/// Every asset the game loads through the asset server, by its name under `assets/`.
pub const FILES: &[(&str, &[u8])] = files![
    "fonts/chuhan-sans.otf",
    "icons/chuhan-256.png",
    "shaders/unlit.wgsl",
    "sounds/capture.wav",
    "sounds/check.wav",
    "sounds/draw.wav",
    "sounds/illegal.wav",
    "sounds/loss.wav",
    "sounds/move.wav",
    "sounds/select.wav",
    "sounds/win.wav",
    "textures/board-paper.mip.png",
    "textures/board-wood.mip.png",
    "textures/piece-black-advisor.png",
    "textures/piece-black-cannon.png",
    "textures/piece-black-elephant.png",
    "textures/piece-black-horse.png",
    "textures/piece-black-king.png",
    "textures/piece-black-pawn.png",
    "textures/piece-black-rook.png",
    "textures/piece-red-advisor.png",
    "textures/piece-red-cannon.png",
    "textures/piece-red-elephant.png",
    "textures/piece-red-horse.png",
    "textures/piece-red-king.png",
    "textures/piece-red-pawn.png",
    "textures/piece-red-rook.png",
    "textures/piece-normal-black-advisor.png",
    "textures/piece-normal-black-cannon.png",
    "textures/piece-normal-black-elephant.png",
    "textures/piece-normal-black-horse.png",
    "textures/piece-normal-black-king.png",
    "textures/piece-normal-black-pawn.png",
    "textures/piece-normal-black-rook.png",
    "textures/piece-normal-red-advisor.png",
    "textures/piece-normal-red-cannon.png",
    "textures/piece-normal-red-elephant.png",
    "textures/piece-normal-red-horse.png",
    "textures/piece-normal-red-king.png",
    "textures/piece-normal-red-pawn.png",
    "textures/piece-normal-red-rook.png",
    "textures/river.png",
    "textures/room.png",
];

/// The asset path of a file named by its place under `assets/` (`"fonts/chuhan-sans.otf"`).
#[must_use]
pub fn path(name: &str) -> String {
    format!("embedded://{ROOT}/{name}")
}

/// The bytes of an embedded file, by its name under `assets/`.
#[must_use]
pub fn bytes(name: &str) -> Option<&'static [u8]> {
    FILES.iter().find(|(n, _)| *n == name).map(|(_, b)| *b)
}

/// Loads a `*.mip.png` as an image with its whole chain of mipmaps, made as it loads (in the asset
/// server's tasks, off the frame loop): for a texture seen both close up and from afar, like the
/// wood, whose size that holds up close would shimmer at a distance without them. Takes the image
/// loader's settings (the sampler, sRGB or not). A larger image than [`SMALL_SIDE`] also gives
/// its first level of at most that size, alone, labelled [`SMALL`] (`…mip.png#small`): for low,
/// where a software renderer pays for every texel it fetches (sampling between mipmaps costs
/// lavapipe 5 ms a frame at 1920x1080; the level alone costs what the 512 texture did).
#[derive(Default, TypePath)]
pub struct MipmappedLoader;

/// Why a `*.mip.png` could not be loaded.
#[derive(Debug)]
pub enum MipmappedError {
    /// Its bytes could not be read.
    Read(std::io::Error),
    /// They are not a PNG image.
    Decode(image::ImageError),
}

impl std::fmt::Display for MipmappedError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Read(e) => write!(f, "could not read the texture: {e}"),
            Self::Decode(e) => write!(f, "the texture is not a PNG image: {e}"),
        }
    }
}

impl std::error::Error for MipmappedError {}

impl AssetLoader for MipmappedLoader {
    type Asset = Image;
    type Settings = ImageLoaderSettings;
    type Error = MipmappedError;

    async fn load(
        &self,
        reader: &mut dyn Reader,
        settings: &ImageLoaderSettings,
        context: &mut LoadContext<'_>,
    ) -> Result<Image, MipmappedError> {
        let mut bytes = Vec::new();
        reader
            .read_to_end(&mut bytes)
            .await
            .map_err(MipmappedError::Read)?;
        let image = mipmapped(&bytes, settings)?;
        if let Some(small) = smaller(&image, SMALL_SIDE) {
            context.add_labeled_asset(SMALL, small);
        }
        Ok(image)
    }

    fn extensions(&self) -> &[&str] {
        &["mip.png"]
    }
}

/// The label of a mipmapped image's small copy.
pub const SMALL: &str = "small";

/// The side of a mipmapped image's small copy, in texels (at most).
pub const SMALL_SIDE: u32 = 512;

/// A mipmapped image's first level no larger than `side` on either side, alone (no mipmaps);
/// `None` when the image is that small already (or has no mipmaps).
#[must_use]
pub fn smaller(image: &Image, side: u32) -> Option<Image> {
    let data = image.data.as_ref()?;
    let levels = image.texture_descriptor.mip_level_count;
    let (mut w, mut h) = (image.width(), image.height());
    let mut start = 0usize;
    let mut level = 0;
    while (w > side || h > side) && level + 1 < levels {
        start += (w * h * 4) as usize;
        (w, h) = ((w / 2).max(1), (h / 2).max(1));
        level += 1;
    }
    if level == 0 {
        return None;
    }
    let size = bevy::render::render_resource::Extent3d {
        width: w,
        height: h,
        depth_or_array_layers: 1,
    };
    let mut small = Image::new_uninit(
        size,
        image.texture_descriptor.dimension,
        image.texture_descriptor.format,
        image.asset_usage,
    );
    small.data = Some(data.get(start..start + (w * h * 4) as usize)?.to_vec());
    small.sampler = image.sampler.clone();
    Some(small)
}

/// A PNG's image with its mipmaps (see [`MipmappedLoader`]).
///
/// # Errors
/// When `png` is not a PNG image.
pub fn mipmapped(png: &[u8], settings: &ImageLoaderSettings) -> Result<Image, MipmappedError> {
    use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
    let rgba = image::load_from_memory_with_format(png, image::ImageFormat::Png)
        .map_err(MipmappedError::Decode)?
        .into_rgba8();
    let (width, height) = rgba.dimensions();
    let (data, levels) = mip_chain(rgba.as_raw(), width, height, settings.is_srgb);
    let format = if settings.is_srgb {
        TextureFormat::Rgba8UnormSrgb
    } else {
        TextureFormat::Rgba8Unorm
    };
    let size = Extent3d {
        width,
        height,
        depth_or_array_layers: 1,
    };
    let mut image = Image::new_uninit(size, TextureDimension::D2, format, settings.asset_usage);
    image.data = Some(data);
    image.texture_descriptor.mip_level_count = levels;
    image.sampler = settings.sampler.clone();
    Ok(image)
}

/// An RGBA8 image's pixels followed by each of its mipmaps down to one pixel (each half the last,
/// rounded down, at least one), and how many levels that is. Each texel of a level is the mean of
/// the two by two below it (the last row or column repeated where a side is odd), taken in linear
/// light when the image is sRGB, so that fine dark grain does not darken the wood far away.
#[must_use]
pub fn mip_chain(rgba: &[u8], width: u32, height: u32, srgb: bool) -> (Vec<u8>, u32) {
    let to_linear: Vec<f32> = (0..=255u8)
        .map(|v| {
            let c = f32::from(v) / 255.0;
            if !srgb {
                c
            } else if c <= 0.04045 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        })
        .collect();
    let from_linear = |c: f32| -> u8 {
        let c = c.clamp(0.0, 1.0);
        let s = if !srgb {
            c
        } else if c <= 0.003_130_8 {
            c * 12.92
        } else {
            1.055 * c.powf(1.0 / 2.4) - 0.055
        };
        // In 0..=255 by the clamp above.
        (s * 255.0).round() as u8
    };
    let mut data = rgba.to_vec();
    let (mut w, mut h) = (width as usize, height as usize);
    let mut start = 0;
    let mut levels = 1;
    while w > 1 || h > 1 {
        let (nw, nh) = ((w / 2).max(1), (h / 2).max(1));
        let mut next = Vec::with_capacity(nw * nh * 4);
        for y in 0..nh {
            for x in 0..nw {
                for c in 0..4 {
                    let mut sum = 0.0;
                    for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                        let (sx, sy) = ((2 * x + dx).min(w - 1), (2 * y + dy).min(h - 1));
                        let v = data[start + (sy * w + sx) * 4 + c];
                        // Alpha is never sRGB.
                        sum += if c == 3 {
                            f32::from(v) / 255.0
                        } else {
                            to_linear[usize::from(v)]
                        };
                    }
                    let mean = sum / 4.0;
                    next.push(if c == 3 {
                        (mean * 255.0).round() as u8
                    } else {
                        from_linear(mean)
                    });
                }
            }
        }
        start = data.len();
        data.extend_from_slice(&next);
        (w, h) = (nw, nh);
        levels += 1;
    }
    (data, levels)
}

pub(super) fn plugin(app: &mut App) {
    app.register_asset_loader(MipmappedLoader);
    let registry = app.world_mut().resource_mut::<EmbeddedAssetRegistry>();
    for (name, contents) in FILES {
        registry.insert_asset(PathBuf::new(), &Path::new(ROOT).join(name), *contents);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_mipmap_is_half_the_last_and_averages_in_linear_light() {
        // Four by two: black and white columns.
        let mut rgba = Vec::new();
        for _ in 0..2 {
            for x in 0..4 {
                let v = if x % 2 == 0 { 0 } else { 255 };
                rgba.extend_from_slice(&[v, v, v, 255]);
            }
        }
        let (data, levels) = mip_chain(&rgba, 4, 2, true);
        assert_eq!(levels, 3, "4x2, 2x1, 1x1");
        assert_eq!(data.len(), (8 + 2 + 1) * 4);
        assert_eq!(&data[..32], &rgba[..], "the image itself comes first");
        // Half black and half white is half the light: sRGB 188, not 128.
        for texel in data[32..].chunks(4) {
            assert!((186..=190).contains(&texel[0]), "{texel:?}");
            assert_eq!(texel[0], texel[2]);
            assert_eq!(texel[3], 255);
        }
        // Linear data is averaged as it is.
        let (linear, _) = mip_chain(&rgba, 4, 2, false);
        assert!((127..=128).contains(&linear[32]), "{}", linear[32]);
    }

    #[test]
    fn odd_sides_repeat_their_last_row_and_column() {
        let rgba = [10u8, 20, 30, 255].repeat(9);
        let (data, levels) = mip_chain(&rgba, 3, 3, true);
        assert_eq!(levels, 2, "3x3, then 1x1");
        assert_eq!(
            &data[36..],
            &[10, 20, 30, 255],
            "a flat colour stays itself"
        );
    }

    #[test]
    fn the_wood_loads_with_every_mipmap_and_keeps_its_colour_far_away() {
        let png = bytes("textures/board-wood.mip.png").expect("built in");
        let image = mipmapped(png, &ImageLoaderSettings::default()).expect("a PNG");
        assert_eq!((image.width(), image.height()), (2048, 2048));
        assert_eq!(image.texture_descriptor.mip_level_count, 12);
        let data = image.data.as_ref().expect("pixels");
        let full: usize = (0..12).map(|l| (2048usize >> l).pow(2) * 4).sum();
        assert_eq!(data.len(), full);
        // The last level (one texel) is wood: warm, red above green above blue.
        let last = &data[data.len() - 4..];
        assert!(
            last[0] > last[1] && last[1] > last[2] && last[2] > 40,
            "{last:?}"
        );
        let small = smaller(&image, SMALL_SIDE).expect("a small copy");
        assert_eq!((small.width(), small.height()), (512, 512));
        assert_eq!(small.texture_descriptor.mip_level_count, 1);
        let from = (2048 * 2048 + 1024 * 1024) * 4;
        assert_eq!(
            small.data.as_deref(),
            Some(&data[from..from + 512 * 512 * 4]),
            "the level of 512 alone"
        );
        assert!(smaller(&small, SMALL_SIDE).is_none(), "small already");
        assert!(matches!(
            mipmapped(b"not a png", &ImageLoaderSettings::default()),
            Err(MipmappedError::Decode(_))
        ));
    }
}
