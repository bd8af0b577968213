//! Training data from self-play: `xiangqi-train datagen`.
//!
//! Games start from a few random book plies, or from a position of an opening suite
//! (`--openings FILE`, one picked at random a game), and some random legal moves (two unless
//! asked), then the engine plays both sides at a fixed node budget. Every position where the side to move is not in check and
//! the searched best move is not a capture (a quiet position, so the static evaluation can
//! speak for it), after the opening plies, is written with the search score and, once the game
//! is over, its result.
//!
//! A file named `*.bin` gets the 36-byte binary records of [`crate::nnue::data`]; any other
//! gets one position a line, as NNUE trainers (bullet's text format) read it:
//!
//! ```text
//! <FEN> | <score in centipawns, Red's view> | <result for Red: 1.0, 0.5 or 0.0>
//! ```
//!
//! The searches use the hand-crafted evaluation, or a network (`--eval nnue` for the embedded
//! one, `--eval FILE` for another).
//!
//! Game `i` depends only on the seed, the evaluation and `i`, and games are appended whole, with the count of
//! finished games kept in `<out>.done`: a run that is stopped resumes where it left off.

use std::fs::OpenOptions;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use xiangqi::{Color, GameRecord, Outcome, Position};

use crate::nnue::data::Record;
use xiangqi_engine::Book;
use xiangqi_engine::nnue::Network;
use xiangqi_engine::search::{Limits, MATE_BOUND, SearchOptions, Searcher};

/// What `datagen` is asked to do.
#[derive(Clone, Debug)]
pub struct DatagenConfig {
    /// Output file (appended to).
    pub out: PathBuf,
    /// Games to have in the file when done.
    pub games: usize,
    /// Node budget per move.
    pub nodes: u64,
    /// Threads (games at once).
    pub threads: usize,
    /// Seed of the openings.
    pub seed: u64,
    /// The network the searches evaluate with; `None`: the hand-crafted evaluation.
    pub network: Option<Arc<Network>>,
    /// Random legal moves played after the book plies ([`DEFAULT_RANDOM_PLIES`] by default):
    /// more of them, fewer games that repeat one another.
    pub random_plies: usize,
    /// Positions to start from instead of the book's plies (one picked at random a game);
    /// empty: the book.
    pub openings: Vec<Position>,
}

/// Book plies played before the random moves, and the plies never written.
const BOOK_PLIES: usize = 6;
/// Random plies after the book when none are asked for.
pub const DEFAULT_RANDOM_PLIES: usize = 2;
const MAX_PLIES: usize = 400;
/// Adjudicate a win after this many plies in a row scored beyond [`ADJUDICATE_SCORE`].
const ADJUDICATE_PLIES: usize = 6;
const ADJUDICATE_SCORE: i32 = 1500;

fn done_path(out: &Path) -> PathBuf {
    let mut p = out.as_os_str().to_owned();
    p.push(".done");
    PathBuf::from(p)
}

