//! A server's address as a player types it: `host`, `host:port`, or a `ws://` URL.

use std::fmt;
use std::str::FromStr;

use crate::error::LinkError;

/// The port `chuhan-server` listens on unless told otherwise.
pub const DEFAULT_PORT: u16 = 7878;

/// Where a server is.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ServerAddress {
    host: String,
    port: u16,
}

impl ServerAddress {
    /// `host` at `port`.
    #[must_use]
    pub fn new(host: &str, port: u16) -> ServerAddress {
        ServerAddress {
            host: host.to_owned(),
            port,
        }
    }

    /// The server on this machine at the default port (what an empty address means).
    #[must_use]
    pub fn local() -> ServerAddress {
        ServerAddress::new("localhost", DEFAULT_PORT)
    }

    /// The WebSocket URL.
    #[must_use]
    pub fn ws_url(&self) -> String {
        if self.host.contains(':') {
            format!("ws://[{}]:{}/ws", self.host, self.port)
        } else {
            format!("ws://{}:{}/ws", self.host, self.port)
        }
    }

    /// The host.
    #[must_use]
    pub fn host(&self) -> &str {
        &self.host
    }

    /// The port.
    #[must_use]
    pub fn port(&self) -> u16 {
        self.port
    }
}

impl fmt::Display for ServerAddress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.host.contains(':') {
            write!(f, "[{}]:{}", self.host, self.port)
        } else {
            write!(f, "{}:{}", self.host, self.port)
        }
    }
}

impl FromStr for ServerAddress {
    type Err = LinkError;

    /// Reads `host`, `host:port`, `[v6]:port`, `ws://host:port/ws`; empty is [`ServerAddress::local`].
    fn from_str(text: &str) -> Result<ServerAddress, LinkError> {
        let bad = || LinkError::BadAddress(format!("{text:?}"));
        let t = text.trim();
        if t.is_empty() {
            return Ok(ServerAddress::local());
        }
        if t.starts_with("wss://") || t.starts_with("https://") {
            return Err(LinkError::BadAddress(format!(
                "{t:?} (secure connections need a reverse proxy's plain address here, or ws://)"
            )));
        }
        let t = t
            .strip_prefix("ws://")
            .or_else(|| t.strip_prefix("http://"))
            .unwrap_or(t);
        let t = t.split('/').next().unwrap_or("");
        let (host, port) = if let Some(rest) = t.strip_prefix('[') {
            let (host, after) = rest.split_once(']').ok_or_else(bad)?;
            match after.strip_prefix(':') {
                Some(p) => (host, p.parse().map_err(|_| bad())?),
                None if after.is_empty() => (host, DEFAULT_PORT),
                None => return Err(bad()),
            }
        } else {
            match t.rsplit_once(':') {
                Some((h, p)) if !h.contains(':') => (h, p.parse().map_err(|_| bad())?),
                Some(_) => (t, DEFAULT_PORT),
                None => (t, DEFAULT_PORT),
            }
        };
        let valid = |c: char| c.is_ascii_alphanumeric() || ".-_:".contains(c);
        if host.is_empty() || port == 0 || !host.chars().all(valid) {
            return Err(bad());
        }
        Ok(ServerAddress::new(host, port))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_read_as_players_type_them() {
        let read = |t: &str| t.parse::<ServerAddress>().map(|a| a.to_string());
        assert_eq!(read(""), Ok("localhost:7878".into()));
        assert_eq!(read("example.org"), Ok("example.org:7878".into()));
        assert_eq!(read(" 192.168.1.20:9000 "), Ok("192.168.1.20:9000".into()));
        assert_eq!(read("ws://host:81/ws"), Ok("host:81".into()));
        assert_eq!(read("[::1]:7000"), Ok("[::1]:7000".into()));
        assert_eq!(read("::1"), Ok("[::1]:7878".into()));
        assert_eq!(
            "[::1]:7000".parse::<ServerAddress>().unwrap().ws_url(),
            "ws://[::1]:7000/ws"
        );
        for bad in [
            "host:0",
            "host:port",
            "a b",
            "[::1",
            "wss://x",
            "host:70000",
        ] {
            assert!(matches!(read(bad), Err(LinkError::BadAddress(_))), "{bad}");
        }
    }
}
