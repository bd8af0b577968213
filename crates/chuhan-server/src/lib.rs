//! `chuhan-server`: the authoritative game server of Chuhan (楚汉). Accounts, a lobby, games
//! whose every move the `xiangqi` rules library judges, clocks kept by the server, Glicko-2
//! ratings, spectators, chat and an archive, on SQLite or PostgreSQL. The protocol is the
//! `xiangqi-protocol` crate (`docs/protocol.md`).

pub mod auth;
#[cfg(feature = "bot")]
pub mod bot;
pub mod chat;
pub mod clock;
pub mod cluster;
pub mod config;
mod conn;
pub use talk::MAX_MUTES;
pub mod durable;
pub mod game;
pub mod gate;
pub mod http;
pub mod hub;
pub mod limits;
#[cfg(feature = "loadtest")]
pub mod loadtest;
pub mod lobby;
mod login;
pub mod metrics;
pub mod outbox;
pub mod ratings;
pub mod store;
mod talk;
pub mod user;
pub mod web;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use crate::config::Config;
use crate::store::{SqlStore, Store};

/// A server started: where it listens, and its hub.
pub struct Running {
    /// The address bound (the port chosen when 0 was asked).
    pub addr: SocketAddr,
    /// The shared state.
    pub hub: Arc<hub::Hub>,
    /// The task serving.
    pub task: tokio::task::JoinHandle<()>,
}

/// Opens the database, resumes the games in play and serves plain HTTP and WebSocket on the
/// configured address (TLS is served by [`serve_tls`]).
pub async fn start(cfg: Config) -> Result<Running, String> {
    let hub = start_hub(&cfg).await?;
    let listener = tokio::net::TcpListener::bind(cfg.listen)
        .await
        .map_err(|e| format!("{}: {e}", cfg.listen))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    let app = http::router(Arc::clone(&hub)).into_make_service_with_connect_info::<SocketAddr>();
    let listener = listener.into_std().map_err(|e| e.to_string())?;
    let mut server =
        axum_server::from_tcp(listener).acceptor(gate(axum_server::accept::DefaultAcceptor, &cfg));
    with_timeouts(server.http_builder(), &cfg);
    let task = tokio::spawn(async move {
        if let Err(e) = server.serve(app).await {
            tracing::error!("the server stopped: {e}");
        }
    });
    Ok(Running { addr, hub, task })
}

/// Serves HTTPS and WSS with rustls on the configured address until the process ends.
pub async fn serve_tls(cfg: Config) -> Result<(), String> {
    start_tls(cfg).await?.task.await.map_err(|e| e.to_string())
}

/// Opens the database, resumes the games in play and serves HTTPS and WSS with rustls on the
/// configured address (`addr` is the address configured).
pub async fn start_tls(cfg: Config) -> Result<Running, String> {
    let (Some(cert), Some(key)) = (&cfg.tls_cert, &cfg.tls_key) else {
        return Err("TLS needs --tls-cert and --tls-key".into());
    };
    let _ = rustls::crypto::ring::default_provider().install_default();
    let tls = axum_server::tls_rustls::RustlsConfig::from_pem_file(cert, key)
        .await
        .map_err(|e| format!("TLS: {e}"))?;
    let hub = start_hub(&cfg).await?;
    let app = http::router(Arc::clone(&hub)).into_make_service_with_connect_info::<SocketAddr>();
    tracing::info!("serving https:// and wss:// on {}", cfg.listen);
    let acceptor = axum_server::tls_rustls::RustlsAcceptor::new(tls)
        .handshake_timeout(Duration::from_secs(cfg.header_timeout_s.max(1)));
    let mut server = axum_server::bind(cfg.listen).acceptor(gate(acceptor, &cfg));
    with_timeouts(server.http_builder(), &cfg);
    let task = tokio::spawn(async move {
        if let Err(e) = server.serve(app).await {
            tracing::error!("the server stopped: {e}");
        }
    });
    Ok(Running {
        addr: cfg.listen,
        hub,
        task,
    })
}

/// The door before HTTP ([`gate`]): connections counted by address, silent ones closed.
fn gate<A>(inner: A, cfg: &Config) -> gate::Gate<A> {
    gate::Gate::new(
        inner,
        gate::Counts::default(),
        cfg.max_connections_per_ip
            .saturating_mul(gate::TCP_PER_WEBSOCKET),
        cfg.trusted_proxies.clone(),
        Duration::from_secs(cfg.header_timeout_s.max(1)),
    )
}

/// A client that does not send a whole request head in time (one byte a minute holds a
/// connection for ever otherwise) is closed: hyper's header timeout, which needs a timer.
fn with_timeouts(
    builder: &mut hyper_util::server::conn::auto::Builder<hyper_util::rt::TokioExecutor>,
    cfg: &Config,
) {
    builder
        .http1()
        .timer(hyper_util::rt::TokioTimer::new())
        .header_read_timeout(Duration::from_secs(cfg.header_timeout_s.max(1)));
}

/// Opens the database and starts the hub (joining the other instances with `--instance`).
async fn start_hub(cfg: &Config) -> Result<Arc<hub::Hub>, String> {
    let store = open_store(&cfg.database).await?;
    let hub = hub::Hub::start(cfg.clone(), store).await?;
    if let Some(me) = cfg.instance {
        cluster::join(&hub, &cfg.database, me).await?;
        tracing::info!("instance {me}: joined the others");
    }
    Ok(hub)
}

/// Opens the database named by a URL (creating a SQLite file's folder).
pub async fn open_store(url: &str) -> Result<Arc<dyn Store>, String> {
    if let Some(path) = url.strip_prefix("sqlite://")
        && let Some(dir) = std::path::Path::new(path.split('?').next().unwrap_or(path)).parent()
        && !dir.as_os_str().is_empty()
    {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let store = SqlStore::open(url)
        .await
        .map_err(|e| format!("{url_shown}: {e}", url_shown = shown_url(url)))?;
    Ok(Arc::new(store))
}

/// A database URL with its password hidden, for messages and logs.
#[must_use]
pub fn shown_url(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(s), Some(at)) if at > s => {
            let creds = &url[s + 3..at];
            match creds.find(':') {
                Some(c) => format!("{}{}:***{}", &url[..s + 3], &creds[..c], &url[at..]),
                None => url.to_owned(),
            }
        }
        _ => url.to_owned(),
    }
}

/// The log filter for `--log SPEC` (`info` when the spec does not read). Whatever it asks for,
/// the WebSocket library stays at `info`: at `debug` and `trace` it logs each frame's text, and
/// frames carry passwords and tokens, which never reach the log.
#[must_use]
pub fn log_filter(spec: &str) -> tracing_subscriber::EnvFilter {
    let filter = tracing_subscriber::EnvFilter::try_new(spec)
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    ["tungstenite=info", "tokio_tungstenite=info"]
        .into_iter()
        .filter_map(|d| d.parse().ok())
        .fold(filter, tracing_subscriber::EnvFilter::add_directive)
}
