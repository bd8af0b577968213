//! A server's address as a player types it: `host`, `host:port`, or a `ws://` or `wss://` URL (a
//! server with TLS: `wss://chess.example.org`, port 443 unless given).

use std::fmt;
use std::str::FromStr;

use crate::error::LinkError;

/// The port `chuhan-server` listens on unless told otherwise.
pub const DEFAULT_PORT: u16 = 7878;

/// The port of a `wss://` address given without one.
pub const TLS_PORT: u16 = 443;

/// Where a server is.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ServerAddress {
    host: String,
    port: u16,
    /// Over TLS (`wss://`).
    secure: bool,
}

impl ServerAddress {
    /// `host` at `port`.
    #[must_use]
    pub fn new(host: &str, port: u16) -> ServerAddress {
        ServerAddress {
            host: host.to_owned(),
            port,
            secure: false,
        }
    }

    /// `host` at `port` over TLS (`wss://`).
    #[must_use]
    pub fn secure(host: &str, port: u16) -> ServerAddress {
        ServerAddress {
            secure: true,
            ..ServerAddress::new(host, port)
        }
    }

    /// Whether it is reached over TLS.
    #[must_use]
    pub fn is_secure(&self) -> bool {
        self.secure
    }

    /// The server on this machine at the default port (what an empty address means); in a
    /// browser page, the server the page came from (`wss://` when the page came over `https://`).
    #[must_use]
    pub fn local() -> ServerAddress {
        #[cfg(target_arch = "wasm32")]
        if let Some(page) = ServerAddress::of_page() {
            return page;
        }
        ServerAddress::new("localhost", DEFAULT_PORT)
    }

    /// The server a browser page came from.
    #[cfg(target_arch = "wasm32")]
    fn of_page() -> Option<ServerAddress> {
        let location = web_sys::window()?.location();
        let secure = location.protocol().ok()? == "https:";
        let host = location.hostname().ok()?;
        let host = host.trim_start_matches('[').trim_end_matches(']');
        let port = match location.port().ok()?.parse() {
            Ok(p) => p,
            Err(_) if secure => TLS_PORT,
            Err(_) => 80,
        };
        Some(ServerAddress {
            host: host.to_owned(),
            port,
            secure,
        })
    }

    /// The WebSocket URL.
    #[must_use]
    pub fn ws_url(&self) -> String {
        let scheme = if self.secure { "wss" } else { "ws" };
        if self.host.contains(':') {
            format!("{scheme}://[{}]:{}/ws", self.host, self.port)
        } else {
            format!("{scheme}://{}:{}/ws", self.host, self.port)
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
        if self.secure {
            f.write_str("wss://")?;
        }
        if self.host.contains(':') {
            write!(f, "[{}]:{}", self.host, self.port)
        } else {
            write!(f, "{}:{}", self.host, self.port)
        }
    }
}

impl FromStr for ServerAddress {
    type Err = LinkError;

    /// Reads `host`, `host:port`, `[v6]:port`, `ws://host:port/ws`, `wss://host[:port]`; empty is
    /// [`ServerAddress::local`].
    fn from_str(text: &str) -> Result<ServerAddress, LinkError> {
        let bad = || LinkError::BadAddress(format!("{text:?}"));
        let t = text.trim();
        if t.is_empty() {
            return Ok(ServerAddress::local());
        }
        let secure_url = t
            .strip_prefix("wss://")
            .or_else(|| t.strip_prefix("https://"));
        let secure = secure_url.is_some();
        let default_port = if secure { TLS_PORT } else { DEFAULT_PORT };
        let t = secure_url
            .or_else(|| t.strip_prefix("ws://"))
            .or_else(|| t.strip_prefix("http://"))
            .unwrap_or(t);
        let t = t.split('/').next().unwrap_or("");
        let (host, port) = if let Some(rest) = t.strip_prefix('[') {
            let (host, after) = rest.split_once(']').ok_or_else(bad)?;
            match after.strip_prefix(':') {
                Some(p) => (host, p.parse().map_err(|_| bad())?),
                None if after.is_empty() => (host, default_port),
                None => return Err(bad()),
            }
        } else {
            match t.rsplit_once(':') {
                Some((h, p)) if !h.contains(':') => (h, p.parse().map_err(|_| bad())?),
                Some(_) | None => (t, default_port),
            }
        };
        let valid = |c: char| c.is_ascii_alphanumeric() || ".-_:".contains(c);
        if host.is_empty() || port == 0 || !host.chars().all(valid) {
            return Err(bad());
        }
        Ok(ServerAddress {
            secure,
            ..ServerAddress::new(host, port)
        })
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
            read("wss://chess.example.org"),
            Ok("wss://chess.example.org:443".into())
        );
        let secure: ServerAddress = "https://h:8443/ws".parse().unwrap();
        assert!(secure.is_secure());
        assert_eq!(secure.ws_url(), "wss://h:8443/ws");
        assert_eq!(secure.to_string().parse::<ServerAddress>(), Ok(secure));
        assert_eq!(
            "[::1]:7000".parse::<ServerAddress>().unwrap().ws_url(),
            "ws://[::1]:7000/ws"
        );
        for bad in ["host:0", "host:port", "a b", "[::1", "wss://", "host:70000"] {
            assert!(matches!(read(bad), Err(LinkError::BadAddress(_))), "{bad}");
        }
    }
}
