//! Files handed to the player once saved.

use std::path::Path;

/// A file just saved, handed to the player: on the desktop it is on their disk already; in a
/// browser the page's storage is out of their reach, so the browser downloads it (the PGN of a
/// RON and PGN pair: the file other programs read).
pub fn hand_to_player(path: &Path) -> Result<(), String> {
    #[cfg(target_arch = "wasm32")]
    {
        use crate::storage::device_files::offer;
        if path.extension().is_some_and(|e| e == "ron")
            && offer(&path.with_extension("pgn")).is_ok()
        {
            return Ok(());
        }
        offer(path)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = path;
        Ok(())
    }
}
