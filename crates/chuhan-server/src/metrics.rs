//! Counters for `/metrics`, in Prometheus' text format.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::Duration;

/// The server's counters.
#[derive(Default)]
pub struct Metrics {
    /// Connections open (known to the hub).
    pub connections: AtomicU64,
    /// WebSocket sockets held (a connection's socket until its task has let it go).
    pub sockets: AtomicU64,
    /// Players logged in.
    pub online: AtomicU64,
    /// Games in play.
    pub games: AtomicU64,
    /// Moves played (acknowledged).
    pub moves: AtomicU64,
    /// Games finished.
    pub finished: AtomicU64,
    /// Games taken over from another instance whose lease ran out.
    pub taken_over: AtomicU64,
    /// Frames refused (bad input of any kind).
    pub refused: AtomicU64,
    commits: AtomicU64,
    committed_moves: AtomicU64,
    commit_micros: AtomicU64,
}

impl Metrics {
    /// One group commit of `moves` moves that took `took`.
    pub fn commit(&self, moves: usize, took: Duration) {
        self.commits.fetch_add(1, Relaxed);
        self.committed_moves.fetch_add(moves as u64, Relaxed);
        self.commit_micros
            .fetch_add(took.as_micros() as u64, Relaxed);
    }

    /// The text `/metrics` serves.
    #[must_use]
    pub fn render(&self) -> String {
        let g = |name: &str, help: &str, kind: &str, v: u64| {
            format!("# HELP {name} {help}\n# TYPE {name} {kind}\n{name} {v}\n")
        };
        let mut s = String::new();
        s += &g(
            "chuhan_connections",
            "WebSocket connections open.",
            "gauge",
            self.connections.load(Relaxed),
        );
        s += &g(
            "chuhan_sockets",
            "WebSocket sockets held, closing ones included.",
            "gauge",
            self.sockets.load(Relaxed),
        );
        s += &g(
            "chuhan_players_online",
            "Players logged in.",
            "gauge",
            self.online.load(Relaxed),
        );
        s += &g(
            "chuhan_games_in_play",
            "Games in play.",
            "gauge",
            self.games.load(Relaxed),
        );
        s += &g(
            "chuhan_moves_total",
            "Moves acknowledged.",
            "counter",
            self.moves.load(Relaxed),
        );
        s += &g(
            "chuhan_games_finished_total",
            "Games finished.",
            "counter",
            self.finished.load(Relaxed),
        );
        s += &g(
            "chuhan_games_taken_over_total",
            "Games taken over from another instance whose lease ran out.",
            "counter",
            self.taken_over.load(Relaxed),
        );
        s += &g(
            "chuhan_refused_total",
            "Frames refused as bad input.",
            "counter",
            self.refused.load(Relaxed),
        );
        s += &g(
            "chuhan_move_commits_total",
            "Transactions that made moves durable.",
            "counter",
            self.commits.load(Relaxed),
        );
        s += &g(
            "chuhan_move_commit_moves_total",
            "Moves in those transactions.",
            "counter",
            self.committed_moves.load(Relaxed),
        );
        s += &format!(
            "# HELP chuhan_move_commit_seconds_total Time spent committing moves.\n\
             # TYPE chuhan_move_commit_seconds_total counter\nchuhan_move_commit_seconds_total {:.6}\n",
            self.commit_micros.load(Relaxed) as f64 / 1e6
        );
        s
    }
}
