//! The UCI/UCCI loop fed random lines built from its own words and hostile values (numbers at the
//! ends of their types, damaged FENs, illegal and unknown moves): it never panics, in the loop or
//! in a search thread (a panic hook counts them), and still plays a legal move after. `FUZZ_CASES`
//! sets the number of lines (default 400; the README's long run uses 20,000 with `--ignored`).

use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use xiangqi_engine::uci::Session;

static PANICS: AtomicUsize = AtomicUsize::new(0);

/// What the session writes, kept for the checks.
#[derive(Clone, Default)]
struct Sink(Arc<Mutex<Vec<u8>>>);

impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

const WORDS: [&str; 30] = [
    "uci",
    "ucci",
    "isready",
    "ucinewgame",
    "position",
    "startpos",
    "fen",
    "moves",
    "go",
    "depth",
    "nodes",
    "movetime",
    "mate",
    "wtime",
    "btime",
    "winc",
    "binc",
    "time",
    "increment",
    "movestogo",
    "infinite",
    "searchmoves",
    "setoption",
    "name",
    "value",
    "Hash",
    "Threads",
    "MultiPV",
    "stop",
    "banmoves",
];

const COMMANDS: [&str; 7] = [
    "go",
    "go",
    "position",
    "setoption",
    "banmoves",
    "isready",
    "ucinewgame",
];

const VALUES: [&str; 16] = [
    "18446744073709551615",
    "18446744073709551616",
    "4294967295",
    "-2147483648",
    "-1",
    "0",
    "1",
    "3",
    "1e308",
    "NaN",
    "h2e2",
    "a0a9",
    "zz99",
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR",
    "w",
    "b",
];

fn cases() -> usize {
    std::env::var("FUZZ_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(400)
}

fn fuzz(lines: usize) {
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        PANICS.fetch_add(1, Ordering::SeqCst);
        hook(info);
    }));
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let sink = Sink::default();
    let mut session = Session::new(sink.clone());
    session.handle("setoption name OwnBook value false");
    for _ in 0..lines {
        // Mostly a command the loop knows, then its words and values in any order.
        let mut line = Vec::new();
        if next() % 4 != 0 {
            line.push(COMMANDS[(next() % COMMANDS.len() as u64) as usize]);
        }
        for _ in 0..1 + next() % 8 {
            let word = if next() % 2 == 0 {
                WORDS[(next() % WORDS.len() as u64) as usize]
            } else {
                VALUES[(next() % VALUES.len() as u64) as usize]
            };
            line.push(word);
        }
        // No perft: it is a slow debugging command by design, not an input to survive.
        if line.contains(&"quit") || line.windows(2).any(|w| w == ["go", "perft"]) {
            continue;
        }
        let line = line.join(" ");
        session.handle(&line);
        if line.starts_with("go") {
            session.handle("stop");
        }
    }
    session.handle("position startpos");
    session.handle("go depth 2");
    session.finish();
    let out = String::from_utf8_lossy(&sink.0.lock().unwrap()).into_owned();
    let best = out
        .lines()
        .rev()
        .find_map(|l| l.strip_prefix("bestmove "))
        .expect("a bestmove at the end");
    let m = best.split_whitespace().next().unwrap();
    assert!(
        xiangqi::Position::startpos().is_legal(m.parse().unwrap()),
        "{m}"
    );
    assert_eq!(
        PANICS.load(Ordering::SeqCst),
        0,
        "panics in the loop or its searches"
    );
}

#[test]
fn random_hostile_lines_never_panic_the_loop() {
    fuzz(cases());
}

#[test]
#[ignore = "long: 20,000 random lines"]
fn random_hostile_lines_never_panic_the_loop_long_run() {
    fuzz(20_000);
}
