//! The limits on what one address or one player may do in a window of time: logins by address,
//! failed passwords by address and account together, chat lines by player over all their
//! connections. Each counter forgets the keys whose window has passed (`rate`), so none grows
//! with the traffic.

mod passwords;
mod rate;

pub use passwords::{Busy, PasswordWork};

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
    /// The threads that hash passwords.
    pub passwords: PasswordWork,
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
            passwords: PasswordWork::new(
                cfg.password_workers.unwrap_or_else(|| {
                    std::thread::available_parallelism().map_or(2, std::num::NonZero::get)
                }),
                cfg.password_queue,
                std::time::Duration::from_millis(cfg.password_wait_ms),
            ),
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

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    /// Limits whose windows last `per` (the real ones last a minute and ten seconds).
    fn every(per: Duration) -> Limits {
        let limits = Limits::new(&Config::default());
        *limits.counts() = Counts {
            logins: rate::Windows::every(per),
            failures: rate::Windows::every(per),
            chat: rate::Windows::every(per),
        };
        limits
    }

    fn address(i: u32) -> IpAddr {
        IpAddr::from(i.to_be_bytes())
    }

    #[test]
    fn one_address_trying_many_names_is_stopped_at_the_login_limit() {
        let limits = Limits::new(&Config::default());
        let ip = address(7);
        let tried = (0..1_000)
            .take_while(|i| {
                let allowed = limits.login_allowed(ip);
                if allowed {
                    limits.failed_login(ip, &format!("name{i}"));
                }
                allowed
            })
            .count();
        assert_eq!(tried, Config::default().logins_per_minute as usize);
        assert_eq!(limits.counts().failures.len(), tried);
        // Its owner, elsewhere, still logs in to any of those accounts.
        assert!(limits.account_allowed(address(8), "name0"));
    }

    #[test]
    fn a_flood_of_logins_from_many_addresses_and_names_is_forgotten_after_its_window() {
        let limits = every(Duration::from_millis(200));
        for i in 0..10_000 {
            assert!(limits.login_allowed(address(i)));
            limits.failed_login(address(i), &format!("name{i}"));
        }
        assert_eq!(limits.counts().failures.len(), 10_000);
        std::thread::sleep(Duration::from_millis(250));
        for i in 10_000..30_000 {
            limits.login_allowed(address(i));
            limits.failed_login(address(i), &format!("name{i}"));
        }
        let counts = limits.counts();
        assert!(
            counts.failures.len() <= 20_000,
            "{} kept",
            counts.failures.len()
        );
        assert!(
            counts.logins.len() <= 20_000,
            "{} kept",
            counts.logins.len()
        );
    }
}
