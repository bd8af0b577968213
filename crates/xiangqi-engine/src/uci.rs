//! The UCI protocol (as Pikafish speaks it, coordinates `a0`-`i9`) and the UCCI protocol (as
//! ElephantEye and 象棋巫师 expect). Unknown or malformed lines get an `info string` and are
//! otherwise ignored.

use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use xiangqi::{Color, Move, Position};

use crate::search::Limits;
use crate::{Book, Engine, Level, NAME, ScoreKind, SearchInfo, score_kind};

/// Which protocol the GUI opened with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    /// `uci`.
    Uci,
    /// `ucci`.
    Ucci,
}

type Out = Arc<Mutex<Box<dyn Write + Send>>>;

/// The protocol state: the position, the engine (or the thread searching with it), the options.
pub struct Session {
    out: Out,
    engine: Option<Engine>,
    worker: Option<JoinHandle<Engine>>,
    stop: Arc<AtomicBool>,
    start: Position,
    moves: Vec<Move>,
    banned: Vec<Move>,
    protocol: Protocol,
    millisec: bool,
    /// `Move Overhead`: taken off every time budget, for the GUI and the machine.
    move_overhead: Duration,
    /// The network `UseNNUE` turns on (`EvalFile`; the built-in one by default).
    eval_file: Arc<crate::nnue::Network>,
}

fn say(out: &Out, line: &str) {
    if let Ok(mut w) = out.lock() {
        let _ = writeln!(w, "{line}");
        let _ = w.flush();
    }
}

/// Runs the protocol loop on `input` until `quit` or end of input, answering on `output`.
pub fn run(input: impl BufRead, output: impl Write + Send + 'static) {
    let mut session = Session::new(output);
    let mut input = input;
    let mut bytes = Vec::new();
    // Line by line as bytes: a line that is not UTF-8 is read as well as it can be (and reported
    // as unknown if it makes no command), never the end of the session.
    loop {
        bytes.clear();
        match input.read_until(b'\n', &mut bytes) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        let line = String::from_utf8_lossy(&bytes);
        if !session.handle(&line) {
            return;
        }
    }
    session.finish();
}

impl Session {
    /// A session answering on `output`, at the start position, UCI until told `ucci`.
    pub fn new(output: impl Write + Send + 'static) -> Session {
        let mut engine = Engine::new();
        let eval_file = crate::nnue::Network::embedded();
        if crate::nnue::DEFAULT_ON {
            engine.set_network(Some(Arc::clone(&eval_file)));
        }
        let stop = engine.stop_flag();
        Session {
            out: Arc::new(Mutex::new(Box::new(output))),
            engine: Some(engine),
            worker: None,
            stop,
            start: Position::startpos(),
            moves: Vec::new(),
            banned: Vec::new(),
            protocol: Protocol::Uci,
            millisec: false,
            move_overhead: crate::search::MOVE_OVERHEAD,
            eval_file,
        }
    }

    fn say(&self, line: &str) {
        say(&self.out, line);
    }

    fn complain(&self, what: &str) {
        self.say(&format!("info string {what}"));
    }

    /// Waits for a search in progress (after asking it to stop when `stop`) and takes the
    /// engine back.
    fn join(&mut self, stop: bool) {
        if let Some(w) = self.worker.take() {
            if stop {
                self.stop.store(true, Ordering::Relaxed);
            }
            if let Ok(engine) = w.join() {
                self.engine = Some(engine);
            } else {
                let engine = Engine::new();
                self.stop = engine.stop_flag();
                self.engine = Some(engine);
            }
        }
    }

    fn engine(&mut self) -> &mut Engine {
        self.join(true);
        self.engine.get_or_insert_with(Engine::new)
    }

    /// Stops any search and waits for its `bestmove`.
    pub fn finish(&mut self) {
        self.join(true);
    }

