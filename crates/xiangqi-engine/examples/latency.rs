//! Measures how fast the engine answers `stop` and how closely it keeps to `go movetime`:
//! `cargo run --release -p xiangqi-engine --example latency [path/to/xiangqi-engine]`.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc::channel;
use std::time::{Duration, Instant};

fn main() {
    let exe = std::env::args().nth(1).unwrap_or_else(|| {
        let me = std::env::current_exe().expect("own path");
        let dir = me.parent().and_then(|d| d.parent()).expect("target dir");
        dir.join("xiangqi-engine").display().to_string()
    });
    let mut child = Command::new(&exe)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {exe}: {e}"));
    let mut stdin = child.stdin.take().expect("stdin");
    let stdout = child.stdout.take().expect("stdout");
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            let _ = tx.send((Instant::now(), line));
        }
    });
    let mut send = |s: &str| {
        writeln!(stdin, "{s}").expect("write");
        stdin.flush().expect("flush");
    };
    let wait = |prefix: &str| loop {
        let (t, l) = rx
            .recv_timeout(Duration::from_secs(60))
            .expect("engine answers");
        if l.starts_with(prefix) {
            return t;
        }
    };
    send("uci");
    wait("uciok");
    send("setoption name OwnBook value false");
    let positions = [
        "position startpos",
        "position startpos moves h2e2 h9g7 h0g2 i9h9",
        "position fen 1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
    ];
    let mut stops = Vec::new();
    for i in 0..30 {
        send(positions[i % positions.len()]);
        send("go infinite");
        std::thread::sleep(Duration::from_millis(50 + 37 * (i as u64 % 7)));
        let t = Instant::now();
        send("stop");
        let answered = wait("bestmove");
        stops.push(answered.duration_since(t));
    }
    let mut overs = Vec::new();
    for (i, ms) in [50u64, 100, 200, 500, 1000]
        .iter()
        .cycle()
        .take(15)
        .enumerate()
    {
        send(positions[i % positions.len()]);
        let t = Instant::now();
        send(&format!("go movetime {ms}"));
        let answered = wait("bestmove");
        overs.push(answered.duration_since(t).as_secs_f64() * 1000.0 - *ms as f64);
    }
    send("quit");
    let _ = child.wait();
    stops.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "stop -> bestmove over {} searches: median {:.2} ms, max {:.2} ms",
        stops.len(),
        ms(stops[stops.len() / 2]),
        ms(stops[stops.len() - 1])
    );
    overs.sort_by(f64::total_cmp);
    println!(
        "go movetime: answered {:+.1} ms (earliest) to {:+.1} ms (latest) from the allotted time",
        overs[0],
        overs[overs.len() - 1]
    );
}
