//! The limits on what one address or one player may do in a window of time: logins by address,
//! failed passwords by address and account together, chat lines by player over all their
//! connections. Each counter forgets the keys whose window has passed ([`rate`]), so none grows
//! with the traffic.

mod rate;

use std::net::IpAddr;
use std::sync::Mutex;

use crate::config::Config;

#[derive(Default)]
struct Counts {
    logins: rate::Windows<IpAddr, 60>,
    /// Failed passwords by address and account: a guesser is limited on the accounts it tries,
    /// and cannot lock the owner (at another address) out.
    failures: rate::Windows<(IpAddr, String), 60>,
    /// Chat lines by player (name key), over all their connections.
    chat: rate::Windows<String, 10>,
}

/// The limits, with their counters.
pub struct Limits {
    logins_per_minute: u32,
    failed_logins_per_account: u32,
    chat_per_10s: u32,
    counts: Mutex<Counts>,
}

impl Limits {
    /// The limits of `cfg`, nothing counted yet.
    #[must_use]
    pub fn new(cfg: &Config) -> Limits {
        Limits {
            logins_per_minute: cfg.logins_per_minute,
            failed_logins_per_account: cfg.failed_logins_per_account,
            chat_per_10s: cfg.chat_per_10s,
            counts: Mutex::new(Counts::default()),
        }
    }

    fn counts(&self) -> std::sync::MutexGuard<'_, Counts> {
        self.counts
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Counts a login attempt from `ip`; whether it is allowed.
    pub fn login_allowed(&self, ip: IpAddr) -> bool {
        self.counts().logins.count(ip) <= self.logins_per_minute
    }

    /// Whether a password may be tried for an account (by key) from `ip` now: failures count by
    /// address and account together (ten wrong passwords from ten addresses locked the account
    /// for its owner too).
    pub fn account_allowed(&self, ip: IpAddr, key: &str) -> bool {
        self.counts().failures.seen(&(ip, key.to_owned())) < self.failed_logins_per_account
    }

    /// Counts a failed password for an account from `ip`.
    pub fn failed_login(&self, ip: IpAddr, key: &str) {
        self.counts().failures.count((ip, key.to_owned()));
    }

    /// Counts a chat line of the player with name key `key`, over all their connections;
    /// whether it is within the limit (`chat_per_10s` lines in 10 s).
    pub fn chat_allowed(&self, key: &str) -> bool {
        self.counts().chat.count(key.to_owned()) <= self.chat_per_10s
    }
}
