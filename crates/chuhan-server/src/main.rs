//! The `chuhan-server` binary: see `chuhan-server --help`.

use chuhan_server::config::{AdminTask, Cli, Command, Config};
use clap::Parser;

fn main() -> std::process::ExitCode {
    let cli = Cli::parse();
    let cfg = match Config::load(&cli.serve) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("chuhan-server: {e}");
            return std::process::ExitCode::from(2);
        }
    };
    tracing_subscriber::fmt()
        .with_env_filter(chuhan_server::log_filter(&cfg.log))
        .with_writer(std::io::stderr)
        .init();
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("chuhan-server: {e}");
            return std::process::ExitCode::FAILURE;
        }
    };
    let done = runtime.block_on(async move {
        match cli.command.unwrap_or(Command::Serve) {
            Command::Serve => serve(cfg).await,
            Command::Admin { task } => admin(cfg, task).await,
            #[cfg(feature = "loadtest")]
            Command::Loadtest(args) => chuhan_server::loadtest::run(args).await,
        }
    });
    match done {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("chuhan-server: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}

async fn serve(cfg: Config) -> Result<(), String> {
    tracing::info!("database {}", chuhan_server::shown_url(&cfg.database));
    let drain = std::time::Duration::from_secs(cfg.drain_timeout_s);
    let mut running = if cfg.tls_cert.is_some() {
        chuhan_server::start_tls(cfg).await?
    } else {
        let running = chuhan_server::start(cfg).await?;
        tracing::info!(
            "listening on http://{0} (WebSocket ws://{0}/ws)",
            running.addr
        );
        tracing::warn!(
            "no TLS: passwords and tokens cross the network in the clear unless a reverse \
             proxy (nginx, see the README) terminates TLS in front of this server; give \
             --tls-cert and --tls-key to serve https:// and wss:// directly"
        );
        running
    };
    tokio::select! {
        r = &mut running.task => r.map_err(|e| e.to_string()),
        () = stop_asked() => {
            // No new connections; then the drain (hub/drain.rs).
            running.task.abort();
            let clean = running.hub.drain(drain).await;
            tracing::info!(clean, "drained: exiting");
            Ok(())
        }
    }
}

/// SIGTERM (systemd's stop) or SIGINT (Ctrl-C).
async fn stop_asked() {
    #[cfg(unix)]
    {
        let Ok(mut term) =
            tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
        else {
            let _ = tokio::signal::ctrl_c().await;
            return;
        };
        tokio::select! {
            _ = term.recv() => tracing::info!("SIGTERM: draining"),
            _ = tokio::signal::ctrl_c() => tracing::info!("SIGINT: draining"),
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

async fn admin(cfg: Config, task: AdminTask) -> Result<(), String> {
    let store = chuhan_server::open_store(&cfg.database).await?;
    let (name, ban) = match task {
        AdminTask::Ban { name } => (name, true),
        AdminTask::Unban { name } => (name, false),
    };
    let key = chuhan_server::auth::name_key(&name);
    let found = store
        .set_banned(&key, ban)
        .await
        .map_err(|e| e.to_string())?;
    if !found {
        return Err(format!("no account named {name}"));
    }
    println!(
        "{name} {}",
        if ban {
            "banned; its tokens revoked"
        } else {
            "unbanned"
        }
    );
    Ok(())
}
