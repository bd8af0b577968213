//! `xiangqi-puzzles`: makes the puzzle set (残局挑战) from the engine's own games, and checks a set.
//!
//! ```text
//! xiangqi-puzzles generate --seed 2026 --games 600 --out assets/puzzles/puzzles.tsv
//! xiangqi-puzzles check assets/puzzles/puzzles.tsv
//! ```
//!
//! `generate` plays games of the engine against itself (a few random opening moves from the
//! seed, then searches of a few thousand nodes, weak enough to blunder), and takes as candidates
//! the positions where the mover's search saw a mate in 7 or less, or a sudden material win.
//! Each candidate is then proven by the solvers of `xiangqi_engine::puzzle::solver` (not the
//! engine): a mate puzzle's length is the shortest forced mate and its key move the only one
//! that forces it; a win-material puzzle's key move is the only one that wins a piece. The file
//! gets the command, the seed and the figures in its header. `check` proves every puzzle again.

use std::collections::HashSet;
use std::process::ExitCode;
use std::sync::Mutex;
use std::time::Instant;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use xiangqi::{GameRecord, Move, Position};
use xiangqi_engine::puzzle::solver::{MateSolver, MaterialSolver};
use xiangqi_engine::puzzle::{
    self, Attempt, Goal, MATERIAL_DEPTH, MAX_MATE, OTHER_MARGIN, PROOF_BUDGET, Puzzle, Tier,
    Verdict, WIN_MARGIN,
};
use xiangqi_engine::{Engine, Limits, ScoreKind, score_kind};

const USAGE: &str = "usage:
  xiangqi-puzzles generate [--seed S] [--games N] [--threads T] --out FILE
  xiangqi-puzzles check FILE";

/// A position worth proving, found in a game.
struct Candidate {
    game: u64,
    ply: usize,
    pos: Position,
    mate: Option<u32>,
}

/// Plays game `g` and returns its candidates and the number of positions searched.
fn play(seed: u64, g: u64) -> (Vec<Candidate>, usize) {
    let mut rng = StdRng::seed_from_u64(seed.wrapping_mul(1_000_003).wrapping_add(g));
    let mut engine = Engine::with_seed(rng.random());
    engine.set_own_book(false);
    let mut record = GameRecord::default();
    for _ in 0..rng.random_range(4..10) {
        let moves = record.position().legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves
            .iter()
            .copied()
            .nth(rng.random_range(0..moves.len()))
            .expect("a move");
        if record.play(m).is_err() {
            break;
        }
    }
    let mut found = Vec::new();
    let mut scores: Vec<i32> = Vec::new();
    let mut examined = 0;
    while record.outcome().is_none() && record.len() < 300 {
        let limits = Limits {
            nodes: Some(rng.random_range(2_000..40_000)),
            ..Limits::default()
        };
        let thought = engine.think(record.start(), record.moves(), &limits, |_| {});
        let Some(best) = thought.best else { break };
        examined += 1;
        let score = thought.search.score;
        let pos = record.position().clone();
        match score_kind(score) {
            ScoreKind::Mate(k) if (1..=MAX_MATE as i32).contains(&k) => found.push(Candidate {
                game: g,
                ply: record.len(),
                pos,
                mate: Some(k as u32),
            }),
            ScoreKind::Cp(cp) => {
                // The mover's own score two plies ago: a jump means the other side blundered.
                let before = scores.len().checked_sub(2).map(|i| scores[i]);
                if cp >= WIN_MARGIN && before.is_some_and(|b| cp - b >= 250) {
                    found.push(Candidate {
                        game: g,
                        ply: record.len(),
                        pos,
                        mate: None,
                    });
                }
            }
            ScoreKind::Mate(_) => {}
        }
        scores.push(score);
        if record.play(best).is_err() {
            break;
        }
    }
    (found, examined)
}

