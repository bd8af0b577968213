//! A UCI or UCCI engine running as a child process: the one client that both the game's external
//! engine ([`super::external::UciEngine`]) and `xiangqi-match` drive. It starts the program,
//! shakes hands (`uci`/`uciok` or `ucci`/`ucciok`, noting the engine's name and options), sends
//! lines and reads the engine's output through a thread into a channel, so that every wait has a
//! deadline. Dropping it sends `quit` and kills the program if it has not left within
//! [`STOP_GRACE`].

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, TrySendError, sync_channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::AnalyserError;

/// How long the engine has to answer `uci` (or `ucci`) and `isready`.
pub const HANDSHAKE: Duration = Duration::from_secs(10);

/// How long an engine has to answer `stop` (and `quit`) before it is killed: well under the
/// game's patience at quitting, so that no program outlives the game.
pub const STOP_GRACE: Duration = Duration::from_millis(500);

/// The longest line kept from an engine, in bytes: the rest of a longer line is read and
/// dropped (an `info` line with a principal variation of a few hundred moves is under 4 KiB).
pub const MAX_LINE: usize = 16 * 1024;

/// How many lines may wait to be read. Beyond it the engine's `info` lines are dropped (an
/// engine that floods its output cannot fill the game's memory or hold back its `bestmove`);
/// every other line waits for its turn.
pub const QUEUE: usize = 1024;

/// Reads the engine's output into `tx` a line at a time, as [`MAX_LINE`] and [`QUEUE`] bound it;
/// bytes that are not UTF-8 are read as U+FFFD.
fn read_lines(output: impl Read, tx: &SyncSender<String>) {
    let mut reader = BufReader::new(output);
    let mut line = Vec::new();
    loop {
        line.clear();
        let mut ended = false;
        loop {
            let Ok(buf) = reader.fill_buf() else {
                return;
            };
            if buf.is_empty() {
                ended = true;
                break;
            }
            let (chunk, used, done) = match buf.iter().position(|&b| b == b'\n') {
                Some(i) => (&buf[..i], i + 1, true),
                None => (buf, buf.len(), false),
            };
            let room = MAX_LINE.saturating_sub(line.len());
            line.extend_from_slice(&chunk[..chunk.len().min(room)]);
            reader.consume(used);
            if done {
                break;
            }
        }
        if ended && line.is_empty() {
            return;
        }
        let text = String::from_utf8_lossy(&line)
            .trim_end_matches('\r')
            .to_owned();
        let sent = if text.starts_with("info") {
            match tx.try_send(text) {
                Ok(()) | Err(TrySendError::Full(_)) => true,
                Err(TrySendError::Disconnected(_)) => false,
            }
        } else {
            tx.send(text).is_ok()
        };
        if !sent || ended {
            return;
        }
    }
}

/// The protocol an engine speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// UCI as xiangqi engines speak it (Pikafish, Fairy-Stockfish, Chuhan).
    Uci,
    /// UCCI (ElephantEye and its relatives).
    Ucci,
}

/// Ends an engine's program from any thread (the game's quit, when a search still holds the
/// engine).
#[derive(Clone, Debug)]
pub struct KillSwitch(Arc<Mutex<Child>>);

