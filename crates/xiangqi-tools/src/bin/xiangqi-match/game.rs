//! One game between two engines, adjudicated by the rules library, and the openings it starts
//! from.

use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::rngs::StdRng;
use xiangqi::{Color, GameRecord, Move, Outcome, Position};
use xiangqi_engine::Book;

use crate::config::{Config, Control};
use crate::engine::{Engine, move_text, parse_move};

/// How a game ended, from the rules or from a fault.
#[derive(Clone, Debug)]
pub enum Ending {
    Rules(Outcome),
    Fault {
        loser: Color,
        why: String,
    },
    /// The engine answered `nobestmove` with legal moves left (UCCI engines resign this way).
    Resigned {
        loser: Color,
    },
    MaxPlies,
}

pub struct GameResult {
    pub index: usize,
    /// Engine index (0 or 1) playing Red.
    pub red: usize,
    pub ending: Ending,
    pub record: GameRecord,
    /// Under a clock, for each engine (by index): its moves, the least time it had left just
    /// after a move (before the increment, in ms; below zero within the grace), and how many of
    /// its moves left it under [`LOW_CLOCK_MS`], and the time its moves took in all.
    pub clock_use: [ClockUse; 2],
    /// Each move's report, for `--log`.
    pub log: Vec<MoveLog>,
}

/// One move's report (see [`log_line`]).
#[derive(Clone, Debug)]
pub struct MoveLog {
    /// The ply the move was made at (0 = the first move of the game, openings included).
    pub ply: usize,
    /// Which engine made it (0 or 1).
    pub engine: usize,
    /// The position before it.
    pub fen: String,
    /// Milliseconds it took.
    pub used_ms: u64,
    /// Milliseconds left on the clock after it, before the increment (0 without a clock).
    pub left_ms: i64,
    /// The engine's `info` lines of this search.
    pub infos: Vec<String>,
}

/// One line of `--log` (tab-separated): game, ply, engine's name, FEN, ms used, ms left, the last
/// `info depth` line, each completed depth as `depth:nodes:ms` (lines with a bound token, an
/// aspiration's fail, left out), and the `info string` lines joined by ` | `.
#[must_use]
pub fn log_line(game: usize, names: &[String; 2], m: &MoveLog) -> String {
    let depth_lines: Vec<&String> = m
        .infos
        .iter()
        .filter(|l| l.starts_with("info depth") && !l.contains("bound"))
        .collect();
    let field = |line: &str, key: &str| -> Option<String> {
        let mut it = line.split_whitespace();
        it.find(|w| *w == key)?;
        it.next().map(str::to_owned)
    };
    let mut depths: Vec<String> = Vec::new();
    for l in &depth_lines {
        // Only the first line (multipv 1) of each depth.
        if field(l, "multipv").is_some_and(|k| k != "1") {
            continue;
        }
        let (Some(d), Some(n), Some(t)) = (field(l, "depth"), field(l, "nodes"), field(l, "time"))
        else {
            continue;
        };
        depths.push(format!("{d}:{n}:{t}"));
    }
    let last = depth_lines.last().map_or("", |l| l.as_str());
    let strings: Vec<&str> = m
        .infos
        .iter()
        .filter(|l| l.starts_with("info string"))
        .map(|l| l.trim_start_matches("info string").trim())
        .collect();
    format!(
        "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
        game + 1,
        m.ply,
        names[m.engine],
        m.fen,
        m.used_ms,
        m.left_ms,
        last,
        depths.join(","),
        strings.join(" | ")
    )
}

/// What an engine left on its clock at its moves (see [`GameResult::clock_use`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct ClockUse {
    pub moves: usize,
    pub least_left_ms: Option<i64>,
    pub under_low: usize,
    /// Milliseconds its moves took, all together (the average shows how it spends its clock).
    pub used_ms: u64,
}

impl ClockUse {
    /// Both games' (or matches') figures together.
    pub fn merge(self, other: ClockUse) -> ClockUse {
        ClockUse {
            moves: self.moves + other.moves,
            least_left_ms: match (self.least_left_ms, other.least_left_ms) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            },
            under_low: self.under_low + other.under_low,
            used_ms: self.used_ms + other.used_ms,
        }
    }
}

/// A clock left under this after a move counts as low: the default `Move Overhead` of Chuhan and
/// Stockfish, the margin an engine is meant to keep.
pub const LOW_CLOCK_MS: i64 = 10;

