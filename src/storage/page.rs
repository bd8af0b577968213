//! In a browser: the game's files kept in the page's `localStorage` (the browser keeps it for the
//! server's address across visits), so that settings, the autosave and saved records stay as on
//! the desktop. One entry per file, keyed `chuhan:` and its path; the value is the time it was
//! written (milliseconds), a kind (`t` text, `b` bytes in base64) and the contents. A write is one
//! `setItem`, which the browser does whole or not at all, so it is as atomic as a rename on disk.
//! A full or refused storage (private windows, a quota of a few megabytes) is an error in words;
//! what was saved before stays.

use std::io;
use std::path::{Path, PathBuf};

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use web_sys::Storage;

use super::words;

const PREFIX: &str = "chuhan:";

fn storage() -> io::Result<Storage> {
    web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .ok_or_else(|| io::Error::new(io::ErrorKind::PermissionDenied, words::NO_STORAGE))
}

fn key(path: &Path) -> String {
    format!("{PREFIX}{}", path.display())
}

fn now_ms() -> u64 {
    js_sys::Date::now() as u64
}

fn bad() -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, words::DAMAGED)
}

/// An entry's kind, when it was written (ms) and its body, read from its head alone.
fn head(value: &str) -> io::Result<(char, u64, &str)> {
    let (head, body) = value.split_once(':').ok_or_else(bad)?;
    let kind = head.chars().next().ok_or_else(bad)?;
    let written_ms = head[kind.len_utf8()..].parse().map_err(|_| bad())?;
    Ok((kind, written_ms, body))
}

/// An entry's contents.
fn decode(value: &str) -> io::Result<Vec<u8>> {
    match head(value)? {
        ('t', _, body) => Ok(body.as_bytes().to_vec()),
        ('b', _, body) => STANDARD.decode(body).map_err(|_| bad()),
        _ => Err(bad()),
    }
}

fn encode(contents: &[u8]) -> String {
    match std::str::from_utf8(contents) {
        Ok(text) => format!("t{}:{text}", now_ms()),
        Err(_) => format!("b{}:{}", now_ms(), STANDARD.encode(contents)),
    }
}

/// Writes a file whole.
pub fn write(path: &Path, contents: &[u8]) -> io::Result<()> {
    storage()?
        .set_item(&key(path), &encode(contents))
        .map_err(|e| refused(&e))
}

/// A write the browser refused, in words: full (past the page's quota) or not allowed.
fn refused(e: &wasm_bindgen::JsValue) -> io::Error {
    let name = js_sys::Reflect::get(e, &"name".into())
        .ok()
        .and_then(|n| n.as_string())
        .unwrap_or_default();
    if name == "QuotaExceededError" {
        io::Error::new(io::ErrorKind::StorageFull, words::STORAGE_FULL)
    } else {
        io::Error::new(
            io::ErrorKind::PermissionDenied,
            format!("{} ({name})", words::REFUSED),
        )
    }
}

/// Reads a file; `NotFound` when there is none.
pub fn read(path: &Path) -> io::Result<Vec<u8>> {
    match storage()?.get_item(&key(path)) {
        Ok(Some(value)) => decode(&value),
        Ok(None) => Err(io::Error::new(io::ErrorKind::NotFound, words::NO_SUCH_FILE)),
        Err(e) => Err(io::Error::other(format!("{e:?}"))),
    }
}

/// Whether a file is there.
pub fn exists(path: &Path) -> bool {
    storage()
        .ok()
        .and_then(|s| s.get_item(&key(path)).ok().flatten())
        .is_some()
}

/// Removes a file (none there is no error).
pub fn remove(path: &Path) -> io::Result<()> {
    storage()?
        .remove_item(&key(path))
        .map_err(|e| io::Error::other(format!("{e:?}")))
}

/// Copies a file.
pub fn copy(from: &Path, to: &Path) -> io::Result<()> {
    write(to, &read(from)?)
}

/// Moves a file.
pub fn rename(from: &Path, to: &Path) -> io::Result<()> {
    copy(from, to)?;
    remove(from)
}

/// What is in a folder: each file directly in it with when it was written, and its sub-folders
/// (any path with more parts below it; a folder's time is left unknown).
pub struct Listed {
    /// The path.
    pub path: PathBuf,
    /// A folder.
    pub is_dir: bool,
    /// When it was written.
    pub modified: Option<std::time::SystemTime>,
}

/// The files and folders in `dir`.
pub fn list(dir: &Path) -> io::Result<Vec<Listed>> {
    let s = storage()?;
    let len = s.length().map_err(|e| io::Error::other(format!("{e:?}")))?;
    let inside = format!("{}/", key(dir).trim_end_matches('/'));
    let mut out: Vec<Listed> = Vec::new();
    for i in 0..len {
        let Some(k) = s.key(i).ok().flatten() else {
            continue;
        };
        let Some(rest) = k.strip_prefix(&inside) else {
            continue;
        };
        let (name, is_dir) = match rest.split_once('/') {
            Some((folder, _)) => (folder, true),
            None => (rest, false),
        };
        let path = dir.join(name);
        // Only the entry's head is read for its time: a listing decodes no contents.
        let written = if is_dir {
            None
        } else {
            s.get_item(&k)
                .ok()
                .flatten()
                .and_then(|v| head(&v).ok().map(|(_, ms, _)| ms))
                .map(|ms| std::time::UNIX_EPOCH + std::time::Duration::from_millis(ms))
        };
        if is_dir && out.iter().any(|l| l.is_dir && l.path == path) {
            continue;
        }
        out.push(Listed {
            path,
            is_dir,
            modified: written,
        });
    }
    Ok(out)
}
