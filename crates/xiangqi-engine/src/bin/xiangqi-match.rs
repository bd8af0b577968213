//! `xiangqi-match`: plays two UCI engines (or two settings of one) against each other over varied
//! openings with colours swapped, adjudicating with the rules library, and prints W/D/L and the
//! Elo difference with its 95% error margin.
//!
//! ```text
//! xiangqi-match --games 200 --concurrency 2 --movetime 100 \
//!     --engine1 target/release/xiangqi-engine --opt1 Level=amateur \
//!     --engine2 target/release/xiangqi-engine --opt2 Level=beginner
//! ```

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitCode, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::rngs::StdRng;
use xiangqi::notation::Notation;
use xiangqi::{Color, DrawReason, GameRecord, Move, Outcome, Position, Rulebook, WinReason};
use xiangqi_engine::Book;
use xiangqi_engine::sprt::{Sprt, Verdict};
use xiangqi_engine::tune::spsa::Spsa;

const USAGE: &str = "usage: xiangqi-match [options]
  --engine1 CMD / --engine2 CMD   engine commands (default: the xiangqi-engine beside this binary)
  --opt1 NAME=VALUE / --opt2 ...   UCI options for engine 1 / 2 (repeatable)
  --ucci1 / --ucci2                engine 1 / 2 speaks UCCI (ElephantEye and friends), not UCI
  --name1 N / --name2 N            names in the report
  --games N                        games (rounded up to an even number; default 100)
  --concurrency N                  games at once (default 1)
  --movetime MS | --nodes N | --depth N | --tc SECONDS+INC   time control (default movetime 100)
  --openings PLIES                 plies of random book moves before the engines take over (default 6)
  --openings-file FILE             start each pair of games from the next position of FILE (EPD or
                                   FEN lines: the first four or more fields; `#` comments), in order,
                                   instead of book moves; the file is reused from its start if short
  --seed S                         seed for the openings (default 1)
  --max-plies N                    adjudicate a draw after this many plies (default 600)
  --rules league|asian             the rulebook that adjudicates repetitions (default league: the
                                   computer-league rules; asian: the Asian rules); engines that
                                   offer a `Repetition Rule` option are told it
  --pgn FILE                       write every game to FILE
  --engine-book                    let the engines use their own books (default: book off)
  --ranks1-from-1 / --ranks2-from-1  engine 1 / 2 numbers ranks 1-10 (Fairy-Stockfish: a1-i10)
  --sprt ELO0 ELO1                 stop as soon as a sequential probability ratio test decides
                                   between H0: elo = ELO0 and H1: elo = ELO1 (--games is the cap)
  --alpha A / --beta B             error rates of the SPRT (default 0.05 each)
  --spsa NAMES                     tune search parameters (comma-separated, or `all`) by SPSA:
                                   engine 1 against itself, perturbed; one pair of games an
                                   iteration (an opening of --openings-file, or of the book)
  --spsa-iterations N              planned iterations (default 2000; --games is not used)
  --spsa-state FILE                the run's state, written after every iteration and resumed
                                   from when it exists (default spsa-state.txt)
  --spsa-rate R                    the learning rate at the last iteration (default 0.002)";

#[derive(Clone, Debug)]
enum Control {
    MoveTime(u64),
    Nodes(u64),
    Depth(u32),
    Clock { base_ms: u64, inc_ms: u64 },
}

#[derive(Clone, Debug)]
struct Config {
    cmds: [String; 2],
    ucci: [bool; 2],
    opts: [Vec<(String, String)>; 2],
    names: [String; 2],
    games: usize,
    concurrency: usize,
    control: Control,
    opening_plies: usize,
    openings_file: Option<String>,
    seed: u64,
    max_plies: usize,
    rules: Rulebook,
    pgn: Option<String>,
    engine_book: bool,
    ranks_from_1: [bool; 2],
    sprt: Option<Sprt>,
    spsa: Option<String>,
    spsa_iterations: u64,
    spsa_state: String,
    spsa_rate: f64,
}

