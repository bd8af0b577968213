//! Options over the protocol: search parameters by name, the repetition rule reaching the search,
//! the network chosen by option and a bad network file changing nothing.

use super::*;

#[test]
fn search_parameters_are_set_by_name_and_bad_values_refused() {
    let mut e = Engine::start();
    e.send("uci");
    let listed = e.until("uciok");
    // Tuning options are accepted but not shown to players.
    assert!(
        !listed.iter().any(|l| l.contains("rfp_margin")),
        "{listed:?}"
    );
    for bad in [
        "setoption name rfp_margin value 99999",
        "setoption name rfp_margin value wide",
        "setoption name no_such_param value 3",
    ] {
        e.send(bad);
        let l = e.until("info string");
        assert!(
            l.last().unwrap().contains("rfp_margin") || l.last().unwrap().contains("no_such"),
            "{bad}: {l:?}"
        );
    }
    // A good value is taken silently and the engine still plays.
    e.send("setoption name rfp_margin value 150");
    e.send("setoption name OwnBook value false");
    e.send("go depth 4");
    let lines = e.until("bestmove");
    assert!(
        !lines.iter().any(|l| l.starts_with("info string")),
        "{lines:?}"
    );
}

#[test]
fn repetition_rule_option_reaches_the_search() {
    let mut e = Engine::start();
    e.send("uci");
    e.until("uciok");
    e.send("setoption name Repetition Rule value FIDE");
    let l = e.until("info string");
    assert!(l.last().unwrap().contains("FIDE"), "{l:?}");
    // Black is lost, but twice round the shuffle the king's step up is a third occurrence: a
    // draw by the Asian rules, which the engine takes.
    let position = "position fen 3ak4/9/9/9/9/9/9/9/9/R2K2N2 b - - 0 1 moves \
                    e9e8 a0a1 e8e9 a1a0 e9e8 a0a1 e8e9 a1a0";
    e.send("setoption name Repetition Rule value Asian");
    e.send("setoption name OwnBook value false");
    e.send(position);
    e.send("go depth 7");
    let lines = e.until("bestmove");
    assert!(
        lines.last().unwrap().starts_with("bestmove e9e8"),
        "{lines:?}"
    );
    assert!(
        lines.iter().any(|l| l.contains(" score cp 0 ")),
        "{lines:?}"
    );
    // By the league rules it is only the third occurrence: still lost.
    e.send("setoption name Repetition Rule value League");
    e.send(position);
    e.send("go depth 7");
    let lines = e.until("bestmove");
    let last_info = lines
        .iter()
        .rev()
        .find(|l| l.contains(" score cp "))
        .unwrap();
    let cp: i32 = last_info
        .split_whitespace()
        .skip_while(|w| *w != "cp")
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    assert!(cp < -800, "{last_info}");
}

#[test]
fn the_network_is_chosen_by_option_and_a_bad_network_file_changes_nothing() {
    let dir = std::env::temp_dir().join(format!("chuhan-evalfile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let damaged = dir.join("damaged.nnue");
    let mut bytes = xiangqi_engine::nnue::Network::embedded().to_bytes();
    bytes[1000] ^= 1;
    std::fs::write(&damaged, &bytes).unwrap();

    let mut e = Engine::start();
    e.send("uci");
    let lines = e.until("uciok");
    for name in ["UseNNUE", "EvalFile"] {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("option name {name} type"))),
            "{name} missing"
        );
    }
    for bad in [
        format!("setoption name EvalFile value {}", damaged.display()),
        format!(
            "setoption name EvalFile value {}",
            dir.join("none.nnue").display()
        ),
    ] {
        e.send(&bad);
        let said = e.until("info string");
        let said = said.last().unwrap();
        assert!(said.contains("network unchanged"), "{said}");
    }
    e.send("setoption name UseNNUE value true");
    e.send("setoption name OwnBook value false");
    e.send("position startpos moves h2e2 h9g7");
    e.send("go depth 6");
    let out = e.until("bestmove");
    let m = out
        .last()
        .unwrap()
        .split_whitespace()
        .nth(1)
        .unwrap()
        .to_string();
    let mut pos = xiangqi::Position::startpos();
    pos.play("h2e2".parse().unwrap()).unwrap();
    pos.play("h9g7".parse().unwrap()).unwrap();
    assert!(pos.is_legal(m.parse().unwrap()), "{m}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bench_reads_a_network_file_and_refuses_a_bad_one() {
    let bench = |eval: &str| {
        Command::new(env!("CARGO_BIN_EXE_xiangqi-engine"))
            .args(["bench", "3", "1", eval])
            .output()
            .expect("the engine runs")
    };
    let nodes = |out: &std::process::Output| {
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .find(|l| l.starts_with("Nodes searched"))
            .map(str::to_owned)
    };
    // The embedded network's own file searches exactly as the embedded network.
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/data/chuhan.nnue");
    let (embedded, from_file) = (bench("nnue"), bench(file));
    assert!(embedded.status.success() && from_file.status.success());
    assert!(nodes(&embedded).is_some());
    assert_eq!(nodes(&embedded), nodes(&from_file));
    // The hand-crafted evaluation searches other nodes (so the file was really used).
    assert_ne!(nodes(&bench("hce")), nodes(&from_file));
    let dir = std::env::temp_dir().join(format!("chuhan-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let damaged = dir.join("damaged.nnue");
    let mut bytes = std::fs::read(file).unwrap();
    bytes[1000] ^= 1;
    std::fs::write(&damaged, &bytes).unwrap();
    for bad in [damaged, dir.join("missing.nnue")] {
        let out = bench(bad.to_str().unwrap());
        assert_eq!(out.status.code(), Some(2), "{}", bad.display());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("network file"), "{err}");
        assert!(nodes(&out).is_none());
    }
    let _ = std::fs::remove_dir_all(&dir);
}