    /// Handles one input line; `false` after `quit`.
    pub fn handle(&mut self, line: &str) -> bool {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(&cmd) = words.first() else {
            return true;
        };
        let args = &words[1..];
        match cmd {
            "uci" => {
                self.protocol = Protocol::Uci;
                self.say(&format!("id name {NAME}"));
                self.say("id author the Chuhan authors");
                self.say("option name Hash type spin default 16 min 1 max 4096");
                self.say("option name Clear Hash type button");
                self.say(&format!(
                    "option name Threads type spin default 1 min 1 max {}",
                    max_threads()
                ));
                self.say("option name MultiPV type spin default 1 min 1 max 128");
                self.say(&format!(
                    "option name Move Overhead type spin default {} min 0 max {MAX_OVERHEAD_MS}",
                    crate::search::MOVE_OVERHEAD.as_millis()
                ));
                self.say(
                    "option name Level type combo default full var full var idiot var rookie \
                     var novice var beginner var amateur var professional var master",
                );
                self.say("option name Skill Level type spin default 7 min 0 max 7");
                self.say("option name LevelScale type spin default 100 min 1 max 10000");
                self.say("option name OwnBook type check default true");
                self.say(
                    "option name Repetition Rule type combo default League var League var Asian",
                );
                self.say("option name BookFile type string default <builtin>");
                self.say(&format!(
                    "option name UseNNUE type check default {}",
                    crate::nnue::DEFAULT_ON
                ));
                self.say("option name EvalFile type string default <builtin>");
                self.say("uciok");
            }
            "ucci" => {
                self.protocol = Protocol::Ucci;
                self.say(&format!("id name {NAME}"));
                self.say("id author the Chuhan authors");
                self.say("option usemillisec type check default false");
                self.say("option hashsize type spin min 1 max 4096 default 16");
                self.say("option usebook type check default true");
                self.say(&format!(
                    "option moveoverhead type spin min 0 max {MAX_OVERHEAD_MS} default {}",
                    crate::search::MOVE_OVERHEAD.as_millis()
                ));
                self.say("option level type spin min 0 max 7 default 7");
                self.say("option newgame type button");
                self.say("ucciok");
            }
            "isready" => self.say("readyok"),
            "ucinewgame" => self.engine().new_game(),
            "setoption" => self.setoption(args),
            "position" => self.position(args),
            "banmoves" => self.banmoves(args),
            "go" => self.go(args),
            "stop" => self.join(true),
            "ponderhit" => {}
            "d" | "display" => {
                let pos = self.current();
                self.say(&format!("info string fen {}", pos.to_fen()));
            }
            "quit" => {
                self.join(true);
                if self.protocol == Protocol::Ucci {
                    self.say("bye");
                }
                return false;
            }
            _ => self.complain(&format!("unknown command: {line}")),
        }
        true
    }

    fn current(&self) -> Position {
        let mut pos = self.start.clone();
        for &m in &self.moves {
            pos.make_move(m);
        }
        pos
    }

    fn position(&mut self, args: &[&str]) {
        let moves_at = args.iter().position(|&w| w == "moves");
        let setup = &args[..moves_at.unwrap_or(args.len())];
        let start = match setup.first() {
            Some(&"startpos") => Position::startpos(),
            Some(&"fen") => {
                let fen = setup[1..].join(" ");
                match Position::from_fen(&fen) {
                    Ok(p) => p,
                    Err(e) => {
                        self.complain(&format!("bad FEN {fen:?}: {e}; position unchanged"));
                        return;
                    }
                }
            }
            _ => {
                self.complain("position needs startpos or fen; position unchanged");
                return;
            }
        };
        let mut pos = start.clone();
        let mut moves = Vec::new();
        for &text in moves_at.map_or(&[][..], |i| &args[i + 1..]) {
            let m = match text.parse::<Move>() {
                Ok(m) => m,
                Err(_) => {
                    self.complain(&format!("bad move {text:?}; position unchanged"));
                    return;
                }
            };
            if let Err(e) = pos.play(m) {
                self.complain(&format!("illegal move {text}: {e}; position unchanged"));
                return;
            }
            moves.push(m);
        }
        self.join(true);
        self.start = start;
        self.moves = moves;
        self.banned.clear();
    }

