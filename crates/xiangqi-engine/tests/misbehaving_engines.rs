//! External engines that misbehave: absurd numbers in `info`, an illegal `bestmove`, a search
//! that never ends even after `stop`, a program that ignores `quit`. The client stays up, answers
//! with an error the game can act on, and leaves no program running.
#![cfg(unix)]

use std::path::PathBuf;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use xiangqi::Position;
use xiangqi_engine::Limits;
use xiangqi_engine::analysis::Analyser;
use xiangqi_engine::analysis::external::UciEngine;
use xiangqi_engine::search::MATE;

/// A UCI engine as a shell script that answers `go` with `on_go` and ignores `stop` and `quit`
/// when told to; it writes its process id to `pid.txt` beside it.
fn script(name: &str, on_go: &str, obeys: bool) -> (PathBuf, PathBuf) {
    let dir = std::env::temp_dir().join(format!("chuhan-bad-engine-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (stop, quit) = if obeys {
        ("echo \"bestmove h2e2\"", "exit 0")
    } else {
        (":", ":")
    };
    let text = format!(
        "#!/bin/sh\necho $$ > \"$(dirname \"$0\")/pid.txt\"\n\
         while IFS= read -r line; do\n  case \"$line\" in\n\
         uci) echo \"id name BadFish\"; echo uciok ;;\n\
         isready) echo readyok ;;\n\
         go*) {on_go} ;;\n\
         stop) {stop} ;;\n\
         quit) {quit} ;;\n  esac\ndone\n"
    );
    let path = dir.join("engine.sh");
    // Made executable by `install`, a program of its own: had this process held the file open
    // for writing, a child forked meanwhile by another test thread would inherit that descriptor
    // and starting the script could fail with "Text file busy".
    let source = dir.join("engine.text");
    std::fs::write(&source, text).unwrap();
    let made = std::process::Command::new("install")
        .args(["-m", "755"])
        .arg(&source)
        .arg(&path)
        .status()
        .unwrap();
    assert!(made.success());
    (path, dir)
}

/// Whether the process whose id the script wrote is still running (a zombie counts as gone).
fn running(dir: &std::path::Path) -> bool {
    let pid = std::fs::read_to_string(dir.join("pid.txt")).unwrap();
    std::fs::read_to_string(format!("/proc/{}/stat", pid.trim()))
        .is_ok_and(|stat| !stat.contains(") Z "))
}

fn depth(d: u32) -> Limits {
    Limits {
        depth: Some(d),
        ..Limits::default()
    }
}

#[test]
fn absurd_info_numbers_are_bounded() {
    let (path, _dir) = script(
        "numbers",
        "echo \"info depth 1 multipv 4000000000 score cp 5 pv h2e2\"; \
         echo \"info depth 4294967295 multipv 2 score mate 2147483647 pv h2e2\"; \
         echo \"info depth 1 multipv 1 score mate -2147483648 pv h2e2\"; \
         echo \"info depth 1 multipv 0 score cp -2147483648 pv b2e2\"; \
         echo \"bestmove h2e2\"",
        true,
    );
    let mut e = UciEngine::start(path.to_str().unwrap(), &[]).unwrap();
    let lines = e
        .analyse(&Position::startpos(), &[], &depth(1), 2, &mut |_, _| {})
        .unwrap();
    assert!(lines.len() <= 2, "{lines:?}");
    for l in &lines {
        assert!(l.score.abs() <= MATE, "{l:?}");
    }
}

#[test]
fn an_illegal_bestmove_is_an_error_not_a_move() {
    // a0a5: the rook would jump its own pawn.
    let (path, _dir) = script("illegal", "echo \"bestmove a0a5\"", true);
    let mut e = UciEngine::start(path.to_str().unwrap(), &[]).unwrap();
    let got = e.play(&Position::startpos(), &[], &depth(1), None, &mut |_| {});
    assert!(got.is_err(), "{got:?}");
    let got = e.analyse(&Position::startpos(), &[], &depth(1), 1, &mut |_, _| {});
    assert!(got.is_err(), "{got:?}");
}

#[test]
fn an_engine_that_ignores_stop_and_quit_is_killed() {
    let (path, dir) = script("hung", ":", false);
    let mut e = UciEngine::start(path.to_str().unwrap(), &[]).unwrap();
    assert!(running(&dir));
    let stop = e.stop_flag();
    let limits = Limits {
        infinite: true,
        ..Limits::default()
    };
    let t = Instant::now();
    std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(100));
        stop.store(true, Ordering::SeqCst);
    });
    let got = e.play(&Position::startpos(), &[], &limits, None, &mut |_| {});
    // The old client waited up to an hour after `stop`.
    assert!(got.is_err(), "{got:?}");
    assert!(t.elapsed() < Duration::from_secs(30), "{:?}", t.elapsed());
    assert!(!running(&dir), "the hung program was left running");
}