fn parse_args() -> Result<Config, String> {
    let default_engine = std::env::current_exe()
        .ok()
        .and_then(|p| p.parent().map(|d| d.join("xiangqi-engine")))
        .map(|p| p.display().to_string())
        .unwrap_or_else(|| "xiangqi-engine".into());
    let mut c = Config {
        cmds: [default_engine.clone(), default_engine],
        ucci: [false, false],
        opts: [Vec::new(), Vec::new()],
        names: ["engine1".into(), "engine2".into()],
        games: 100,
        concurrency: 1,
        control: Control::MoveTime(100),
        opening_plies: 6,
        openings_file: None,
        seed: 1,
        max_plies: 600,
        rules: Rulebook::League,
        pgn: None,
        engine_book: false,
        ranks_from_1: [false, false],
        sprt: None,
        spsa: None,
        spsa_iterations: 2000,
        spsa_state: "spsa-state.txt".into(),
        spsa_rate: 0.002,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        let val = |i: usize| {
            args.get(i + 1)
                .cloned()
                .ok_or_else(|| format!("{a} needs a value"))
        };
        let num = |i: usize| -> Result<u64, String> {
            val(i)?
                .parse::<u64>()
                .map_err(|_| format!("{a}: not a number"))
        };
        match a {
            "--engine1" | "--engine2" => c.cmds[usize::from(a == "--engine2")] = val(i)?,
            "--name1" | "--name2" => c.names[usize::from(a == "--name2")] = val(i)?,
            "--opt1" | "--opt2" => {
                let v = val(i)?;
                let (n, x) = v.split_once('=').ok_or("options are NAME=VALUE")?;
                c.opts[usize::from(a == "--opt2")].push((n.to_string(), x.to_string()));
            }
            "--games" => c.games = num(i)?.max(2) as usize,
            "--concurrency" => c.concurrency = num(i)?.clamp(1, 64) as usize,
            "--movetime" => c.control = Control::MoveTime(num(i)?),
            "--nodes" => c.control = Control::Nodes(num(i)?),
            "--depth" => c.control = Control::Depth(num(i)? as u32),
            "--tc" => {
                let v = val(i)?;
                let (b, inc) = v.split_once('+').unwrap_or((&v, "0"));
                let secs = |s: &str| s.parse::<f64>().map_err(|_| format!("bad --tc {v}"));
                c.control = Control::Clock {
                    base_ms: (secs(b)? * 1000.0) as u64,
                    inc_ms: (secs(inc)? * 1000.0) as u64,
                };
            }
            "--openings" => c.opening_plies = num(i)? as usize,
            "--openings-file" => c.openings_file = Some(val(i)?),
            "--seed" => c.seed = num(i)?,
            "--max-plies" => c.max_plies = num(i)? as usize,
            "--rules" => c.rules = val(i)?.parse().map_err(|e| format!("--rules: {e}"))?,
            "--pgn" => c.pgn = Some(val(i)?),
            "--ucci1" | "--ucci2" => {
                c.ucci[usize::from(a == "--ucci2")] = true;
                i -= 1;
            }
            "--ranks1-from-1" | "--ranks2-from-1" => {
                c.ranks_from_1[usize::from(a == "--ranks2-from-1")] = true;
                i -= 1;
            }
            "--sprt" => {
                let elo = |j: usize| -> Result<f64, String> {
                    args.get(j)
                        .and_then(|v| v.parse::<f64>().ok())
                        .ok_or_else(|| "--sprt needs two Elo numbers".to_string())
                };
                let (elo0, elo1) = (elo(i + 1)?, elo(i + 2)?);
                if elo1 <= elo0 {
                    return Err("--sprt: ELO1 must exceed ELO0".into());
                }
                let old = c.sprt.unwrap_or_default();
                c.sprt = Some(Sprt { elo0, elo1, ..old });
                i += 1;
            }
            "--alpha" | "--beta" => {
                let v = val(i)?
                    .parse::<f64>()
                    .ok()
                    .filter(|v| *v > 0.0 && *v < 0.5)
                    .ok_or_else(|| format!("{a}: a number between 0 and 0.5"))?;
                let s = c.sprt.get_or_insert_with(Sprt::default);
                if a == "--alpha" {
                    s.alpha = v
                } else {
                    s.beta = v
                }
            }
            "--spsa" => c.spsa = Some(val(i)?),
            "--spsa-iterations" => c.spsa_iterations = num(i)?.max(1),
            "--spsa-state" => c.spsa_state = val(i)?,
            "--spsa-rate" => {
                c.spsa_rate = val(i)?
                    .parse::<f64>()
                    .ok()
                    .filter(|r| *r > 0.0 && *r < 1.0)
                    .ok_or("--spsa-rate: a number between 0 and 1")?;
            }
            "--engine-book" => {
                c.engine_book = true;
                i -= 1;
            }
            "-h" | "--help" => return Err(String::new()),
            _ => return Err(format!("unknown argument {a}")),
        }
        i += 2;
    }
    c.games += c.games % 2;
    if c.sprt.is_some_and(|s| s.elo1 <= s.elo0) {
        return Err("--alpha/--beta need --sprt ELO0 ELO1".into());
    }
    Ok(c)
}

