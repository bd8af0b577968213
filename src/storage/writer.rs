//! The storage thread: files written, records opened and saved, off the frame loop.

use std::path::PathBuf;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Condvar, Mutex};

use bevy::prelude::*;
use xiangqi::GameRecord;
use xiangqi::notation::Notation;

use crate::storage::files::{FileError, remove, write_atomic};
use crate::storage::records::{Opened, RecordFormat, read_record, save_record_as};

/// Work for the storage thread besides plain writes: what it reads or writes may be large
/// (records are read up to 16 MB, libraries up to 256 MB), so none of it runs on the frame loop.
#[derive(Debug)]
pub enum Task {
    /// Read the record at this path (any format [`read_record`] reads).
    Open(u64, PathBuf),
    /// Read a pasted text: a FEN, a PGN, a DhtmlXQ block or a move list.
    Read(u64, String),
    /// Save a record in a format, under a name not taken, in a folder.
    Save {
        record: Box<GameRecord>,
        dir: PathBuf,
        stem: String,
        format: RecordFormat,
        notation: Notation,
    },
}

/// What the storage thread did with a [`Task`].
#[derive(Debug)]
pub enum Finished {
    /// A record read (or why not), with the number the task was given.
    Opened(u64, Result<Opened, String>),
    /// A pasted text read (or why not).
    Read(u64, Result<Opened, String>),
    /// A record saved: the path of its file (or why not).
    Saved(Result<PathBuf, FileError>),
}

impl Task {
    fn run(self) -> Finished {
        match self {
            Task::Open(n, path) => Finished::Opened(n, read_record(&path)),
            Task::Read(n, text) => Finished::Read(n, crate::storage::clipboard::read_pasted(&text)),
            Task::Save {
                record,
                dir,
                stem,
                format,
                notation,
            } => Finished::Saved(save_record_as(&record, &dir, &stem, format, notation)),
        }
    }
}

enum Job {
    Write(PathBuf, Vec<u8>),
    Remove(PathBuf),
    Task(Task),
}

/// Files written off the frame loop by one thread, in the order asked, each atomically with
/// [`write_atomic`]; when several contents for one path wait, only the newest is written. Errors
/// come back through [`Writer::errors`]. The same thread opens and saves records ([`Task`]), in
/// order with the writes; what it did comes back through [`Writer::finished`]. Dropping the
/// writer (the game quitting) waits for what is queued, so the last autosave is never lost.
#[derive(Resource)]
pub struct Writer {
    jobs: Option<Sender<Job>>,
    errors: Mutex<Receiver<FileError>>,
    finished: Mutex<Receiver<Finished>>,
    done_here: Mutex<Vec<Finished>>,
    failed_here: Mutex<Vec<FileError>>,
    idle: Arc<(Mutex<usize>, Condvar)>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Default for Writer {
    fn default() -> Writer {
        let (jobs, queue) = channel::<Job>();
        let (report, errors) = channel();
        let (done, finished) = channel();
        let idle = Arc::new((Mutex::new(0usize), Condvar::new()));
        let pending = Arc::clone(&idle);
        let thread = std::thread::Builder::new()
            .name("chuhan-writer".into())
            .spawn(move || {
                while let Ok(first) = queue.recv() {
                    // Take whatever else is queued; of the writes to one path only the newest is
                    // done, the rest in order.
                    let mut batch = vec![Some(first)];
                    batch.extend(queue.try_iter().map(Some));
                    let count = batch.len();
                    for i in 0..batch.len() {
                        let superseded = match &batch[i] {
                            Some(Job::Write(path, _)) => batch[i + 1..]
                                .iter()
                                .any(|j| matches!(j, Some(Job::Write(p, _)) if p == path)),
                            _ => false,
                        };
                        match batch[i].take() {
                            Some(Job::Write(path, contents)) if !superseded => {
                                if let Err(e) = write_atomic(&path, &contents) {
                                    let _ = report.send(e);
                                }
                            }
                            Some(Job::Task(task)) => {
                                let _ = done.send(task.run());
                            }
                            Some(Job::Remove(path)) => {
                                if let Err(e) = remove(&path) {
                                    let _ = report.send(e);
                                }
                            }
                            _ => {}
                        }
                    }
                    let (lock, all_done) = &*pending;
                    if let Ok(mut n) = lock.lock() {
                        *n = n.saturating_sub(count);
                        all_done.notify_all();
                    }
                }
            })
            .ok();
        Writer {
            jobs: Some(jobs),
            errors: Mutex::new(errors),
            finished: Mutex::new(finished),
            done_here: Mutex::new(Vec::new()),
            failed_here: Mutex::new(Vec::new()),
            idle,
            thread,
        }
    }
}

impl Writer {
    /// Queues `contents` to be written to `path`.
    pub fn write(&self, path: PathBuf, contents: Vec<u8>) {
        if self.thread.is_none() {
            // No thread could be started: write here rather than lose the file.
            // (In a browser page, which has no threads, this is the way: `write_atomic` is one
            // call to the page's storage.)
            if let Err(e) = write_atomic(&path, &contents) {
                warn!("{e}");
                if let Ok(mut failed) = self.failed_here.lock() {
                    failed.push(e);
                }
            }
            return;
        }
        self.send(Job::Write(path, contents));
    }

    /// Queues the removal of the file at `path` (after what is queued before it).
    pub fn remove(&self, path: PathBuf) {
        if self.thread.is_none() {
            if let Err(e) = remove(&path) {
                warn!("{e}");
                if let Ok(mut failed) = self.failed_here.lock() {
                    failed.push(e);
                }
            }
            return;
        }
        self.send(Job::Remove(path));
    }

    /// Queues a task; what it did comes back through [`Writer::finished`].
    pub fn run(&self, task: Task) {
        if self.thread.is_none() {
            // No thread could be started: do it here rather than never.
            if let Ok(mut here) = self.done_here.lock() {
                here.push(task.run());
            }
            return;
        }
        self.send(Job::Task(task));
    }

    fn send(&self, job: Job) {
        let Some(jobs) = &self.jobs else {
            return;
        };
        if let Ok(mut n) = self.idle.0.lock() {
            *n += 1;
        }
        if jobs.send(job).is_err()
            && let Ok(mut n) = self.idle.0.lock()
        {
            *n -= 1;
        }
    }

    /// Whether anything queued is not yet done.
    #[must_use]
    pub fn busy(&self) -> bool {
        self.idle.0.lock().is_ok_and(|n| *n > 0)
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

    /// The tasks done since the last call, in the order they were queued.
    pub fn finished(&self) -> Vec<Finished> {
        let mut done: Vec<Finished> = self
            .done_here
            .lock()
            .map(|mut v| std::mem::take(&mut *v))
            .unwrap_or_default();
        if let Ok(rx) = self.finished.lock() {
            done.extend(rx.try_iter());
        }
        done
    }

    /// The writes that failed since the last call.
    pub fn errors(&self) -> Vec<FileError> {
        let mut errors: Vec<FileError> = self
            .failed_here
            .lock()
            .map(|mut v| std::mem::take(&mut *v))
            .unwrap_or_default();
        if let Ok(rx) = self.errors.lock() {
            errors.extend(rx.try_iter());
        }
        errors
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
