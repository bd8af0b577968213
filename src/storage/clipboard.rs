//! The system clipboard, used off the frame loop: a thread of its own owns the clipboard (on X11
//! and Wayland the copied text is served from the program as long as it lives) and does the jobs
//! sent to it; the frame loop only sends jobs and collects what is done. Headless runs and tests
//! give it a clipboard in memory.

use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};

use bevy::prelude::*;

/// Where the text goes and comes from.
pub trait Backend: Send + 'static {
    /// The text on the clipboard.
    fn get(&mut self) -> Result<String, String>;
    /// Puts `text` on the clipboard.
    fn set(&mut self, text: String) -> Result<(), String>;
}

/// The desktop's clipboard (arboard), opened on first use.
#[cfg(not(target_arch = "wasm32"))]
#[derive(Default)]
pub struct System(Option<arboard::Clipboard>);

/// In a browser page, a clipboard of the page's own for now (the browser's asks the player's
/// leave and answers later).
#[cfg(target_arch = "wasm32")]
pub type System = Memory;

#[cfg(not(target_arch = "wasm32"))]
impl System {
    fn open(&mut self) -> Result<&mut arboard::Clipboard, String> {
        if self.0.is_none() {
            self.0 = Some(arboard::Clipboard::new().map_err(|e| e.to_string())?);
        }
        self.0.as_mut().ok_or_else(|| "no clipboard".to_owned())
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Backend for System {
    fn get(&mut self) -> Result<String, String> {
        self.open()?.get_text().map_err(|e| e.to_string())
    }

    fn set(&mut self, text: String) -> Result<(), String> {
        self.open()?.set_text(text).map_err(|e| e.to_string())
    }
}

/// A clipboard in memory (shared, so a test can look at it and fill it).
#[derive(Clone, Default)]
pub struct Memory(pub Arc<Mutex<String>>);

impl Backend for Memory {
    fn get(&mut self) -> Result<String, String> {
        self.0.lock().map(|t| t.clone()).map_err(|e| e.to_string())
    }

    fn set(&mut self, text: String) -> Result<(), String> {
        *self.0.lock().map_err(|e| e.to_string())? = text;
        Ok(())
    }
}

/// Reads a pasted text (a FEN, a PGN, a DhtmlXQ block or a move list) as a record, with what
/// was skipped; run on the storage thread, as a pasted game may be large.
pub fn read_pasted(text: &str) -> Result<crate::storage::records::Opened, String> {
    use crate::storage::files::MAX_RECORD_BYTES;
    use crate::storage::records::Opened;
    if text.len() as u64 > MAX_RECORD_BYTES {
        return Err(format!(
            "{:.1} MB is more than the {} MB a record may be",
            text.len() as f64 / f64::from(1u32 << 20),
            MAX_RECORD_BYTES >> 20
        ));
    }
    match xiangqi::paste::recognise(text) {
        Ok(xiangqi::paste::Pasted::Position(p)) => Ok(Opened {
            record: xiangqi::GameRecord::new(*p),
            skipped: Vec::new(),
        }),
        Ok(xiangqi::paste::Pasted::Record {
            record, skipped, ..
        }) => Ok(Opened {
            record: *record,
            skipped,
        }),
        Err(e) => Err(e.to_string()),
    }
}

/// What the clipboard thread did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Done {
    /// The text was put on the clipboard (or why not).
    Set(Result<(), String>),
    /// The clipboard's text (or why there is none).
    Got(Result<String, String>),
}

enum Job {
    Set(String),
    Get,
}

impl Job {
    fn run(self, backend: &mut dyn Backend) -> Done {
        match self {
            Job::Set(text) => Done::Set(backend.set(text)),
            Job::Get => Done::Got(backend.get()),
        }
    }
}

/// The clipboard thread's ends.
#[derive(Resource)]
pub struct Clipboard {
    jobs: Sender<Job>,
    done: Mutex<Receiver<Done>>,
    /// Where there is no thread: the clipboard itself, and where its results go.
    here: Option<Mutex<(Box<dyn Backend>, Sender<Done>)>>,
}

impl Clipboard {
    /// Starts the thread with `backend`. (In a browser page, which has no threads, the jobs are
    /// done at once on the page's clipboard in memory.)
    #[must_use]
    pub fn start(mut backend: impl Backend) -> Clipboard {
        let (jobs, todo) = channel::<Job>();
        let (finished, done) = channel();
        if cfg!(target_arch = "wasm32") {
            return Clipboard {
                jobs,
                done: Mutex::new(done),
                here: Some(Mutex::new((Box::new(backend), finished))),
            };
        }
        std::thread::Builder::new()
            .name("clipboard".into())
            .spawn(move || {
                for job in todo {
                    if finished.send(job.run(&mut backend)).is_err() {
                        break;
                    }
                }
            })
            .map_or_else(
                |e| error!("the clipboard thread did not start: {e}"),
                |_| (),
            );
        Clipboard {
            jobs,
            done: Mutex::new(done),
            here: None,
        }
    }

    fn send(&self, job: Job) {
        match &self.here {
            Some(here) => {
                if let Ok(mut here) = here.lock() {
                    let (backend, finished) = &mut *here;
                    let _ = finished.send(job.run(backend.as_mut()));
                }
            }
            None => {
                let _ = self.jobs.send(job);
            }
        }
    }

    /// Asks for `text` to be put on the clipboard.
    pub fn set(&self, text: String) {
        self.send(Job::Set(text));
    }

    /// Asks for the clipboard's text.
    pub fn get(&self) {
        self.send(Job::Get);
    }

    /// What was done since the last call.
    pub fn finished(&self) -> Vec<Done> {
        self.done
            .lock()
            .map(|rx| rx.try_iter().collect())
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pasted_text_over_the_record_limit_is_refused() {
        let big = "h2e2 ".repeat((16 << 20) / 5 + 1);
        let e = read_pasted(&big).expect_err("refused");
        assert!(e.contains("16 MB"), "{e}");
        assert_eq!(read_pasted("h2e2 h9g7").expect("reads").record.len(), 2);
    }

    #[test]
    fn jobs_are_done_off_the_caller_in_order() {
        let memory = Memory::default();
        let clipboard = Clipboard::start(memory.clone());
        clipboard.set("炮二平五".into());
        clipboard.get();
        let mut done = Vec::new();
        for _ in 0..200 {
            done.extend(clipboard.finished());
            if done.len() == 2 {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        assert_eq!(done, [Done::Set(Ok(())), Done::Got(Ok("炮二平五".into()))]);
        assert_eq!(*memory.0.lock().expect("lock"), "炮二平五");
    }
}
