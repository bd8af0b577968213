//! PGN and RON: the shared real-world records, encodings and line ends, round trips, and errors
//! that name what went wrong and keep what came before.

use std::path::PathBuf;

use xiangqi::notation::Notation;
use xiangqi::pgn::{self, PgnError};
use xiangqi::ron::RonError;
use xiangqi::{Color, GameRecord, Handicap, Position};

fn pgn_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/pgn")
}

fn shared_pgns() -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(pgn_dir())
        .expect("the test PGN directory")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x.eq_ignore_ascii_case("pgn")))
        .map(|p| {
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                std::fs::read(&p).unwrap(),
            )
        })
        .collect();
    files.sort();
    assert_eq!(
        files.len(),
        11,
        "ten championship games and the handicap game"
    );
    files
}

/// Counts the moves in a PGN's move text independently of the reader: tokens that are not tags,
/// comments, move numbers or the result.
fn count_move_tokens(text: &str) -> usize {
    let mut body = String::new();
    let mut depth = 0;
    for line in text.lines().filter(|l| !l.trim_start().starts_with('[')) {
        for c in line.chars() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                _ if depth == 0 => body.push(c),
                _ => {}
            }
        }
        body.push('\n');
    }
    let mut n = 0;
    for tok in body.split_whitespace() {
        if matches!(tok, "1-0" | "0-1" | "1/2-1/2" | "*") {
            break;
        }
        if !tok.ends_with('.') && !tok.chars().all(|c| c.is_ascii_digit() || c == '.') {
            n += 1;
        }
    }
    n
}

