//! Perft against the published counts in `tests/data/perft.txt`.
//!
//! Depths up to 4 run with `cargo test`; the deep counts (start position to depth 6, the others
//! at depth 5) are ignored by default: `cargo test --release -p xiangqi --test perft -- --ignored`.

use std::path::PathBuf;

use xiangqi::{Position, perft};

struct Case {
    fen: String,
    counts: Vec<(u32, u64)>,
}

fn data_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/perft.txt")
}

fn load() -> Vec<Case> {
    let path = data_path();
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let mut cases: Vec<Case> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if let Some(fen) = line.strip_prefix("fen ") {
            cases.push(Case {
                fen: fen.to_owned(),
                counts: Vec::new(),
            });
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let mut it = rest.split_whitespace();
            let depth = it
                .next()
                .and_then(|d| d.parse().ok())
                .unwrap_or_else(|| panic!("line {}: bad depth", n + 1));
            let nodes = it
                .next()
                .and_then(|d| d.parse().ok())
                .unwrap_or_else(|| panic!("line {}: bad count", n + 1));
            cases
                .last_mut()
                .unwrap_or_else(|| panic!("line {}: perft before fen", n + 1))
                .counts
                .push((depth, nodes));
        }
    }
    assert!(
        cases.len() >= 13,
        "expected the 13 published positions, found {}",
        cases.len()
    );
    cases
}

fn run(select: impl Fn(u32) -> bool) -> usize {
    let mut checked = 0;
    for case in load() {
        let mut pos = Position::from_fen(&case.fen).unwrap_or_else(|e| panic!("{}: {e}", case.fen));
        for &(depth, expected) in &case.counts {
            if select(depth) {
                assert_eq!(
                    perft(&mut pos, depth),
                    expected,
                    "perft {depth} of {}",
                    case.fen
                );
                checked += 1;
            }
        }
        assert_eq!(
            pos.to_fen().split(' ').next(),
            case.fen.split(' ').next(),
            "perft must restore the position"
        );
    }
    checked
}

#[test]
fn perft_up_to_depth_4() {
    let checked = run(|d| d <= 4);
    // 11 positions with depths 1-4, two with depth 4 only
    assert_eq!(checked, 11 * 4 + 2);
}

#[test]
#[ignore = "slow: run with --release -- --ignored"]
fn perft_deep() {
    let checked = run(|d| d >= 5);
    assert_eq!(checked, 12); // start position at 5 and 6, ten others at 5
}
