//! Hosting a game for a friend runs a server inside the game: a browser page cannot listen for
//! connections, so in one this says so and hosts nothing (the same calls as on the desktop).

use std::net::SocketAddr;
use std::path::Path;

/// Never made in a browser page.
pub struct Host;

impl Host {
    /// Refused: a page cannot listen.
    pub fn start(_data: &Path, _everyone: bool) -> Result<Host, String> {
        Err("网页里不能开局域网对局：请用桌面版 (a browser page cannot host a game)".to_owned())
    }

    /// Never started.
    pub fn started(&mut self) -> Option<Result<SocketAddr, String>> {
        None
    }

    /// No addresses.
    #[must_use]
    pub fn addresses(&self) -> Vec<String> {
        Vec::new()
    }
}