#[test]
fn shared_records_replay_to_the_end_and_agree_with_their_results() {
    let mut decided = 0;
    for (name, bytes) in shared_pgns() {
        let record = pgn::read(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        let text = pgn::decode(&bytes);
        assert_eq!(
            record.len(),
            count_move_tokens(&text),
            "{name}: every move read"
        );
        assert!(record.len() > 20, "{name}");
        assert_eq!(record.ply(), record.len());
        assert!(
            record.tag("Red").is_some() && record.tag("Black").is_some(),
            "{name}: tags read"
        );
        // Where the game ended on the board, the rules agree with the result tag.
        if let Some(o) = record.outcome() {
            assert_eq!(Some(o.pgn_result()), record.tag("Result"), "{name}: {o}");
            decided += 1;
        }
    }
    assert!(decided >= 4, "three mates and a stalemate end on the board");
}

#[test]
fn handicap_record_starts_from_its_fen() {
    let (_, bytes) = shared_pgns()
        .into_iter()
        .find(|(n, _)| n.starts_with("handicap"))
        .unwrap();
    let record = pgn::read(&bytes).unwrap();
    assert_eq!(record.start(), &Handicap::NinePieces.position(Color::Red));
    assert_eq!(record.start().side_to_move(), Color::Red);
    assert!(
        record.comment(0).is_some_and(|c| c.contains("让九子")),
        "the opening comment is kept"
    );
    assert!(record.comment(1).is_none());
    assert!(
        record.comment(2).is_some_and(|c| c.contains("中炮")),
        "comment after 炮８平５"
    );
}

#[test]
fn gbk_utf8_crlf_and_lf_all_read_the_same() {
    for (name, gbk_crlf) in shared_pgns() {
        let utf8_lf = pgn::decode(&gbk_crlf);
        let utf8_crlf = utf8_lf.replace('\n', "\r\n");
        let (gbk_lf, _, _) = encoding_rs::GBK.encode(&utf8_lf);
        let mut bom = b"\xEF\xBB\xBF".to_vec();
        bom.extend_from_slice(utf8_lf.as_bytes());
        let reference = pgn::read(&gbk_crlf).unwrap();
        for (label, bytes) in [
            ("utf8 lf", utf8_lf.as_bytes().to_vec()),
            ("utf8 crlf", utf8_crlf.into_bytes()),
            ("gbk lf", gbk_lf.into_owned()),
            ("utf8 bom", bom),
        ] {
            assert_eq!(pgn::read(&bytes).unwrap(), reference, "{name} as {label}");
        }
        assert_eq!(
            reference.tag("Event").map(|e| e.is_empty()),
            Some(false),
            "{name}: GBK text decoded"
        );
    }
}

#[test]
fn pgn_written_and_read_back_is_the_same_record() {
    let mut sample = GameRecord::new(Handicap::TwoHorses.position(Color::Black));
    sample.set_tag("Event", "测试 \"quoted\"");
    sample.set_tag("Red", "我");
    for m in ["h7e7", "h2e2", "b7c7", "b0c2"] {
        sample.append(m.parse().unwrap()).unwrap();
    }
    sample.set_comment(0, Some("开局前".into()));
    sample.set_comment(1, Some("after the first move".into()));
    let mut records = vec![sample];
    for (_, bytes) in shared_pgns() {
        records.push(pgn::read(&bytes).unwrap());
    }
    for record in &records {
        for n in [Notation::Chinese, Notation::Wxf, Notation::Iccs] {
            let text = pgn::write(record, n);
            let back = pgn::read_str(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(back.all_moves(), record.all_moves(), "{n:?}\n{text}");
            assert_eq!(back.start(), record.start());
            for ply in 0..=record.len() {
                assert_eq!(back.comment(ply), record.comment(ply), "comment {ply}");
            }
            for (k, v) in record.tags() {
                if k != "Format" {
                    assert_eq!(back.tag(k), Some(v.as_str()), "tag {k}");
                }
            }
            assert_eq!(back.tag("Format"), Some(n.pgn_name()));
        }
    }
}

#[test]
fn a_bad_move_names_its_number_and_text_and_keeps_what_came_before() {
    let (_, bytes) = shared_pgns().into_iter().next().unwrap();
    let text = pgn::decode(&bytes);
    // 7. 炮二平四 車２進５ in the original; make Red's 7th move impossible
    assert!(text.contains("7. 炮二平四"));
    let broken = text.replace("7. 炮二平四", "7. 炮二平九");
    match pgn::read_str(&broken) {
        Err(PgnError::BadMove {
            move_number,
            side,
            text,
            record,
            ..
        }) => {
            assert_eq!(
                (move_number, side, text.as_str()),
                (7, Color::Red, "炮二平九")
            );
            assert_eq!(
                record.len(),
                12,
                "the first six moves of each side are kept"
            );
            let msg = format!("{}", pgn::read_str(&broken).unwrap_err());
            assert!(msg.contains("move 7") && msg.contains("炮二平九"), "{msg}");
        }
        other => panic!("expected a bad move error, got {other:?}"),
    }
    let unreadable = text.replace("车八平七", "xyzzy");
    assert!(matches!(
        pgn::read_str(&unreadable),
        Err(PgnError::BadMove { move_number: 6, .. })
    ));
    assert!(matches!(
        pgn::read_str("[Event \"x\"]\n[FEN \"9/9 w\"]\n1. 炮二平五"),
        Err(PgnError::BadFen { line: 2, .. })
    ));
    assert!(matches!(
        pgn::read_str("[Event \"unterminated]\n"),
        Err(PgnError::BadTag { line: 1, .. })
    ));
    // garbage never panics
    for junk in [
        "",
        "{",
        "}",
        "(((",
        "1.",
        "[",
        "1-0",
        "\u{0}\u{1}",
        "1. 炮二平五 (马８进７ 2. {x) 车",
    ] {
        let _ = pgn::read_str(junk);
    }
    let _ = pgn::read(&[0xff, 0xfe, 0x00, 0x81]);
}

#[test]
fn ron_round_trip() {
    let mut record = GameRecord::default();
    record.set_tag("Red", "我");
    record.set_tag("Black", "电脑 (大师)");
    for m in ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0"] {
        record.play(m.parse().unwrap()).unwrap();
    }
    record.set_comment(2, Some("屏风马".into()));
    record.undo();
    let text = record.to_ron();
    assert!(
        text.contains("version: 1") && text.contains("\"h2e2\"") && text.contains("fen:"),
        "{text}"
    );
    let back = GameRecord::from_ron(&text).unwrap();
    assert_eq!(back, record);
    assert_eq!(back.ply(), 4);
    assert_eq!(back.len(), 5, "the move taken back can still be redone");
    // a handicap start round-trips through its FEN
    let h = GameRecord::new(Handicap::NinePieces.position(Color::Red));
    assert_eq!(GameRecord::from_ron(&h.to_ron()).unwrap(), h);
    // serde derive works through any serde format, the game embeds records in its own files
    let embedded: GameRecord = ron::from_str(&ron::to_string(&record).unwrap()).unwrap();
    assert_eq!(embedded, record);
}

#[test]
fn ron_errors_are_readable() {
    let mut record = GameRecord::default();
    for m in ["h2e2", "h9g7"] {
        record.play(m.parse().unwrap()).unwrap();
    }
    let text = record.to_ron();
    // truncated
    let cut = &text[..text.len() / 2];
    match GameRecord::from_ron(cut) {
        Err(e @ RonError::Syntax { .. }) => assert!(e.to_string().starts_with("line "), "{e}"),
        other => panic!("truncated: {other:?}"),
    }
    // a misspelt field
    let wrong = text.replace("moves:", "movez:");
    match GameRecord::from_ron(&wrong) {
        Err(RonError::Syntax { line, message, .. }) => {
            assert!(line > 1);
            assert!(message.contains("movez"), "{message}");
        }
        other => panic!("wrong field: {other:?}"),
    }
    // a field of the wrong type
    assert!(matches!(
        GameRecord::from_ron(&text.replace("version: 1", "version: \"one\"")),
        Err(RonError::Syntax { .. })
    ));
    // valid RON, wrong content
    let bad_move = text.replace("\"h9g7\"", "\"h9h5\"");
    match GameRecord::from_ron(&bad_move) {
        Err(e @ RonError::BadMove { index: 1, .. }) => {
            let RonError::BadMove { line, .. } = e else {
                unreachable!()
            };
            assert_eq!(
                text.lines().nth(line - 1).map(|l| l.contains("h9")),
                Some(true)
            );
            assert!(e.to_string().contains("h9h5"));
        }
        other => panic!("bad move: {other:?}"),
    }
    assert!(matches!(
        GameRecord::from_ron(&text.replace("version: 1", "version: 99")),
        Err(RonError::UnsupportedVersion(99))
    ));
    let bad_fen = text.replace(Position::START_FEN, "rnbakabnr/9/9 w");
    assert!(matches!(
        GameRecord::from_ron(&bad_fen),
        Err(RonError::BadFen { .. })
    ));
    assert!(matches!(
        GameRecord::from_ron("()"),
        Err(RonError::Syntax { .. })
    ));
    assert!(matches!(
        GameRecord::from_ron(""),
        Err(RonError::Syntax { .. })
    ));
}
