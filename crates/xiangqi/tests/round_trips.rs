//! What a writer writes, its reader reads back: records nested as deep as the readers accept, and
//! comments and tags holding the characters each format uses for its own syntax.

mod common;

use xiangqi::notation::Notation;
use xiangqi::{GameRecord, MAX_VARIATION_NESTING, cbr, dhtml, pgn, xqf};

/// The record with no tags, on its main line, at its end: what every format keeps.
fn bare(r: &GameRecord) -> GameRecord {
    let mut r = r.main_line();
    let names: Vec<String> = r.tags().iter().map(|(k, _)| k.clone()).collect();
    for name in names {
        r.remove_tag(&name);
    }
    r.goto(r.len());
    r
}

/// How deep the variations of a record written as PGN nest.
fn pgn_nesting(text: &str) -> usize {
    let (mut depth, mut deepest) = (0usize, 0usize);
    for c in text.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            _ => {}
        }
        deepest = deepest.max(depth);
    }
    deepest
}

/// A record whose variations nest `levels` deep (see [`common::nested_pgn`]).
fn nested(levels: usize) -> GameRecord {
    let r = pgn::read_str(&common::nested_pgn(levels)).unwrap();
    assert_eq!(pgn_nesting(&pgn::write(&r, Notation::Iccs)), levels);
    r
}