/// A UCI engine in a child process.
struct Engine {
    ucci: bool,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    fn start(
        cmd: &str,
        ucci: bool,
        opts: &[(String, String)],
        book: bool,
        rules: Rulebook,
    ) -> Result<Engine, String> {
        let mut parts = cmd.split_whitespace();
        let prog = parts.next().ok_or("empty engine command")?;
        let mut child = Command::new(prog)
            .args(parts)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {cmd}: {e}"))?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut e = Engine {
            ucci,
            child,
            stdin,
            lines: rx,
        };
        if ucci {
            e.send("ucci")?;
            e.wait_for("ucciok", Duration::from_secs(10))?;
            e.send("setoption usemillisec true")?;
            if !book {
                e.send("setoption usebook false")?;
            }
            for (n, v) in opts {
                e.send(&format!("setoption {n} {v}"))?;
            }
        } else {
            e.send("uci")?;
            let listed = e.lines_until("uciok", Duration::from_secs(10))?;
            if listed
                .iter()
                .any(|l| l.starts_with("option name Repetition Rule "))
            {
                e.send(&format!(
                    "setoption name Repetition Rule value {}",
                    rules.name()
                ))?;
            }
            if !book {
                e.send("setoption name OwnBook value false")?;
            }
            for (n, v) in opts {
                e.send(&format!("setoption name {n} value {v}"))?;
            }
        }
        e.send("isready")?;
        e.wait_for("readyok", Duration::from_secs(10))?;
        Ok(e)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| format!("engine went away: {e}"))
    }

    /// Every line up to the one starting with `prefix`, that one included.
    fn lines_until(&mut self, prefix: &str, timeout: Duration) -> Result<Vec<String>, String> {
        let deadline = Instant::now() + timeout;
        let mut lines = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let done = line.starts_with(prefix);
                    lines.push(line);
                    if done {
                        return Ok(lines);
                    }
                }
                Err(RecvTimeoutError::Timeout) => return Err(format!("no {prefix} in time")),
                Err(RecvTimeoutError::Disconnected) => return Err("engine crashed".into()),
            }
        }
    }

    fn wait_for(&mut self, prefix: &str, timeout: Duration) -> Result<String, String> {
        self.wait_for_any(&[prefix], timeout)
    }

    fn wait_for_any(&mut self, prefixes: &[&str], timeout: Duration) -> Result<String, String> {
        let deadline = Instant::now() + timeout;
        let prefix = prefixes.join(" or ");
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if prefixes.iter().any(|p| line.starts_with(p)) => return Ok(line),
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout) => return Err(format!("no {prefix} in time")),
                Err(RecvTimeoutError::Disconnected) => return Err("engine crashed".into()),
            }
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        std::thread::sleep(Duration::from_millis(20));
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// How a game ended, from the rules or from a fault.
#[derive(Clone, Debug)]
enum Ending {
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

struct GameResult {
    index: usize,
    /// Engine index (0 or 1) playing Red.
    red: usize,
    ending: Ending,
    record: GameRecord,
}

impl GameResult {
    /// 1, 0.5 or 0 for engine 0.
    fn score0(&self) -> f64 {
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

/// The positions of an opening suite: one a line, EPD or FEN (board, side, and any further
/// fields), blank lines and `#` comments passed over. Every line must be a legal position.
fn read_openings(path: &str) -> Result<Vec<Position>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let mut suite = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        // EPD: board, side, castling, en passant, then operations; FEN readers take the first
        // fields and the counters when they are numbers.
        let fields: Vec<&str> = line.split_whitespace().take(4).collect();
        let pos =
            Position::from_fen(&fields.join(" ")).map_err(|e| format!("line {}: {e}", n + 1))?;
        suite.push(pos);
    }
    if suite.is_empty() {
        return Err("no positions".into());
    }
    Ok(suite)
}

fn opening(book: &Book, plies: usize, seed: u64) -> Vec<Move> {
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

fn play_game(
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
    let mut clocks = [0u64; 2];
    if let Control::Clock { base_ms, .. } = cfg.control {
        clocks = [base_ms, base_ms];
    }
    for e in engines.iter_mut().flatten() {
        let _ = e.send(if e.ucci {
            "setoption newgame"
        } else {
            "ucinewgame"
        });
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
        let ucci = engine.ucci;
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
                (go, Duration::from_millis(mine + 1000))
            }
        };
        let started = Instant::now();
        let reply = engine
            .send(&pos_cmd)
            .and_then(|()| engine.send(&go))
            .and_then(|()| engine.wait_for_any(&["bestmove", "nobestmove"], timeout));
        let used = started.elapsed().as_millis() as u64;
        let line = match reply {
            Ok(l) => l,
            Err(e) => {
                engines[who] = None;
                break fault(e);
            }
        };
        if let Control::Clock { inc_ms, .. } = cfg.control {
            // A small grace for process scheduling, as GUIs allow.
            if used > clocks[who] + 50 {
                break fault("lost on time".into());
            }
            clocks[who] = clocks[who].saturating_sub(used) + inc_ms;
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
    }
}

/// `m` in coordinates, ranks from 0 (`h2e2`) or, for engines that count them from 1, `h3e3`.
fn move_text(m: Move, ranks_from_1: bool) -> String {
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
fn parse_move(text: &str, ranks_from_1: bool) -> Option<Move> {
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

/// Pair outcomes of engine 0 for the SPRT: `[k]` = pairs that scored `k` half points of 4.
fn pentanomial(all: &[GameResult]) -> [u32; 5] {
    let mut by_pair = std::collections::BTreeMap::<usize, Vec<f64>>::new();
    for r in all {
        by_pair.entry(r.index / 2).or_default().push(r.score0());
    }
    let mut pairs = [0u32; 5];
    for scores in by_pair.values().filter(|v| v.len() == 2) {
        let half_points = ((scores[0] + scores[1]) * 2.0).round() as usize;
        pairs[half_points.min(4)] += 1;
    }
    pairs
}

fn elo(score: f64) -> f64 {
    let s = score.clamp(1e-6, 1.0 - 1e-6);
    -400.0 * (1.0 / s - 1.0).log10()
}

fn main() -> ExitCode {
    let cfg = match parse_args() {
        Ok(c) => c,
        Err(e) => {
            if !e.is_empty() {
                eprintln!("{e}");
            }
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    if cfg.spsa.is_some() {
        return match spsa(&cfg) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("{e}");
                ExitCode::from(2)
            }
        };
    }
    let book = Book::builtin();
    let pairs = cfg.games / 2;
    let openings: Vec<(Position, Vec<Move>)> = match &cfg.openings_file {
        Some(path) => match read_openings(path) {
            Ok(suite) => (0..pairs)
                .map(|i| (suite[i % suite.len()].clone(), Vec::new()))
                .collect(),
            Err(e) => {
                eprintln!("--openings-file {path}: {e}");
                return ExitCode::from(2);
            }
        },
        None => (0..pairs)
            .map(|i| {
                let moves = opening(
                    &book,
                    cfg.opening_plies,
                    cfg.seed.wrapping_mul(1_000_003) + i as u64,
                );
                (Position::startpos(), moves)
            })
            .collect(),
    };
    let next = Arc::new(AtomicUsize::new(0));
    let results = Arc::new(Mutex::new(Vec::<GameResult>::new()));
    let started = Instant::now();
    std::thread::scope(|s| {
        for _ in 0..cfg.concurrency {
            let (cfg, next, results, openings) = (&cfg, &next, &results, &openings);
            s.spawn(move || {
                let mut engines: [Option<Engine>; 2] = [None, None];
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= cfg.games {
                        break;
                    }
                    let r = play_game(cfg, &mut engines, i, &openings[i / 2]);
                    let mut all = results.lock().unwrap_or_else(|e| e.into_inner());
                    let why = match &r.ending {
                        Ending::Rules(o) => o.to_string(),
                        Ending::Fault { loser, why } => format!("{loser:?} forfeits: {why}"),
                        Ending::Resigned { loser } => format!("{loser:?} resigns"),
                        Ending::MaxPlies => "draw (move limit)".into(),
                    };
                    let red = &cfg.names[r.red];
                    let black = &cfg.names[1 - r.red];
                    println!(
                        "game {:>4}: {red} (red) vs {black} (black): {} in {} plies",
                        r.index + 1,
                        why,
                        r.record.len()
                    );
                    all.push(r);
                    let (w, d, l) = tally(&all);
                    if all.len() % 10 == 0 {
                        println!("  after {} games: +{w} ={d} -{l}", all.len());
                    }
                    if let Some(sprt) = cfg.sprt {
                        let pairs = pentanomial(&all);
                        if sprt.verdict(&pairs) != Verdict::Continue {
                            // Decided: start no new game; those under way finish.
                            next.store(cfg.games, Ordering::Relaxed);
                        }
                    }
                }
            });
        }
    });
    let mut all = std::mem::take(&mut *results.lock().unwrap_or_else(|e| e.into_inner()));
    all.sort_by_key(|r| r.index);
    let (w, d, l) = tally(&all);
    let n = all.len() as f64;
    let score = (w as f64 + d as f64 / 2.0) / n;
    let var = all
        .iter()
        .map(|r| (r.score0() - score).powi(2))
        .sum::<f64>()
        / n;
    let sd = (var / n).sqrt();
    let (lo, hi) = (elo(score - 1.96 * sd), elo(score + 1.96 * sd));
    let faults = all
        .iter()
        .filter(|r| matches!(r.ending, Ending::Fault { .. }))
        .count();
    let rulings = repetition_rulings(&cfg, &all);
    println!();
    println!(
        "{} vs {}: {} games in {:.0} s",
        cfg.names[0],
        cfg.names[1],
        all.len(),
        started.elapsed().as_secs_f64()
    );
    println!("W/D/L: {w}/{d}/{l}  score {:.1}%", score * 100.0);
    // The protocol a strength figure must name: openings, books, adjudication, control.
    let openings = match &cfg.openings_file {
        Some(f) => format!("suite {f}, one position a pair, colours swapped"),
        None => format!(
            "{} plies of the built-in book (seed {}), colours swapped",
            cfg.opening_plies, cfg.seed
        ),
    };
    println!(
        "protocol: openings {openings}; engine books {}; adjudication: the rules library \
         ({} repetition rules), a draw after {} plies; control {:?}",
        if cfg.engine_book { "on" } else { "off" },
        cfg.rules.name().to_lowercase(),
        cfg.max_plies,
        cfg.control
    );
    let bound = |s: f64| {
        if s >= 1.0 {
            "+inf".to_string()
        } else if s <= 0.0 {
            "-inf".to_string()
        } else {
            format!("{:+.0}", elo(s))
        }
    };
    let (lo_s, hi_s) = (score - 1.96 * sd, score + 1.96 * sd);
    if lo_s > 0.0 && hi_s < 1.0 {
        println!(
            "Elo difference: {:+.0} +/- {:.0} (95%)",
            elo(score),
            (hi - lo) / 2.0
        );
    } else {
        println!(
            "Elo difference: {:+.0} (95% interval {} to {})",
            elo(score),
            bound(lo_s),
            bound(hi_s)
        );
    }
    println!("forfeits (illegal move, crash, time): {faults}; repetition rulings: {rulings}");
    if let Some(sprt) = cfg.sprt {
        let pairs = pentanomial(&all);
        let (lo, hi) = sprt.bounds();
        let verdict = match sprt.verdict(&pairs) {
            Verdict::H1 => "H1 accepted",
            Verdict::H0 => "H0 accepted",
            Verdict::Continue => "undecided (game cap reached)",
        };
        println!(
            "SPRT elo0={} elo1={} alpha={} beta={}: LLR {:.2} ({:.2}, {:.2}) pairs {:?}: {verdict}",
            sprt.elo0,
            sprt.elo1,
            sprt.alpha,
            sprt.beta,
            sprt.llr(&pairs),
            lo,
            hi,
            pairs
        );
    }
    for r in all
        .iter()
        .filter(|r| matches!(r.ending, Ending::Fault { .. }))
    {
        if let Ending::Fault { why, .. } = &r.ending {
            println!("  game {}: {why}", r.index + 1);
        }
    }
    if let Some(path) = &cfg.pgn {
        let mut text = String::new();
        for r in &all {
            let mut rec = r.record.clone();
            rec.set_tag("Red", &cfg.names[r.red]);
            rec.set_tag("Black", &cfg.names[1 - r.red]);
            rec.set_tag("Round", &(r.index + 1).to_string());
            text.push_str(&xiangqi::pgn::write(&rec, Notation::Chinese));
            text.push('\n');
        }
        let tmp = format!("{path}.tmp");
        if let Err(e) = std::fs::write(&tmp, text).and_then(|()| std::fs::rename(&tmp, path)) {
            eprintln!("cannot write {path}: {e}");
        }
    }
    if faults > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

fn tally(all: &[GameResult]) -> (usize, usize, usize) {
    let mut t = (0, 0, 0);
    for r in all {
        match r.score0() {
            s if s > 0.75 => t.0 += 1,
            s if s < 0.25 => t.2 += 1,
            _ => t.1 += 1,
        }
    }
    t
}

/// `--spsa`: engine 1 against itself with perturbed search parameters, a pair of games an
/// iteration, `concurrency` iterations at once (each starts from the values of the moment, as
/// fishtest's workers do); the state is saved after every iteration.
fn spsa(cfg: &Config) -> Result<(), String> {
    let names = cfg.spsa.as_deref().unwrap_or("all");
    let path = std::path::Path::new(&cfg.spsa_state);
    let state = if path.exists() {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", cfg.spsa_state))?;
        let s = Spsa::from_text(&text).map_err(|e| format!("{}: {e}", cfg.spsa_state))?;
        println!(
            "resuming {} at iteration {} of {}",
            cfg.spsa_state, s.done, s.iterations
        );
        s
    } else {
        let mut s = Spsa::new(names, cfg.spsa_iterations).map_err(|e| e.to_string())?;
        s.r_end = cfg.spsa_rate;
        s
    };
    let suite = match &cfg.openings_file {
        Some(f) => Some(read_openings(f).map_err(|e| format!("--openings-file {f}: {e}"))?),
        None => None,
    };
    let book = Book::builtin();
    let opening_of = |k: u64| -> (Position, Vec<Move>) {
        match &suite {
            Some(s) => (s[(k as usize) % s.len()].clone(), Vec::new()),
            None => (
                Position::startpos(),
                opening(
                    &book,
                    cfg.opening_plies,
                    cfg.seed.wrapping_mul(1_000_003) + k,
                ),
            ),
        }
    };
    // Iterations handed out so far (some may still be playing).
    let next = AtomicUsize::new(state.done as usize);
    let state = Mutex::new(state);
    let started = Instant::now();
    let totals = Mutex::new((0u32, 0u32, 0u32));
    std::thread::scope(|s| {
        for _ in 0..cfg.concurrency {
            s.spawn(|| {
                loop {
                    let (p, planned) = {
                        let st = state.lock().unwrap_or_else(|e| e.into_inner());
                        let k = next.fetch_add(1, Ordering::Relaxed) as u64 + 1;
                        if k > st.iterations {
                            break;
                        }
                        (st.perturb(k, cfg.seed), st.iterations)
                    };
                    let mut pair_cfg = cfg.clone();
                    pair_cfg.cmds[1] = cfg.cmds[0].clone();
                    pair_cfg.ucci[1] = cfg.ucci[0];
                    pair_cfg.ranks_from_1[1] = cfg.ranks_from_1[0];
                    let opts = |values: &[(&str, i32)]| {
                        let mut o = cfg.opts[0].clone();
                        o.extend(values.iter().map(|(n, v)| (n.to_string(), v.to_string())));
                        o
                    };
                    pair_cfg.opts = [opts(&p.plus), opts(&p.minus)];
                    let opening = opening_of(p.k);
                    let mut result = 0.0;
                    let mut faults = Vec::new();
                    for game in 0..2 {
                        let mut engines: [Option<Engine>; 2] = [None, None];
                        let r = play_game(&pair_cfg, &mut engines, game, &opening);
                        if let Ending::Fault { why, .. } = &r.ending {
                            faults.push(why.clone());
                        }
                        result += r.score0() * 2.0 - 1.0;
                    }
                    let mut st = state.lock().unwrap_or_else(|e| e.into_inner());
                    st.update(&p, result);
                    {
                        let mut t = totals.lock().unwrap_or_else(|e| e.into_inner());
                        match result {
                            r if r > 0.0 => t.0 += 1,
                            r if r < 0.0 => t.2 += 1,
                            _ => t.1 += 1,
                        }
                    }
                    if let Err(e) = st.save(std::path::Path::new(&cfg.spsa_state)) {
                        eprintln!("cannot save {}: {e}", cfg.spsa_state);
                    }
                    let values: Vec<String> = st
                        .params
                        .iter()
                        .map(|t| format!("{}={:.1}", t.spec.name, t.value))
                        .collect();
                    println!(
                        "iteration {}/{planned} ({:.0} s): pair {result:+} for +; {}{}",
                        st.done,
                        started.elapsed().as_secs_f64(),
                        values.join(" "),
                        if faults.is_empty() {
                            String::new()
                        } else {
                            format!("; faults: {}", faults.join(", "))
                        }
                    );
                }
            });
        }
    });
    let st = state.into_inner().unwrap_or_else(|e| e.into_inner());
    let (w, d, l) = totals.into_inner().unwrap_or_else(|e| e.into_inner());
    println!();
    println!(
        "SPSA: {} of {} iterations done ({} games this run; pairs won/drawn/lost by +: {w}/{d}/{l})",
        st.done,
        st.iterations,
        2 * (w + d + l)
    );
    println!("{:<22} {:>8} {:>9}", "parameter", "default", "tuned");
    for t in &st.params {
        println!("{:<22} {:>8} {:>9.1}", t.spec.name, t.spec.default, t.value);
    }
    Ok(())
}

/// The games a repetition rule decided, and for whom: each engine's losses by perpetual check,
/// chase and check-and-chase, and the draws by both sides' perpetual attacks.
fn repetition_rulings(cfg: &Config, all: &[GameResult]) -> String {
    let mut lost = [[0usize; 3]; 2];
    let (mut both, mut idle) = (0, 0);
    for r in all {
        match r.ending {
            Ending::Rules(Outcome::Win { winner, reason }) => {
                let k = match reason {
                    WinReason::PerpetualCheck => 0,
                    WinReason::PerpetualChase => 1,
                    WinReason::CheckAndChase => 2,
                    _ => continue,
                };
                let red_lost = winner == Color::Black;
                let loser = if red_lost { r.red } else { 1 - r.red };
                lost[loser][k] += 1;
            }
            Ending::Rules(Outcome::Draw {
                reason: DrawReason::BothPerpetual,
            }) => both += 1,
            Ending::Rules(Outcome::Draw {
                reason: DrawReason::Repetition,
            }) => idle += 1,
            _ => {}
        }
    }
    let side = |e: usize| {
        let [c, h, m] = lost[e];
        format!(
            "{} lost {} (perpetual check {c}, chase {h}, check and chase {m})",
            cfg.names[e],
            c + h + m
        )
    };
    format!(
        "{}; {}; draws: both perpetual {both}, plain repetition {idle}",
        side(0),
        side(1)
    )
}
