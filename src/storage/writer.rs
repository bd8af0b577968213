//! Writing files off the frame loop.

use std::path::PathBuf;

use bevy::prelude::*;

use crate::storage::files::{FileError, write_atomic};

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

#[cfg(test)]
mod tests {
    use super::*;

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
}