    fn banmoves(&mut self, args: &[&str]) {
        let pos = self.current();
        let mut banned = Vec::new();
        for &text in args {
            match text.parse::<Move>() {
                Ok(m) if pos.is_legal(m) => banned.push(m),
                _ => self.complain(&format!("banmoves: {text:?} is not a legal move here")),
            }
        }
        self.banned = banned;
    }

    fn go(&mut self, args: &[&str]) {
        if args.first() == Some(&"perft") {
            let depth = args.get(1).and_then(|d| d.parse::<u32>().ok());
            match depth {
                Some(d) if d <= 8 => self.perft(d),
                _ => self.complain("go perft needs a depth 0-8"),
            }
            return;
        }
        let side = self.current().side_to_move();
        let (limits, problems) = self.parse_go(args, side);
        for p in problems {
            self.complain(&p);
        }
        self.join(true);
        let mut engine = self.engine.take().unwrap_or_default();
        self.stop = engine.stop_flag();
        self.stop.store(false, Ordering::Relaxed);
        let (start, moves) = (self.start.clone(), self.moves.clone());
        let out = Arc::clone(&self.out);
        let protocol = self.protocol;
        let mut limits = limits;
        if !self.banned.is_empty() && limits.search_moves.is_empty() {
            limits.search_moves = self
                .current()
                .legal_moves()
                .iter()
                .copied()
                .filter(|m| !self.banned.contains(m))
                .collect();
        }
        self.worker = Some(std::thread::spawn(move || {
            #[cfg(feature = "stats")]
            let began = std::time::Instant::now();
            let thought = engine.think(&start, &moves, &limits, |info| {
                say(&out, &info_line(info, protocol));
            });
            #[cfg(feature = "stats")]
            if !thought.from_book {
                for line in stats_lines(&thought.search, began.elapsed()) {
                    say(&out, &line);
                }
            }
            // `go infinite` reports only once stopped, as UCI requires.
            if limits.infinite {
                let stop = engine.stop_flag();
                while !stop.load(Ordering::Relaxed) {
                    std::thread::sleep(Duration::from_millis(1));
                }
            }
            let line = match (thought.best, protocol) {
                (Some(m), _) => match thought.ponder {
                    Some(p) => format!("bestmove {m} ponder {p}"),
                    None => format!("bestmove {m}"),
                },
                (None, Protocol::Uci) => "bestmove (none)".to_string(),
                (None, Protocol::Ucci) => "nobestmove".to_string(),
            };
            say(&out, &line);
            engine
        }));
    }

    fn perft(&mut self, depth: u32) {
        let mut pos = self.current();
        let start = std::time::Instant::now();
        let mut total = 0;
        if depth == 0 {
            total = 1;
        } else {
            for &m in &pos.legal_moves() {
                let undo = pos.make_move(m);
                let n = xiangqi::perft(&mut pos, depth - 1);
                pos.unmake_move(m, undo);
                self.say(&format!("{m}: {n}"));
                total += n;
            }
        }
        let ms = start.elapsed().as_millis();
        self.say("");
        self.say(&format!("Nodes searched: {total}"));
        self.say(&format!("info string perft time {ms} ms"));
    }
}

/// The `stats` feature's report of a finished search, before its `bestmove`: the whole search
/// (an interrupted last iteration's nodes included, which no `info depth` line counts) and where
/// the main thread's nodes went.
#[cfg(feature = "stats")]
fn stats_lines(r: &crate::search::SearchResult, took: Duration) -> [String; 2] {
    let ms = took.as_millis().max(1);
    let st = r.stats;
    [
        format!(
            "info string final depth {} nodes {} nps {} time {} hashfull {}",
            r.depth,
            r.nodes,
            u128::from(r.nodes) * 1000 / ms,
            took.as_millis(),
            r.hashfull
        ),
        format!(
            "info string stats qnodes {} ttprobe {} tthit {} ttcut {} fh {} fhfirst {} probcut {}",
            st.qnodes,
            st.tt_probes,
            st.tt_hits,
            st.tt_cuts,
            st.fail_highs,
            st.fail_highs_first,
            st.probcuts
        ),
    ]
}

