//! Files handed to the player once saved.

use std::path::{Path, PathBuf};

use crate::storage::files::FileError;

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

/// A save the page's storage refused for being full still reaches the player: the file other
/// programs read (the last of `files`) goes to the browser as a download, and the error says so.
/// Any other error (and any error on the desktop) is as it came.
pub(crate) fn kept_elsewhere(e: FileError, files: &[(PathBuf, Vec<u8>)]) -> FileError {
    #[cfg(target_arch = "wasm32")]
    if e.reason.contains(crate::storage::words::STORAGE_FULL)
        && let Some((last, bytes)) = files.last()
        && crate::storage::device_files::offer_bytes(last, bytes).is_ok()
    {
        return FileError::new(
            last,
            format!(
                "{}; {}",
                crate::storage::words::STORAGE_FULL,
                crate::storage::words::DOWNLOADED_INSTEAD
            ),
        );
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = files;
    e
}
