//! Every `go` gets exactly one `bestmove` (UCI) or `bestmove`/`nobestmove` (UCCI), within a bound
//! set by what it asked: negative, zero, missing, unreadable and absurd clocks, `movestogo 0`,
//! unknown words, mated and stalemated positions, a `go` while a search runs, `stop` and `quit`.

use super::*;

/// How long a `go` with no time left may take to answer (a loaded test machine included).
const QUICK: Duration = Duration::from_secs(3);

impl Engine {
    /// The lines up to the answer of a `go` (`bestmove` or `nobestmove`), failing after `bound`.
    fn answer_within(&mut self, bound: Duration) -> (Vec<String>, Duration) {
        let started = Instant::now();
        let mut seen = Vec::new();
        loop {
            let left = bound.saturating_sub(started.elapsed());
            let line = self
                .lines
                .recv_timeout(left)
                .unwrap_or_else(|_| panic!("no bestmove within {bound:?}; saw {seen:?}"));
            let done = line.starts_with("bestmove") || line.starts_with("nobestmove");
            seen.push(line);
            if done {
                return (seen, started.elapsed());
            }
        }
    }

    /// No second answer: `isready` is answered with nothing but `readyok` (and `info`) before it.
    fn no_more_answers(&mut self) {
        self.send("isready");
        for line in self.until("readyok") {
            assert!(
                !line.starts_with("bestmove") && !line.starts_with("nobestmove"),
                "a second answer: {line}"
            );
        }
    }

    fn started(protocol: &str) -> Engine {
        let mut e = Engine::start();
        e.send(protocol);
        e.until(if protocol == "uci" { "uciok" } else { "ucciok" });
        e.send(if protocol == "uci" {
            "setoption name OwnBook value false"
        } else {
            "setoption usebook false"
        });
        e
    }
}

/// The move of a `bestmove` line, checked legal in `pos`.
fn legal_answer(lines: &[String], pos: &xiangqi::Position, go: &str) {
    let last = lines.last().unwrap();
    let m = last.split_whitespace().nth(1).unwrap_or("");
    let m: xiangqi::Move = m.parse().unwrap_or_else(|_| panic!("{go}: {last}"));
    assert!(pos.is_legal(m), "{go}: {last}");
}

#[test]
fn every_clock_gets_a_move_in_time() {
    let after_h2e2 = {
        let mut p = xiangqi::Position::startpos();
        p.play("h2e2".parse().unwrap()).unwrap();
        p
    };
    let mut e = Engine::started("uci");
    for (position, pos, go) in [
        // The tournament's case: Red a little over its time.
        (
            "position startpos",
            xiangqi::Position::startpos(),
            "go wtime -150 btime 3000 winc 50 binc 50",
        ),
        (
            "position startpos moves h2e2",
            after_h2e2.clone(),
            "go wtime 3000 btime -150 winc 50 binc 50",
        ),
        (
            "position startpos",
            xiangqi::Position::startpos(),
            "go wtime -150 btime -150",
        ),
        (
            "position startpos",
            xiangqi::Position::startpos(),
            "go wtime 0 btime 0 winc 0 binc 0",
        ),
        (
            "position startpos",
            xiangqi::Position::startpos(),
            "go wtime -9223372036854775808 btime 5",
        ),
        (
            "position startpos",
            xiangqi::Position::startpos(),
            "go wtime 1000 btime 1000 movestogo 0",
        ),
        (
            "position startpos",
            xiangqi::Position::startpos(),
            "go wtime 500 btime 500 movestogo 1",
        ),
        (
            "position startpos",
            xiangqi::Position::startpos(),
            "go movetime -5",
        ),
        (
            "position startpos",
            xiangqi::Position::startpos(),
            "go movetime 0",
        ),
        // Our clock missing: the other side's is given, so the search is timed with none.
        (
            "position startpos",
            xiangqi::Position::startpos(),
            "go btime 3000 binc 50",
        ),
        // Unreadable values and words: reported, and the rest is searched.
        (
            "position startpos",
            xiangqi::Position::startpos(),
            "go wtime abc btime 1000 winc 10",
        ),
        (
            "position startpos",
            xiangqi::Position::startpos(),
            "go wtime",
        ),
        (
            "position startpos",
            xiangqi::Position::startpos(),
            "go wtime winc 10",
        ),
        (
            "position startpos",
            xiangqi::Position::startpos(),
            "go movetime soon",
        ),
        (
            "position startpos",
            xiangqi::Position::startpos(),
            "go sideways depth 2",
        ),
        (
            "position startpos",
            xiangqi::Position::startpos(),
            "go depth 2 nodes NaN",
        ),
        (
            "position startpos",
            xiangqi::Position::startpos(),
            "go wtime 1.5e2 btime 200 winc 0.5",
        ),
    ] {
        e.send(position);
        e.send(go);
        let (lines, _) = e.answer_within(QUICK);
        legal_answer(&lines, &pos, go);
        e.no_more_answers();
    }
    // A reasonable clock is used, not thrown away: 10 s left and no increment, about a tenth of
    // a second to a second, and never past what it kept back.
    e.send("position startpos");
    e.send("go wtime 10000 btime 10000");
    let (lines, took) = e.answer_within(Duration::from_secs(5));
    legal_answer(&lines, &xiangqi::Position::startpos(), "10 s");
    assert!(took >= Duration::from_millis(50), "{took:?}");
    e.no_more_answers();
}

