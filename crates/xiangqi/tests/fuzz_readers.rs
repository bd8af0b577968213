//! Every reader fed damaged versions of hostile records: nested as deep as allowed, comments and
//! tags full of each format's syntax, numbers at the ends of their types. Bytes changed,
//! inserted, removed and cut, and tokens of the formats spliced in, from a fixed seed: no reader
//! panics (a panic fails the test). `FUZZ_CASES` sets the cases per seed input (default 300;
//! the README's long run uses 20,000 with `--ignored`).

mod common;

use xiangqi::notation::Notation;
use xiangqi::{GameRecord, Position, cbr, dhtml, pgn, xqf};

/// Pieces of the formats' syntax and edge numbers, spliced into the inputs.
const TOKENS: [&str; 16] = [
    "(",
    ")",
    "{",
    "}",
    "||",
    "[DhtmlXQ_move_0_1_1]",
    "[/DhtmlXQ_comment1]",
    "18446744073709551615",
    "4294967295",
    "-2147483648",
    "[FEN \"",
    "\\\"",
    "variations: [(ply: 99999999999, moves: [",
    "\u{FEFF}",
    "炮二平五",
    "\r\n",
];

/// The hostile seed records: every line nested as deep as the readers accept, with comments and
/// tags full of syntax.
fn seeds() -> Vec<GameRecord> {
    let levels = xiangqi::MAX_VARIATION_NESTING;
    let mut deep = pgn::read_str(&common::nested_pgn(levels)).unwrap();
    for level in 0..levels {
        assert!(deep.enter_variation(1 + level, 1));
        deep.set_comment(
            deep.ply(),
            Some(format!("}} ( || [/DhtmlXQ_comment{level}] \"")),
        );
    }
    deep.choose_line(&[]);
    deep.set_tag("Event", "\"]\n[Result \"1-0\"]");
    let fen = format!(
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - {} {}",
        u32::MAX,
        u32::MAX
    );
    let mut counters = GameRecord::new(Position::from_fen(&fen).unwrap());
    counters.append("h2e2".parse().unwrap()).unwrap();
    vec![deep, counters]
}

/// Each reader on `bytes`: whatever it answers, it must answer.
fn read_all(bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    let _ = pgn::read(bytes);
    let _ = pgn::read_str(&text);
    let _ = dhtml::read_lenient(&text);
    let _ = xqf::read_lenient(bytes);
    let _ = cbr::read_lenient(bytes);
    let _ = cbr::read_library(bytes);
    let _ = GameRecord::from_ron(&text);
    let _ = xiangqi::paste::recognise(&text);
    for line in text.lines().take(4) {
        let _ = Position::from_fen(line);
    }
}

fn cases() -> usize {
    std::env::var("FUZZ_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(300)
}

fn fuzz(cases: usize) -> usize {
    let mut next = common::xorshift(0x9E37_79B9_7F4A_7C15);
    let mut inputs: Vec<Vec<u8>> = Vec::new();
    for r in seeds() {
        inputs.push(pgn::write(&r, Notation::Chinese).into_bytes());
        inputs.push(pgn::write(&r, Notation::Iccs).into_bytes());
        inputs.push(dhtml::write(&r).into_bytes());
        inputs.push(r.to_ron().into_bytes());
        inputs.push(xqf::write(&r));
        inputs.push(cbr::write(&r));
        inputs.push(r.start().to_fen().into_bytes());
    }
    let mut runs = 0;
    for good in &inputs {
        read_all(good);
        for _ in 0..cases {
            let mut bad = good.clone();
            for _ in 0..1 + next() % 4 {
                let at = (next() % (bad.len() as u64 + 1)) as usize;
                match next() % 5 {
                    0 if at < bad.len() => bad[at] = next() as u8,
                    1 => {
                        let token = TOKENS[(next() % TOKENS.len() as u64) as usize];
                        bad.splice(at..at, token.bytes());
                    }
                    2 if at < bad.len() => {
                        bad.remove(at);
                    }
                    3 => bad.truncate(at),
                    _ => bad.insert(at, next() as u8),
                }
            }
            read_all(&bad);
            runs += 1;
        }
    }
    runs
}

#[test]
fn damaged_hostile_records_never_panic_a_reader() {
    let runs = fuzz(cases());
    assert_eq!(runs, 14 * cases());
}

#[test]
#[ignore = "long: 14 x 20,000 damaged inputs through every reader"]
fn damaged_hostile_records_never_panic_a_reader_long_run() {
    assert_eq!(fuzz(20_000), 14 * 20_000);
}
