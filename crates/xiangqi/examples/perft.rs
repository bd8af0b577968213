//! Perft: counts the legal move tree of a position.
//!
//! ```text
//! cargo run --release -p xiangqi --example perft -- --depth 5
//! cargo run --release -p xiangqi --example perft -- --fen "FEN" --depth 3 --divide
//! ```
use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use xiangqi::{Position, perft};

fn usage() -> ExitCode {
    eprintln!("usage: perft [--fen FEN] [--depth N] [--divide]");
    ExitCode::from(2)
}

fn main() -> ExitCode {
    let mut fen = Position::START_FEN.to_owned();
    let mut depth = 5;
    let mut divide = false;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--fen" => match args.next() {
                Some(f) => fen = f,
                None => return usage(),
            },
            "--depth" => match args.next().and_then(|d| d.parse().ok()) {
                Some(d) => depth = d,
                None => return usage(),
            },
            "--divide" => divide = true,
            _ => return usage(),
        }
    }
    let mut pos = match Position::from_fen(&fen) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("bad FEN: {e}");
            return ExitCode::from(2);
        }
    };
    // Writes stop quietly if the reader goes away (e.g. `| head`).
    let mut out = std::io::stdout().lock();
    let start = Instant::now();
    let nodes = if divide && depth > 0 {
        let mut total = 0;
        for &m in &pos.legal_moves() {
            let undo = pos.make_move(m);
            let n = perft(&mut pos, depth - 1);
            pos.unmake_move(m, undo);
            if writeln!(out, "{m}: {n}").is_err() {
                return ExitCode::SUCCESS;
            }
            total += n;
        }
        let _ = writeln!(out);
        total
    } else {
        perft(&mut pos, depth)
    };
    let secs = start.elapsed().as_secs_f64();
    let _ = writeln!(out, "Nodes searched: {nodes}");
    let _ = writeln!(out, "Time: {secs:.3} s");
    let _ = writeln!(out, "Nodes/s: {:.0}", nodes as f64 / secs.max(1e-9));
    ExitCode::SUCCESS
}
