//! How long each record reader takes on inputs that used to make it quadratic: long lines with
//! many variations (PGN `(` `)`, and the same record written as DhtmlXQ, XQF, CBR and RON), many
//! comments on one move, and DhtmlXQ tags that are never closed. Fails (exit 1) when a reader
//! takes longer than the bound: they read in time linear in the input.
//!
//! `cargo bench -p xiangqi --bench readers [-- SCALE [BOUND_SECONDS]]`: SCALE (default 1) sizes
//! the inputs (1: about 1-4 MB each), BOUND_SECONDS (default 10) is the limit per reader.

use std::time::{Duration, Instant};

use xiangqi::notation::Notation;
use xiangqi::{GameRecord, Move, Position, cbr, dhtml, pgn, xqf};

/// The tests' seeded xorshift generator: the same inputs on every run.
#[path = "../tests/common/mod.rs"]
mod common;

/// `len` random legal moves from `pos` (fewer if the game ends).
fn random_line(
    pos: &Position,
    len: usize,
    next: &mut impl FnMut() -> u64,
) -> Vec<(Move, Position)> {
    let mut out = Vec::new();
    let mut pos = pos.clone();
    for _ in 0..len {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[(next() % moves.len() as u64) as usize];
        pos = pos.after(m).expect("legal");
        out.push((m, pos.clone()));
    }
    out
}

/// A PGN in ICCS: a main line of `plies` moves (the horses out and back, over and over: a
/// record may go on past the repetition rules), and at each of its moves `alternatives` other
/// moves, each followed by a few more, with a comment.
fn many_variations(plies: usize, alternatives: usize) -> String {
    let mut next = common::xorshift(2026);
    let mut out = String::from("[Game \"Chinese Chess\"]\n[Format \"ICCS\"]\n");
    let mut pos = Position::startpos();
    let cycle: Vec<Move> = ["h0g2", "h9g7", "g2h0", "g7h9"]
        .iter()
        .map(|m| m.parse().expect("a move"))
        .collect();
    for ply in 0..plies {
        let moves = pos.legal_moves();
        let m = cycle[ply % cycle.len()];
        out.push_str(&format!("{m} "));
        for alt in moves.iter().filter(|&&a| a != m).take(alternatives) {
            let after = pos.after(*alt).expect("legal");
            out.push_str(&format!("( {alt} {{alternative at {ply}}} "));
            for (next, _) in random_line(&after, 6, &mut next) {
                out.push_str(&format!("{next} "));
            }
            out.push_str(") ");
        }
        out.push('\n');
        pos = pos.after(m).expect("legal");
    }
    out.push_str("*\n");
    out
}

/// A long game of ordinary moves: `plies` random legal moves that capture nothing (so the
/// half-move clock runs on past the draw limit and hardly a position repeats), as a record. A
/// move after which the other side would have no such move is not chosen, and a dead end (a
/// side left with none) takes the move before it back and tries another.
fn quiet_game(plies: usize) -> GameRecord {
    let quiet = |pos: &Position| -> Vec<Move> {
        pos.legal_moves()
            .iter()
            .copied()
            .filter(|m| pos.piece_at(m.to()).is_none())
            .collect()
    };
    let mut next = common::xorshift(51);
    let mut record = GameRecord::default();
    let mut line = vec![Position::startpos()];
    while record.len() < plies {
        let pos = line.last().expect("the start").clone();
        let mut moves = quiet(&pos);
        let chosen = loop {
            if moves.is_empty() {
                break None;
            }
            let m = moves.swap_remove((next() % moves.len() as u64) as usize);
            let after = pos.after(m).expect("legal");
            if !quiet(&after).is_empty() {
                break Some((m, after));
            }
        };
        match chosen {
            Some((m, after)) => {
                record.append(m).expect("legal");
                line.push(after);
            }
            None if line.len() > 1 => {
                // A dead end: back one move (the next append replaces it).
                line.pop();
                record.goto(line.len() - 1);
                record.truncate();
            }
            None => break,
        }
    }
    record
}

/// A DhtmlXQ block: a move list, then `[/DhtmlXQ_` `count` times, then one `]`.
fn open_closing_tags(count: usize) -> String {
    let mut out = String::from("[DhtmlXQ]\n[DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]\n");
    for _ in 0..count {
        out.push_str("[/DhtmlXQ_");
    }
    out.push_str("]\n");
    out
}

/// A PGN of `count` tags `[T1 "v"]`, `[T2 "v"]`, … then two moves.
fn many_tags(count: usize) -> String {
    let mut out = String::new();
    for i in 0..count {
        out.push_str(&format!("[T{i} \"v\"]\n"));
    }
    out.push_str("h2e2 h9g7 *\n");
    out
}

/// `count` comments after the first move.
fn many_comments(count: usize) -> String {
    let mut out = String::from("[Format \"ICCS\"]\nh2e2 ");
    for i in 0..count {
        out.push_str(&format!("{{comment {i}}} "));
    }
    out.push_str("h9g7 *\n");
    out
}

