//! The tuned weights written as the Rust source of `xiangqi_engine::eval::weights`.

use std::fmt::Write as _;

use xiangqi_engine::eval::{N_WEIGHTS, Term, W_MATERIAL, W_PST, W_ROOK_MOBILITY};

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
