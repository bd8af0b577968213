//! The server's settings: flags, a TOML file that may set the same (flags win), defaults.

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};
use serde::Deserialize;

/// chuhan-server: the authoritative game server of Chuhan (楚汉). With no flags it keeps a SQLite
/// database in the user's data folder and listens on 127.0.0.1:7878.
#[derive(Parser, Debug)]
#[command(version, about, long_about = None)]
pub struct Cli {
    /// What to do (default: serve).
    #[command(subcommand)]
    pub command: Option<Command>,
    /// The server's settings.
    #[command(flatten)]
    pub serve: ServeArgs,
}

/// What the binary does.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Run the server (the default).
    Serve,
    /// Operator's tasks on the database (the server may be running).
    Admin {
        /// The task.
        #[command(subcommand)]
        task: AdminTask,
    },
    /// Play many bot games against a running server on loopback and measure it.
    #[cfg(feature = "loadtest")]
    Loadtest(crate::loadtest::LoadArgs),
}

/// An operator's task.
#[derive(Subcommand, Debug)]
pub enum AdminTask {
    /// Ban an account: it cannot log in, its tokens are revoked.
    Ban {
        /// The account's name.
        name: String,
    },
    /// Lift a ban.
    Unban {
        /// The account's name.
        name: String,
    },
}

/// The settings as flags; each may also be set in the config file.
#[derive(Args, Debug, Default, Clone)]
pub struct ServeArgs {
    /// A TOML file with any of the settings below (flags win over it).
    #[arg(long, global = true)]
    pub config: Option<PathBuf>,
    /// The address to listen on [default: 127.0.0.1:7878]. Use 0.0.0.0:7878 to serve other
    /// machines.
    #[arg(long, global = true)]
    pub listen: Option<SocketAddr>,
    /// The database: sqlite://PATH, sqlite::memory: or postgres://USER:PASS@HOST/DB [default:
    /// sqlite in $XDG_DATA_HOME/chuhan-server/chuhan.db].
    #[arg(long, global = true)]
    pub database: Option<String>,
    /// The TLS certificate chain (PEM): serve wss:// and https:// (needs --tls-key).
    #[arg(long, global = true)]
    pub tls_cert: Option<PathBuf>,
    /// The TLS private key (PEM).
    #[arg(long, global = true)]
    pub tls_key: Option<PathBuf>,
    /// Connections one address may hold at once [default: 16].
    #[arg(long, global = true)]
    pub max_connections_per_ip: Option<usize>,
    /// Logins, registrations and guest sessions one address may start a minute [default: 20].
    #[arg(long, global = true)]
    pub logins_per_minute: Option<u32>,
    /// Seconds without any frame before a connection is closed (a ping is sent at a third of
    /// it) [default: 60].
    #[arg(long, global = true)]
    pub idle_timeout_s: Option<u64>,
    /// Seconds a client has to send a whole HTTP request head (the WebSocket handshake
    /// included) before its connection is closed; TLS handshakes have as long [default: 10].
    #[arg(long, global = true)]
    pub header_timeout_s: Option<u64>,
    /// Seconds each side has for its first move before the game is aborted [default: 30].
    #[arg(long, global = true)]
    pub first_move_s: Option<u64>,
    /// Seconds a player must be gone before the opponent may claim [default: by time control,
    /// a tenth of the base time between 15 and 60 s].
    #[arg(long, global = true)]
    pub claim_after_s: Option<u64>,
    /// The log filter (tracing's EnvFilter syntax) [default: info].
    #[arg(long, global = true)]
    pub log: Option<String>,
    /// Run as instance N (1-999) of several sharing one PostgreSQL database: games are leased,
    /// the lobby, moves, clocks and chat pass between instances by LISTEN/NOTIFY (docs/server.md,
    /// "Several instances"). Each instance needs its own N. Not with SQLite.
    #[arg(long, global = true, value_parser = clap::value_parser!(u16).range(1..=999))]
    pub instance: Option<u16>,
    /// The browser build of the game (the folder `tools/web.sh` makes), served at `/` so that
    /// the server's address opens the game [default: none; `/` answers 404].
    #[arg(long, global = true)]
    pub web: Option<PathBuf>,
    /// Addresses of reverse proxies (nginx) in front of this server, comma-separated: from a
    /// connection of theirs, the client's address is taken from `X-Forwarded-For` (its last
    /// address that is not itself a trusted proxy), and the limits count that address; a
    /// proxy's own connections are not counted [default: none; the header is ignored].
    #[arg(long, global = true, value_delimiter = ',')]
    pub trusted_proxies: Option<Vec<IpAddr>>,
}

