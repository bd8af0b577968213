//! XQF records: every shared sample opens; SAMPLE.XQF is the game of the shared handicap PGN;
//! damaged files give typed errors, never a panic.

use std::path::PathBuf;

use xiangqi::xqf::{self, XqfError};

fn shared(path: &str) -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data")).join(path)
}

fn bytes(path: &str) -> Vec<u8> {
    std::fs::read(shared(path)).expect("the test data")
}

#[test]
fn every_shared_xqf_file_opens_with_its_header() {
    let mut names = Vec::new();
    for entry in std::fs::read_dir(shared("xqf")).expect("the xqf folder") {
        let path = entry.expect("an entry").path();
        if path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("xqf"))
        {
            let record = xqf::read(&std::fs::read(&path).expect("the file"))
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            assert!(!record.is_empty(), "{}", path.display());
            names.push(path.file_name().unwrap().to_string_lossy().into_owned());
        }
    }
    names.sort();
    assert_eq!(names, ["SAMPLE.XQF", "XQFEXAMA.XQF", "XQFEXAMB.XQF"]);
    let a = xqf::read(&bytes("xqf/XQFEXAMA.XQF")).unwrap();
    assert_eq!(a.tag("Title"), Some("仙人指路对起马局"));
    assert_eq!(a.tag("Red"), Some("柳大华"));
    assert_eq!(a.tag("Date"), Some("1997年11月16日"));
    assert_eq!(a.tag("Result"), Some("0-1"));
    assert_eq!(a.tag("Author"), Some("过河象"));
    // 兵七进一 马８进７, as the format description's example game begins.
    let texts = a.move_texts(xiangqi::notation::Notation::Chinese);
    assert_eq!(texts[..2], ["兵七进一", "马８进７"]);
    // 七星聚会 is an endgame study: its own start position.
    let b = xqf::read(&bytes("xqf/XQFEXAMB.XQF")).unwrap();
    assert_eq!(b.tag("Title"), Some("七星聚会"));
    assert_ne!(b.start(), &xiangqi::Position::startpos());
}

#[test]
fn sample_xqf_is_the_game_of_the_shared_handicap_pgn() {
    let from_xqf = xqf::read(&bytes("xqf/SAMPLE.XQF")).unwrap();
    let from_pgn = xiangqi::pgn::read(&bytes("pgn/handicap-9-pieces-1999.PGN")).unwrap();
    assert_eq!(from_xqf.start(), from_pgn.start());
    assert_eq!(from_xqf.all_moves(), from_pgn.all_moves());
    assert_eq!(from_xqf.tag("Red"), Some("许银川"));
    assert_eq!(from_xqf.tag("Site"), Some("广州"));
    assert!(from_xqf.comment(0).is_some_and(|c| c.contains("让九子")));
}

#[test]
fn damaged_xqf_files_give_typed_errors_and_never_panic() {
    assert_eq!(xqf::read(b"XQ"), Err(XqfError::NotXqf));
    assert_eq!(xqf::read(&[0u8; 2000]), Err(XqfError::NotXqf));
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut errors = 0;
    for name in ["xqf/SAMPLE.XQF", "xqf/XQFEXAMA.XQF", "xqf/XQFEXAMB.XQF"] {
        let good = bytes(name);
        // Truncated at every length past the header.
        for len in 0..good.len() {
            if xqf::read(&good[..len]).is_err() {
                errors += 1;
            }
        }
        // A few bytes changed at random, 2,000 times a file.
        for _ in 0..2000 {
            let mut bad = good.clone();
            for _ in 0..1 + next() % 4 {
                let at = (next() % bad.len() as u64) as usize;
                bad[at] = next() as u8;
            }
            if xqf::read(&bad).is_err() {
                errors += 1;
            }
        }
    }
    assert!(errors > 3000, "damage is noticed: {errors}");
}
