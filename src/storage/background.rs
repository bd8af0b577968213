//! Work done off the frame loop: on a thread of its own on the desktop. A browser page gives the
//! game no threads, so there the work is done at once where it is asked for (short work only:
//! the engine's searches go to a Web Worker instead, `core::engine_worker`).

/// Runs `work` on a thread named `name`, or here when no thread can be had (in a browser, or a
/// system out of threads): done late is better than never.
pub fn spawn(name: &str, work: impl FnOnce() + Send + 'static) {
    #[cfg(target_arch = "wasm32")]
    {
        let _ = name;
        work();
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let work = std::sync::Arc::new(std::sync::Mutex::new(Some(work)));
        let theirs = std::sync::Arc::clone(&work);
        let started = std::thread::Builder::new()
            .name(name.to_owned())
            .spawn(move || {
                if let Some(w) = theirs.lock().ok().and_then(|mut w| w.take()) {
                    w();
                }
            });
        if started.is_err()
            && let Some(w) = work.lock().ok().and_then(|mut w| w.take())
        {
            w();
        }
    }
}
