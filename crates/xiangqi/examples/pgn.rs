//! Reads PGN records, replays them and prints, per file: the number of moves, the moves in ICCS
//! on one line, the final FEN and the outcome with its reason.
//!
//! ```text
//! cargo run --release -p xiangqi --example pgn -- crates/xiangqi/tests/data/pgn/*.PGN
//! ```
use std::process::ExitCode;

use xiangqi::pgn;

fn main() -> ExitCode {
    let files: Vec<String> = std::env::args().skip(1).collect();
    if files.is_empty() {
        eprintln!("usage: pgn FILE...");
        return ExitCode::from(2);
    }
    let mut failed = false;
    for path in &files {
        println!("{path}");
        let bytes = match std::fs::read(path) {
            Ok(b) => b,
            Err(e) => {
                println!("  cannot read: {e}");
                failed = true;
                continue;
            }
        };
        let record = match pgn::read(&bytes) {
            Ok(r) => r,
            Err(e) => {
                println!("  error: {e}");
                failed = true;
                continue;
            }
        };
        let moves: Vec<String> = record.all_moves().iter().map(ToString::to_string).collect();
        println!("  moves: {}", moves.len());
        println!("  iccs: {}", moves.join(" "));
        println!("  final: {}", record.position().to_fen());
        match record.outcome() {
            Some(o) => println!("  outcome: {} {o} / {}", o.pgn_result(), o.chinese()),
            None => println!(
                "  outcome: not decided on the board (the record's Result tag says {})",
                record.tag("Result").unwrap_or("nothing")
            ),
        }
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
