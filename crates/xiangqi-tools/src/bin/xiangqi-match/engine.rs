//! An engine of the match: the shared UCI/UCCI client of `xiangqi_engine::analysis::process`,
//! set up as the match asks (book, rulebook, options), and moves written and read with ranks from
//! 0 or from 1.

use std::time::Instant;

use xiangqi::{Move, Rulebook};
use xiangqi_engine::analysis::process::{Dialect, EngineProcess};

/// An engine in a child process, handshake done and options set.
pub struct Engine {
    process: EngineProcess,
}

impl Engine {
    /// Starts `cmd` (a program and its arguments, split at spaces) in UCCI or UCI, turns its
    /// book off unless `book`, tells it the rulebook when it offers the option, and sets `opts`.
    pub fn start(
        cmd: &str,
        ucci: bool,
        opts: &[(String, String)],
        book: bool,
        rules: Rulebook,
    ) -> Result<Engine, String> {
        let mut parts = cmd.split_whitespace();
        let prog = parts.next().ok_or("empty engine command")?;
        let args: Vec<&str> = parts.collect();
        let dialect = if ucci { Dialect::Ucci } else { Dialect::Uci };
        let err = |e: xiangqi_engine::analysis::AnalyserError| format!("{cmd}: {e}");
        let mut process = EngineProcess::start(prog, &args, dialect).map_err(err)?;
        match dialect {
            Dialect::Ucci => {
                process.set_option("usemillisec", "true").map_err(err)?;
                if !book {
                    process.set_option("usebook", "false").map_err(err)?;
                }
            }
            Dialect::Uci => {
                if process.offers("Repetition Rule") {
                    process
                        .set_option("Repetition Rule", rules.name())
                        .map_err(err)?;
                }
                if !book {
                    process.set_option("OwnBook", "false").map_err(err)?;
                }
            }
        }
        for (n, v) in opts {
            process.set_option(n, v).map_err(err)?;
        }
        process.ready().map_err(err)?;
        Ok(Engine { process })
    }

    /// Whether it speaks UCCI.
    pub fn ucci(&self) -> bool {
        self.process.dialect() == Dialect::Ucci
    }

    /// Tells it a new game begins.
    pub fn new_game(&mut self) -> Result<(), String> {
        self.process.new_game().map_err(|e| e.to_string())
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) -> Result<(), String> {
        self.process.send(line).map_err(|e| e.to_string())
    }

    /// The line with its move (`bestmove` or `nobestmove`), waiting until `deadline`, and the
    /// `info` lines that came before it (its reports of this search).
    pub fn wait_for_move(&mut self, deadline: Instant) -> Result<(String, Vec<String>), String> {
        let mut infos = Vec::new();
        loop {
            let line = self
                .process
                .next_line(deadline, "bestmove")
                .map_err(|e| e.to_string())?;
            if line.starts_with("bestmove") || line.starts_with("nobestmove") {
                return Ok((line, infos));
            }
            if line.starts_with("info") {
                infos.push(line);
            }
        }
    }
}

/// `m` in coordinates, ranks from 0 (`h2e2`) or, for engines that count them from 1, `h3e3`.
pub fn move_text(m: Move, ranks_from_1: bool) -> String {
    if !ranks_from_1 {
        return m.to_string();
    }
    let sq = |s: xiangqi::Square| {
        format!(
            "{}{}",
            (b'a' + s.file().index()) as char,
            s.rank().index() + 1
        )
    };
    format!("{}{}", sq(m.from()), sq(m.to()))
}

/// Reads an engine's move, ranks from 0 or from 1 (see [`move_text`]).
pub fn parse_move(text: &str, ranks_from_1: bool) -> Option<Move> {
    if !ranks_from_1 {
        return text.parse().ok();
    }
    // Split into two squares: a letter followed by digits.
    let bytes = text.as_bytes();
    let second = (1..bytes.len()).find(|&i| bytes[i].is_ascii_alphabetic())?;
    let square = |s: &str| -> Option<String> {
        let (f, r) = s.split_at(1);
        let r: u32 = r.parse().ok()?;
        (1..=10).contains(&r).then(|| format!("{f}{}", r - 1))
    };
    format!("{}{}", square(&text[..second])?, square(&text[second..])?)
        .parse()
        .ok()
}