/// The solution line: the key, then the computer's best defence and a winning move, as the game
/// would judge them, until solved.
fn solution(p: &Puzzle) -> Option<Vec<Move>> {
    if let Goal::Mate(n) = p.goal {
        // One solver for the whole line: its table serves every step.
        let mut s = MateSolver::new(4 * PROOF_BUDGET);
        let (mut pos, mut line) = (p.start.clone(), Vec::new());
        for left in (1..=n).rev() {
            let m = match line.is_empty() {
                true => p.key(),
                false => s.mating_move(&pos, left).ok()??,
            };
            line.push(m);
            pos = pos.after(m).ok()?;
            if !pos.has_legal_move() {
                return Some(line);
            }
            let reply = s.best_defence(&pos, left - 1).ok()??;
            line.push(reply);
            pos = pos.after(reply).ok()?;
        }
        return None;
    }
    let mut attempt = Attempt::new(p.clone());
    let mut line = Vec::new();
    let mut m = p.key();
    for _ in 0..=MAX_MATE + 2 {
        line.push(m);
        match attempt.judge(m).ok()? {
            Verdict::Solved => return Some(line),
            Verdict::Refused => return None,
            Verdict::Accepted(reply) => {
                line.push(reply);
                attempt.advance(m, Some(reply));
                m = attempt.hint().ok()??;
            }
        }
    }
    None
}

/// Proves a candidate: the puzzle it makes, if any.
fn prove(c: &Candidate) -> Option<Puzzle> {
    let goal = match c.mate {
        Some(_) => {
            let mut s = MateSolver::new(PROOF_BUDGET);
            let n = s.distance(&c.pos, MAX_MATE).ok()??;
            let keys = s.mating_moves(&c.pos, n).ok()?;
            if keys.len() != 1 {
                return None;
            }
            (Goal::Mate(n), keys[0])
        }
        None => {
            let mut s = MaterialSolver::new(PROOF_BUDGET);
            let mut winners = Vec::new();
            for m in c.pos.legal_moves().iter().copied() {
                if s.gain_of(&c.pos, m, MATERIAL_DEPTH, OTHER_MARGIN).ok()? >= OTHER_MARGIN {
                    winners.push(m);
                }
            }
            let [key] = winners[..] else { return None };
            let gain = [900, 400, WIN_MARGIN].into_iter().find(|&g| {
                s.gain_of(&c.pos, key, MATERIAL_DEPTH, g)
                    .is_ok_and(|v| v >= g)
            })?;
            (Goal::Material(gain), key)
        }
    };
    let mut p = Puzzle {
        id: 0,
        tier: Tier::of(goal.0),
        goal: goal.0,
        start: c.pos.clone(),
        line: vec![goal.1],
    };
    puzzle::prove(&p).ok()?;
    p.line = solution(&p)?;
    Some(p)
}

