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
        let env = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty()).map(PathBuf::from);
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
    fn new(path: &Path, reason: impl ToString) -> FileError {
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

/// Files written off the frame loop by one thread, in the order asked, each atomically with
/// [`write_atomic`]; when several contents for one path wait, only the newest is written. Errors
/// come back through [`Writer::errors`]. Dropping the writer (the game quitting) waits for what
/// is queued, so the last autosave is never lost.
#[derive(Resource)]
pub struct Writer {
    jobs: Option<std::sync::mpsc::Sender<(PathBuf, Vec<u8>)>>,
    errors: std::sync::Mutex<std::sync::mpsc::Receiver<FileError>>,
    idle: std::sync::Arc<(std::sync::Mutex<usize>, std::sync::Condvar)>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Default for Writer {
    fn default() -> Writer {
        use std::sync::{Arc, Condvar, Mutex, mpsc};
        let (jobs, queue) = mpsc::channel::<(PathBuf, Vec<u8>)>();
        let (report, errors) = mpsc::channel();
        let idle = Arc::new((Mutex::new(0usize), Condvar::new()));
        let pending = Arc::clone(&idle);
        let thread = std::thread::Builder::new()
            .name("chuhan-writer".into())
            .spawn(move || {
                while let Ok(first) = queue.recv() {
                    // Take whatever else is queued; the newest contents of each path win.
                    let mut batch = vec![first];
                    batch.extend(queue.try_iter());
                    let count = batch.len();
                    let mut newest: Vec<(PathBuf, Vec<u8>)> = Vec::new();
                    for (path, contents) in batch {
                        newest.retain(|(p, _)| *p != path);
                        newest.push((path, contents));
                    }
                    for (path, contents) in newest {
                        if let Err(e) = write_atomic(&path, &contents) {
                            let _ = report.send(e);
                        }
                    }
                    let (lock, done) = &*pending;
                    if let Ok(mut n) = lock.lock() {
                        *n = n.saturating_sub(count);
                        done.notify_all();
                    }
                }
            })
            .ok();
        Writer {
            jobs: Some(jobs),
            errors: Mutex::new(errors),
            idle,
            thread,
        }
    }
}

impl Writer {
    /// Queues `contents` to be written to `path`.
    pub fn write(&self, path: PathBuf, contents: Vec<u8>) {
        let Some(jobs) = &self.jobs else {
            return;
        };
        if self.thread.is_none() {
            // No thread could be started: write here rather than lose the file.
            if let Err(e) = write_atomic(&path, &contents) {
                warn!("{e}");
            }
            return;
        }
        if let Ok(mut n) = self.idle.0.lock() {
            *n += 1;
        }
        if jobs.send((path, contents)).is_err()
            && let Ok(mut n) = self.idle.0.lock()
        {
            *n -= 1;
        }
    }

    /// Waits until everything queued is written.
    pub fn flush(&self) {
        let (lock, done) = &*self.idle;
        let Ok(mut n) = lock.lock() else {
            return;
        };
        while *n > 0 && self.thread.as_ref().is_some_and(|t| !t.is_finished()) {
            match done.wait(n) {
                Ok(guard) => n = guard,
                Err(_) => return,
            }
        }
    }

    /// The writes that failed since the last call.
    pub fn errors(&self) -> Vec<FileError> {
        self.errors
            .lock()
            .map(|r| r.try_iter().collect())
            .unwrap_or_default()
    }
}

impl Drop for Writer {
    fn drop(&mut self) {
        // Closing the queue ends the thread once it has written everything.
        self.jobs = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// One line of the record browser: a folder, or a record (a `.ron` and the `.pgn` saved beside
/// it are one record, opened from the RON).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// What is shown: the folder's name, or the record's name without its extension.
    pub name: String,
    /// What opening it opens.
    pub path: PathBuf,
    /// A folder.
    pub is_dir: bool,
    /// When it was last written (the newest of a record's files).
    pub modified: Option<std::time::SystemTime>,
}

/// The folders and records in `dir`: folders first by name, then records newest first, each
/// record once. Hidden files are left out. Slow on big folders: call it off the frame loop.
pub fn list_records(dir: &Path) -> Result<Vec<Entry>, FileError> {
    let read = std::fs::read_dir(dir).map_err(|e| FileError::new(dir, e))?;
    let mut folders = Vec::new();
    let mut records: Vec<Entry> = Vec::new();
    for entry in read.filter_map(Result::ok) {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') {
            continue;
        }
        let modified = entry.metadata().ok().and_then(|m| m.modified().ok());
        if path.is_dir() {
            folders.push(Entry {
                name,
                path,
                is_dir: true,
                modified,
            });
            continue;
        }
        let Some(ext) = path.extension().and_then(|e| e.to_str()) else {
            continue;
        };
        let ron = ext.eq_ignore_ascii_case("ron");
        if !ron && !ext.eq_ignore_ascii_case("pgn") {
            continue;
        }
        let stem = path
            .file_stem()
            .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
        match records.iter_mut().find(|r| r.name == stem) {
            Some(r) => {
                if ron {
                    r.path = path;
                }
                r.modified = r.modified.max(modified);
            }
            None => records.push(Entry {
                name: stem,
                path,
                is_dir: false,
                modified,
            }),
        }
    }
    folders.sort_by(|a, b| a.name.cmp(&b.name));
    records.sort_by(|a, b| b.modified.cmp(&a.modified).then_with(|| b.name.cmp(&a.name)));
    folders.extend(records);
    Ok(folders)
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

/// Today's date as `YYYY-MM-DD` and the time as `HHMMSS`, in the player's time zone (`TZ`, or
/// the system's), for file names and PGN tags.
#[must_use]
pub fn now_stamp() -> (String, String) {
    stamp(&jiff::Zoned::now())
}

/// The date and time of `at` as [`now_stamp`] writes them.
#[must_use]
pub fn stamp(at: &jiff::Zoned) -> (String, String) {
    (
        at.strftime("%Y-%m-%d").to_string(),
        at.strftime("%H%M%S").to_string(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_the_players_local_dates() {
        // 07:30 in Beijing on 22 November is 23:30 UTC on the 21st: the player's date is the 22nd.
        let utc: jiff::Timestamp = "2026-11-21T23:30:00Z".parse().expect("a time");
        let beijing = utc.in_tz("Asia/Shanghai").expect("a zone");
        assert_eq!(stamp(&beijing), ("2026-11-22".into(), "073000".into()));
        let utc_date = utc.in_tz("UTC").expect("a zone");
        assert_eq!(stamp(&utc_date), ("2026-11-21".into(), "233000".into()));
        // West of Greenwich, the day before.
        let la = "2026-11-22T05:00:00Z"
            .parse::<jiff::Timestamp>()
            .expect("a time")
            .in_tz("America/Los_Angeles")
            .expect("a zone");
        assert_eq!(stamp(&la).0, "2026-11-21");
    }

    #[test]
    fn the_browser_lists_each_record_once_newest_first() {
        let dir = std::env::temp_dir().join(format!("chuhan-list-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("club")).expect("dir");
        // Forty saves (a .ron and a .pgn each), written a little apart so their times differ.
        let t0 = std::time::SystemTime::now() - std::time::Duration::from_secs(10_000);
        for i in 0..40 {
            for ext in ["ron", "pgn"] {
                let path = dir.join(format!("game-{i:02}.{ext}"));
                std::fs::write(&path, "x").expect("write");
                let file = std::fs::File::options().write(true).open(&path).expect("open");
                file.set_modified(t0 + std::time::Duration::from_secs(60 * i))
                    .expect("time");
            }
        }
        std::fs::write(dir.join("loose.pgn"), "x").expect("write");
        std::fs::write(dir.join("notes.txt"), "x").expect("write");
        std::fs::write(dir.join(".hidden.ron"), "x").expect("write");
        let list = list_records(&dir).expect("listed");
        let names: Vec<&str> = list.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names.len(), 1 + 40 + 1, "{names:?}");
        assert_eq!(names[0], "club");
        assert!(list[0].is_dir);
        // loose.pgn is the newest file; then the saves from the last one back.
        assert_eq!(names[1], "loose");
        assert_eq!(names[2], "game-39");
        assert_eq!(names[41], "game-00");
        // A save opens from its RON.
        assert!(list[2].path.extension().is_some_and(|e| e == "ron"));
        assert!(list_records(&dir.join("missing")).is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_writer_writes_in_order_and_reports_failures() {
        let dir = std::env::temp_dir().join(format!("chuhan-writer-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let writer = Writer::default();
        for i in 0..100 {
            writer.write(dir.join("a.ron"), format!("{i}").into_bytes());
        }
        writer.write(dir.join("b.ron"), b"b".to_vec());
        writer.flush();
        assert_eq!(std::fs::read(dir.join("a.ron")).expect("a"), b"99");
        assert_eq!(std::fs::read(dir.join("b.ron")).expect("b"), b"b");
        assert!(writer.errors().is_empty());
        // A folder where the file should be: reported, nothing panics.
        writer.write(dir.clone(), b"x".to_vec());
        writer.flush();
        assert_eq!(writer.errors().len(), 1);
        // Dropping waits for what is queued.
        writer.write(dir.join("c.ron"), b"c".to_vec());
        drop(writer);
        assert_eq!(std::fs::read(dir.join("c.ron")).expect("c"), b"c");
        let _ = std::fs::remove_dir_all(&dir);
    }

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
