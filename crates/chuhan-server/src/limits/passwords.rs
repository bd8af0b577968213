//! Password work (argon2id, 19 MiB and tens of milliseconds each) on a few threads of its own:
//! as many hashes at once as there are cores, a short queue behind them, and past that, or past
//! the queue's wait, the login is refused as `rate_limited`. A storm of logins once ran one hash
//! per blocking thread: 200 at once took 6 GB that glibc never gave back, and a move's
//! acknowledgement waited 4.8 s for the runtime. Here the memory is that of a few hashes, on the
//! same few threads (their allocator keeps what it reuses), and the runtime's threads never hash.

use std::sync::mpsc::{Receiver, SyncSender, TrySendError, sync_channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A job: when it was queued, and what it does (told whether it waited too long to be run).
type Job = (Instant, Box<dyn FnOnce(bool) + Send>);

/// The threads that hash passwords, and their queue.
pub struct PasswordWork {
    jobs: SyncSender<Job>,
}

/// Password work refused: the queue is full, or the job waited too long.
#[derive(Debug, PartialEq, Eq)]
pub struct Busy;

impl PasswordWork {
    /// `workers` threads, at most `queue` jobs waiting, each run only if it waited less than
    /// `wait`.
    #[must_use]
    pub fn new(workers: usize, queue: usize, wait: Duration) -> PasswordWork {
        give_back_large_blocks();
        let (jobs, rx) = sync_channel::<Job>(queue);
        let rx = Arc::new(Mutex::new(rx));
        for n in 0..workers.max(1) {
            let rx = Arc::clone(&rx);
            let _ = std::thread::Builder::new()
                .name(format!("passwords-{n}"))
                .spawn(move || work(&rx, wait));
        }
        PasswordWork { jobs }
    }

    /// Runs `f` on a password thread; [`Busy`] when it could not be queued or waited too long.
    ///
    /// # Errors
    /// [`Busy`].
    pub async fn run<T: Send + 'static>(
        &self,
        f: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Busy> {
        let (tx, rx) = tokio::sync::oneshot::channel();
        let job: Box<dyn FnOnce(bool) + Send> = Box::new(move |late| {
            let _ = tx.send((!late).then(f));
        });
        match self.jobs.try_send((Instant::now(), job)) {
            Ok(()) => {}
            Err(TrySendError::Full(_) | TrySendError::Disconnected(_)) => return Err(Busy),
        }
        match rx.await {
            Ok(Some(t)) => Ok(t),
            _ => Err(Busy),
        }
    }
}

/// glibc's allocator serves a block as large as a hash's (19 MiB) from a fresh mapping the first
/// time, then, having raised its threshold to that size, from its heaps, which it keeps: each
/// hash left 19 MB more held by the process (measured: 11 MB, then 92 MB after six logins one
/// after another, 456 MB after a storm). A fixed threshold of 1 MiB keeps every such block a
/// mapping of its own, handed back to the system when the hash ends.
fn give_back_large_blocks() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        static ONCE: std::sync::Once = std::sync::Once::new();
        ONCE.call_once(|| {
            // SAFETY: mallopt only sets the allocator's parameter; it is called once, before the
            // password threads start, and any value is valid for M_MMAP_THRESHOLD up to 32 MiB.
            unsafe {
                libc::mallopt(libc::M_MMAP_THRESHOLD, 1 << 20);
            }
        });
    }
}

fn work(rx: &Mutex<Receiver<Job>>, wait: Duration) {
    loop {
        let job = match rx.lock() {
            Ok(rx) => rx.recv(),
            Err(_) => return,
        };
        let Ok((queued, f)) = job else {
            return;
        };
        f(queued.elapsed() > wait);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn at_most_the_workers_and_the_queue_and_the_rest_refused() {
        let work = Arc::new(PasswordWork::new(1, 2, Duration::from_secs(5)));
        let running = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let most = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let mut tasks = Vec::new();
        for _ in 0..10 {
            let (work, running, most) =
                (Arc::clone(&work), Arc::clone(&running), Arc::clone(&most));
            tasks.push(tokio::spawn(async move {
                work.run(move || {
                    use std::sync::atomic::Ordering::SeqCst;
                    let now = running.fetch_add(1, SeqCst) + 1;
                    most.fetch_max(now, SeqCst);
                    std::thread::sleep(Duration::from_millis(100));
                    running.fetch_sub(1, SeqCst);
                })
                .await
            }));
        }
        let mut done = 0;
        let mut busy = 0;
        for t in tasks {
            match t.await.unwrap() {
                Ok(()) => done += 1,
                Err(Busy) => busy += 1,
            }
        }
        assert_eq!(most.load(std::sync::atomic::Ordering::SeqCst), 1);
        assert!(done >= 2 && busy >= 1, "done {done}, busy {busy}");
        assert_eq!(done + busy, 10);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_job_that_waited_too_long_is_not_run() {
        let work = Arc::new(PasswordWork::new(1, 4, Duration::from_millis(50)));
        let slow = {
            let work = Arc::clone(&work);
            tokio::spawn(async move {
                work.run(|| std::thread::sleep(Duration::from_millis(300)))
                    .await
            })
        };
        tokio::time::sleep(Duration::from_millis(20)).await;
        assert_eq!(work.run(|| 7).await, Err(Busy));
        assert_eq!(slow.await.unwrap(), Ok(()));
        assert_eq!(work.run(|| 7).await, Ok(7));
    }
}
