//! Where the game keeps its files, and writing them safely: settings in the platform's config
//! directory, records and the autosave in its data directory, every write atomic (a temp file
//! beside the target, then a rename).

use std::fmt;
use std::io::Write;
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
    /// puts both in one directory instead (tests and portable installs).
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
        let home = env("HOME").unwrap_or_else(|| PathBuf::from("."));
        if cfg!(target_os = "windows") {
            let base = env("APPDATA").unwrap_or(home).join("Chuhan");
            return Dirs::in_one(&base);
        }
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

/// Writes `contents` to `path` atomically: a temp file in the same directory, flushed, then
/// renamed over the target. The directory is created if needed. On error the old file is intact.
pub fn write_atomic(path: &Path, contents: &[u8]) -> Result<(), FileError> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).map_err(|e| FileError::new(dir, e))?;
    let name = path
        .file_name()
        .map_or_else(|| "file".into(), |n| n.to_string_lossy().into_owned());
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let written = (|| {
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
    })
}

/// Reads a file to bytes, with the path in the error.
pub fn read(path: &Path) -> Result<Vec<u8>, FileError> {
    std::fs::read(path).map_err(|e| FileError::new(path, e))
}

/// Moves a damaged file aside (`name.corrupt`) so a fresh one can be written without losing it.
pub fn set_aside(path: &Path) -> Option<PathBuf> {
    let mut aside = path.as_os_str().to_owned();
    aside.push(".corrupt");
    let aside = PathBuf::from(aside);
    std::fs::rename(path, &aside).ok().map(|()| aside)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atomic_write_replaces_the_file_and_leaves_no_temp() {
        let dir = std::env::temp_dir().join(format!("chuhan-files-{}", std::process::id()));
        let path = dir.join("sub").join("x.ron");
        write_atomic(&path, b"one").expect("written");
        write_atomic(&path, b"two").expect("rewritten");
        assert_eq!(std::fs::read(&path).expect("read"), b"two");
        let names: Vec<_> = std::fs::read_dir(path.parent().expect("dir"))
            .expect("list")
            .map(|e| e.expect("entry").file_name())
            .collect();
        assert_eq!(names, vec![std::ffi::OsString::from("x.ron")]);
        // A directory where the file should be: an error, not a panic.
        assert!(write_atomic(&dir, b"x").is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