/// How far past its clock an engine may go before it loses on time, for process scheduling, as
/// GUIs allow. Within it the engine plays on with a clock below zero, sent as it is (`wtime -20`).
pub const GRACE_MS: i64 = 50;

impl GameResult {
    /// 1, 0.5 or 0 for engine 0.
    pub fn score0(&self) -> f64 {
        let winner = match &self.ending {
            Ending::Rules(o) => o.winner(),
            Ending::Fault { loser, .. } | Ending::Resigned { loser } => Some(!*loser),
            Ending::MaxPlies => None,
        };
        match winner {
            None => 0.5,
            Some(c) => {
                let e = if c == Color::Red {
                    self.red
                } else {
                    1 - self.red
                };
                if e == 0 { 1.0 } else { 0.0 }
            }
        }
    }
}

pub use xiangqi_tools::suite::read_openings;

pub fn opening(book: &Book, plies: usize, seed: u64) -> Vec<Move> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut pos = Position::startpos();
    let mut moves = Vec::new();
    for _ in 0..plies {
        let Some(m) = book.pick(&pos, &mut rng) else {
            break;
        };
        pos.make_move(m);
        moves.push(m);
    }
    moves
}

pub fn play_game(
    cfg: &Config,
    engines: &mut [Option<Engine>; 2],
    index: usize,
    (start, opening_moves): &(Position, Vec<Move>),
) -> GameResult {
    let red = index % 2;
    let mut record = GameRecord::new(start.clone());
    record.set_rulebook(cfg.rules);
    let custom_start = *start != Position::startpos();
    for &m in opening_moves {
        let _ = record.play(m);
    }
    let mut clocks = [0i64; 2];
    if let Control::Clock { base_ms, .. } = cfg.control {
        let base = i64::try_from(base_ms).unwrap_or(i64::MAX);
        clocks = [base, base];
    }
    let mut clock_use = [ClockUse::default(); 2];
    let mut log = Vec::new();
    for e in engines.iter_mut().flatten() {
        let _ = e.new_game();
    }
    let ending = loop {
        if let Some(o) = record.outcome() {
            break Ending::Rules(o);
        }
        if record.len() >= cfg.max_plies {
            break Ending::MaxPlies;
        }
        let side = record.position().side_to_move();
        let who = if side == Color::Red { red } else { 1 - red };
        let fault = |why: String| Ending::Fault { loser: side, why };
        if engines[who].is_none() {
            match Engine::start(
                &cfg.cmds[who],
                cfg.ucci[who],
                &cfg.opts[who],
                cfg.engine_book,
                cfg.rules,
            ) {
                Ok(e) => engines[who] = Some(e),
                Err(e) => break fault(e),
            }
        }
        let Some(engine) = engines[who].as_mut() else {
            break fault("no engine".into());
        };
        let from_1 = cfg.ranks_from_1[who];
        let moves: Vec<String> = record
            .moves()
            .iter()
            .map(|m| move_text(*m, from_1))
            .collect();
        // The board field of a FEN is the same whether an engine numbers ranks from 0 or 1.
        let base = if custom_start {
            format!("position fen {}", start.to_fen())
        } else {
            "position startpos".to_string()
        };
        let pos_cmd = if moves.is_empty() {
            base
        } else {
            format!("{base} moves {}", moves.join(" "))
        };
        let ucci = engine.ucci();
        let (go, timeout) = match cfg.control {
            Control::MoveTime(ms) if ucci => (
                format!("go time {ms} movestogo 1"),
                Duration::from_millis(ms * 3 + 2000),
            ),
            Control::MoveTime(ms) => (
                format!("go movetime {ms}"),
                Duration::from_millis(ms * 3 + 2000),
            ),
            Control::Nodes(n) => (format!("go nodes {n}"), Duration::from_secs(120)),
            Control::Depth(d) => (format!("go depth {d}"), Duration::from_secs(600)),
            Control::Clock { inc_ms, .. } => {
                let (mine, theirs) = (clocks[who], clocks[1 - who]);
                let (w, b) = if side == Color::Red {
                    (mine, theirs)
                } else {
                    (theirs, mine)
                };
                let go = if ucci {
                    format!(
                        "go time {mine} increment {inc_ms} opptime {theirs} oppincrement {inc_ms}"
                    )
                } else {
                    format!("go wtime {w} btime {b} winc {inc_ms} binc {inc_ms}")
                };
                let wait = u64::try_from(mine.max(0)).unwrap_or(0);
                (go, Duration::from_millis(wait + 1000))
            }
        };
        let started = Instant::now();
        let reply = engine
            .send(&pos_cmd)
            .and_then(|()| engine.send(&go))
            .and_then(|()| engine.wait_for_move(started + timeout));
        let used = started.elapsed().as_millis() as u64;
        let line = match reply {
            Ok((l, infos)) => {
                if cfg.log.is_some() {
                    log.push(MoveLog {
                        ply: record.len(),
                        engine: who,
                        fen: record.position().to_fen(),
                        used_ms: used,
                        left_ms: clocks[who].saturating_sub(i64::try_from(used).unwrap_or(0)),
                        infos,
                    });
                }
                l
            }
            Err(e) => {
                engines[who] = None;
                break fault(e);
            }
        };
        if let Control::Clock { inc_ms, .. } = cfg.control {
            let left = clocks[who].saturating_sub(i64::try_from(used).unwrap_or(i64::MAX));
            let u = &mut clock_use[who];
            u.moves += 1;
            u.least_left_ms = Some(u.least_left_ms.map_or(left, |l| l.min(left)));
            u.under_low += usize::from(left < LOW_CLOCK_MS);
            u.used_ms += used;
            if left < -GRACE_MS {
                break fault("lost on time".into());
            }
            clocks[who] = left.saturating_add(i64::try_from(inc_ms).unwrap_or(i64::MAX));
        }
        if line.starts_with("nobestmove") {
            break Ending::Resigned { loser: side };
        }
        let text = line.split_whitespace().nth(1).unwrap_or("");
        let Some(m) = parse_move(text, from_1) else {
            break fault(format!("unreadable move {line:?}"));
        };
        if let Err(e) = record.play(m) {
            break fault(format!("illegal move {m}: {e}"));
        }
    };
    GameResult {
        index,
        red,
        ending,
        record,
        clock_use,
        log,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A move's line keeps each completed depth of the first line once (an aspiration's fail,
    /// with its bound token, and the second line of a multi-PV search left out), the last depth
    /// line whole, and the `info string` lines.
    #[test]
    fn a_move_s_log_line_keeps_each_depth_the_last_report_and_the_stats() {
        let infos = [
            "info depth 1 seldepth 2 multipv 1 score cp 20 nodes 30 nps 30000 time 1 pv h2e2",
            "info depth 2 seldepth 3 multipv 1 score cp 18 nodes 100 nps 33333 time 3 pv h2e2",
            "info depth 2 seldepth 3 multipv 2 score cp 9 nodes 100 nps 33333 time 3 pv b2e2",
            "info depth 3 seldepth 5 multipv 1 score cp 40 lowerbound nodes 400 time 5 pv h2e2",
            "info depth 3 seldepth 6 multipv 1 score cp 25 nodes 500 nps 83333 time 6 pv h2e2 h9g7",
            "info string final depth 3 nodes 620 nps 88571 time 7 hashfull 1",
            "info string stats qnodes 310 ttprobe 200 tthit 50 ttcut 10 fh 90 fhfirst 80",
        ];
        let m = MoveLog {
            ply: 4,
            engine: 1,
            fen: Position::startpos().to_fen(),
            used_ms: 7,
            left_ms: 4993,
            infos: infos.iter().map(|s| (*s).to_owned()).collect(),
        };
        let names = ["chuhan".to_owned(), "pikafish".to_owned()];
        let line = log_line(2, &names, &m);
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(fields.len(), 9, "{line}");
        assert_eq!(&fields[..3], &["3", "4", "pikafish"]);
        assert_eq!(fields[3], Position::startpos().to_fen());
        assert_eq!(&fields[4..6], &["7", "4993"]);
        assert_eq!(fields[6], infos[4]);
        assert_eq!(fields[7], "1:30:1,2:100:3,3:500:6");
        assert_eq!(
            fields[8],
            "final depth 3 nodes 620 nps 88571 time 7 hashfull 1 | stats qnodes 310 ttprobe 200 \
             tthit 50 ttcut 10 fh 90 fhfirst 80"
        );
    }
}