/// Runs the generation; prints a progress line per finished game on standard error.
pub fn run(cfg: &DatagenConfig) -> std::io::Result<()> {
    let done_file = done_path(&cfg.out);
    let already: usize = std::fs::read_to_string(&done_file)
        .ok()
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or(0);
    if already >= cfg.games {
        eprintln!("{} games already in {}", already, cfg.out.display());
        return Ok(());
    }
    let out = OpenOptions::new()
        .create(true)
        .append(true)
        .open(&cfg.out)?;
    // Games finish out of order; `done` counts the prefix of finished games, written once all
    // games before it are in the file.
    struct Shared {
        out: std::fs::File,
        finished: Vec<Option<Vec<u8>>>,
        written: usize,
    }
    let shared = Arc::new(Mutex::new(Shared {
        out,
        finished: vec![None; cfg.games - already],
        written: 0,
    }));
    let next = AtomicUsize::new(already);
    let positions = AtomicU64::new(0);
    let started = Instant::now();
    let book = Book::builtin();
    let error: Mutex<Option<std::io::Error>> = Mutex::new(None);
    std::thread::scope(|s| {
        for _ in 0..cfg.threads.max(1) {
            s.spawn(|| {
                let mut searcher = Searcher::new(16);
                searcher.set_network(cfg.network.clone());
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= cfg.games || error.lock().is_ok_and(|e| e.is_some()) {
                        break;
                    }
                    let (bytes, count) = play_game(&mut searcher, &book, cfg, i);
                    positions.fetch_add(count as u64, Ordering::Relaxed);
                    let mut sh = shared.lock().unwrap_or_else(|e| e.into_inner());
                    sh.finished[i - already] = Some(bytes);
                    // Append every game that completes the finished prefix.
                    while let Some(Some(t)) = sh.finished.get(sh.written).cloned() {
                        let idx = sh.written;
                        if let Err(e) = sh.out.write_all(&t).and_then(|()| sh.out.flush()) {
                            *error.lock().unwrap_or_else(|e| e.into_inner()) = Some(e);
                            return;
                        }
                        sh.finished[idx] = None;
                        sh.written += 1;
                        let total = already + sh.written;
                        let tmp = done_file.with_extension("done.tmp");
                        let res = std::fs::write(&tmp, format!("{total}\n"))
                            .and_then(|()| std::fs::rename(&tmp, &done_file));
                        if let Err(e) = res {
                            *error.lock().unwrap_or_else(|e| e.into_inner()) = Some(e);
                            return;
                        }
                    }
                    let done = already + sh.written;
                    let secs = started.elapsed().as_secs_f64();
                    let n = positions.load(Ordering::Relaxed);
                    eprint!(
                        "\rgames {done}/{}  positions {n}  {:.0} positions/s  {:.0} s   ",
                        cfg.games,
                        n as f64 / secs.max(1e-3),
                        secs
                    );
                }
            });
        }
    });
    eprintln!();
    match error.into_inner().unwrap_or_else(|e| e.into_inner()) {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// Plays game `index`; returns its positions as the output file holds them (text lines or
/// binary records) and how many they are.
fn play_game(
    searcher: &mut Searcher,
    book: &Book,
    cfg: &DatagenConfig,
    index: usize,
) -> (Vec<u8>, usize) {
    let mut record = opening(book, cfg, index);
    searcher.clear();
    let limits = Limits {
        nodes: Some(cfg.nodes),
        ..Limits::default()
    };
    let options = SearchOptions {
        multipv: 1,
        noise: 0,
        seed: 0,
        threads: 1,
    };
    let mut kept: Vec<(Position, i32)> = Vec::new();
    let mut streak = (0usize, 0i32);
    let result = loop {
        if let Some(o) = record.outcome() {
            break result_for_red(o);
        }
        if record.len() >= MAX_PLIES {
            break 0.5;
        }
        let pos = record.position().clone();
        let r = searcher.search(record.start(), record.moves(), &limits, &options, |_| {});
        let Some(best) = r.best else { break 0.5 };
        let red_score = if pos.side_to_move() == Color::Red {
            r.score
        } else {
            -r.score
        };
        if !pos.is_check() && pos.piece_at(best.to()).is_none() && r.score.abs() < MATE_BOUND {
            kept.push((pos.clone(), red_score));
        }
        let sign = red_score.signum();
        if red_score.abs() >= ADJUDICATE_SCORE && sign == streak.1 {
            streak.0 += 1;
        } else {
            streak = (usize::from(red_score.abs() >= ADJUDICATE_SCORE), sign);
        }
        if streak.0 >= ADJUDICATE_PLIES {
            break if streak.1 > 0 { 1.0 } else { 0.0 };
        }
        if record.play(best).is_err() {
            break 0.5;
        }
    };
    let mut bytes = Vec::new();
    let binary = crate::nnue::data::is_binary(&cfg.out);
    for (pos, score) in &kept {
        if binary {
            // A record is refused only past 32 pieces, which no game reaches.
            if let Ok(r) = Record::new(pos, *score, (result * 2.0) as u8) {
                bytes.extend_from_slice(&r.to_bytes());
            }
        } else {
            bytes.extend_from_slice(
                format!("{} | {score} | {result:.1}\n", pos.to_fen()).as_bytes(),
            );
        }
    }
    (bytes, kept.len())
}

/// Game `index`'s opening: a position of `cfg.openings` picked at random, or else book plies
/// while the book knows the position; then `cfg.random_plies` random legal moves.
fn opening(book: &Book, cfg: &DatagenConfig, index: usize) -> GameRecord {
    let mut rng =
        StdRng::seed_from_u64(cfg.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ index as u64);
    if !cfg.openings.is_empty() {
        let start = cfg.openings[rng.random_range(0..cfg.openings.len())].clone();
        let mut record = GameRecord::new(start);
        random_plies(&mut record, cfg.random_plies, &mut rng);
        return record;
    }
    let mut record = GameRecord::new(Position::startpos());
    for _ in 0..BOOK_PLIES {
        let Some(m) = book.pick(record.position(), &mut rng) else {
            break;
        };
        let _ = record.play(m);
    }
    random_plies(&mut record, cfg.random_plies, &mut rng);
    record
}

/// Plays `plies` random legal moves (fewer if the game ends).
fn random_plies(record: &mut GameRecord, plies: usize, rng: &mut StdRng) {
    for _ in 0..plies {
        let legal = record.position().legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[rng.random_range(0..legal.len())];
        let _ = record.play(m);
    }
}

fn result_for_red(o: Outcome) -> f64 {
    match o.winner() {
        Some(Color::Red) => 1.0,
        Some(Color::Black) => 0.0,
        None => 0.5,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(random_plies: usize) -> DatagenConfig {
        DatagenConfig {
            out: PathBuf::from("unused.bin"),
            games: 1,
            nodes: 1,
            threads: 1,
            seed: 3,
            network: None,
            random_plies,
            openings: Vec::new(),
        }
    }

    #[test]
    fn openings_play_the_random_plies_asked_for() {
        let book = Book::builtin();
        for plies in [0, 2, 8] {
            for index in 0..20 {
                let o = opening(&book, &config(plies), index);
                assert_eq!(
                    o.len(),
                    BOOK_PLIES + plies,
                    "game {index}, {plies} random plies"
                );
                // The same game of the same seed opens the same way.
                assert_eq!(o.moves(), opening(&book, &config(plies), index).moves());
            }
        }
        // More random plies, fewer openings shared by several games.
        let distinct = |plies| {
            (0..200)
                .map(|i| opening(&book, &config(plies), i).position().key())
                .collect::<std::collections::HashSet<_>>()
                .len()
        };
        let (few, many) = (distinct(0), distinct(6));
        assert!(
            many > few,
            "distinct openings: {few} with none, {many} with six"
        );
        assert_eq!(many, 200);
    }

    #[test]
    fn games_start_from_the_suite_s_positions_when_given_one() {
        let book = Book::builtin();
        let suite: Vec<Position> = [
            "rnbakab1r/9/7cn/2p1p1p1p/p8/9/PcP1P1P1P/2C3NC1/4A4/RNB1KAB1R b - - 0 1",
            "r1bakab1r/9/n5nc1/p1p1p3p/6p2/9/P1PcP1P1P/6C1N/7C1/RNBAKAB1R w - - 0 1",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        ]
        .iter()
        .map(|f| Position::from_fen(f).expect("a legal position"))
        .collect();
        let cfg = DatagenConfig {
            openings: suite.clone(),
            ..config(2)
        };
        let mut starts = std::collections::HashSet::new();
        let mut games = std::collections::HashSet::new();
        for index in 0..60 {
            let o = opening(&book, &cfg, index);
            // The suite's position, then the random plies: no book move.
            let start = suite
                .iter()
                .position(|p| p.key() == o.start().key())
                .unwrap_or_else(|| panic!("game {index} starts outside the suite"));
            starts.insert(start);
            assert_eq!(o.len(), 2, "game {index}");
            assert_eq!(o.moves(), opening(&book, &cfg, index).moves());
            games.insert(o.position().key());
        }
        // Every position of the suite is used, and the random plies part the games.
        assert_eq!(starts.len(), suite.len());
        assert!(games.len() > 50, "{} distinct games of 60", games.len());
    }
}
