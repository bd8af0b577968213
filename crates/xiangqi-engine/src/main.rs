//! `xiangqi-engine`: the UCI/UCCI engine binary. `xiangqi-engine bench [depth]` prints the bench
//! signature and speed instead.

use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        None => {
            let stdin = std::io::stdin();
            xiangqi_engine::uci::run(stdin.lock(), std::io::stdout());
            ExitCode::SUCCESS
        }
        Some("bench") => {
            let depth = match args.get(1).map(|d| d.parse::<u32>()) {
                None => xiangqi_engine::bench::DEPTH,
                Some(Ok(d)) if (1..=30).contains(&d) => d,
                Some(_) => {
                    eprintln!("bench depth must be 1-30");
                    return ExitCode::from(2);
                }
            };
            let mut out = std::io::stdout().lock();
            let r = xiangqi_engine::bench::run(depth, |fen, nodes, best| {
                let _ = writeln!(out, "{nodes:>10}  {best:<6} {fen}");
            });
            let _ = writeln!(out, "===========================");
            let _ = writeln!(out, "Total time (ms) : {}", r.time.as_millis());
            let _ = writeln!(out, "Nodes searched  : {}", r.nodes);
            let _ = writeln!(out, "Nodes/second    : {}", r.nps());
            ExitCode::SUCCESS
        }
        Some("-h" | "--help" | "help") => {
            println!("usage: xiangqi-engine          speak UCI or UCCI on stdin/stdout");
            println!("       xiangqi-engine bench [depth]   search the bench positions");
            ExitCode::SUCCESS
        }
        Some(other) => {
            eprintln!("unknown argument {other:?}; try --help");
            ExitCode::from(2)
        }
    }
}
