//! Who a connection is: a logged-in player as the hub, the lobby, the games and the other
//! instances know them, and the time stamps the database keeps.

/// Milliseconds since the Unix epoch.
#[must_use]
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// A logged-in player.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct User {
    /// The account (none for a guest).
    pub account: Option<i64>,
    /// The name shown.
    pub name: String,
    /// The name's key (NFKC, lower case).
    pub key: String,
    /// A guest.
    pub guest: bool,
}

impl User {
    /// A guest: known by a key of its own (`auth::guest_key`), never by its name.
    #[must_use]
    pub fn guest(name: String, key: String) -> User {
        User {
            account: None,
            name,
            key,
            guest: true,
        }
    }
}
