//! Draining before the process ends (SIGTERM, or Ctrl-C): no new games; every connection told,
//! with WebSocket status 1012 (service restart), to reconnect (another instance behind the same
//! address, or this one when it is back: games in play are resumed from the database); the moves
//! being written finish; all within a bound. A move is acknowledged only once it is stored, so
//! nothing acknowledged is lost.

use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use super::Hub;
use crate::outbox::Out;

/// WebSocket status 1012: the service is restarting (RFC 6455's registry).
pub const SERVICE_RESTART: u16 = 1012;

impl Hub {
    /// Whether the server is draining (new games are refused).
    pub fn is_draining(&self) -> bool {
        self.draining.load(Ordering::Acquire)
    }

    /// Drains: refuses new games from now on, tells every connection to reconnect and closes
    /// it, then waits (at most `within`) for the moves being written. Returns whether every
    /// write finished in time.
    pub async fn drain(&self, within: Duration) -> bool {
        let deadline = Instant::now() + within;
        self.draining.store(true, Ordering::Release);
        let clients = self.conns.client_outs();
        for out in &clients {
            out.push(Out::Close {
                code: SERVICE_RESTART,
                reason: "the server is restarting: reconnect",
            });
        }
        let told = clients.len();
        drop(clients);
        tracing::info!(
            connections = told,
            "draining: every connection told to reconnect"
        );
        while Instant::now() < deadline {
            if self.moves.idle() && self.conns.client_outs().is_empty() {
                return true;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let idle = self.moves.idle();
        if !idle {
            tracing::warn!("draining: moves still being written at the bound");
        }
        idle
    }
}
