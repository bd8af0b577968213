//! The tuned weights written as the Rust source of `xiangqi_engine::eval::weights`, and the
//! whole run from a data file to that source.

use std::fmt::Write as _;
use std::path::Path;
use std::time::Instant;

use xiangqi_engine::eval::{N_WEIGHTS, Term, W_MATERIAL, W_PST, W_ROOK_MOBILITY};

use super::{TuneConfig, load, tune};

const NAMES: [&str; N_WEIGHTS - W_ROOK_MOBILITY] = [
    "rook mobility",
    "rook open file",
    "rook half-open file",
    "horse mobility",
    "horse trapped",
    "connected horses",
    "cannon mobility",
    "hollow cannon",
    "central cannon",
    "bottom cannon",
    "missing advisor",
    "missing elephant",
    "rook on king file",
    "rook threatened by a lesser piece",
    "horse or cannon threatened by a pawn",
    "tempo",
    "hanging piece",
    "hanging piece, its owner not to move",
    "cannon on the king's file, per missing defender",
    "horse in the palace, per missing advisor",
    "king attack, per unit",
    "king attack, per unit squared",
];

/// The Rust source of `eval/weights.rs` holding `weights`; `note` goes into its header.
#[must_use]
pub fn weights_source(weights: &[Term], note: &str) -> String {
    let kinds = [
        "king", "advisor", "elephant", "horse", "rook", "cannon", "pawn",
    ];
    let mut s = String::new();
    s.push_str("//! The evaluation weights. Written by `xiangqi-train tune` (see the engine README); the\n");
    s.push_str("//! evaluation reads them as constants. Indices are the `W_*` constants of the parent module.\n");
    for line in note.lines() {
        let _ = writeln!(s, "//! {line}");
    }
    s.push_str("\nuse super::{Term, t};\n\n");
    s.push_str("/// Every weight, `(middlegame, endgame)` in centipawns.\n#[rustfmt::skip]\n");
    s.push_str("pub const WEIGHTS: [Term; super::N_WEIGHTS] = [\n");
    let _ = writeln!(s, "    // material: {}", kinds.join(", "));
    s.push_str("   ");
    for w in &weights[W_MATERIAL..W_MATERIAL + 7] {
        let _ = write!(s, " t({}, {}),", w.mg, w.eg);
    }
    s.push('\n');
    for (k, name) in kinds.iter().enumerate() {
        let _ = writeln!(
            s,
            "    // {name} by rank from its own back rank (rows) and file from the edge (a/i .. e)"
        );
        for r in 0..10 {
            s.push_str("   ");
            for f in 0..5 {
                let w = weights[W_PST + k * 50 + r * 5 + f];
                let _ = write!(s, " t({}, {}),", w.mg, w.eg);
            }
            s.push('\n');
        }
    }
    for (i, name) in NAMES.iter().enumerate() {
        let w = weights[W_ROOK_MOBILITY + i];
        let _ = writeln!(s, "    t({}, {}), // {name}", w.mg, w.eg);
    }
    s.push_str("];\n");
    s
}

/// Loads `data`, tunes, writes `out`, printing the figures.
pub fn run(
    data_path: &Path,
    out: &Path,
    cfg: &TuneConfig,
) -> Result<(), Box<dyn std::error::Error>> {
    let started = Instant::now();
    let data = load(data_path)?;
    if data.is_empty() {
        return Err("no positions in the data".into());
    }
    println!(
        "{} positions, {} features, loaded in {:.1} s",
        data.len(),
        data.features.len(),
        started.elapsed().as_secs_f64()
    );
    let tuned = tune(&data, cfg, |epoch, e| {
        println!("epoch {epoch:>5}  error {e:.6}");
    });
    println!("K = {:.4}", tuned.k);
    println!(
        "error before {:.6}  after {:.6}  ({} epochs, {:.0} s)",
        tuned.error_before,
        tuned.error_after,
        cfg.epochs,
        started.elapsed().as_secs_f64()
    );
    let note = format!(
        "Tuned on {} positions: K {:.4}, error {:.6} -> {:.6}, {} epochs, rate {}, lambda {}, l2 {}.",
        data.len(),
        tuned.k,
        tuned.error_before,
        tuned.error_after,
        cfg.epochs,
        cfg.rate,
        cfg.lambda,
        cfg.l2
    );
    let src = weights_source(&tuned.weights, &note);
    let tmp = out.with_extension("rs.tmp");
    std::fs::write(&tmp, src)?;
    std::fs::rename(&tmp, out)?;
    println!("wrote {}", out.display());
    Ok(())
}
