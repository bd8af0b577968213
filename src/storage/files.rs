//! Where the game keeps its files, and writing them safely: settings in the platform's config
//! directory, records and the autosave in its data directory, every write atomic (a temp file
//! beside the target, then a rename).

use std::fmt;
use std::path::{Path, PathBuf};

use bevy::prelude::*;

/// The game's directories.
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct Dirs {
    /// Settings (`settings.ron`).
    pub config: PathBuf,
    /// Saved records (`records/`) and the game in progress (`autosave.ron`).
    pub data: PathBuf,
}

impl Dirs {
    /// The platform's directories for Chuhan: on Linux `$XDG_CONFIG_HOME/chuhan` (default
    /// `~/.config/chuhan`) and `$XDG_DATA_HOME/chuhan` (default `~/.local/share/chuhan`); on macOS
    /// `~/Library/Application Support/Chuhan`; on Windows `%APPDATA%\Chuhan`. `CHUHAN_HOME`
    /// puts both in one directory instead (tests and portable installs). In a browser, `/chuhan` in
    /// the page's storage.
    #[must_use]
    pub fn platform() -> Dirs {
        let env = |name: &str| {
            std::env::var_os(name)
                .filter(|v| !v.is_empty())
                .map(PathBuf::from)
        };
        if let Some(home) = env("CHUHAN_HOME") {
            return Dirs::in_one(&home);
        }
        if cfg!(target_arch = "wasm32") {
            // A browser page: paths name entries of the page's storage (`storage::page`).
            return Dirs::in_one(Path::new("/chuhan"));
        }
        if cfg!(target_os = "windows") {
            // %APPDATA% (the roaming profile: settings, records and tokens follow the player to
            // another machine of the domain), else the profile's own AppData\Roaming.
            let base = env("APPDATA")
                .or_else(|| env("USERPROFILE").map(|p| p.join("AppData").join("Roaming")))
                .unwrap_or_else(|| PathBuf::from("."));
            return Dirs::in_one(&base.join("Chuhan"));
        }
        let home = env("HOME").unwrap_or_else(|| PathBuf::from("."));
        if cfg!(target_os = "macos") {
            return Dirs::in_one(&home.join("Library/Application Support/Chuhan"));
        }
        Dirs {
            config: env("XDG_CONFIG_HOME")
                .unwrap_or_else(|| home.join(".config"))
                .join("chuhan"),
            data: env("XDG_DATA_HOME")
                .unwrap_or_else(|| home.join(".local/share"))
                .join("chuhan"),
        }
    }

    /// Config and data both under `dir`.
    #[must_use]
    pub fn in_one(dir: &Path) -> Dirs {
        Dirs {
            config: dir.to_path_buf(),
            data: dir.to_path_buf(),
        }
    }

    /// The settings file.
    #[must_use]
    pub fn settings(&self) -> PathBuf {
        self.config.join("settings.ron")
    }

    /// The game in progress.
    #[must_use]
    pub fn autosave(&self) -> PathBuf {
        self.data.join("autosave.ron")
    }

    /// Where records are saved by default.
    #[must_use]
    pub fn records(&self) -> PathBuf {
        self.data.join("records")
    }
}

impl Default for Dirs {
    fn default() -> Dirs {
        Dirs::platform()
    }
}

/// A file that could not be read or written.
#[derive(Debug)]
pub struct FileError {
    /// The file.
    pub path: PathBuf,
    /// What went wrong.
    pub reason: String,
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path.display(), self.reason)
    }
}

impl std::error::Error for FileError {}

impl FileError {
    pub(crate) fn new(path: &Path, reason: impl ToString) -> FileError {
        FileError {
            path: path.to_path_buf(),
            reason: reason.to_string(),
        }
    }
}

/// Writes `contents` to `path` atomically: a temp file in the same directory (its name unique to
/// the process and the write, so two threads writing one path never share it), flushed, renamed
/// over the target, then the directory flushed so the rename itself survives a power cut. The
/// directory is created if needed. On error the old file is intact.
pub fn write_atomic(path: &Path, contents: &[u8]) -> Result<(), FileError> {
    #[cfg(target_arch = "wasm32")]
    return super::page::write(path, contents).map_err(|e| FileError::new(path, e));
    #[cfg(not(target_arch = "wasm32"))]
    write_to_disk(path, contents)
}

