//! Another UCI xiangqi engine (Pikafish, for example, coordinates `a0`-`i9`) as the game's
//! analyser, through the shared child-process client ([`super::process`]): the stop flag is polled
//! while it searches and sends `stop`; a `bestmove` that is not legal is an error.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use xiangqi::{Move, Position};

use super::process::{Dialect, EngineProcess};
pub use super::process::{HANDSHAKE, KillSwitch, STOP_GRACE};
use super::{Analyser, AnalyserError, Line, put_line};
use crate::Level;
use crate::search::{Limits, MATE, MATE_BOUND};

/// The most lines (`multipv`) kept from an engine, whatever it prints.
pub const MAX_LINES: usize = 64;

/// The most moves kept of a line an engine prints.
pub const MAX_PV: usize = 128;

/// How long past its move time an engine may go on before it is sent `stop` (then it has
/// [`STOP_GRACE`] to answer before it is killed).
pub const STOP_SLACK: Duration = Duration::from_millis(250);

/// A running external engine.
pub struct UciEngine {
    path: String,
    process: EngineProcess,
    stop: Arc<AtomicBool>,
}

impl UciEngine {
    /// Starts the program at `path` and sets `options` (name, value), e.g. `Threads`, `Hash`.
    pub fn start(path: &str, options: &[(String, String)]) -> Result<UciEngine, AnalyserError> {
        let mut process = EngineProcess::start(path, &[], Dialect::Uci)?;
        for (name, value) in options {
            process.set_option(name, value)?;
        }
        process.ready()?;
        Ok(UciEngine {
            path: path.to_owned(),
            process,
            stop: Arc::new(AtomicBool::new(false)),
        })
    }

    /// The program's path.
    #[must_use]
    pub fn path(&self) -> &str {
        &self.path
    }

    /// What ends the program from another thread.
    #[must_use]
    pub fn kill_switch(&self) -> KillSwitch {
        self.process.kill_switch()
    }

    /// Sends the position and `go`, reads `info` lines until `bestmove`; `stop` is sent when
    /// the stop flag is set. Returns the lines (by multipv index, the first `wanted`) and the best
    /// move. A line whose first move is not legal is left out; a `bestmove` that is not legal is
    /// an error. An engine that does not answer `stop` within [`STOP_GRACE`], or says nothing
    /// for the search's time and ten seconds more, is killed.
    fn search(
        &mut self,
        start: &Position,
        moves: &[Move],
        limits: &Limits,
        wanted: usize,
        on_line: &mut dyn FnMut(usize, &Line),
    ) -> Result<(Vec<Line>, Option<Move>), AnalyserError> {
        let mut here = start.clone();
        for &m in moves {
            here = here
                .after(m)
                .map_err(|e| AnalyserError::Protocol(format!("the game's move {m}: {e}")))?;
        }
        let wanted = wanted.clamp(1, MAX_LINES);
        let mut cmd = format!("position fen {}", start.to_fen());
        if !moves.is_empty() {
            cmd.push_str(" moves");
            for m in moves {
                cmd.push_str(&format!(" {m}"));
            }
        }
        self.process.send(&cmd)?;
        self.process.send(&go_command(start, moves.len(), limits))?;
        // However long the search may take, an engine that says nothing for this long is gone.
        let budget = limits
            .movetime
            .or(limits.max_time)
            .or(limits.time)
            .unwrap_or(Duration::from_secs(3600));
        let mut deadline = Instant::now()
            .checked_add(budget.saturating_add(Duration::from_secs(10)))
            .unwrap_or_else(|| Instant::now() + Duration::from_secs(86_400));
        // Past its move time (and a little more) the engine is told to stop, as the player's stop
        // would: the search keeps its time bound whatever the engine does.
        let stop_at = limits
            .movetime
            .or(limits.max_time)
            .and_then(|t| Instant::now().checked_add(t.saturating_add(STOP_SLACK)));
        let mut found: Vec<Line> = Vec::new();
        let mut stopped = false;
        loop {
            let overdue = stop_at.is_some_and(|t| Instant::now() >= t);
            if !stopped && (overdue || self.stop.load(Ordering::SeqCst)) {
                self.process.send("stop")?;
                stopped = true;
                deadline = deadline.min(Instant::now() + STOP_GRACE);
            }
            if Instant::now() >= deadline {
                // Still talking, but no `bestmove` in time (an engine that floods its output).
                self.process.kill_switch().kill();
                return Err(AnalyserError::Timeout("bestmove".into()));
            }
            let poll = (Instant::now() + Duration::from_millis(20)).min(deadline);
            let line = match self.process.next_line(poll, "bestmove") {
                Ok(line) => line,
                Err(AnalyserError::Timeout(_)) if Instant::now() < deadline => continue,
                Err(e) => {
                    self.process.kill_switch().kill();
                    return Err(e);
                }
            };
            if let Some((i, l)) = parse_info(&line) {
                if i < wanted && l.pv.first().is_some_and(|&m| here.is_legal(m)) {
                    on_line(i, &l);
                    put_line(&mut found, i, l);
                }
            } else if let Some(rest) = line.strip_prefix("bestmove") {
                let word = rest.split_whitespace().next().unwrap_or("");
                let best = match word.parse::<Move>() {
                    Ok(m) if here.is_legal(m) => Some(m),
                    Err(_) if matches!(word, "(none)" | "0000" | "nobestmove") => None,
                    _ => {
                        return Err(AnalyserError::Protocol(format!(
                            "{} is not a legal move here",
                            line.trim()
                        )));
                    }
                };
                found.retain(|l| !l.pv.is_empty());
                return Ok((found, best));
            }
        }
    }
}

