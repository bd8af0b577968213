//! Hosting a game for a friend runs a server inside the game: a browser page cannot listen for
//! connections, so in one this says so and hosts nothing (the same calls as on the desktop, the
//! error a message in the player's language where the desktop's is the system's text: both are
//! said inside `online-cannot-host`).

use std::net::SocketAddr;
use std::path::Path;

use crate::core::i18n::Msg;

/// Never made in a browser page.
pub struct Host;

impl Host {
    /// Refused: a page cannot listen.
    pub fn start(_data: &Path, _everyone: bool) -> Result<Host, Msg> {
        Err(Msg::new("online-host-not-in-browser"))
    }

    /// Never started.
    pub fn started(&mut self) -> Option<Result<SocketAddr, Msg>> {
        None
    }

    /// No addresses.
    #[must_use]
    pub fn addresses(&self) -> Vec<String> {
        Vec::new()
    }
}
