//! Makes an opening suite for engine matches: positions reached by a few plies of varied play
//! from the start, each kept only when a fixed-depth search of the built-in engine scores it
//! within a margin of equal, duplicates removed. No engine's book chooses them: the plies are
//! random among the moves that lose no material at once (static exchange), so a suite tests
//! the engines rather than their books.
//!
//! The output (stdout) is EPD-like, one position a line (`board side - -`), after `#` header
//! lines naming the command, so the suite can be made again. Reproducible: each candidate has its
//! own seed (from `--seed` and its number) and a fresh engine, and the search is depth-limited, so
//! the same command writes the same file whatever the thread count.

use std::collections::BTreeMap;
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use xiangqi::{Move, Position};
use xiangqi_engine::{Engine, Limits};

const USAGE: &str = "usage: xiangqi-openings [options] > suite.epd
  --count N        positions to keep (default 500)
  --seed S         seed (default 2026)
  --min-plies A    fewest plies of play (default 4)
  --max-plies B    most plies of play (default 10)
  --depth D        depth of the checking search (default 9)
  --margin CP      keep positions scored within this many centipawns of 0 (default 60)
  --threads T      candidates checked at once (default 2)";

/// Worth of each kind for the static exchange, by `PieceKind::index` (king, advisor, elephant,
/// horse, rook, cannon, pawn).
const SEE_VALUES: [i32; 7] = [10_000, 200, 200, 400, 900, 450, 100];

/// Checked candidates by number: the kept position line and its score, or none.
type Checked = BTreeMap<u64, Option<(String, i32)>>;

struct Config {
    count: usize,
    seed: u64,
    plies: (usize, usize),
    depth: u32,
    margin: i32,
    threads: usize,
}

fn parse() -> Result<Config, String> {
    let mut c = Config {
        count: 500,
        seed: 2026,
        plies: (4, 10),
        depth: 9,
        margin: 60,
        threads: 2,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let value = args
            .get(i + 1)
            .and_then(|v| v.parse::<u64>().ok())
            .ok_or_else(|| format!("{} needs a number", args[i]))?;
        match args[i].as_str() {
            "--count" => c.count = value as usize,
            "--seed" => c.seed = value,
            "--min-plies" => c.plies.0 = value as usize,
            "--max-plies" => c.plies.1 = value as usize,
            "--depth" => c.depth = value as u32,
            "--margin" => c.margin = value as i32,
            "--threads" => c.threads = (value as usize).clamp(1, 64),
            other => return Err(format!("unknown option {other}")),
        }
        i += 2;
    }
    if c.plies.0 > c.plies.1 {
        return Err("--min-plies exceeds --max-plies".into());
    }
    Ok(c)
}

/// Candidate `n`: its position after the varied plies, or `None` when play ran into a dead end.
fn candidate(cfg: &Config, n: u64) -> Option<Position> {
    let mut rng = StdRng::seed_from_u64(cfg.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ n);
    let plies = rng.random_range(cfg.plies.0..=cfg.plies.1);
    let mut pos = Position::startpos();
    for _ in 0..plies {
        let sound: Vec<Move> = pos
            .legal_moves()
            .iter()
            .copied()
            .filter(|&m| pos.see(m, &SEE_VALUES) >= 0)
            .collect();
        if sound.is_empty() {
            return None;
        }
        pos.make_move(sound[rng.random_range(0..sound.len())]);
    }
    Some(pos)
}

/// The engine's score of `pos` at the configured depth, side to move's view.
fn score(cfg: &Config, pos: &Position) -> Option<i32> {
    let mut engine = Engine::new();
    engine.set_own_book(false);
    let limits = Limits {
        depth: Some(cfg.depth),
        ..Limits::default()
    };
    let thought = engine.think(pos, &[], &limits, |_| {});
    thought.best.map(|_| thought.search.score)
}

fn main() -> ExitCode {
    let cfg = match parse() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("{e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    // Checked candidates by number: the kept position (or none).
    let results: Arc<Mutex<Checked>> = Arc::default();
    let next = AtomicUsize::new(0);
    // Enough when the first candidates in order hold `count` distinct kept positions.
    let done = |r: &Checked| {
        let mut seen = std::collections::HashSet::new();
        for (prefix, (&n, kept)) in (0u64..).zip(r) {
            if n != prefix {
                break;
            }
            if let Some((fen, _)) = kept {
                seen.insert(fen.clone());
            }
        }
        seen.len() >= cfg.count
    };
    std::thread::scope(|s| {
        for _ in 0..cfg.threads {
            s.spawn(|| {
                loop {
                    if done(&results.lock().expect("results")) {
                        return;
                    }
                    let n = next.fetch_add(1, Ordering::Relaxed) as u64;
                    let kept = candidate(&cfg, n).and_then(|pos| {
                        let sc = score(&cfg, &pos)?;
                        let fen = pos.to_fen();
                        let board: Vec<&str> = fen.split(' ').take(2).collect();
                        let line = format!("{} - -", board.join(" "));
                        (sc.abs() <= cfg.margin).then_some((line, sc))
                    });
                    let mut r = results.lock().expect("results");
                    r.insert(n, kept);
                    if n.is_multiple_of(50) {
                        let kept = r.values().filter(|k| k.is_some()).count();
                        eprintln!("{} checked, {kept} kept", r.len());
                    }
                }
            });
        }
    });
    let r = results.lock().expect("results");
    let args: Vec<String> = std::env::args().skip(1).collect();
    println!(
        "# Chuhan opening suite: xiangqi-openings {}",
        args.join(" ")
    );
    println!(
        "# {} plies of play among moves that lose no material at once, from seed {}; kept when the",
        format_args!("{}-{}", cfg.plies.0, cfg.plies.1),
        cfg.seed
    );
    println!(
        "# built-in engine (book off) scores the position within {} cp at depth {}; duplicates removed.",
        cfg.margin, cfg.depth
    );
    println!("# No engine's book chose these positions. One position a line: board side - -");
    let mut seen = std::collections::HashSet::new();
    let mut written = 0;
    for (fen, _) in r.values().flatten() {
        if written == cfg.count {
            break;
        }
        if seen.insert(fen.clone()) {
            println!("{fen}");
            written += 1;
        }
    }
    eprintln!("{written} positions from {} candidates", r.len());
    ExitCode::SUCCESS
}