/// The `go` command for `limits` (the side to move's clock is `wtime` for Red).
fn go_command(start: &Position, played: usize, limits: &Limits) -> String {
    let mut go = String::from("go");
    if let Some(d) = limits.depth {
        go.push_str(&format!(" depth {d}"));
    }
    if let Some(n) = limits.nodes {
        go.push_str(&format!(" nodes {n}"));
    }
    // A cap alone (a level's time, with no clock) is the time for the move.
    if let Some(t) = limits
        .movetime
        .or(limits.max_time.filter(|_| limits.time.is_none()))
    {
        go.push_str(&format!(" movetime {}", t.as_millis()));
    }
    if let Some(t) = limits.time {
        let red = (start.side_to_move() == xiangqi::Color::Red) == played.is_multiple_of(2);
        let (time, inc) = if red {
            ("wtime", "winc")
        } else {
            ("btime", "binc")
        };
        go.push_str(&format!(
            " {time} {} {inc} {}",
            t.as_millis(),
            limits.increment.as_millis()
        ));
    }
    if limits.infinite || go == "go" {
        go.push_str(" infinite");
    }
    go
}

/// An `info` line with a score and a line: its multipv index (from 0) and the line.
#[must_use]
pub fn parse_info(line: &str) -> Option<(usize, Line)> {
    let mut words = line.split_whitespace();
    if words.next()? != "info" {
        return None;
    }
    let (mut depth, mut multipv, mut score, mut pv) = (0, 1usize, None, Vec::new());
    while let Some(w) = words.next() {
        match w {
            "depth" => depth = words.next()?.parse().ok()?,
            "multipv" => multipv = words.next()?.parse().ok()?,
            "score" => {
                let kind = words.next()?;
                let n: i32 = words.next()?.parse().ok()?;
                // Kept to the search's scale: centipawns short of a mate, mates within 500.
                let mate = n.clamp(-500, 500);
                score = Some(match kind {
                    "cp" => n.clamp(-(MATE_BOUND - 1), MATE_BOUND - 1),
                    "mate" if mate > 0 => MATE - (2 * mate - 1),
                    "mate" => -MATE + 2 * -mate,
                    _ => return None,
                });
            }
            "pv" => {
                pv = words
                    .by_ref()
                    .map_while(|m| m.parse::<Move>().ok())
                    .take(MAX_PV)
                    .collect();
                break;
            }
            _ => {}
        }
    }
    let score = score?;
    (!pv.is_empty()).then(|| (multipv.max(1) - 1, Line { depth, score, pv }))
}

impl Analyser for UciEngine {
    fn analyse(
        &mut self,
        start: &Position,
        moves: &[Move],
        limits: &Limits,
        lines: usize,
        on_line: &mut dyn FnMut(usize, &Line),
    ) -> Result<Vec<Line>, AnalyserError> {
        self.process
            .send(&format!("setoption name MultiPV value {}", lines.max(1)))?;
        let (found, best) = self.search(start, moves, limits, lines, on_line)?;
        // An engine that answers from its book reports no line: its move alone, scored level.
        if found.is_empty()
            && let Some(m) = best
        {
            return Ok(vec![Line {
                depth: 0,
                score: 0,
                pv: vec![m],
            }]);
        }
        Ok(found)
    }

    fn play(
        &mut self,
        start: &Position,
        moves: &[Move],
        limits: &Limits,
        level: Option<Level>,
        on_line: &mut dyn FnMut(&Line),
    ) -> Result<Option<Move>, AnalyserError> {
        self.process.send("setoption name MultiPV value 1")?;
        // The level caps depth, nodes and time as it does for the built-in engine (an engine
        // that has no levels plays at full strength within them).
        let mut limits = limits.clone();
        if let Some(s) = level.map(Level::settings) {
            limits.depth = crate::min_opt(limits.depth, s.depth);
            limits.nodes = crate::min_opt(limits.nodes, s.nodes);
            limits.max_time = crate::min_opt(limits.max_time, s.time);
        }
        let (_, best) = self.search(start, moves, &limits, 1, &mut |i, line| {
            if i == 0 {
                on_line(line);
            }
        })?;
        Ok(best)
    }

    fn stop_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }

    fn name(&self) -> String {
        self.process.name().to_owned()
    }

    fn kill_switch(&self) -> Option<KillSwitch> {
        Some(self.process.kill_switch())
    }

    fn use_rulebook(&mut self, rulebook: xiangqi::Rulebook) -> Result<(), AnalyserError> {
        if self.process.offers("Repetition Rule") {
            self.process
                .set_option("Repetition Rule", rulebook.name())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_lines_are_read_with_their_scores_and_moves() {
        let (i, l) =
            parse_info("info depth 12 seldepth 20 multipv 2 score cp -35 nodes 100 pv h2e2 h9g7")
                .unwrap();
        assert_eq!((i, l.depth, l.score, l.pv.len()), (1, 12, -35, 2));
        let (_, mate) = parse_info("info depth 9 score mate 2 pv h2e2").unwrap();
        assert_eq!(
            mate,
            Line {
                depth: 9,
                score: MATE - 3,
                pv: vec!["h2e2".parse().unwrap()]
            }
        );
        let (_, mated) = parse_info("info depth 9 score mate -1 pv h2e2").unwrap();
        assert_eq!(mated.score, -MATE + 2);
        assert!(parse_info("info string hello").is_none());
        assert!(parse_info("info depth x score cp 1 pv h2e2").is_none());
        assert!(parse_info("bestmove h2e2").is_none());
    }
}
