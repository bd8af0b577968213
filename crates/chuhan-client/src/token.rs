//! The kept logins: one token per server, in a file only its owner may read (mode 0600 on Unix),
//! written whole to a temporary file of its own and renamed over the old one; saves in one process
//! take turns. Passwords are never kept. In a browser page the same lines are kept in the page's
//! `localStorage` (which only pages of the same server can read), under `chuhan-tokens:` and the
//! path.

use std::path::{Path, PathBuf};
use std::sync::Mutex;
#[cfg(not(target_arch = "wasm32"))]
use std::sync::atomic::{AtomicU64, Ordering};

use crate::address::ServerAddress;

/// Saves and forgets in this process one at a time: each reads the file, changes one line and
/// writes it whole, so two at once would lose one's line.
static EDITS: Mutex<()> = Mutex::new(());

/// The file of kept tokens.
#[derive(Clone, Debug)]
pub struct TokenStore {
    path: PathBuf,
}

impl TokenStore {
    /// The store in `path` (made when first saved).
    #[must_use]
    pub fn new(path: impl Into<PathBuf>) -> TokenStore {
        TokenStore { path: path.into() }
    }

    /// Where it is.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }

    fn entries(&self) -> Vec<(String, String)> {
        #[cfg(target_arch = "wasm32")]
        let text = page_storage()
            .ok()
            .and_then(|s| s.get_item(&self.page_key()).ok().flatten());
        #[cfg(not(target_arch = "wasm32"))]
        let text = std::fs::read_to_string(&self.path).ok();
        let Some(text) = text else {
            return Vec::new();
        };
        text.lines()
            .filter_map(|l| l.split_once('\t'))
            .filter(|(a, t)| !a.is_empty() && !t.is_empty())
            .map(|(a, t)| (a.to_owned(), t.trim().to_owned()))
            .collect()
    }

    /// The token kept for `server`.
    #[must_use]
    pub fn load(&self, server: &ServerAddress) -> Option<String> {
        let key = server.to_string();
        self.entries()
            .into_iter()
            .find(|(a, _)| *a == key)
            .map(|(_, t)| t)
    }

    /// Keeps `token` for `server` (replacing any other).
    pub fn save(&self, server: &ServerAddress, token: &str) -> std::io::Result<()> {
        let _one_at_a_time = EDITS
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let key = server.to_string();
        let mut entries = self.entries();
        entries.retain(|(a, _)| *a != key);
        entries.push((key, token.trim().to_owned()));
        self.write(&entries)
    }

    /// Forgets the token for `server` (logging out).
    pub fn forget(&self, server: &ServerAddress) -> std::io::Result<()> {
        let _one_at_a_time = EDITS
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let key = server.to_string();
        let mut entries = self.entries();
        let before = entries.len();
        entries.retain(|(a, _)| *a != key);
        if entries.len() == before {
            return Ok(());
        }
        self.write(&entries)
    }

    #[cfg(target_arch = "wasm32")]
    fn page_key(&self) -> String {
        format!("chuhan-tokens:{}", self.path.display())
    }

    #[cfg(target_arch = "wasm32")]
    fn write(&self, entries: &[(String, String)]) -> std::io::Result<()> {
        let text: String = entries.iter().map(|(a, t)| format!("{a}\t{t}\n")).collect();
        page_storage()?
            .set_item(&self.page_key(), &text)
            .map_err(|e| std::io::Error::other(format!("the browser's storage refused it: {e:?}")))
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn write(&self, entries: &[(String, String)]) -> std::io::Result<()> {
        use std::io::Write;
        if let Some(dir) = self.path.parent()
            && !dir.as_os_str().is_empty()
        {
            std::fs::create_dir_all(dir)?;
        }
        // A temp name of this process and this write alone (never a fixed `.tmp` another writer
        // could be using), created new with the owner-only mode from the start, then renamed
        // over the file; on failure the old file stays and the temp goes.
        static WRITES: AtomicU64 = AtomicU64::new(0);
        let name = self
            .path
            .file_name()
            .map_or_else(|| "tokens".into(), |n| n.to_string_lossy().into_owned());
        let n = WRITES.fetch_add(1, Ordering::Relaxed);
        let tmp = self
            .path
            .with_file_name(format!(".{name}.{}.{n}.tmp", std::process::id()));
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
        let written = (|| {
            let mut file = options.open(&tmp)?;
            for (a, t) in entries {
                writeln!(file, "{a}\t{t}")?;
            }
            file.sync_all()?;
            drop(file);
            std::fs::rename(&tmp, &self.path)
        })();
        if written.is_err() {
            let _ = std::fs::remove_file(&tmp);
        }
        written
    }
}

/// The page's storage (none in a private window with storage turned off).
#[cfg(target_arch = "wasm32")]
fn page_storage() -> std::io::Result<web_sys::Storage> {
    web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .ok_or_else(|| std::io::Error::other("the browser gives this page no storage"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_kept_per_server_readable_by_their_owner_only() {
        let dir = std::env::temp_dir().join(format!("chuhan-tokens-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let store = TokenStore::new(dir.join("online").join("tokens"));
        let (a, b) = (ServerAddress::local(), ServerAddress::new("10.0.0.2", 7000));
        assert_eq!(store.load(&a), None);
        store.save(&a, "t1").unwrap();
        store.save(&b, "t2").unwrap();
        store.save(&a, "t3").unwrap();
        assert_eq!(store.load(&a).as_deref(), Some("t3"));
        assert_eq!(store.load(&b).as_deref(), Some("t2"));
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(store.path())
                .unwrap()
                .permissions()
                .mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        store.forget(&a).unwrap();
        assert_eq!(store.load(&a), None);
        assert_eq!(store.load(&b).as_deref(), Some("t2"));
        // A damaged file is read for what is sound in it.
        std::fs::write(store.path(), "garbage\nlocalhost:7878\tt9\n\t\n").unwrap();
        assert_eq!(store.load(&a).as_deref(), Some("t9"));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn tokens_saved_at_once_from_several_threads_are_all_kept() {
        let dir = std::env::temp_dir().join(format!("chuhan-tokens-race-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let store = TokenStore::new(dir.join("tokens"));
        let servers: Vec<ServerAddress> = (0..8)
            .map(|n| ServerAddress::new("127.0.0.1", 7000 + n))
            .collect();
        std::thread::scope(|scope| {
            for (n, server) in servers.iter().enumerate() {
                let store = &store;
                scope.spawn(move || {
                    for round in 0..25 {
                        store
                            .save(server, &format!("t{n}-{round}"))
                            .expect("every save succeeds");
                    }
                });
            }
        });
        for (n, server) in servers.iter().enumerate() {
            assert_eq!(store.load(server), Some(format!("t{n}-24")), "{server}");
        }
        let left: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .filter_map(Result::ok)
            .map(|e| e.file_name())
            .collect();
        assert_eq!(
            left,
            vec![std::ffi::OsString::from("tokens")],
            "no temp file left"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
