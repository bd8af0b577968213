//! Formats told apart by their structure: a PGN whose comment or tag holds DhtmlXQ's tags is
//! still a PGN (it reopened with one move as a DhtmlXQ block), and the PGN writer writes such
//! text so that it cannot mislead another reader either.

use xiangqi::notation::Notation;
use xiangqi::paste::{Pasted, recognise};
use xiangqi::{GameRecord, dhtml, pgn};

fn four_moves_with(comment: &str) -> GameRecord {
    let mut record = GameRecord::default();
    for m in ["h2e2", "h9g7", "h0g2", "i9h9"] {
        record.play(m.parse().unwrap()).unwrap();
    }
    record.set_comment(2, Some(comment.to_owned()));
    record.set_tag("Event", "copied from [DhtmlXQ_fen]x[/DhtmlXQ_fen]");
    record
}

#[test]
fn a_pgn_with_dhtml_text_in_a_comment_is_a_pgn() {
    let comment = "see [DhtmlXQ_movelist]7747[/DhtmlXQ_movelist] and [DhtmlXQ_binit]";
    let record = four_moves_with(comment);
    for notation in [Notation::Chinese, Notation::Iccs, Notation::Wxf] {
        let text = pgn::write(&record, notation);
        assert!(!dhtml::is_dhtml(&text), "{notation:?}: {text}");
        assert!(!text.contains("[DhtmlXQ"), "written defused: {text}");
        let back = pgn::read_str(&text).unwrap();
        assert_eq!(back.all_moves(), record.all_moves());
        match recognise(&text).unwrap() {
            Pasted::Record { record: pasted, .. } => {
                assert_eq!(pasted.all_moves(), record.all_moves());
            }
            other => panic!("{other:?}"),
        }
    }
}

#[test]
fn a_pgn_written_by_another_program_with_dhtml_text_is_a_pgn() {
    // Not written by us: the comment holds the tags as they are.
    let text = "[Game \"Chinese Chess\"]\n[Format \"ICCS\"]\n\nh2e2 h9g7 {a block: \
                [DhtmlXQ][DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist][/DhtmlXQ]} h0g2 i9h9 *\n";
    assert!(!dhtml::is_dhtml(text));
    assert_eq!(pgn::read_str(text).unwrap().len(), 4);
    // A real DhtmlXQ block is still one, with text before it.
    let block = "棋谱：\n[DhtmlXQ]\n[DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]\n[/DhtmlXQ]";
    assert!(dhtml::is_dhtml(block));
}