#[test]
fn a_program_that_ignores_quit_is_killed_when_dropped() {
    let (path, dir) = script("deaf", "echo \"bestmove h2e2\"", false);
    let e = UciEngine::start(path.to_str().unwrap(), &[]).unwrap();
    assert!(running(&dir));
    drop(e);
    assert!(!running(&dir));
}

#[test]
fn a_kill_switch_ends_the_program_from_another_thread() {
    let (path, dir) = script("switch", ":", false);
    let e = UciEngine::start(path.to_str().unwrap(), &[]).unwrap();
    let kill = e.kill_switch();
    assert!(running(&dir));
    kill.kill();
    assert!(!running(&dir));
    drop(e);
}

/// The most this process has held in memory so far (VmHWM), in bytes.
fn peak_memory() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let kb: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap();
    kb * 1024
}

/// An engine that prints 1 KB `info` lines as fast as it can for ten seconds, then its move,
/// and hears no `stop` meanwhile: a one-second search still ends in about a second, with the
/// game's memory unmoved (the old client took 14.6 s and 757 MB).
#[test]
fn an_engine_flooding_info_lines_keeps_the_search_in_its_time() {
    let pad = "x".repeat(1000);
    let (path, dir) = script(
        "flood",
        &format!(
            "timeout 10 yes \"info depth 1 score cp 1 nodes 1 pv h2e2 {pad}\"; echo \"bestmove h2e2\""
        ),
        false,
    );
    let mut e = UciEngine::start(path.to_str().unwrap(), &[]).unwrap();
    let before = peak_memory();
    let limits = Limits {
        movetime: Some(Duration::from_secs(1)),
        ..Limits::default()
    };
    let t = Instant::now();
    let got = e.analyse(&Position::startpos(), &[], &limits, 1, &mut |_, _| {});
    let took = t.elapsed();
    assert!(took < Duration::from_secs(4), "{took:?} ({got:?})");
    let grew = peak_memory().saturating_sub(before);
    assert!(grew < 64 << 20, "memory grew by {grew} bytes");
    // It never answered in time: an error the game acts on, and the program is gone.
    assert!(got.is_err(), "{got:?}");
    drop(e);
    assert!(!running(&dir));
}

/// A line of 200 MB with no line end, then a move: the move is read, and only the line's first
/// bytes were ever kept (the old client held all 200 MB).
#[test]
fn an_endless_line_is_cut_not_kept() {
    let (path, _dir) = script(
        "longline",
        "head -c 200000000 /dev/zero | tr '\\000' x; echo; \
         echo \"info depth 1 score cp 7 pv h2e2\"; echo \"bestmove h2e2\"",
        true,
    );
    let mut e = UciEngine::start(path.to_str().unwrap(), &[]).unwrap();
    let before = peak_memory();
    let lines = e
        .analyse(&Position::startpos(), &[], &depth(1), 1, &mut |_, _| {})
        .unwrap();
    let grew = peak_memory().saturating_sub(before);
    assert!(grew < 64 << 20, "memory grew by {grew} bytes");
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0].score, 7);
}
