//! Perft benchmark: `cargo bench -p xiangqi`. Prints nodes, time and nodes/s for each position
//! (best of three runs) and the total.
use std::time::Instant;

use xiangqi::{Position, perft};

const CASES: &[(&str, &str, u32, u64)] = &[
    (
        "start",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        5,
        133_312_995,
    ),
    (
        "middlegame",
        "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
        5,
        53_112_976,
    ),
    (
        "attack",
        "1C2ka3/9/C1Nab1n2/p3p3p/6p2/9/P3P3P/3AB4/3p2c2/c1BAK4 w - - 0 1",
        5,
        17_920_736,
    ),
];

fn main() {
    // `cargo test --benches` passes `--bench`-less args; run a quick pass then.
    let quick = !std::env::args().any(|a| a == "--bench");
    let mut total_nodes = 0u64;
    let mut total_secs = 0f64;
    for &(name, fen, depth, expected) in CASES {
        let depth = if quick { depth - 2 } else { depth };
        let mut best = f64::INFINITY;
        let mut nodes = 0;
        for _ in 0..if quick { 1 } else { 3 } {
            let mut pos = Position::from_fen(fen).expect("bench FEN is valid");
            let t = Instant::now();
            nodes = perft(&mut pos, depth);
            best = best.min(t.elapsed().as_secs_f64());
        }
        if !quick {
            assert_eq!(nodes, expected, "perft {depth} of {name}");
        }
        println!(
            "perft {name:<11} depth {depth}: {nodes:>11} nodes {best:>7.3} s {:>6.1} Mnodes/s",
            nodes as f64 / best / 1e6
        );
        total_nodes += nodes;
        total_secs += best;
    }
    println!(
        "total: {total_nodes} nodes {total_secs:.3} s {:.1} Mnodes/s",
        total_nodes as f64 / total_secs / 1e6
    );
}