/// The `info` line for one iteration.
#[must_use]
pub fn info_line(info: &SearchInfo, protocol: Protocol) -> String {
    let ms = info.time.as_millis().max(1) as u64;
    let nps = info.nodes * 1000 / ms;
    let score = match (score_kind(info.score), protocol) {
        (ScoreKind::Cp(cp), Protocol::Uci) => format!("score cp {cp}"),
        (ScoreKind::Mate(n), Protocol::Uci) => format!("score mate {n}"),
        (_, Protocol::Ucci) => format!("score {}", info.score),
    };
    let pv: Vec<String> = info.pv.iter().map(ToString::to_string).collect();
    match protocol {
        Protocol::Uci => format!(
            "info depth {} seldepth {} multipv {} {score} nodes {} nps {nps} time {ms} hashfull {} pv {}",
            info.depth,
            info.seldepth,
            info.multipv,
            info.nodes,
            info.hashfull,
            pv.join(" ")
        ),
        Protocol::Ucci => format!(
            "info depth {} {score} nodes {} time {ms} pv {}",
            info.depth,
            info.nodes,
            pv.join(" ")
        ),
    }
}

/// The largest `Move Overhead`, in milliseconds.
const MAX_OVERHEAD_MS: u64 = 5000;

/// The most threads the `Threads` option accepts: the machine's logical cores.
fn max_threads() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
}

// ----------------------------------------------------------------------------------------------
// Reading `go`: clocks and increments (UCI's and UCCI's), moves to go, depth, nodes, mate,
// move time and infinite. Every `go` gets a search, whatever its words: negative clocks count
// as no time left (as Stockfish takes them), absurd numbers saturate, `movestogo 0` is sudden
// death, and a value or a word that cannot be read is reported and left out.

/// The words `go` knows; a value that is missing is not taken from among them.
const KEYWORDS: &[&str] = &[
    "infinite",
    "ponder",
    "draw",
    "depth",
    "nodes",
    "movetime",
    "mate",
    "wtime",
    "btime",
    "winc",
    "binc",
    "time",
    "increment",
    "opptime",
    "oppincrement",
    "oppmovestogo",
    "movestogo",
    "searchmoves",
];

/// A number of `go`: a whole or decimal number, below zero read as zero, above `u64::MAX` as
/// that. `None` for a word that is no number.
fn number(word: &str) -> Option<u64> {
    if let Ok(v) = word.parse::<i128>() {
        return Some(u64::try_from(v.max(0)).unwrap_or(u64::MAX));
    }
    let v = word.parse::<f64>().ok().filter(|v| !v.is_nan())?;
    // `as` saturates: -inf and negatives to 0, +inf and huge values to u64::MAX.
    Some(v as u64)
}

