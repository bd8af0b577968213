//! The game's assets, built into the binary: the font, the sounds, the textures and the icon are
//! included at compile time and served by Bevy's `embedded://` asset source, so the game runs
//! from any folder (a package, `cargo install`, a copied binary) with no `assets/` beside it and no
//! environment variable. Load them with [`path`].
//!
//! Every file under `assets/` that the game loads is listed in [`FILES`] (a test checks the
//! folder and the list agree); the puzzle set is included by the core as text.

use std::path::{Path, PathBuf};

use bevy::asset::io::embedded::EmbeddedAssetRegistry;
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
    "textures/board-wood.png",
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

/// The bytes of the built-in file `name` (under `assets/`), for what the game decodes itself.
#[must_use]
pub fn built_in(name: &str) -> Option<&'static [u8]> {
    FILES
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, bytes)| *bytes)
}

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

pub(super) fn plugin(app: &mut App) {
    let registry = app.world_mut().resource_mut::<EmbeddedAssetRegistry>();
    for (name, contents) in FILES {
        registry.insert_asset(PathBuf::new(), &Path::new(ROOT).join(name), *contents);
    }
}
