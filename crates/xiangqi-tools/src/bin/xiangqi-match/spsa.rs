//! `xiangqi-match --spsa`: the search parameters tuned by self-play.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use xiangqi::{Move, Position};
use xiangqi_engine::Book;
use xiangqi_tools::tune::spsa::Spsa;

use crate::config::Config;
use crate::engine::Engine;
use crate::game::{Ending, opening, play_game, read_openings};

/// `--spsa`: engine 1 against itself with perturbed search parameters, a pair of games an
/// iteration, `concurrency` iterations at once (each starts from the values of the moment, as
/// fishtest's workers do); the state is saved after every iteration.
pub fn spsa(cfg: &Config) -> Result<(), String> {
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
