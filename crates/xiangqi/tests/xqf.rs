//! XQF records: every shared sample opens; SAMPLE.XQF is the game of the shared handicap PGN;
//! damaged files give typed errors, never a panic.

mod common;

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
    assert_eq!(
        names,
        [
            "NEGCOMMENT.XQF",
            "SAMPLE.XQF",
            "XQFEXAMA.XQF",
            "XQFEXAMB.XQF"
        ]
    );
    // The scrambled file whose opening comment length is below zero (made from SAMPLE.XQF, see
    // src/xqf/scrambled_tests.rs) opens with every move of SAMPLE.XQF.
    let negative = xqf::read(&bytes("xqf/NEGCOMMENT.XQF")).unwrap();
    let sample = xqf::read(&bytes("xqf/SAMPLE.XQF")).unwrap();
    assert_eq!(negative.all_moves(), sample.all_moves());
    assert!(negative.all_moves().len() > 10);
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
    let mut next = common::xorshift(0x2545_f491_4f6c_dd1du64);
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

/// A record read from a PGN text (ICCS moves).
fn from_pgn(text: &str) -> xiangqi::GameRecord {
    xiangqi::pgn::read_str(text).expect("the test's PGN")
}

/// The record as PGN: the moves, variations, comments and tags in one comparable text.
fn as_pgn(record: &xiangqi::GameRecord) -> String {
    xiangqi::pgn::write(record, xiangqi::notation::Notation::Iccs)
}

const TREE: &str = "[Game \"Chinese Chess\"]\n[Format \"ICCS\"]\n[Red \"许银川\"]\n[Black \"吕钦\"]\n[Result \"1-0\"]\n{开局}\n  1. h2e2 {中炮} (1. c3c4 {仙人指路} c6c5) h9g7\n  2. h0g2 (2. b0c2 b9c7 (i9h9)) i9h9 1-0\n";

#[test]
fn written_xqf_reads_back_the_same() {
    for name in ["xqf/SAMPLE.XQF", "xqf/XQFEXAMA.XQF", "xqf/XQFEXAMB.XQF"] {
        let record = xqf::read(&bytes(name)).unwrap();
        let back = xqf::read(&xqf::write(&record)).unwrap();
        assert_eq!(as_pgn(&back), as_pgn(&record), "{name}");
        assert_eq!(back.start(), record.start());
    }
    // Variations (nested), comments on moves and before the first, the header.
    let record = from_pgn(TREE);
    let file = xqf::write(&record);
    assert_eq!(&file[..3], b"XQ\x0A", "plain XQF 1.0");
    let back = xqf::read(&file).unwrap();
    assert_eq!(as_pgn(&back), as_pgn(&record));
    assert_eq!(back.comment(0), Some("开局"));
    assert_eq!(back.variations_at(2)[0].moves.len(), 2);
    assert_eq!(back.variations_at(0)[0].moves.len(), 2);
    // What the header cannot hold is cut at a whole character.
    let mut long = record.clone();
    long.set_tag("Red", "一二三四五六七八九");
    let back = xqf::read(&xqf::write(&long)).unwrap();
    assert_eq!(back.tag("Red"), Some("一二三四五六七"));
}

/// The offset of the node of move `m` (ICCS) in a plain XQF file.
fn node_of(file: &[u8], m: &str) -> usize {
    let point = |s: &[u8]| (s[0] - b'a') * 10 + (s[1] - b'0');
    let (from, to) = (
        point(&m.as_bytes()[..2]) + 0x18,
        point(&m.as_bytes()[2..]) + 0x20,
    );
    (0x400..file.len() - 1)
        .find(|&i| file[i] == from && file[i + 1] == to)
        .expect("the move's node")
}

#[test]
fn an_illegal_move_in_a_variation_skips_that_variation_only() {
    let record = from_pgn(TREE);
    let mut file = xqf::write(&record);
    // The variation's 马2进3 (b0c2) made a horse move it cannot make (b0b5).
    let at = node_of(&file, "b0c2");
    file[at + 1] = 15 + 0x20;
    assert!(matches!(
        xqf::read(&file),
        Err(XqfError::IllegalMove { .. })
    ));
    let (read, skipped) = xqf::read_lenient(&file).unwrap();
    assert_eq!(read.main_line().all_moves(), record.main_line().all_moves());
    assert!(
        read.variations_at(0).len() == 1,
        "the other variation is kept"
    );
    assert!(read.variations_at(2).is_empty(), "the bad one is left out");
    assert_eq!(skipped.len(), 1);
    assert!(
        matches!(&skipped[0], XqfError::IllegalMove { text, offset, .. } if text == "b0b5" && *offset == at),
        "{skipped:?}"
    );
    // In the main line: the moves before it are kept.
    let mut file = xqf::write(&record);
    let at = node_of(&file, "h0g2");
    file[at + 1] = 5 + 0x20; // h0 to a5: no piece moves like that
    let (read, skipped) = xqf::read_lenient(&file).unwrap();
    assert_eq!(read.all_moves()[..2], record.all_moves()[..2]);
    assert!(!as_pgn(&read).contains("h0g2") && !as_pgn(&read).contains("h0a5"));
    assert!(
        matches!(&skipped[0], XqfError::IllegalMove { index: 2, .. }),
        "{skipped:?}"
    );
}