impl KillSwitch {
    /// Kills the program (if it still runs) and reaps it.
    pub fn kill(&self) {
        if let Ok(mut child) = self.0.lock()
            && !matches!(child.try_wait(), Ok(Some(_)))
        {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// Whether the program has ended (reaping it if so).
    #[must_use]
    pub fn ended(&self) -> bool {
        self.0
            .lock()
            .map_or(true, |mut c| matches!(c.try_wait(), Ok(Some(_))))
    }
}

/// A started engine that has answered the handshake.
pub struct EngineProcess {
    name: String,
    dialect: Dialect,
    child: KillSwitch,
    input: ChildStdin,
    lines: Receiver<String>,
    /// The option lines it listed in the handshake.
    options: Vec<String>,
}

impl EngineProcess {
    /// Starts `program` with `args` and shakes hands in `dialect`.
    pub fn start(
        program: &str,
        args: &[&str],
        dialect: Dialect,
    ) -> Result<EngineProcess, AnalyserError> {
        let start_err = |reason: String| AnalyserError::Start {
            path: program.to_owned(),
            reason,
        };
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| start_err(e.to_string()))?;
        let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(start_err("no pipes".into()));
        };
        let (tx, lines) = sync_channel(QUEUE);
        std::thread::spawn(move || read_lines(output, &tx));
        let mut engine = EngineProcess {
            name: program.rsplit('/').next().unwrap_or(program).to_owned(),
            dialect,
            child: KillSwitch(Arc::new(Mutex::new(child))),
            input,
            lines,
            options: Vec::new(),
        };
        let (hello, answer) = match dialect {
            Dialect::Uci => ("uci", "uciok"),
            Dialect::Ucci => ("ucci", "ucciok"),
        };
        engine.send(hello)?;
        let deadline = Instant::now() + HANDSHAKE;
        loop {
            let line = engine.next_line(deadline, answer)?;
            let line = line.trim();
            if let Some(name) = line.strip_prefix("id name ") {
                engine.name = name.trim().to_owned();
            } else if let Some(option) = line.strip_prefix("option ") {
                engine.options.push(option.to_owned());
            } else if line == answer {
                return Ok(engine);
            }
        }
    }

    /// The name the engine gave (`id name`), or its program's file name.
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The protocol it speaks.
    #[must_use]
    pub fn dialect(&self) -> Dialect {
        self.dialect
    }

    /// Whether it listed the option `name` in the handshake.
    #[must_use]
    pub fn offers(&self, name: &str) -> bool {
        self.options.iter().any(|o| {
            let rest = o.strip_prefix("name ").unwrap_or(o);
            rest.strip_prefix(name)
                .is_some_and(|after| after.starts_with(' ') || after.is_empty())
        })
    }

    /// Sets an option in the engine's dialect (`setoption name N value V`, or `setoption N V`).
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), AnalyserError> {
        match self.dialect {
            Dialect::Uci => self.send(&format!("setoption name {name} value {value}")),
            Dialect::Ucci => self.send(&format!("setoption {name} {value}")),
        }
    }

    /// Tells the engine a new game begins.
    pub fn new_game(&mut self) -> Result<(), AnalyserError> {
        match self.dialect {
            Dialect::Uci => self.send("ucinewgame"),
            Dialect::Ucci => self.send("setoption newgame"),
        }
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) -> Result<(), AnalyserError> {
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .map_err(|e| AnalyserError::Died(e.to_string()))
    }

    /// The next line the engine prints, waiting until `deadline` (`awaited` names what the
    /// caller waits for, in the timeout's error).
    pub fn next_line(&self, deadline: Instant, awaited: &str) -> Result<String, AnalyserError> {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(left) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => Err(AnalyserError::Timeout(awaited.to_owned())),
            Err(RecvTimeoutError::Disconnected) => {
                Err(AnalyserError::Died("its output closed".into()))
            }
        }
    }

    /// Reads lines until one starts with one of `prefixes`, and returns it.
    pub fn wait_for_any(
        &mut self,
        prefixes: &[&str],
        deadline: Instant,
    ) -> Result<String, AnalyserError> {
        let awaited = prefixes.join(" or ");
        loop {
            let line = self.next_line(deadline, &awaited)?;
            if prefixes.iter().any(|p| line.starts_with(p)) {
                return Ok(line);
            }
        }
    }

    /// `isready`, and waits for `readyok`.
    pub fn ready(&mut self) -> Result<(), AnalyserError> {
        self.send("isready")?;
        self.wait_for_any(&["readyok"], Instant::now() + HANDSHAKE)
            .map(drop)
    }

    /// What ends the program from another thread.
    #[must_use]
    pub fn kill_switch(&self) -> KillSwitch {
        self.child.clone()
    }
}

impl Drop for EngineProcess {
    /// `quit`, then a kill if the program is still there after [`STOP_GRACE`].
    fn drop(&mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + STOP_GRACE;
        while Instant::now() < deadline {
            if self.child.ended() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        self.child.kill();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_program_is_a_start_error() {
        let err = EngineProcess::start("/nonexistent/engine", &[], Dialect::Uci)
            .err()
            .unwrap();
        assert!(matches!(err, AnalyserError::Start { .. }), "{err}");
    }
}