#[test]
fn mated_and_stalemated_positions_answer_at_once() {
    // Red is mated (two rooks on the back rank), then Red is stalemated (no legal move, not in
    // check).
    let mated = "position fen 3k5/9/9/9/9/9/9/9/r8/r3K4 w - - 0 1";
    let stalemated = "position fen 4k4/9/9/9/9/9/9/9/r8/3K5 w - - 0 1";
    for fen in [mated, stalemated] {
        let pos = xiangqi::Position::from_fen(fen.trim_start_matches("position fen ")).unwrap();
        assert!(pos.legal_moves().is_empty(), "{fen}");
    }
    let mut e = Engine::started("uci");
    for fen in [mated, stalemated] {
        for go in [
            "go",
            "go wtime 1000 btime 1000",
            "go depth 5",
            "go movetime 100000",
        ] {
            e.send(fen);
            e.send(go);
            let (lines, _) = e.answer_within(QUICK);
            assert_eq!(lines.last().unwrap(), "bestmove (none)", "{fen} {go}");
            e.no_more_answers();
        }
    }
    let mut e = Engine::started("ucci");
    for fen in [mated, stalemated] {
        for go in ["go", "go time 1 increment 0", "go depth 5"] {
            e.send(fen);
            e.send(go);
            let (lines, _) = e.answer_within(QUICK);
            assert_eq!(lines.last().unwrap(), "nobestmove", "{fen} {go}");
            e.no_more_answers();
        }
    }
}

#[test]
fn a_go_during_a_search_answers_both() {
    let mut e = Engine::started("uci");
    e.send("position startpos");
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    e.send("go depth 1");
    let (first, _) = e.answer_within(QUICK);
    legal_answer(&first, &xiangqi::Position::startpos(), "go infinite");
    let (second, _) = e.answer_within(QUICK);
    legal_answer(&second, &xiangqi::Position::startpos(), "go depth 1");
    e.no_more_answers();
    // `stop` with no search running answers nothing; `stop` twice answers once.
    e.send("stop");
    e.no_more_answers();
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(50));
    e.send("stop");
    e.send("stop");
    let (lines, _) = e.answer_within(QUICK);
    legal_answer(&lines, &xiangqi::Position::startpos(), "stop");
    e.no_more_answers();
}

#[test]
fn quit_during_a_search_still_answers() {
    for protocol in ["uci", "ucci"] {
        let mut e = Engine::started(protocol);
        e.send("position startpos");
        e.send(if protocol == "uci" {
            "go infinite"
        } else {
            "go"
        });
        std::thread::sleep(Duration::from_millis(100));
        e.send("quit");
        let (lines, _) = e.answer_within(QUICK);
        legal_answer(&lines, &xiangqi::Position::startpos(), protocol);
        let started = Instant::now();
        loop {
            match e.child.try_wait().unwrap() {
                Some(status) => {
                    assert!(status.success(), "{protocol}: {status}");
                    break;
                }
                None if started.elapsed() < QUICK => std::thread::sleep(Duration::from_millis(10)),
                None => panic!("{protocol}: still running after quit"),
            }
        }
    }
}

#[test]
fn ucci_clocks_get_a_move_in_time() {
    let mut e = Engine::started("ucci");
    for go in [
        "go time -1 increment 0",
        "go time 0",
        "go time abc increment 1",
        "go time 1 increment -5 movestogo 0",
        "go draw time 0 increment 0",
        "go ponder time 0",
    ] {
        e.send("position startpos");
        e.send(go);
        let (lines, _) = e.answer_within(QUICK);
        legal_answer(&lines, &xiangqi::Position::startpos(), go);
        e.no_more_answers();
    }
}

#[test]
fn a_line_that_is_not_utf8_ends_nothing() {
    let mut e = Engine::started("uci");
    e.stdin.write_all(b"go \xff\xfe depth 1\n").unwrap();
    e.stdin.flush().unwrap();
    let (lines, _) = e.answer_within(QUICK);
    legal_answer(&lines, &xiangqi::Position::startpos(), "not UTF-8");
    e.no_more_answers();
}

#[test]
fn move_overhead_is_an_option_taken_off_every_budget() {
    let mut e = Engine::start();
    e.send("uci");
    let options = e.until("uciok");
    assert!(
        options
            .iter()
            .any(|l| l == "option name Move Overhead type spin default 10 min 0 max 5000"),
        "{options:?}"
    );
    e.send("setoption name OwnBook value false");
    e.send("setoption name Move Overhead value 5001");
    assert!(
        e.until("info string")
            .last()
            .unwrap()
            .contains("Move Overhead")
    );
    // 4.5 s to move with 4 s kept back: about half a second.
    e.send("setoption name Move Overhead value 4000");
    e.send("position startpos");
    e.send("go movetime 4500");
    let (lines, took) = e.answer_within(Duration::from_millis(3000));
    legal_answer(&lines, &xiangqi::Position::startpos(), "movetime");
    assert!(took < Duration::from_millis(2500), "{took:?}");
    // A clock of 4.2 s with 4 s kept back: a quick move too.
    e.send("go wtime 4200 btime 4200");
    let (lines, took) = e.answer_within(Duration::from_millis(3000));
    legal_answer(&lines, &xiangqi::Position::startpos(), "clock");
    assert!(took < Duration::from_millis(1000), "{took:?}");
    e.no_more_answers();
}