#[test]
fn a_comment_running_past_the_end_or_a_cut_file_keeps_what_is_there() {
    let record = from_pgn(TREE);
    let mut file = xqf::write(&record);
    // The file's last node (the depth-first walk ends in the first move's variation).
    let last = node_of(&file, "c6c5");
    // The last node's comment length made far longer than the file.
    file[last + 4..last + 8].copy_from_slice(&100_000u32.to_le_bytes());
    file.extend_from_slice("尾注".as_bytes());
    assert!(matches!(xqf::read(&file), Err(XqfError::BadComment { .. })));
    let (read, skipped) = xqf::read_lenient(&file).unwrap();
    assert!(
        matches!(skipped[..], [XqfError::BadComment { .. }]),
        "{skipped:?}"
    );
    assert_eq!(read.main_line().len(), record.main_line().len());
    // Cut in the middle of the main line's third move: the two before it stay.
    let file = xqf::write(&record.main_line());
    let cut = node_of(&file, "h0g2") + 2;
    let (read, skipped) = xqf::read_lenient(&file[..cut]).unwrap();
    assert_eq!(read.len(), 2);
    assert!(
        matches!(skipped[..], [XqfError::Truncated { .. }]),
        "{skipped:?}"
    );
    // Only the header: a record without moves.
    let (read, skipped) = xqf::read_lenient(&file[..0x400]).unwrap();
    assert!(read.is_empty() && skipped.len() == 1);
}

/// The position key of a scrambled header (XQStudio's and cchess's formula on byte 13).
fn position_key(header: &[u8]) -> u8 {
    let b = u32::from(header[13]);
    (((((((b * b) * 3 + 9) * 3 + 8) * 2 + 1) * 3 + 8) * b) & 0xff) as u8
}

/// Version 0x0B, as XQStudio and cchess read it: the piece table's points are offset by the
/// position key as in every scrambled version, but the table is not rotated (that came with
/// 0x0C). No version-11 file is among the shared data yet, so each real scrambled file of a
/// later version (0x0C to 0x12, which differ from 0x0B in the rotation alone, as cchess and
/// XQStudio read them) is turned into the 0x0B file of the same game (the table turned back, the version byte
/// set; the keys and the moves are scrambled the same way in both) and must read as the same
/// game. Every one of them was refused before ("Red has no king", a piece off its points).
#[test]
fn version_11_pieces_are_offset_by_the_key_but_not_rotated() {
    let mut checked = 0;
    let entries = ["cchess", "xqf"]
        .into_iter()
        .flat_map(|d| std::fs::read_dir(shared(d)).expect("the folder"));
    for entry in entries {
        let path = entry.expect("an entry").path();
        let is_xqf = path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("xqf"));
        let file = std::fs::read(&path).expect("readable");
        if !is_xqf || file.len() < 0x400 || !(0x0C..=0x12).contains(&file[2]) {
            continue;
        }
        let xy = position_key(&file);
        if xy == 0 {
            continue; // No rotation, no offset: nothing that tells the versions apart.
        }
        let Ok((original, _)) = xqf::read_lenient(&file) else {
            continue;
        };
        let mut eleven = file.clone();
        eleven[2] = 0x0B;
        for j in 0..32 {
            eleven[0x10 + j] = file[0x10 + (j + 32 - (usize::from(xy) + 1) % 32) % 32];
        }
        let (read, _) = xqf::read_lenient(&eleven)
            .unwrap_or_else(|e| panic!("{} as version 11: {e}", path.display()));
        assert_eq!(
            read.start().to_fen(),
            original.start().to_fen(),
            "{}",
            path.display()
        );
        assert_eq!(read.all_moves(), original.all_moves(), "{}", path.display());
        checked += 1;
    }
    assert!(checked >= 3, "only {checked} files checked");
}
