//! 象棋桥 libraries (`.CBL`): a header, an index, and records in blocks of 4 KiB, each read as a
//! record of its own.

use super::{
    BLOCK, CbrError, GameRecord, INDEX_SLOT, LIBRARY_HEADER, LIBRARY_MAGIC, RECORD_MAGIC,
    is_compressed_library, read_compressed_library, read_lenient, text, u32_at,
};

/// A library: its name and its games, each read leniently.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Library {
    /// The library's name.
    pub name: String,
    /// The games read, in order, with what each left out.
    pub games: Vec<(GameRecord, Vec<CbrError>)>,
    /// The games that could not be read at all.
    pub unread: Vec<CbrError>,
}

/// Where each record of a library starts.
fn record_starts(bytes: &[u8]) -> Vec<usize> {
    let slots = u32_at(bytes, 60).unwrap_or(0) as usize;
    let data = LIBRARY_HEADER.saturating_add(slots.saturating_mul(INDEX_SLOT));
    let from = bytes
        .get(data.min(bytes.len())..)
        .and_then(|rest| {
            rest.windows(RECORD_MAGIC.len())
                .position(|w| w == RECORD_MAGIC)
        })
        .map(|i| data + i)
        // Not where the index says: the first record anywhere.
        .or_else(|| {
            bytes
                .windows(RECORD_MAGIC.len())
                .position(|w| w == RECORD_MAGIC)
        });
    let Some(first) = from else {
        return Vec::new();
    };
    (first..bytes.len())
        .step_by(BLOCK)
        .filter(|&at| bytes[at..].starts_with(RECORD_MAGIC))
        .collect()
}

/// Reads a library: every record in it, each as leniently as [`read_lenient`].
///
/// # Errors
/// [`CbrError::NotCbr`] when it is not a library.
pub fn read_library(bytes: &[u8]) -> Result<Library, CbrError> {
    if is_compressed_library(bytes) {
        return read_compressed_library(bytes);
    }
    if !bytes.starts_with(LIBRARY_MAGIC) || bytes.len() < 576 {
        return Err(CbrError::NotCbr);
    }
    let mut library = Library {
        name: text(bytes, 64, 512),
        ..Library::default()
    };
    for (n, at) in record_starts(bytes).into_iter().enumerate() {
        match read_lenient(&bytes[at..]) {
            Ok(game) => library.games.push(game),
            Err(error) => library.unread.push(CbrError::InLibrary {
                game: n + 1,
                error: Box::new(error),
            }),
        }
    }
    Ok(library)
}
