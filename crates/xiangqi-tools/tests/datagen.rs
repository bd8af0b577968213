//! Self-play data generation: the binary file, resuming, and the evaluation the searches use.

use std::path::PathBuf;

use xiangqi_engine::nnue::Network;
use xiangqi_tools::nnue::data::{self, RECORD_BYTES};
use xiangqi_tools::tune::datagen::{self, DatagenConfig};

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chuhan-datagen-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temporary folder");
    dir
}

fn config(out: PathBuf, games: usize, network: Option<std::sync::Arc<Network>>) -> DatagenConfig {
    DatagenConfig {
        out,
        games,
        nodes: 300,
        threads: 2,
        seed: 7,
        network,
        random_plies: datagen::DEFAULT_RANDOM_PLIES,
        openings: Vec::new(),
    }
}

#[test]
fn datagen_writes_whole_records_and_resumes_without_repeating_games() {
    let dir = temp_dir("resume");
    let out = dir.join("d.bin");
    datagen::run(&config(out.clone(), 2, None)).expect("generation");
    let first = std::fs::read(&out).expect("the data file");
    assert!(!first.is_empty(), "two games gave no positions");
    assert_eq!(first.len() % RECORD_BYTES, 0, "a record was cut");
    let done = std::fs::read_to_string(dir.join("d.bin.done")).expect("the count file");
    assert_eq!(done.trim(), "2");

    // The same command again adds nothing; asking for more games appends only the new ones.
    datagen::run(&config(out.clone(), 2, None)).expect("generation");
    assert_eq!(std::fs::read(&out).expect("the data file"), first);
    datagen::run(&config(out.clone(), 3, None)).expect("generation");
    let more = std::fs::read(&out).expect("the data file");
    assert!(more.len() > first.len() && more.starts_with(&first));

    let loaded = data::load(&out).expect("readable");
    assert_eq!(loaded.skipped, 0);
    assert_eq!(loaded.records.len() * RECORD_BYTES, more.len());
    assert!(loaded.records.iter().all(|r| r.result <= 2));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn datagen_searches_with_the_network_it_is_given() {
    let dir = temp_dir("eval");
    let hce = dir.join("hce.bin");
    let nnue = dir.join("nnue.bin");
    datagen::run(&config(hce.clone(), 1, None)).expect("generation");
    datagen::run(&config(nnue.clone(), 1, Some(Network::embedded()))).expect("generation");
    let a = data::load(&hce).expect("readable").records;
    let b = data::load(&nnue).expect("readable").records;
    assert!(!a.is_empty() && !b.is_empty());
    // The same opening (same seed and game), other scores: the network's search differs.
    let scores = |r: &[data::Record]| r.iter().map(|r| r.score).collect::<Vec<_>>();
    assert_ne!(scores(&a), scores(&b));
    let _ = std::fs::remove_dir_all(&dir);
}
