//! The tuning pipeline: self-play data generation ([`datagen`]) and the logistic fit of the
//! evaluation weights ([`texel`]). Both are subcommands of `xiangqi-engine`; see the README.

pub mod datagen;
pub mod texel;
