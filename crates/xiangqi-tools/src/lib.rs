//! Chuhan's engine workshop: what makes and measures the engine, kept out of the library the
//! game links. Self-play data ([`tune::datagen`]), the network's training data and trainer
//! ([`nnue::data`], [`nnue::train`]), the fit of the hand-crafted evaluation ([`tune::texel`]),
//! SPSA for the search parameters ([`tune::spsa`]) and the sequential probability ratio test
//! ([`sprt`]). The programs: `xiangqi-train` (datagen, pack, train, tune), `xiangqi-match`
//! (engines against each other, SPRT, SPSA), `xiangqi-openings` (the opening suite) and
//! `xiangqi-puzzles` (the puzzle set). docs/engine.md says how each figure was made.
#![deny(missing_docs)]

pub mod nnue;
pub mod sprt;
pub mod suite;
pub mod tune;