/// The settings in use.
#[derive(Clone, Debug, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// See [`ServeArgs::listen`].
    pub listen: SocketAddr,
    /// See [`ServeArgs::database`].
    pub database: String,
    /// See [`ServeArgs::tls_cert`].
    pub tls_cert: Option<PathBuf>,
    /// See [`ServeArgs::tls_key`].
    pub tls_key: Option<PathBuf>,
    /// See [`ServeArgs::max_connections_per_ip`].
    pub max_connections_per_ip: usize,
    /// See [`ServeArgs::logins_per_minute`].
    pub logins_per_minute: u32,
    /// Failed logins one account may take a minute.
    pub failed_logins_per_account: u32,
    /// See [`ServeArgs::idle_timeout_s`].
    pub idle_timeout_s: u64,
    /// See [`ServeArgs::header_timeout_s`].
    pub header_timeout_s: u64,
    /// See [`ServeArgs::first_move_s`].
    pub first_move_s: u64,
    /// See [`ServeArgs::claim_after_s`].
    pub claim_after_s: Option<u64>,
    /// Chat lines a connection may send in 10 seconds.
    pub chat_per_10s: u32,
    /// Messages a connection may send a second (moves included) before it is refused.
    pub messages_per_s: u32,
    /// Milliseconds a move's write may take before it fails (the move is not acknowledged).
    pub write_timeout_ms: u64,
    /// Seconds a drain (SIGTERM) may take before the process exits.
    pub drain_timeout_s: u64,
    /// See [`ServeArgs::log`].
    pub log: String,
    /// See [`ServeArgs::instance`].
    pub instance: Option<u16>,
    /// See [`ServeArgs::web`].
    pub web: Option<PathBuf>,
    /// See [`ServeArgs::trusted_proxies`].
    pub trusted_proxies: Vec<IpAddr>,
    /// Passwords hashed at once [default: the cores].
    pub password_workers: Option<usize>,
    /// Logins that may wait for a password thread; past them a login is refused
    /// (`rate_limited`).
    pub password_queue: usize,
    /// How long a login may wait for a password thread before it is refused (ms).
    pub password_wait_ms: u64,
    /// The bytes that may wait for one connection; a connection whose queue would hold more
    /// (a client that does not read) is closed.
    pub queue_bytes: usize,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            listen: SocketAddr::from(([127, 0, 0, 1], 7878)),
            database: default_database(),
            tls_cert: None,
            tls_key: None,
            max_connections_per_ip: 16,
            logins_per_minute: 20,
            failed_logins_per_account: 10,
            idle_timeout_s: 60,
            header_timeout_s: 10,
            first_move_s: 30,
            claim_after_s: None,
            chat_per_10s: 5,
            messages_per_s: 30,
            write_timeout_ms: 5000,
            drain_timeout_s: 10,
            log: "info".into(),
            instance: None,
            web: None,
            trusted_proxies: Vec::new(),
            password_workers: None,
            password_queue: 64,
            password_wait_ms: 3000,
            queue_bytes: crate::outbox::QUEUE_BYTES,
        }
    }
}

/// `sqlite://` in `$XDG_DATA_HOME/chuhan-server` (or `~/.local/share/chuhan-server`).
#[must_use]
pub fn default_database() -> String {
    let data = std::env::var_os("XDG_DATA_HOME")
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share")))
        .unwrap_or_else(|| PathBuf::from("."));
    format!(
        "sqlite://{}",
        data.join("chuhan-server/chuhan.db").display()
    )
}

impl Config {
    /// The file's settings (if any) under the flags'.
    pub fn load(args: &ServeArgs) -> Result<Config, String> {
        let mut c = match &args.config {
            Some(path) => {
                let text = std::fs::read_to_string(path)
                    .map_err(|e| format!("{}: {e}", path.display()))?;
                toml::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?
            }
            None => Config::default(),
        };
        macro_rules! over {
            ($($f:ident),*) => { $( if let Some(v) = &args.$f { c.$f = v.clone(); } )* };
        }
        over!(
            listen,
            database,
            max_connections_per_ip,
            logins_per_minute,
            idle_timeout_s,
            header_timeout_s,
            first_move_s,
            log
        );
        if args.tls_cert.is_some() {
            c.tls_cert.clone_from(&args.tls_cert);
        }
        if args.tls_key.is_some() {
            c.tls_key.clone_from(&args.tls_key);
        }
        if args.claim_after_s.is_some() {
            c.claim_after_s = args.claim_after_s;
        }
        if args.instance.is_some() {
            c.instance = args.instance;
        }
        if args.web.is_some() {
            c.web.clone_from(&args.web);
        }
        if let Some(proxies) = &args.trusted_proxies {
            c.trusted_proxies.clone_from(proxies);
        }
        if let Some(web) = &c.web
            && !web.join("index.html").is_file()
        {
            return Err(format!(
                "--web {}: no index.html there (build the page with tools/web.sh)",
                web.display()
            ));
        }
        if c.instance.is_some() && !c.database.starts_with("postgres") {
            return Err("--instance needs a postgres:// database (instances share it)".into());
        }
        if c.tls_cert.is_some() != c.tls_key.is_some() {
            return Err("--tls-cert and --tls-key go together".into());
        }
        Ok(c)
    }

    /// How long a player must be gone before the opponent may claim, for a base time.
    #[must_use]
    pub fn claim_after(&self, base_s: u32) -> std::time::Duration {
        let s = self
            .claim_after_s
            .unwrap_or_else(|| (u64::from(base_s) / 10).clamp(15, 60));
        std::time::Duration::from_secs(s)
    }
}
