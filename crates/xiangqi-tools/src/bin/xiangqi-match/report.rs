//! What `xiangqi-match` reports: the tally, the Elo difference, the SPRT's pairs and the
//! repetition rulings.

use xiangqi::{Color, DrawReason, Outcome, WinReason};

use crate::config::Config;
use crate::game::{Ending, GameResult};

/// Pair outcomes of engine 0 for the SPRT: `[k]` = pairs that scored `k` half points of 4.
/// Pair outcomes of engine 0 for the SPRT: `[k]` = pairs that scored `k` half points of 4.
pub fn pentanomial(all: &[GameResult]) -> [u32; 5] {
    let mut by_pair = std::collections::BTreeMap::<usize, Vec<f64>>::new();
    for r in all {
        by_pair.entry(r.index / 2).or_default().push(r.score0());
    }
    let mut pairs = [0u32; 5];
    for scores in by_pair.values().filter(|v| v.len() == 2) {
        let half_points = ((scores[0] + scores[1]) * 2.0).round() as usize;
        pairs[half_points.min(4)] += 1;
    }
    pairs
}

pub fn elo(score: f64) -> f64 {
    let s = score.clamp(1e-6, 1.0 - 1e-6);
    -400.0 * (1.0 / s - 1.0).log10()
}

pub fn tally(all: &[GameResult]) -> (usize, usize, usize) {
    let mut t = (0, 0, 0);
    for r in all {
        match r.score0() {
            s if s > 0.75 => t.0 += 1,
            s if s < 0.25 => t.2 += 1,
            _ => t.1 += 1,
        }
    }
    t
}

/// The games a repetition rule decided, and for whom: each engine's losses by perpetual check,
/// chase and check-and-chase, and the draws by both sides' perpetual attacks.
pub fn repetition_rulings(cfg: &Config, all: &[GameResult]) -> String {
    let mut lost = [[0usize; 3]; 2];
    let (mut both, mut idle) = (0, 0);
    for r in all {
        match r.ending {
            Ending::Rules(Outcome::Win { winner, reason }) => {
                let k = match reason {
                    WinReason::PerpetualCheck => 0,
                    WinReason::PerpetualChase => 1,
                    WinReason::CheckAndChase => 2,
                    _ => continue,
                };
                let red_lost = winner == Color::Black;
                let loser = if red_lost { r.red } else { 1 - r.red };
                lost[loser][k] += 1;
            }
            Ending::Rules(Outcome::Draw {
                reason: DrawReason::BothPerpetual,
            }) => both += 1,
            Ending::Rules(Outcome::Draw {
                reason: DrawReason::Repetition,
            }) => idle += 1,
            _ => {}
        }
    }
    let side = |e: usize| {
        let [c, h, m] = lost[e];
        format!(
            "{} lost {} (perpetual check {c}, chase {h}, check and chase {m})",
            cfg.names[e],
            c + h + m
        )
    };
    format!(
        "{}; {}; draws: both perpetual {both}, plain repetition {idle}",
        side(0),
        side(1)
    )
}