impl Session {
    /// The limits of a `go`, and what in it could not be read (each to be reported with `info
    /// string`; the search runs on the rest).
    fn parse_go(&self, args: &[&str], side: Color) -> (Limits, Vec<String>) {
        let mut l = Limits {
            move_overhead: Some(self.move_overhead),
            ..Limits::default()
        };
        let mut problems = Vec::new();
        let unit = |v: u64, ucci: bool, ms: bool| {
            if ucci && !ms {
                Duration::from_secs(v)
            } else {
                Duration::from_millis(v)
            }
        };
        let ucci = self.protocol == Protocol::Ucci;
        let mine = |c: Color| c == side;
        // A clock was given (for either side, even one that could not be read): the search is
        // then timed, with no time at all for a clock of ours that is missing or unreadable, as
        // Stockfish does, rather than running until a `stop` that a GUI playing a game never
        // sends.
        let clock_words = ["wtime", "btime", "winc", "binc", "time", "increment"];
        let mut clocked = false;
        let mut i = 0;
        while i < args.len() {
            let word = args[i];
            i += 1;
            let takes_value = !matches!(word, "infinite" | "ponder" | "draw" | "searchmoves");
            if !KEYWORDS.contains(&word) {
                problems.push(format!("go: unknown word {word:?} left out"));
                continue;
            }
            clocked |= clock_words.contains(&word);
            if word == "movetime" {
                // An unreadable move time: as little time as can be.
                l.movetime.get_or_insert(Duration::ZERO);
            }
            // The word's number (0 for the words that take none).
            let v = if takes_value {
                let Some(w) = args.get(i).filter(|w| !KEYWORDS.contains(w)) else {
                    problems.push(format!("go: {word} needs a value; left out"));
                    continue;
                };
                i += 1;
                let Some(v) = number(w) else {
                    problems.push(format!("go: bad value {w:?} for {word}; left out"));
                    continue;
                };
                v
            } else {
                0
            };
            match word {
                "infinite" => l.infinite = true,
                "depth" => l.depth = Some(v.clamp(1, 96) as u32),
                "nodes" => l.nodes = Some(v.max(1)),
                "movetime" => l.movetime = Some(Duration::from_millis(v)),
                "mate" => l.depth = Some(v.saturating_mul(2).clamp(1, 96) as u32),
                "wtime" | "btime" | "winc" | "binc" => {
                    // w… is Red's clock, b… Black's; only the side to move's counts.
                    let c = if word.starts_with('w') {
                        Color::Red
                    } else {
                        Color::Black
                    };
                    if mine(c) {
                        if word.ends_with("inc") {
                            l.increment = Duration::from_millis(v);
                        } else {
                            l.time = Some(Duration::from_millis(v));
                        }
                    }
                }
                "time" => l.time = Some(unit(v, ucci, self.millisec)),
                "increment" => l.increment = unit(v, ucci, self.millisec),
                // Zero moves to go: no time control ahead, as Stockfish reads it.
                "movestogo" => l.moves_to_go = (v > 0).then(|| v.min(1000) as u32),
                "searchmoves" => {
                    let pos = self.current();
                    while let Some(m) = args.get(i).and_then(|w| w.parse::<Move>().ok()) {
                        if pos.is_legal(m) {
                            l.search_moves.push(m);
                        }
                        i += 1;
                    }
                }
                // ponder, draw, opptime, oppincrement, oppmovestogo: read and not used.
                _ => {}
            }
        }
        if clocked && l.time.is_none() && l.movetime.is_none() {
            l.time = Some(Duration::ZERO);
        }
        (l, problems)
    }
}

// ----------------------------------------------------------------------------------------------
// `setoption`: the options of UCI and UCCI (their two syntaxes), levels, books, threads, hash,
// the network and the rulebook.

