//! `xiangqi-match`: plays two UCI engines (or two settings of one) against each other over varied
//! openings with colours swapped, adjudicating with the rules library, and prints W/D/L and the
//! Elo difference with its 95% error margin.
//!
//! ```text
//! xiangqi-match --games 200 --concurrency 2 --movetime 100 \
//!     --engine1 target/release/xiangqi-engine --opt1 Level=amateur \
//!     --engine2 target/release/xiangqi-engine --opt2 Level=beginner
//! ```

mod config;
mod engine;
mod game;
mod report;
mod schedule;
mod spsa;

use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use xiangqi::notation::Notation;
use xiangqi::{Move, Position};
use xiangqi_engine::Book;
use xiangqi_tools::sprt::Verdict;

use crate::config::parse_args;
use crate::engine::Engine;
use crate::game::{Ending, GameResult, log_line, opening, play_game, read_openings};
use crate::report::{elo, pentanomial, repetition_rulings, tally};
use crate::schedule::Schedule;

const USAGE: &str = "usage: xiangqi-match [options]
  --engine1 CMD / --engine2 CMD   engine commands (default: the xiangqi-engine beside this binary)
  --opt1 NAME=VALUE / --opt2 ...   UCI options for engine 1 / 2 (repeatable)
  --ucci1 / --ucci2                engine 1 / 2 speaks UCCI (ElephantEye and friends), not UCI
  --name1 N / --name2 N            names in the report
  --games N                        games (rounded up to an even number; default 100)
  --concurrency N                  games at once (default 1)
  --time-limit SECONDS             start no new pair of games after this long; the pairs under
                                   way finish and the report covers the games played
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
  --log FILE                       append a line per move to FILE as each game ends (tab-separated:
                                   game, ply, engine, FEN, ms used, ms left, the last `info depth`
                                   line, each depth as depth:nodes:ms, the `info string` lines)
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

/// Appends a game's moves to the log at `path` (one write of whole lines, under the results'
/// lock, so that games played at once do not interleave); a failure is said and the match goes on.
fn append_log(path: &str, r: &GameResult, names: &[String; 2]) {
    use std::io::Write;
    let text: String = r
        .log
        .iter()
        .map(|m| log_line(r.index, names, m) + "\n")
        .collect();
    let written = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .and_then(|mut f| f.write_all(text.as_bytes()));
    if let Err(e) = written {
        eprintln!("--log {path}: {e}");
    }
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
        return match spsa::spsa(&cfg) {
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
    let results = Arc::new(Mutex::new(Vec::<GameResult>::new()));
    let started = Instant::now();
    let schedule = Schedule::new(
        cfg.games,
        cfg.time_limit_s.map(|s| started + Duration::from_secs(s)),
    );
    std::thread::scope(|s| {
        for _ in 0..cfg.concurrency {
            let (cfg, schedule, results, openings) = (&cfg, &schedule, &results, &openings);
            s.spawn(move || {
                let mut engines: [Option<Engine>; 2] = [None, None];
                while let Some(i) = schedule.claim() {
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
                    if let Some(path) = &cfg.log {
                        append_log(path, &r, &cfg.names);
                    }
                    all.push(r);
                    let (w, d, l) = tally(&all);
                    let sprt = cfg.sprt.map(|sprt| (sprt, pentanomial(&all)));
                    if all.len() % 10 == 0 {
                        // Under an SPRT the running LLR too, so a run can be read as it goes.
                        let llr = sprt.map_or(String::new(), |(sprt, pairs)| {
                            let (lo, hi) = sprt.bounds();
                            format!(", LLR {:.2} ({lo:.2}, {hi:.2})", sprt.llr(&pairs))
                        });
                        println!("  after {} games: +{w} ={d} -{l}{llr}", all.len());
                    }
                    if let Some((sprt, pairs)) = sprt
                        && sprt.verdict(&pairs) != Verdict::Continue
                    {
                        // Decided: start no new game; those under way finish.
                        schedule.stop();
                    }
                }
            });
        }
    });
    let mut all = std::mem::take(&mut *results.lock().unwrap_or_else(|e| e.into_inner()));
    all.sort_by_key(|r| r.index);
    if all.is_empty() {
        println!("no game was played (--time-limit passed before the first)");
        return ExitCode::SUCCESS;
    }
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
    if matches!(cfg.control, config::Control::Clock { .. }) {
        for (e, name) in cfg.names.iter().enumerate() {
            let u = all
                .iter()
                .map(|r| r.clock_use[e])
                .fold(game::ClockUse::default(), game::ClockUse::merge);
            println!(
                "clock of {name}: {} moves, {} ms a move on average, least left after a move {} ms \
                 (before the increment), {} moves left it under {} ms",
                u.moves,
                u.used_ms / u.moves.max(1) as u64,
                u.least_left_ms.map_or("-".into(), |l| l.to_string()),
                u.under_low,
                game::LOW_CLOCK_MS
            );
        }
    }
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
