//! A message too long for one notification, in parts and put together again; parts that never
//! all arrive are forgotten.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use super::PART;

/// The parts of `text` (one piece when it fits), numbered so that they can be put together.
pub(super) fn split(text: &str, me: u16, seq: &std::sync::atomic::AtomicU64) -> Vec<String> {
    if text.len() <= PART {
        return vec![text.to_owned()];
    }
    let mut pieces = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        let mut cut = rest.len().min(PART);
        while !rest.is_char_boundary(cut) {
            cut -= 1;
        }
        pieces.push(&rest[..cut]);
        rest = &rest[cut..];
    }
    let id = seq.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let n = pieces.len();
    pieces
        .iter()
        .enumerate()
        .map(|(i, p)| format!("~{me}.{id}~{i}~{n}~{p}"))
        .collect()
}

/// How long the parts of a message may take to arrive; a message still missing parts then is
/// dropped (its sender's instance died mid-message, or a part was lost), said in the log.
const PARTIAL_TTL: Duration = Duration::from_secs(30);

/// The most messages waiting for parts at once; beyond it the oldest is dropped.
const MAX_PARTIALS: usize = 256;

/// Puts parted messages together again; what never completes is dropped after [`PARTIAL_TTL`],
/// and no more than [`MAX_PARTIALS`] wait.
#[derive(Default)]
pub(super) struct Joiner {
    partial: HashMap<String, (Instant, Vec<Option<String>>)>,
}

impl Joiner {
    /// The whole message once every part of it arrived; a whole message as it is.
    pub(super) fn take(&mut self, payload: &str) -> Option<String> {
        self.take_at(payload, Instant::now())
    }

    fn take_at(&mut self, payload: &str, now: Instant) -> Option<String> {
        let Some(rest) = payload.strip_prefix('~') else {
            return Some(payload.to_owned());
        };
        let mut it = rest.splitn(4, '~');
        let (id, i, n, text) = (it.next()?, it.next()?, it.next()?, it.next()?);
        let (i, n): (usize, usize) = (i.parse().ok()?, n.parse().ok()?);
        if i >= n || n > 10_000 {
            return None;
        }
        self.forget_stale(now);
        if !self.partial.contains_key(id) && self.partial.len() >= MAX_PARTIALS {
            let oldest = self
                .partial
                .iter()
                .min_by_key(|(_, p)| p.0)
                .map(|(k, _)| k.clone());
            if let Some(k) = oldest {
                tracing::warn!("a message between instances waited too long for its parts");
                self.partial.remove(&k);
            }
        }
        let (_, slots) = self
            .partial
            .entry(id.to_owned())
            .or_insert_with(|| (now, vec![None; n]));
        if slots.len() != n {
            return None;
        }
        *slots.get_mut(i)? = Some(text.to_owned());
        if slots.iter().all(Option::is_some) {
            let (_, slots) = self.partial.remove(id)?;
            return Some(slots.into_iter().flatten().collect());
        }
        None
    }

    /// Drops the messages whose first part came longer than [`PARTIAL_TTL`] ago.
    fn forget_stale(&mut self, now: Instant) {
        let before = self.partial.len();
        self.partial
            .retain(|_, p| now.saturating_duration_since(p.0) < PARTIAL_TTL);
        if self.partial.len() < before {
            tracing::warn!(
                dropped = before - self.partial.len(),
                "messages between instances never got all their parts"
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_message_goes_in_parts_and_comes_back_whole() {
        let seq = std::sync::atomic::AtomicU64::new(0);
        let text = format!("{{\"x\":\"{}\"}}", "象棋".repeat(6_000));
        let parts = split(&text, 3, &seq);
        assert!(parts.len() > 1 && parts.iter().all(|p| p.len() < 8_000));
        let mut j = Joiner::default();
        let mut whole = None;
        // Parts of another message in between change nothing.
        let other = split(&"y".repeat(20_000), 4, &seq);
        for (i, p) in parts.iter().enumerate() {
            assert!(whole.is_none());
            whole = j.take(p);
            if let Some(o) = other.get(i) {
                assert!(j.take(o).is_none() || i + 1 == other.len());
            }
        }
        assert_eq!(whole.as_deref(), Some(text.as_str()));
        assert_eq!(split("{}", 3, &seq), vec!["{}".to_owned()]);
        assert_eq!(j.take("~bad"), None);
    }

    #[test]
    fn a_message_that_never_completes_is_forgotten_and_few_wait() {
        let seq = std::sync::atomic::AtomicU64::new(0);
        let parts = split(&"z".repeat(20_000), 5, &seq);
        let mut j = Joiner::default();
        let t0 = Instant::now();
        // Only the first part ever comes.
        assert_eq!(j.take_at(&parts[0], t0), None);
        assert_eq!(j.partial.len(), 1);
        // Past the wait, the next message's part sweeps it away.
        let other = split(&"w".repeat(20_000), 5, &seq);
        assert_eq!(j.take_at(&other[0], t0 + PARTIAL_TTL), None);
        assert_eq!(
            j.partial.len(),
            1,
            "the stale one is gone, the new one waits"
        );
        // Its late parts start nothing whole.
        for p in &parts[1..] {
            assert_eq!(j.take_at(p, t0 + PARTIAL_TTL), None);
        }
        // Many incomplete messages at once: no more than the bound wait.
        for k in 0..(MAX_PARTIALS * 2) {
            let many = split(&"v".repeat(10_000 + k), 5, &seq);
            assert_eq!(j.take_at(&many[0], t0 + PARTIAL_TTL), None);
        }
        assert_eq!(j.partial.len(), MAX_PARTIALS);
    }
}
