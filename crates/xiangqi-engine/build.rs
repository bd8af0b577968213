//! The engine's build script: on Windows, the project's icon, a version block and a manifest
//! (packaging/windows/resources.rs at the workspace's root); nothing elsewhere.

include!("../../packaging/windows/resources.rs");

fn main() {
    let dir = std::path::PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default());
    windows_resources(
        &dir.join("../.."),
        "xiangqi-engine",
        "Chuhan xiangqi engine (UCI/UCCI)",
    );
}
