//! Frame measurements for the screenshot mode (`CHUHAN_FRAME_STATS=N`): the count asked for and
//! the summary printed.

use std::time::Duration;

/// How many frames `CHUHAN_FRAME_STATS` asks to measure: a whole number from 1.
pub fn frame_count(value: &str) -> Result<usize, String> {
    match value.trim().parse::<usize>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!("{value:?} is not a number of frames (1 or more)")),
    }
}

/// Frame times summed up, in milliseconds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FrameSummary {
    /// How many frames.
    pub frames: usize,
    /// Their mean.
    pub mean: f64,
    /// The median (the upper one of an even count).
    pub p50: f64,
    /// The 99th percentile.
    pub p99: f64,
    /// The longest.
    pub max: f64,
}

impl FrameSummary {
    /// The summary of `frames`; `None` when there are none.
    #[must_use]
    pub fn of(frames: &[Duration]) -> Option<FrameSummary> {
        let mut ms: Vec<f64> = frames.iter().map(|d| d.as_secs_f64() * 1000.0).collect();
        ms.sort_by(f64::total_cmp);
        let max = *ms.last()?;
        let mean = ms.iter().sum::<f64>() / ms.len() as f64;
        let p99 = ms[((ms.len() as f64 * 0.99).ceil() as usize).clamp(1, ms.len()) - 1];
        Some(FrameSummary {
            frames: ms.len(),
            mean,
            p50: ms[ms.len() / 2],
            p99,
            max,
        })
    }
}

impl std::fmt::Display for FrameSummary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "frames {}: mean {:.1} ms ({:.1} fps), p99 {:.1} ms, max {:.1} ms",
            self.frames,
            self.mean,
            1000.0 / self.mean,
            self.p99,
            self.max
        )
    }
}
