//! Playing a friend on the same network (局域网): "host" starts `chuhan-server` inside the game's
//! own process (the server crate as a library, on a runtime thread of its own, SQLite in the
//! player's data folder), on port 7878 when it is free or any port the system gives, and lists
//! this machine's network addresses for the friend to type. Nothing listens until the player
//! asks to host; stopping (or quitting) ends it.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::Path;
use std::sync::mpsc;

use chuhan_client::DEFAULT_PORT;

/// A server hosted by this game.
pub struct Host {
    /// Where it listens, once started.
    pub addr: Option<SocketAddr>,
    /// The start's outcome, until taken.
    started: Option<std::sync::Mutex<mpsc::Receiver<Result<SocketAddr, String>>>>,
    /// Dropping it stops the server.
    _stop: tokio::sync::oneshot::Sender<()>,
}

impl Host {
    /// Starts a server with its database in `data`: on every interface (`everyone`, for a
    /// friend on the network) or on 127.0.0.1 only (tests). It starts on its own thread; see
    /// [`Host::started`].
    pub fn start(data: &Path, everyone: bool) -> Result<Host, String> {
        let ip = if everyone {
            IpAddr::V4(Ipv4Addr::UNSPECIFIED)
        } else {
            IpAddr::V4(Ipv4Addr::LOCALHOST)
        };
        let database = format!("sqlite://{}?mode=rwc", data.join("lan-server.db").display());
        let config = |port| chuhan_server::config::Config {
            listen: SocketAddr::new(ip, port),
            database: database.clone(),
            ..chuhan_server::config::Config::default()
        };
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let (started_tx, started) = mpsc::channel();
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("chuhan-host")
            .enable_all()
            .build()
            .map_err(|e| e.to_string())?;
        let (first, fallback) = (config(DEFAULT_PORT), config(0));
        std::thread::Builder::new()
            .name("chuhan-host".into())
            .spawn(move || {
                runtime.block_on(async move {
                    let running = match chuhan_server::start(first).await {
                        Ok(r) => Ok(r),
                        // The usual port is taken (another server): any free one.
                        Err(_) => chuhan_server::start(fallback).await,
                    };
                    let running = match running {
                        Ok(r) => r,
                        Err(e) => {
                            let _ = started_tx.send(Err(e));
                            return;
                        }
                    };
                    let _ = started_tx.send(Ok(running.addr));
                    let _ = stopped.await;
                    running.task.abort();
                });
            })
            .map_err(|e| e.to_string())?;
        Ok(Host {
            addr: None,
            started: Some(std::sync::Mutex::new(started)),
            _stop: stop,
        })
    }

    /// Once: where the server listens, or why it could not start (never waits).
    pub fn started(&mut self) -> Option<Result<SocketAddr, String>> {
        let got = match self.started.as_ref()?.lock().ok()?.try_recv() {
            Ok(r) => r,
            Err(mpsc::TryRecvError::Empty) => return None,
            Err(mpsc::TryRecvError::Disconnected) => Err("the server's thread ended".to_owned()),
        };
        self.started = None;
        if let Ok(addr) = got {
            self.addr = Some(addr);
        }
        Some(got)
    }

    /// The addresses a friend on the network may type: this machine's non-loopback addresses
    /// with the port (or the loopback one, when it listens there only).
    #[must_use]
    pub fn addresses(&self) -> Vec<String> {
        let Some(addr) = self.addr else {
            return Vec::new();
        };
        if addr.ip().is_loopback() {
            return vec![addr.to_string()];
        }
        let mut out: Vec<String> = if_addrs::get_if_addrs()
            .unwrap_or_default()
            .into_iter()
            .filter(|i| !i.is_loopback())
            .map(|i| SocketAddr::new(i.ip(), addr.port()).to_string())
            .collect();
        out.sort_by_key(|a| a.contains('['));
        out
    }
}
