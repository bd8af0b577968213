//! `xiangqi-engine`: the UCI/UCCI engine binary. `xiangqi-engine bench [depth]` prints the bench
//! signature and speed instead. The training pipeline is `xiangqi-train`, in `xiangqi-tools`.

use std::io::Write;
use std::process::ExitCode;

const USAGE: &str = "usage: xiangqi-engine          speak UCI or UCCI on stdin/stdout
       xiangqi-engine bench [depth] [threads] [hce|nnue|FILE]   search the bench positions (FILE: a network file)";

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
            let threads = match args.get(2).map(|t| t.parse::<usize>()) {
                None => 1,
                Some(Ok(t)) if (1..=1024).contains(&t) => t,
                Some(_) => {
                    eprintln!("bench threads must be 1-1024");
                    return ExitCode::from(2);
                }
            };
            let network = match args.get(3).map(String::as_str) {
                None | Some("hce") => None,
                Some("nnue") => Some(xiangqi_engine::nnue::Network::embedded()),
                Some(path) => match std::fs::read(path)
                    .map_err(|e| e.to_string())
                    .and_then(|b| {
                        xiangqi_engine::nnue::Network::from_bytes(&b).map_err(|e| e.to_string())
                    }) {
                    Ok(net) => Some(std::sync::Arc::new(net)),
                    Err(e) => {
                        eprintln!(
                            "bench evaluation must be hce, nnue or a network file: {path}: {e}"
                        );
                        return ExitCode::from(2);
                    }
                },
            };
            let mut out = std::io::stdout().lock();
            let r = xiangqi_engine::bench::run_with(depth, threads, network, |fen, nodes, best| {
                let _ = writeln!(out, "{nodes:>10}  {best:<6} {fen}");
            });
            let _ = writeln!(out, "===========================");
            let _ = writeln!(out, "Total time (ms) : {}", r.time.as_millis());
            let _ = writeln!(out, "Nodes searched  : {}", r.nodes);
            let _ = writeln!(out, "Nodes/second    : {}", r.nps());
            ExitCode::SUCCESS
        }
        Some("-h" | "--help" | "help") => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        Some(other) => {
            eprintln!("unknown argument {other:?}; try --help");
            ExitCode::from(2)
        }
    }
}