/// Every writer with its reader: the record written and read back, or the reader's error.
fn write_and_read(r: &GameRecord) -> Vec<(&'static str, Result<GameRecord, String>)> {
    let mut out: Vec<(&'static str, Result<GameRecord, String>)> = Vec::new();
    for (name, notation) in [
        ("PGN (Chinese)", Notation::Chinese),
        ("PGN (WXF)", Notation::Wxf),
        ("PGN (ICCS)", Notation::Iccs),
    ] {
        let text = pgn::write(r, notation);
        out.push((name, pgn::read_str(&text).map_err(|e| e.to_string())));
    }
    let ron = r.to_ron();
    out.push(("RON", GameRecord::from_ron(&ron).map_err(|e| e.to_string())));
    let text = dhtml::write(r);
    out.push(("DhtmlXQ", dhtml::read(&text).map_err(|e| e.to_string())));
    let bytes = xqf::write(r);
    out.push(("XQF", xqf::read(&bytes).map_err(|e| e.to_string())));
    let bytes = cbr::write(r);
    out.push(("CBR", cbr::read(&bytes).map_err(|e| e.to_string())));
    out
}

#[test]
fn records_nested_as_deep_as_the_readers_accept_read_back_in_every_format() {
    for levels in [32, MAX_VARIATION_NESTING] {
        let r = nested(levels);
        for (format, back) in write_and_read(&r) {
            let back = back.unwrap_or_else(|e| panic!("{format}, {levels} levels: {e}"));
            assert_eq!(bare(&back), bare(&r), "{format}, {levels} levels");
        }
    }
}

#[test]
fn ron_keeps_the_line_followed_at_the_deepest_nesting() {
    let mut r = nested(MAX_VARIATION_NESTING);
    // Into the deepest variation: each level is an alternative to the move at ply 1 + level.
    for level in 0..MAX_VARIATION_NESTING {
        assert!(r.enter_variation(1 + level, 1), "level {level}");
    }
    assert_eq!(r.line_choices().len(), MAX_VARIATION_NESTING);
    let ron = r.to_ron();
    let back = GameRecord::from_ron(&ron).unwrap();
    assert_eq!(back, r);
}

#[test]
fn a_player_cannot_nest_variations_deeper_than_the_readers_accept() {
    let mut r = nested(MAX_VARIATION_NESTING);
    for level in 0..MAX_VARIATION_NESTING {
        assert!(r.enter_variation(1 + level, 1), "level {level}");
    }
    // At the end of the deepest line: going on along it is fine…
    r.goto(r.len());
    let on = r.position().legal_moves()[0];
    r.play_variation(on).unwrap();
    // …but an alternative to that move would be one level more.
    r.undo();
    let other = r.position().legal_moves()[1];
    assert_eq!(
        r.play_variation(other),
        Err(xiangqi::PlayError::NestedTooDeep)
    );
    // Replaying the recorded move is no new line.
    r.play_variation(on).unwrap();
    let back = GameRecord::from_ron(&r.to_ron()).unwrap();
    assert_eq!(back, r);
}

/// Comments and tag values holding what each text format uses for its own syntax.
const HOSTILE: [&str; 12] = [
    "a } b",
    "}{ (1. h2e2) ; [Event \"x\"]",
    "line one\nline two\r\nline three",
    "a || b | c ||| d",
    "[/DhtmlXQ_comment1]after[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]",
    "[/DhtmlXQ]",
    "quote \" and backslash \\ and \\\" both",
    "ends with a backslash \\",
    "炮二平五 }红优{",
    "1-0",
    "*",
    "tab\there",
];

/// What a text format does to a comment it cannot hold as it is: PGN turns `}` full-width;
/// DhtmlXQ keeps `||` for its line break and turns the bars of a written `||` full-width, and
/// the `[` of its own tags full-width. PGN's and XQF's line ends become `\n`.
fn as_kept(format: &str, text: &str) -> String {
    if format == "XQF" {
        text.replace("\r\n", "\n")
    } else if format.starts_with("PGN") {
        text.replace("\r\n", "\n")
            .replace('}', "｝")
            .replace("[DhtmlXQ", "［DhtmlXQ")
            .replace("[/DhtmlXQ", "［/DhtmlXQ")
    } else if format == "DhtmlXQ" {
        let chars: Vec<char> = text.chars().collect();
        let bars: String = chars
            .iter()
            .enumerate()
            .map(|(i, &c)| {
                let run = (i > 0 && chars[i - 1] == '|') || chars.get(i + 1) == Some(&'|');
                if c == '|' && run { '｜' } else { c }
            })
            .collect();
        bars.replace("[DhtmlXQ", "［DhtmlXQ")
            .replace("[/DhtmlXQ", "［/DhtmlXQ")
    } else {
        text.to_owned()
    }
}

/// A short game with `text` as the comment before the first move and on each move.
fn commented(text: &str) -> GameRecord {
    let mut r = GameRecord::default();
    r.set_comment(0, Some(text.to_owned()));
    for m in ["h2e2", "h9g7", "h0g2"] {
        r.play(m.parse().unwrap()).unwrap();
        r.set_comment(r.ply(), Some(format!("{text} {m}")));
    }
    // A variation with the comment, to go through each format's variation syntax too.
    r.goto(1);
    r.play_variation("b9c7".parse().unwrap()).unwrap();
    r.set_comment(2, Some(text.to_owned()));
    r.choose_line(&[]);
    r.goto(r.len());
    r
}

#[test]
fn hostile_comments_read_back_in_every_format() {
    for text in HOSTILE {
        let r = commented(text);
        for (format, back) in write_and_read(&r) {
            let back = back.unwrap_or_else(|e| panic!("{format}, comment {text:?}: {e}"));
            assert_eq!(
                back.main_line().all_moves(),
                r.main_line().all_moves(),
                "{format}, comment {text:?}"
            );
            let mut back = bare(&back);
            let mut r = bare(&r);
            for ply in 0..=r.len() {
                let want = r.comment(ply).map(|c| as_kept(format, c));
                assert_eq!(
                    back.comment(ply),
                    want.as_deref(),
                    "{format}, comment {text:?}, ply {ply}"
                );
            }
            assert!(back.enter_variation(1, 1) && r.enter_variation(1, 1));
            let want = r.comment(2).map(|c| as_kept(format, c));
            assert_eq!(back.comment(2), want.as_deref(), "{format}, variation");
        }
    }
}

/// What a format does to a tag value: PGN keeps one line (line ends become spaces); PGN and
/// DhtmlXQ turn the `[` of DhtmlXQ's tags full-width.
fn tag_as_kept(format: &str, value: &str) -> String {
    if format.starts_with("PGN") {
        value
            .replace("\r\n", " ")
            .replace(['\n', '\r'], " ")
            .replace("[DhtmlXQ", "［DhtmlXQ")
            .replace("[/DhtmlXQ", "［/DhtmlXQ")
    } else if format == "DhtmlXQ" {
        value
            .replace("[DhtmlXQ", "［DhtmlXQ")
            .replace("[/DhtmlXQ", "［/DhtmlXQ")
    } else {
        value.to_owned()
    }
}

#[test]
fn hostile_tag_values_read_back_in_every_format() {
    // The tags each format keeps, found with plain values.
    let names = ["Event", "Site", "Date", "Red", "Black", "Title", "Opening"];
    let mut plain = commented("c");
    for name in names {
        plain.set_tag(name, "plain");
    }
    let kept: Vec<(&str, Vec<&str>)> = write_and_read(&plain)
        .into_iter()
        .map(|(format, back)| {
            let back = back.unwrap();
            let kept = names
                .iter()
                .copied()
                .filter(|n| back.tag(n) == Some("plain"))
                .collect();
            (format, kept)
        })
        .collect();
    for text in HOSTILE {
        let mut r = commented("c");
        for name in names {
            r.set_tag(name, text);
        }
        for ((format, back), (_, kept)) in write_and_read(&r).into_iter().zip(&kept) {
            let back = back.unwrap_or_else(|e| panic!("{format}, tag value {text:?}: {e}"));
            assert_eq!(back.main_line().all_moves(), r.main_line().all_moves());
            assert!(!kept.is_empty(), "{format} keeps some tags");
            for name in kept {
                let got = back.tag(name).unwrap_or_default();
                let want = tag_as_kept(format, text);
                if matches!(format, "XQF" | "CBR") {
                    // Fixed fields: the value is cut to what its field holds.
                    assert!(
                        !got.is_empty() && want.starts_with(got),
                        "{format}, [{name}] {text:?}: {got:?}"
                    );
                } else {
                    assert_eq!(got, want, "{format}, [{name}] {text:?}");
                }
            }
        }
    }
}

#[test]
fn pgn_tag_names_that_are_not_pgn_symbols_are_written_as_symbols() {
    let mut r = commented("c");
    r.set_tag("Red Team", "楚");
    r.set_tag("a]\"b", "x");
    r.set_tag("", "nameless");
    let text = pgn::write(&r, Notation::Chinese);
    let back = pgn::read_str(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(back.tag("Red_Team"), Some("楚"));
    assert_eq!(back.tag("a__b"), Some("x"));
    assert_eq!(back.main_line().all_moves(), r.main_line().all_moves());
}

/// A record is the same bytes whichever platform's build wrote it (ron's own default ends lines
/// with `\r\n` on Windows: `tools/windows-check.sh` compares a Windows build's files with these).
#[test]
fn ron_records_end_their_lines_the_same_on_every_platform() {
    let r = nested(3);
    let text = r.to_ron();
    assert!(text.lines().count() > 10, "{text}");
    assert!(!text.contains('\r'), "{text:?}");
    let config = xiangqi::ron::pretty_config();
    assert_eq!(config.new_line, "\n");
}
