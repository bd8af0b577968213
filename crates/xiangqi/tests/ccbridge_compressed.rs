//! 象棋桥's compressed libraries (`CCBridge` version 0x15, GBK, zlib): a real one
//! (`data/ccbridge/残局的生死棋型.CBL`, 196 composed endgames with variations and comments, four
//! with Black to move) read game by game against what an independent decoder read from its bytes
//! (`expected.txt`): the start, the number of moves in each game's tree, the main line (each move
//! played again legal, one by one), and each game's title decoded from GBK. Refused before as
//! "not a CCBridge record or library".

use std::path::Path;

use xiangqi::{GameRecord, Position, cbr};

fn data(name: &str) -> Vec<u8> {
    std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data/ccbridge")
            .join(name),
    )
    .expect("the test data")
}

/// The moves of the tree from `from` on the record's current line that are not on it: every
/// alternative and its own tree.
fn off_line(record: &GameRecord, from: usize) -> usize {
    let mut n = 0;
    for ply in from..record.len() {
        for variation in record.variations_at(ply) {
            let mut inner = record.clone();
            assert!(inner.enter_variation(ply, variation.index));
            n += inner.len() - ply + off_line(&inner, ply + 1);
        }
    }
    n
}

#[test]
fn every_game_of_a_compressed_library_reads_as_its_bytes_say() {
    let bytes = data("残局的生死棋型.CBL");
    assert!(cbr::is_library(&bytes));
    let library = cbr::read_library(&bytes).expect("a compressed library");
    assert!(library.unread.is_empty(), "{:?}", library.unread);
    let text = String::from_utf8(data("expected.txt")).expect("UTF-8");
    let expected: Vec<Vec<&str>> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split('\t').collect())
        .collect();
    assert_eq!(library.games.len(), expected.len());
    assert_eq!(library.games.len(), 196);
    let mut black_first = 0;
    for ((record, skipped), want) in library.games.iter().zip(&expected) {
        let n = want[0];
        assert!(skipped.is_empty(), "game {n}: {skipped:?}");
        assert_eq!(
            record.tag("Event"),
            Some(want[1]),
            "game {n}: the title from GBK"
        );
        let fen = record.start().to_fen();
        assert!(
            fen.starts_with(want[2]),
            "game {n}: {fen} is not {}",
            want[2]
        );
        black_first += usize::from(want[2].ends_with(" b"));
        let nodes = record.len() + off_line(record, 0);
        assert_eq!(
            nodes.to_string(),
            want[3],
            "game {n}: the moves of its tree"
        );
        let main: Vec<String> = record.all_moves().iter().map(ToString::to_string).collect();
        let main = if main.is_empty() {
            "-".to_owned()
        } else {
            main.join(" ")
        };
        assert_eq!(main, want[4], "game {n}: the main line");
        // Played again from the start, move by move: each legal.
        let mut replay = GameRecord::new(Position::from_fen(&fen).expect("the start"));
        for m in record.all_moves() {
            replay
                .play(*m)
                .unwrap_or_else(|e| panic!("game {n}: {m}: {e:?}"));
        }
    }
    assert_eq!(black_first, 4);
    assert_eq!(library.name, "残局的生死棋型");
}

#[test]
fn a_damaged_compressed_library_is_refused_or_cut_without_a_panic() {
    let bytes = data("残局的生死棋型.CBL");
    // Cut anywhere, or a byte of the stream changed: an error or fewer games, never a panic.
    for cut in [0x14, 0x15, 200, bytes.len() / 2, bytes.len() - 1] {
        let _ = cbr::read_library(&bytes[..cut]);
    }
    for at in (0x14..bytes.len()).step_by(997) {
        let mut broken = bytes.clone();
        broken[at] ^= 0x5a;
        let _ = cbr::read_library(&broken);
    }
    let mut header = bytes.clone();
    header[0x10..0x14].copy_from_slice(&u32::MAX.to_le_bytes());
    let _ = cbr::read_library(&header);
    assert!(matches!(
        cbr::read_library(b"CCBridge\x15\0\0\0"),
        Err(cbr::CbrError::NotCbr)
    ));
}
