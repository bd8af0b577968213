//! The game's build script: on Windows, its icon, version block and manifest
//! (packaging/windows/resources.rs); nothing elsewhere.

include!("packaging/windows/resources.rs");

fn main() {
    let root = std::path::PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default());
    windows_resources(&root, "chuhan", "楚汉象棋 Chuhan");
}
