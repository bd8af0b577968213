//! The network's training: its data ([`data`]: records, packing) and its trainer ([`train`]).
//! The network itself, and its file format, are `xiangqi_engine::nnue`.

pub mod check;
pub mod data;
mod float;
pub mod train;
