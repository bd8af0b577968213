//! The tuning pipeline: self-play data generation ([`datagen`]), the logistic fit of the
//! evaluation weights ([`texel`]), subcommands of `xiangqi-train`, and SPSA for the
//! search parameters ([`spsa`], run by `xiangqi-match --spsa`); see the README.

pub mod datagen;
pub mod spsa;
pub mod texel;
