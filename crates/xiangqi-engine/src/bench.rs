//! `bench`: a fixed-depth search of fixed positions. The total node count is a signature of the
//! search's behaviour; nodes per second measure its speed.

use std::time::{Duration, Instant};

use xiangqi::Position;

use crate::search::{Limits, SearchOptions, Searcher};

/// Depth each position is searched to.
pub const DEPTH: u32 = 13;

/// Opening, middlegame and endgame positions.
pub const POSITIONS: [&str; 12] = [
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "r1bakabr1/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKABR1 w - - 4 3",
    "r2akabr1/9/1cn1b1n2/p1p1p3p/6p2/2P6/P3P1P1P/1CN1C1N2/9/R1BAKAB1R w - - 0 6",
    "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
    "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1",
    "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
    "1C2ka3/9/C1Nab1n2/p3p3p/6p2/9/P3P3P/3AB4/3p2c2/c1BAK4 w - - 0 1",
    "2bak4/4a4/4b4/p3p3p/2p3n2/6R2/P1P1P3P/4B4/4A4/2BAK4 b - - 0 1",
    "5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1",
    "4ka3/4a4/9/9/4N4/p8/9/4C3c/7n1/2BK5 w - - 0 1",
    "3k5/4a4/4b4/9/2p6/9/4P4/4B4/9/3AK4 w - - 0 1",
    "4k4/9/9/9/9/9/9/9/3R5/3K1r3 w - - 0 1",
];

/// What a bench run measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BenchResult {
    /// Total nodes: the signature.
    pub nodes: u64,
    /// Wall time.
    pub time: Duration,
}

impl BenchResult {
    /// Nodes per second.
    #[must_use]
    pub fn nps(&self) -> u64 {
        (self.nodes as f64 / self.time.as_secs_f64().max(1e-9)) as u64
    }
}

/// Searches every bench position to `depth` with a fresh 16 MiB table, calling `each` with the
/// FEN, nodes and best move of each.
pub fn run(depth: u32, each: impl FnMut(&str, u64, &str)) -> BenchResult {
    run_threads(depth, 1, each)
}

/// As [`run`] with `threads` search threads. With more than one the node count is no signature
/// (the helpers' share varies from run to run), but nodes per second measure the threads' speed.
pub fn run_threads(depth: u32, threads: usize, each: impl FnMut(&str, u64, &str)) -> BenchResult {
    run_with(depth, threads, None, each)
}

/// [`run_threads`] evaluating with `network` (the hand-crafted evaluation when `None`).
pub fn run_with(
    depth: u32,
    threads: usize,
    network: Option<std::sync::Arc<crate::nnue::Network>>,
    mut each: impl FnMut(&str, u64, &str),
) -> BenchResult {
    let start = Instant::now();
    let mut total = 0;
    for fen in POSITIONS {
        let Ok(pos) = Position::from_fen(fen) else {
            continue;
        };
        let mut searcher = Searcher::new(16);
        searcher.set_network(network.clone());
        searcher.set_threads(threads);
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        let options = SearchOptions {
            threads,
            ..SearchOptions::default()
        };
        let r = searcher.search(&pos, &[], &limits, &options, |_| {});
        total += r.nodes;
        let best = r
            .best
            .map_or_else(|| "(none)".to_string(), |m| m.to_string());
        each(fen, r.nodes, &best);
    }
    BenchResult {
        nodes: total,
        time: start.elapsed(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bench_positions_are_valid() {
        for fen in POSITIONS {
            Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        }
    }
}
