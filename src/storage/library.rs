//! 象棋桥 libraries (`.cbl`) in the record browser: a library is shown as a folder whose entries
//! are its games, each opened by the path `<library>.cbl/<number>`.

use std::path::{Path, PathBuf};

use crate::storage::files::{self, FileError};
use xiangqi::GameRecord;

/// Whether `path` names a CCBridge library by its extension.
#[must_use]
pub fn is_library(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("cbl"))
}

/// The library and game number that `path` names (`<library>.cbl/<n>`, from 1), if it names one.
#[must_use]
pub fn game_of(path: &Path) -> Option<(PathBuf, usize)> {
    let parent = path.parent()?;
    let n = path.file_name()?.to_str()?.parse::<usize>().ok()?;
    (is_library(parent) && n > 0 && !path.exists()).then(|| (parent.to_path_buf(), n))
}

fn read(path: &Path) -> Result<xiangqi::cbr::Library, FileError> {
    let bytes = files::read_at_most(path, files::MAX_LIBRARY_BYTES)?;
    xiangqi::cbr::read_library(&bytes).map_err(|e| FileError::new(path, e))
}

/// The games of a library for the browser, in the library's order: each one's name (number,
/// players and event) and the path that opens it.
pub fn list(path: &Path) -> Result<Vec<(String, PathBuf)>, FileError> {
    let library = read(path)?;
    Ok(library
        .games
        .iter()
        .enumerate()
        .map(|(i, (game, _))| {
            let tag = |t: &str| game.tag(t).unwrap_or_default().to_owned();
            let mut name = format!("{}. {} - {}", i + 1, tag("Red"), tag("Black"));
            let event = tag("Event");
            if !event.is_empty() {
                name = format!("{name}  {event}");
            }
            (name, path.join((i + 1).to_string()))
        })
        .collect())
}

/// Game `n` (from 1) of a library, with what of it was left out, in words.
pub fn open(path: &Path, n: usize) -> Result<(GameRecord, Vec<String>), String> {
    let library = read(path).map_err(|e| e.to_string())?;
    let count = library.games.len();
    let (record, skipped) = library
        .games
        .into_iter()
        .nth(n - 1)
        .ok_or_else(|| format!("{}: has {count} games, not {n}", path.display()))?;
    Ok((record, skipped.iter().map(ToString::to_string).collect()))
}