impl Session {
    fn setoption(&mut self, args: &[&str]) {
        // UCI: setoption name <id...> [value <x...>]; UCCI: setoption <id> [<x>].
        let (name, value) = if args.first() == Some(&"name") {
            let v = args.iter().position(|&w| w == "value");
            let name = args[1..v.unwrap_or(args.len())].join(" ");
            let value = v.map(|i| args[i + 1..].join(" ")).unwrap_or_default();
            (name, value)
        } else {
            (
                args.first().copied().unwrap_or("").to_string(),
                args.get(1..).map(|a| a.join(" ")).unwrap_or_default(),
            )
        };
        let lname = name.to_ascii_lowercase();
        let flag = |v: &str| matches!(v.to_ascii_lowercase().as_str(), "true" | "on" | "1");
        match lname.as_str() {
            "hash" | "hashsize" => match value.parse::<usize>() {
                Ok(mib) if (1..=4096).contains(&mib) => self.engine().set_hash_mib(mib),
                _ => self.complain(&format!("bad hash size {value:?} (1-4096 MiB)")),
            },
            "clear hash" | "newgame" => self.engine().new_game(),
            "threads" => match value.parse::<usize>() {
                Ok(n) if (1..=max_threads()).contains(&n) => self.engine().set_threads(n),
                _ => self.complain(&format!("bad Threads {value:?} (1-{})", max_threads())),
            },
            "move overhead" | "moveoverhead" => match value.trim().parse::<u64>() {
                Ok(ms) if ms <= MAX_OVERHEAD_MS => self.move_overhead = Duration::from_millis(ms),
                _ => self.complain(&format!(
                    "bad Move Overhead {value:?} (0-{MAX_OVERHEAD_MS} ms); unchanged"
                )),
            },
            "multipv" => match value.parse::<usize>() {
                Ok(n) if (1..=128).contains(&n) => self.engine().set_multipv(n),
                _ => self.complain(&format!("bad MultiPV {value:?} (1-128)")),
            },
            "level" | "skill level" => {
                let v = value.trim();
                if v.eq_ignore_ascii_case("full") || v == "7" {
                    self.engine().set_level(None);
                } else {
                    match v.parse::<Level>() {
                        Ok(l) => self.engine().set_level(Some(l)),
                        Err(e) => self.complain(&e.to_string()),
                    }
                }
            }
            "levelscale" => match value.parse::<u32>() {
                Ok(p) if (1..=10_000).contains(&p) => self.engine().set_level_scale(p),
                _ => self.complain(&format!("bad LevelScale {value:?} (1-10000)")),
            },
            "ownbook" | "usebook" => {
                let on = flag(&value);
                self.engine().set_own_book(on);
            }
            "bookfile" => {
                if value.is_empty() || value == "<builtin>" {
                    self.engine().set_book(Book::builtin());
                } else {
                    match std::fs::read_to_string(&value) {
                        Ok(text) => match Book::parse(&text) {
                            Ok(b) => self.engine().set_book(b),
                            Err(e) => self.complain(&format!("{value}: {e}; book unchanged")),
                        },
                        Err(e) => self.complain(&format!("{value}: {e}; book unchanged")),
                    }
                }
            }
            "usennue" => {
                let net = flag(&value).then(|| self.eval_file.clone());
                self.engine().set_network(net);
            }
            "evalfile" => {
                let loaded = if value.is_empty() || value == "<builtin>" {
                    Ok(crate::nnue::Network::embedded())
                } else {
                    std::fs::read(&value)
                        .map_err(|e| e.to_string())
                        .and_then(|b| {
                            crate::nnue::Network::from_bytes(&b).map_err(|e| e.to_string())
                        })
                        .map(Arc::new)
                };
                match loaded {
                    Ok(net) => {
                        self.eval_file = Arc::clone(&net);
                        if self.engine().uses_network() {
                            self.engine().set_network(Some(net));
                        }
                    }
                    Err(e) => self.complain(&format!("{value}: {e}; network unchanged")),
                }
            }
            "repetition rule" | "repetitionrule" | "rules" => match value.parse() {
                Ok(r) => self.engine().set_rulebook(r),
                Err(e) => self.complain(&format!("{e}; unchanged")),
            },
            "usemillisec" => self.millisec = flag(&value),
            "batch" | "debug" | "ponder" | "knowledge" | "pruning" | "randomness" | "idle"
            | "promotion" => {}
            _ if crate::search::params::spec(&lname).is_some() => {
                // A search parameter (for the SPSA tuner; not listed by `uci`).
                match value.trim().parse::<i32>() {
                    Ok(v) => {
                        if let Err(e) = self.engine().set_search_param(&lname, v) {
                            self.complain(&format!("{e}; unchanged"));
                        }
                    }
                    Err(_) => self.complain(&format!("{name}: {value:?} is not a whole number")),
                }
            }
            _ => self.complain(&format!("unknown option {name:?}")),
        }
    }
}
