//! The JSON shapes of [`super`]'s messages and their conversions.

use std::time::Duration;

use serde::{Deserialize, Serialize};
use xiangqi::{Move, Position, Rulebook};

use crate::analysis::Line;
use crate::search::Limits;

#[derive(Serialize, Deserialize)]
pub(super) struct Request {
    pub(super) id: u64,
    pub(super) job: WireJob,
}

#[derive(Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub(super) enum WireJob {
    Play {
        fen: String,
        moves: Vec<String>,
        limits: WireLimits,
        level: Option<usize>,
        rulebook: String,
        threads: usize,
    },
    Analyse {
        fen: String,
        moves: Vec<String>,
        limits: WireLimits,
        lines: usize,
        rulebook: Option<String>,
    },
    Review {
        fen: String,
        moves: Vec<String>,
        rulebook: String,
        limits: WireLimits,
    },
}

#[derive(Serialize, Deserialize, Default)]
pub(super) struct WireLimits {
    pub(super) depth: Option<u32>,
    pub(super) nodes: Option<u64>,
    pub(super) movetime_ms: Option<u64>,
    pub(super) time_ms: Option<u64>,
    pub(super) increment_ms: u64,
    pub(super) moves_to_go: Option<u32>,
    pub(super) infinite: bool,
    pub(super) search_moves: Vec<String>,
    pub(super) max_time_ms: Option<u64>,
    pub(super) move_overhead_ms: Option<u64>,
}

#[derive(Serialize, Deserialize)]
pub(super) struct WireLine {
    pub(super) depth: u32,
    pub(super) score: i32,
    pub(super) pv: Vec<String>,
}

#[derive(Serialize, Deserialize)]
pub(super) struct WireMove {
    pub(super) played: String,
    pub(super) best_score: i32,
    pub(super) best_line: Vec<String>,
    pub(super) played_score: i32,
    pub(super) loss: f64,
    pub(super) mark: String,
}

#[derive(Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub(super) enum WireReply {
    Line {
        id: u64,
        index: usize,
        line: WireLine,
    },
    Reviewed {
        id: u64,
        done: usize,
        total: usize,
    },
    Played {
        id: u64,
        best: Option<String>,
    },
    Analysed {
        id: u64,
        lines: Vec<WireLine>,
    },
    Review {
        id: u64,
        moves: Option<Vec<WireMove>>,
    },
    Failed {
        id: u64,
        error: String,
    },
}

fn ms(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

pub(super) fn moves_out(moves: &[Move]) -> Vec<String> {
    moves.iter().map(Move::to_string).collect()
}

pub(super) fn moves_in(moves: &[String]) -> Result<Vec<Move>, String> {
    moves
        .iter()
        .map(|m| m.parse().map_err(|_| format!("not a move: {m:?}")))
        .collect()
}

impl From<&Limits> for WireLimits {
    fn from(l: &Limits) -> WireLimits {
        WireLimits {
            depth: l.depth,
            nodes: l.nodes,
            movetime_ms: l.movetime.map(ms),
            time_ms: l.time.map(ms),
            increment_ms: ms(l.increment),
            moves_to_go: l.moves_to_go,
            infinite: l.infinite,
            search_moves: moves_out(&l.search_moves),
            max_time_ms: l.max_time.map(ms),
            move_overhead_ms: l.move_overhead.map(ms),
        }
    }
}

impl WireLimits {
    pub(super) fn limits(&self) -> Result<Limits, String> {
        Ok(Limits {
            depth: self.depth,
            nodes: self.nodes,
            movetime: self.movetime_ms.map(Duration::from_millis),
            time: self.time_ms.map(Duration::from_millis),
            increment: Duration::from_millis(self.increment_ms),
            moves_to_go: self.moves_to_go,
            infinite: self.infinite,
            search_moves: moves_in(&self.search_moves)?,
            max_time: self.max_time_ms.map(Duration::from_millis),
            move_overhead: self.move_overhead_ms.map(Duration::from_millis),
        })
    }
}

impl From<&Line> for WireLine {
    fn from(l: &Line) -> WireLine {
        WireLine {
            depth: l.depth,
            score: l.score,
            pv: moves_out(&l.pv),
        }
    }
}

impl WireLine {
    pub(super) fn line(&self) -> Result<Line, String> {
        Ok(Line {
            depth: self.depth,
            score: self.score,
            pv: moves_in(&self.pv)?,
        })
    }
}

pub(super) fn position(fen: &str) -> Result<Position, String> {
    Position::from_fen(fen).map_err(|e| format!("{fen:?}: {e}"))
}

pub(super) fn rulebook(name: &str) -> Result<Rulebook, String> {
    name.parse().map_err(|e| format!("{e}"))
}

pub(super) fn text<T: Serialize>(value: &T) -> String {
    // Plain structs of strings and numbers: serialising them cannot fail.
    serde_json::to_string(value).unwrap_or_default()
}