#[cfg(not(target_arch = "wasm32"))]
fn write_to_disk(path: &Path, contents: &[u8]) -> Result<(), FileError> {
    static WRITES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).map_err(|e| FileError::new(dir, e))?;
    let name = path
        .file_name()
        .map_or_else(|| "file".into(), |n| n.to_string_lossy().into_owned());
    let n = WRITES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let tmp = dir.join(format!(".{name}.{}.{n}.tmp", std::process::id()));
    let written = (|| {
        use std::io::Write;
        let mut file = std::fs::File::create(&tmp)?;
        file.write_all(contents)?;
        file.sync_all()
    })();
    if let Err(e) = written {
        let _ = std::fs::remove_file(&tmp);
        return Err(FileError::new(path, e));
    }
    std::fs::rename(&tmp, path).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        FileError::new(path, e)
    })?;
    sync_dir(dir);
    Ok(())
}

/// Flushes a directory's entries (the rename of a file into it). Where the system cannot open a
/// directory for that (Windows), the rename is as durable as the system makes it.
#[cfg(not(target_arch = "wasm32"))]
fn sync_dir(dir: &Path) {
    if let Ok(d) = std::fs::File::open(dir) {
        let _ = d.sync_all();
    }
}

/// The largest game record the game opens (a record of thousands of moves with variations and
/// comments is well under 1 MB).
pub const MAX_RECORD_BYTES: u64 = 16 << 20;

/// The largest 象棋桥 library (CBL) the game opens: tens of thousands of games.
pub const MAX_LIBRARY_BYTES: u64 = 256 << 20;

/// Reads a file of at most `max` bytes; a larger one is refused with its size named, before it
/// is read (and a file that grows while read, or says no size, is cut off at `max` + 1 bytes and
/// refused the same way).
pub fn read_at_most(path: &Path, max: u64) -> Result<Vec<u8>, FileError> {
    let too_big = |size: u64| {
        FileError::new(
            path,
            format!(
                "{:.1} MB {} {} {}",
                size as f64 / 1e6,
                super::words::TOO_BIG,
                max >> 20,
                super::words::TOO_BIG_END
            ),
        )
    };
    #[cfg(target_arch = "wasm32")]
    let bytes = super::page::read(path).map_err(|e| FileError::new(path, e))?;
    #[cfg(not(target_arch = "wasm32"))]
    let bytes = {
        use std::io::Read;
        let file = std::fs::File::open(path).map_err(|e| FileError::new(path, e))?;
        if let Ok(meta) = file.metadata()
            && meta.len() > max
        {
            return Err(too_big(meta.len()));
        }
        let mut bytes = Vec::new();
        file.take(max + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| FileError::new(path, e))?;
        bytes
    };
    if bytes.len() as u64 > max {
        return Err(too_big(bytes.len() as u64));
    }
    Ok(bytes)
}

/// Moves a damaged file aside (`name.corrupt`, or `name.2.corrupt`, `name.3.corrupt`… when
/// that is taken: an earlier damaged file is never overwritten) so a fresh one can be written
/// without losing it.
pub fn set_aside(path: &Path) -> Option<PathBuf> {
    let aside = aside_name(path)?;
    #[cfg(target_arch = "wasm32")]
    let moved = super::page::rename(path, &aside);
    #[cfg(not(target_arch = "wasm32"))]
    let moved = std::fs::rename(path, &aside);
    moved.ok().map(|()| aside)
}

/// Copies a file aside as [`set_aside`] names it, leaving it in place: a file partly read (from
/// a newer version) is kept whole beside the one the game goes on writing.
pub fn copy_aside(path: &Path) -> Option<PathBuf> {
    let aside = aside_name(path)?;
    #[cfg(target_arch = "wasm32")]
    let copied = super::page::copy(path, &aside);
    #[cfg(not(target_arch = "wasm32"))]
    let copied = std::fs::copy(path, &aside).map(|_| ());
    copied.ok().map(|()| aside)
}

