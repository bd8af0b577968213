//! The sequential probability ratio test that `xiangqi-match --sprt` stops on: is engine 1
//! `elo0` or `elo1` Elo stronger than engine 2?
//!
//! Games come in pairs (one opening, colours swapped), so the test reads the pentanomial
//! distribution of pair scores (0, ½, 1, 1½, 2 points), which removes the opening's bias from the
//! variance. The log-likelihood ratio is the normal approximation fishtest uses:
//!
//! ```text
//! LLR = n · (s1 − s0) · (2·s − s0 − s1) / (2·σ²)
//! ```
//!
//! where `s` is the mean pair score per game, `σ²` its variance over the `n` pairs, and `s0`,
//! `s1` the expected scores at `elo0` and `elo1` (logistic Elo). H1 is accepted when the LLR
//! reaches `ln((1 − β) / α)`, H0 when it falls to `ln(β / (1 − α))`.

/// The test's hypotheses and error rates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// Elo difference under H0.
    pub elo0: f64,
    /// Elo difference under H1 (greater than `elo0`).
    pub elo1: f64,
    /// Chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// Chance of accepting H0 when H1 holds.
    pub beta: f64,
}

impl Default for Sprt {
    fn default() -> Sprt {
        Sprt {
            elo0: 0.0,
            elo1: 10.0,
            alpha: 0.05,
            beta: 0.05,
        }
    }
}

/// What the test says so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Keep playing.
    Continue,
    /// H0 accepted: engine 1 is not `elo1` stronger.
    H0,
    /// H1 accepted: engine 1 is at least `elo0` stronger.
    H1,
}

/// The expected score of a player `elo` stronger than its opponent.
#[must_use]
pub fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

impl Sprt {
    /// The lower and upper LLR bounds.
    #[must_use]
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0, given `pairs[k]` = how many pairs of games
    /// scored `k` half points (0 to 4) for engine 1. Zero before any variance is seen.
    #[must_use]
    pub fn llr(&self, pairs: &[u32; 5]) -> f64 {
        let n: f64 = pairs.iter().map(|&c| f64::from(c)).sum();
        if n < 2.0 {
            return 0.0;
        }
        // Per-game score of each pair outcome: 0, 0.25, 0.5, 0.75, 1.
        let mean = pairs
            .iter()
            .enumerate()
            .map(|(k, &c)| f64::from(c) * k as f64 / 4.0)
            .sum::<f64>()
            / n;
        let var = pairs
            .iter()
            .enumerate()
            .map(|(k, &c)| f64::from(c) * (k as f64 / 4.0 - mean).powi(2))
            .sum::<f64>()
            / n;
        if var <= 1e-9 {
            return 0.0;
        }
        let (s0, s1) = (expected_score(self.elo0), expected_score(self.elo1));
        n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var)
    }

    /// The verdict for `pairs` (see [`Sprt::llr`]).
    #[must_use]
    pub fn verdict(&self, pairs: &[u32; 5]) -> Verdict {
        let llr = self.llr(pairs);
        let (lo, hi) = self.bounds();
        if llr >= hi {
            Verdict::H1
        } else if llr <= lo {
            Verdict::H0
        } else {
            Verdict::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_are_the_wald_bounds() {
        let (lo, hi) = Sprt::default().bounds();
        assert!((lo - (0.05f64 / 0.95).ln()).abs() < 1e-12);
        assert!((hi - 19f64.ln()).abs() < 1e-12);
    }

    #[test]
    fn a_clearly_stronger_engine_accepts_h1() {
        let sprt = Sprt::default();
        // 100 pairs: mostly 1.5 or 2 points of 2.
        let pairs = [2, 8, 30, 35, 25];
        assert!(sprt.llr(&pairs) > 3.0, "{}", sprt.llr(&pairs));
        assert_eq!(sprt.verdict(&pairs), Verdict::H1);
    }

    #[test]
    fn an_even_match_leans_to_h0_and_decides_given_games() {
        let sprt = Sprt::default();
        let few = [5, 10, 20, 10, 5];
        assert!(sprt.llr(&few) < 0.0);
        assert_eq!(sprt.verdict(&few), Verdict::Continue);
        let many = [500, 1000, 2000, 1000, 500];
        assert_eq!(sprt.verdict(&many), Verdict::H0);
    }

    #[test]
    fn no_variance_says_nothing() {
        assert_eq!(Sprt::default().llr(&[0, 0, 7, 0, 0]), 0.0);
        assert_eq!(Sprt::default().llr(&[1, 0, 0, 0, 0]), 0.0);
    }
}