/// A DhtmlXQ block whose `count` comment tags are never closed.
fn unclosed_tags(count: usize) -> String {
    let mut out = String::from("[DhtmlXQ]\n[DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]\n");
    for i in 0..count {
        out.push_str(&format!("[DhtmlXQ_comment{i}]an unclosed comment\n"));
    }
    out.push_str("[/DhtmlXQ]\n");
    out
}

fn time<T>(name: &str, bytes: usize, bound: Duration, failed: &mut bool, f: impl Fn() -> T) -> T {
    let start = Instant::now();
    let out = f();
    let took = start.elapsed();
    let verdict = if took > bound {
        *failed = true;
        "TOO SLOW"
    } else {
        "ok"
    };
    println!(
        "{name:<28} {:>9.1} KB {:>9.3} s  {verdict}",
        bytes as f64 / 1024.0,
        took.as_secs_f64()
    );
    out
}

fn main() {
    // `cargo bench` passes `--bench`; the numbers are ours.
    let args: Vec<f64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let scale = args.first().copied().unwrap_or(1.0);
    let bound = Duration::from_secs_f64(args.get(1).copied().unwrap_or(10.0));
    let n = |base: f64| ((base * scale) as usize).max(1);
    let mut failed = false;

    let text = many_variations(n(1000.0), 20);
    let record: GameRecord = time(
        "PGN, many variations",
        text.len(),
        bound,
        &mut failed,
        || pgn::read_str(&text).expect("reads"),
    );
    let comments = many_comments(n(100_000.0));
    time(
        "PGN, comments on one move",
        comments.len(),
        bound,
        &mut failed,
        || pgn::read_str(&comments).expect("reads"),
    );
    let unclosed = unclosed_tags(n(20_000.0));
    time(
        "DhtmlXQ, unclosed tags",
        unclosed.len(),
        bound,
        &mut failed,
        || dhtml::read_lenient(&unclosed).expect("reads"),
    );
    let written = dhtml::write(&record);
    time(
        "DhtmlXQ, many variations",
        written.len(),
        bound,
        &mut failed,
        || dhtml::read(&written).expect("reads"),
    );
    let bytes = xqf::write(&record);
    time(
        "XQF, many variations",
        bytes.len(),
        bound,
        &mut failed,
        || xqf::read(&bytes).expect("reads"),
    );
    let bytes = cbr::write(&record);
    time(
        "CBR, many variations",
        bytes.len(),
        bound,
        &mut failed,
        || cbr::read(&bytes).expect("reads"),
    );
    let ron = record.to_ron();
    time(
        "RON, many variations",
        ron.len(),
        bound,
        &mut failed,
        || GameRecord::from_ron(&ron).expect("reads"),
    );
    let chinese = pgn::write(&record, Notation::Chinese);
    time(
        "PGN (Chinese), written back",
        chinese.len(),
        bound,
        &mut failed,
        || pgn::read_str(&chinese).expect("reads"),
    );
    // The shapes that were quadratic in round 2, each about SCALE MB.
    let mb = (scale * f64::from(1 << 20)) as usize;
    // A main line of quiet moves: about 5 bytes a move in ICCS.
    let quiet = time(
        "(making the quiet game)",
        0,
        Duration::MAX,
        &mut failed,
        || quiet_game(mb / 5),
    );
    println!("  the quiet game: {} plies", quiet.len());
    let text = pgn::write(&quiet, Notation::Iccs);
    time(
        "PGN, a long quiet line",
        text.len(),
        bound,
        &mut failed,
        || pgn::read_str(&text).expect("reads"),
    );
    let text = dhtml::write(&quiet);
    time(
        "DhtmlXQ, a long quiet line",
        text.len(),
        bound,
        &mut failed,
        || dhtml::read(&text).expect("reads"),
    );
    let text = quiet.to_ron();
    time(
        "RON, a long quiet line",
        text.len(),
        bound,
        &mut failed,
        || GameRecord::from_ron(&text).expect("reads"),
    );
    let bytes = xqf::write(&quiet);
    time(
        "XQF, a long quiet line",
        bytes.len(),
        bound,
        &mut failed,
        || xqf::read(&bytes).expect("reads"),
    );
    let bytes = cbr::write(&quiet);
    time(
        "CBR, a long quiet line",
        bytes.len(),
        bound,
        &mut failed,
        || cbr::read(&bytes).expect("reads"),
    );
    let text = open_closing_tags(mb / 10);
    time(
        "DhtmlXQ, [/DhtmlXQ_ repeated",
        text.len(),
        bound,
        &mut failed,
        || dhtml::read_lenient(&text).expect("reads"),
    );
    let text = many_tags(mb / 12);
    time("PGN, many tags", text.len(), bound, &mut failed, || {
        pgn::read_str(&text).expect("reads")
    });
    if failed {
        eprintln!("a reader took longer than {bound:?}");
        std::process::exit(1);
    }
}