fn generate(seed: u64, games: u64, threads: u64, out: &str) -> Result<(), String> {
    let started = Instant::now();
    let next = Mutex::new(0u64);
    let results = Mutex::new((Vec::new(), 0usize, 0usize, 0usize));
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| {
                loop {
                    let g = {
                        let mut n = next.lock().expect("the counter");
                        *n += 1;
                        *n - 1
                    };
                    if g >= games {
                        break;
                    }
                    let (candidates, examined) = play(seed, g);
                    // One puzzle per game and tier is kept: a tier found is not searched again.
                    let mut proven = Vec::new();
                    let mut tiers = HashSet::new();
                    for c in &candidates {
                        let tier = Tier::of(c.mate.map_or(Goal::Material(WIN_MARGIN), Goal::Mate));
                        if tiers.contains(&tier) {
                            continue;
                        }
                        if let Some(p) = prove(c) {
                            tiers.insert(p.tier);
                            proven.push((c.game, c.ply, p));
                        }
                    }
                    let mut r = results.lock().expect("the results");
                    r.0.extend(proven);
                    r.1 += examined;
                    r.2 += candidates.iter().filter(|c| c.mate.is_some()).count();
                    r.3 += candidates.iter().filter(|c| c.mate.is_none()).count();
                    eprint!("\rgame {g}: {} puzzles so far", r.0.len());
                }
            });
        }
    });
    let (mut found, examined, mate_candidates, material_candidates) =
        results.into_inner().map_err(|e| e.to_string())?;
    eprintln!();
    found.sort_by_key(|(g, ply, p)| (p.tier, *g, *ply));
    let proven = found.len();
    // One puzzle per game and tier (the end of one game gives a mate in 1, 2, 3... that are
    // all alike), and never the same position twice.
    let mut seen = HashSet::new();
    let mut per_game = HashSet::new();
    let mut puzzles: Vec<Puzzle> = found
        .into_iter()
        .filter(|(g, _, p)| per_game.insert((*g, p.tier)) && seen.insert(p.start.key()))
        .map(|(_, _, p)| p)
        .collect();
    for (i, p) in puzzles.iter_mut().enumerate() {
        p.id = i as u32 + 1;
    }
    let secs = started.elapsed().as_secs_f64();
    let mut text = String::new();
    text.push_str("# Chuhan puzzle set (残局挑战). Made by:\n");
    text.push_str(&format!(
        "#   cargo run --release -p xiangqi-tools --bin xiangqi-puzzles -- generate --seed {seed} --games {games} --threads {threads} --out {out}\n"
    ));
    text.push_str(&format!(
        "# Figures: {games} self-play games, {examined} positions examined, {mate_candidates} mate and {material_candidates} material candidates, {proven} proven (one per game and tier), {} kept, {secs:.0} s.\n",
        puzzles.len()
    ));
    for tier in Tier::ALL {
        let of_tier: Vec<&Puzzle> = puzzles.iter().filter(|p| p.tier == tier).collect();
        let mut kinds = std::collections::BTreeMap::new();
        for p in &of_tier {
            let k = match p.goal {
                Goal::Mate(n) => format!("mate {n}"),
                Goal::Material(_) => "material".to_owned(),
            };
            *kinds.entry(k).or_insert(0) += 1;
        }
        text.push_str(&format!(
            "# Tier {} {}: {} puzzles {kinds:?}\n",
            tier as u32,
            tier.chinese(),
            of_tier.len()
        ));
    }
    text.push_str("# Fields (tab-separated): id, tier, goal, FEN, solution line in ICCS.\n");
    for p in &puzzles {
        text.push_str(&p.to_line());
        text.push('\n');
    }
    let tmp = format!("{out}.tmp");
    std::fs::write(&tmp, &text).map_err(|e| format!("{tmp}: {e}"))?;
    std::fs::rename(&tmp, out).map_err(|e| format!("{out}: {e}"))?;
    eprint!("{}", text.lines().take(8).collect::<Vec<_>>().join("\n"));
    eprintln!();
    Ok(())
}

fn check(path: &str) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let puzzles = puzzle::parse(&text).map_err(|e| format!("{path}: {e}"))?;
    let started = Instant::now();
    let mut failed = 0;
    for p in &puzzles {
        if let Err(e) = puzzle::prove(p) {
            failed += 1;
            println!("puzzle {}: {e}", p.id);
        }
    }
    println!(
        "{} puzzles, {failed} failed, {:.1} s",
        puzzles.len(),
        started.elapsed().as_secs_f64()
    );
    if failed == 0 {
        Ok(())
    } else {
        Err(format!("{failed} puzzles failed"))
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let number = |name: &str, default: u64| -> Result<u64, String> {
        value(name).map_or(Ok(default), |v| {
            v.parse().map_err(|_| format!("{name}: not a number: {v}"))
        })
    };
    let result = match args.first().map(String::as_str) {
        Some("generate") => (|| {
            let out = value("--out").ok_or("--out FILE is required")?;
            generate(
                number("--seed", 2026)?,
                number("--games", 600)?,
                number("--threads", 2)?,
                &out,
            )
        })(),
        Some("check") => match args.get(1) {
            Some(path) => check(path),
            None => Err(USAGE.to_owned()),
        },
        _ => Err(USAGE.to_owned()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xiangqi-puzzles: {e}");
            ExitCode::FAILURE
        }
    }
}