/// Removes the file at `path` (none there is no error).
pub fn remove(path: &Path) -> Result<(), FileError> {
    #[cfg(target_arch = "wasm32")]
    let removed = super::page::remove(path);
    #[cfg(not(target_arch = "wasm32"))]
    let removed = match std::fs::remove_file(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        other => other,
    };
    removed.map_err(|e| FileError::new(path, e))
}

/// Whether anything is at `path` (a file, a folder, a broken link).
#[must_use]
pub fn taken(path: &Path) -> bool {
    #[cfg(target_arch = "wasm32")]
    return super::page::exists(path);
    #[cfg(not(target_arch = "wasm32"))]
    std::fs::symlink_metadata(path).is_ok()
}

/// A text file read whole (`NotFound` when there is none, `InvalidData` when it is not UTF-8).
pub fn read_text(path: &Path) -> std::io::Result<String> {
    #[cfg(target_arch = "wasm32")]
    return String::from_utf8(super::page::read(path)?)
        .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e));
    #[cfg(not(target_arch = "wasm32"))]
    std::fs::read_to_string(path)
}

/// One thing in a folder: its path, whether it is a folder, when it was last written.
pub type Listed = (PathBuf, bool, Option<std::time::SystemTime>);

/// What is in a folder, in no order.
pub fn list_dir(dir: &Path) -> Result<Vec<Listed>, FileError> {
    #[cfg(target_arch = "wasm32")]
    return super::page::list(dir)
        .map(|l| {
            l.into_iter()
                .map(|l| (l.path, l.is_dir, l.modified))
                .collect()
        })
        .map_err(|e| FileError::new(dir, e));
    #[cfg(not(target_arch = "wasm32"))]
    Ok(std::fs::read_dir(dir)
        .map_err(|e| FileError::new(dir, e))?
        .filter_map(Result::ok)
        .map(|entry| {
            let path = entry.path();
            let modified = entry.metadata().ok().and_then(|m| m.modified().ok());
            (path.clone(), path.is_dir(), modified)
        })
        .collect())
}

/// The first free backup name of `path`.
fn aside_name(path: &Path) -> Option<PathBuf> {
    (1..10_000)
        .map(|n| {
            let mut name = path.as_os_str().to_owned();
            if n > 1 {
                name.push(format!(".{n}"));
            }
            name.push(".corrupt");
            PathBuf::from(name)
        })
        .find(|aside| !taken(aside))
}

/// `dir/stem.ext`, or `dir/stem-2.ext`, `dir/stem-3.ext`… the first whose files (each of
/// `extensions`) are all free: two saves in the same second keep both.
#[must_use]
pub fn free_stem(dir: &Path, stem: &str, extensions: &[&str]) -> String {
    (1..)
        .map(|n| {
            if n == 1 {
                stem.to_owned()
            } else {
                format!("{stem}-{n}")
            }
        })
        .find(|s| {
            extensions
                .iter()
                .all(|e| !taken(&dir.join(format!("{s}.{e}"))))
        })
        .unwrap_or_else(|| stem.to_owned())
}

/// A file name handed over from elsewhere (a browser's file dialog) as a stem and an extension
/// (lower case), with nothing that would make it a path.
#[must_use]
pub fn name_parts(name: &str) -> (String, String) {
    let base = name.rsplit(['/', '\\']).next().unwrap_or(name);
    let clean: String = base
        .chars()
        .map(|c| if c.is_control() || c == ':' { '_' } else { c })
        .collect();
    match clean.rsplit_once('.') {
        Some((stem, ext)) if !stem.is_empty() => (stem.to_owned(), ext.to_lowercase()),
        _ if clean.is_empty() || clean.starts_with('.') => (
            "record".to_owned(),
            clean.trim_start_matches('.').to_lowercase(),
        ),
        _ => (clean, String::new()),
    }
}

#[cfg(test)]
#[path = "files_tests.rs"]
mod tests;
