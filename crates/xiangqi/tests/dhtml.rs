//! 东萍 DhtmlXQ records: a hand-written block reads as the game it says, every record written
//! reads back the same, damaged blocks keep what is sound and never panic.

mod common;

use xiangqi::dhtml::{self, DhtmlError};
use xiangqi::notation::Notation;
use xiangqi::{GameRecord, pgn, xqf};

fn data(path: &str) -> Vec<u8> {
    std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/").to_owned() + path)
        .expect("the test data")
}

/// The record as PGN with the tags DhtmlXQ holds: moves, variations, comments, header.
fn as_pgn(record: &GameRecord) -> String {
    const HELD: [&str; 13] = [
        "Title",
        "Event",
        "Date",
        "Site",
        "Round",
        "Red",
        "Black",
        "RedTeam",
        "BlackTeam",
        "Opening",
        "Author",
        "Annotator",
        "Result",
    ];
    let mut record = record.clone();
    let names: Vec<String> = record.tags().iter().map(|(k, _)| k.clone()).collect();
    let empty = |n: &String| record_tag_is_empty(&record, n);
    let names: Vec<String> = names
        .into_iter()
        .filter(|n| !HELD.contains(&n.as_str()) || empty(n))
        .collect();
    for name in &names {
        record.remove_tag(name);
    }
    pgn::write(&record, Notation::Iccs)
}

fn record_tag_is_empty(record: &GameRecord, name: &str) -> bool {
    record.tag(name).is_some_and(str::is_empty)
}

/// 仙人指路 answered by 马８进７, with 中炮 as a variation of the first move and comments.
const BLOCK: &str = "[DhtmlXQ]
[DhtmlXQ_ver]www_dpxq_com[/DhtmlXQ_ver]
[DhtmlXQ_title]仙人指路对起马局[/DhtmlXQ_title]
[DhtmlXQ_red]柳大华[/DhtmlXQ_red]
[DhtmlXQ_black]吕钦[/DhtmlXQ_black]
[DhtmlXQ_result]黑胜[/DhtmlXQ_result]
[DhtmlXQ_binit]8979695949392919097717866646260600102030405060708012720323436383[/DhtmlXQ_binit]
[DhtmlXQ_movelist]262570626665[/DhtmlXQ_movelist]
[DhtmlXQ_move_0_1_1]77471022[/DhtmlXQ_move_0_1_1]
[DhtmlXQ_move_1_2_2]7062[/DhtmlXQ_move_1_2_2]
[DhtmlXQ_comment0]开局||两行[/DhtmlXQ_comment0]
[DhtmlXQ_comment2]起马[/DhtmlXQ_comment2]
[DhtmlXQ_comment1_1]中炮[/DhtmlXQ_comment1_1]
[/DhtmlXQ]";

#[test]
fn a_dhtml_block_reads_as_the_game_it_writes() {
    let r = dhtml::read(BLOCK).expect("reads");
    assert_eq!(
        r.move_texts(Notation::Chinese),
        ["兵七进一", "马８进７", "兵三进一"]
    );
    assert_eq!(r.tag("Title"), Some("仙人指路对起马局"));
    assert_eq!(r.tag("Red"), Some("柳大华"));
    assert_eq!(r.tag("Result"), Some("0-1"));
    assert_eq!(r.comment(0), Some("开局\n两行"));
    assert_eq!(r.comment(2), Some("起马"));
    // Variation 1: 炮二平五 马２进３ instead of the first move, and its own variation 2
    // (马８进７ instead of 马２进３).
    let v = r.variations_at(0);
    assert_eq!(v.len(), 1);
    assert_eq!(
        v[0].moves
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>(),
        ["h2e2", "b9c7"]
    );
    let mut inside = r.clone();
    assert!(inside.enter_variation(0, 1));
    assert_eq!(inside.comment(1), Some("中炮"));
    assert_eq!(inside.variations_at(1).len(), 1);
    // The same moves as the XQF sample of this game.
    let from_xqf = xqf::read(&data("xqf/XQFEXAMA.XQF")).unwrap();
    assert_eq!(from_xqf.all_moves()[..2], r.all_moves()[..2]);
}

#[test]
fn written_dhtml_reads_back_the_same() {
    let mut records = vec![dhtml::read(BLOCK).unwrap()];
    for name in ["xqf/SAMPLE.XQF", "xqf/XQFEXAMA.XQF", "xqf/XQFEXAMB.XQF"] {
        records.push(xqf::read(&data(name)).unwrap());
    }
    records.push(pgn::read(&data("pgn/handicap-9-pieces-1999.PGN")).unwrap());
    // Black to move with no moves to tell it: the FEN says so.
    records.push(GameRecord::from_fen("4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1").unwrap());
    for record in records {
        let text = dhtml::write(&record);
        assert!(dhtml::is_dhtml(&text));
        let back = dhtml::read(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(as_pgn(&back), as_pgn(&record), "{text}");
        assert_eq!(back.start(), record.start());
    }
}

#[test]
fn a_bad_move_ends_its_line_and_a_lost_variation_is_left_out() {
    // The variation's second move made impossible (马 b9 to b5).
    let bad = BLOCK.replace("77471022", "77471015");
    assert!(matches!(dhtml::read(&bad), Err(DhtmlError::BadMove { .. })));
    let (r, skipped) = dhtml::read_lenient(&bad).unwrap();
    assert_eq!(r.len(), 3, "the main line is whole");
    assert_eq!(
        skipped,
        [DhtmlError::BadMove {
            branch: 1,
            step: 2,
            text: "1015".into()
        }]
    );
    // The variation keeps its first move, and its own variation (马８进７) takes the place of
    // the bad move.
    let v = r.variations_at(0);
    assert_eq!(
        v[0].moves
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>(),
        ["h2e2", "h9g7"]
    );
    // A variation that hangs from a branch not in the text.
    let lost = BLOCK.replace("move_1_2_2", "move_7_2_2");
    let (_, skipped) = dhtml::read_lenient(&lost).unwrap();
    assert_eq!(skipped, [DhtmlError::LostBranch { branch: 2 }]);
    // Not a record at all; a position that is not valid.
    assert_eq!(dhtml::read("hello [b]world[/b]"), Err(DhtmlError::NotDhtml));
    let two_kings = BLOCK.replace("89796959493929190977", "89796959403929190977");
    assert!(matches!(
        dhtml::read(&two_kings),
        Err(DhtmlError::BadPosition(_))
    ));
}

#[test]
fn damaged_dhtml_never_panics() {
    let good: Vec<char> = BLOCK.chars().collect();
    let mut next = common::xorshift(0x9e37_79b9_7f4a_7c15u64);
    let alphabet: Vec<char> = "0123456789[]/_DhtmlXQmove中 \n".chars().collect();
    let mut read = 0;
    for _ in 0..3000 {
        let mut bad = good.clone();
        for _ in 0..1 + next() % 5 {
            let at = (next() % bad.len() as u64) as usize;
            match next() % 3 {
                0 => bad[at] = alphabet[(next() % alphabet.len() as u64) as usize],
                1 => {
                    bad.remove(at);
                }
                _ => bad.truncate(at),
            }
            if bad.is_empty() {
                break;
            }
        }
        let text: String = bad.into_iter().collect();
        if dhtml::read_lenient(&text).is_ok() {
            read += 1;
        }
    }
    assert!(
        read > 100,
        "most damage still leaves something to read: {read}"
    );
}
