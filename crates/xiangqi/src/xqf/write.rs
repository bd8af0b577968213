//! Writing XQStudio's plain format, XQF 1.0 (version 0x0A, nothing scrambled), as its published
//! description lays it out, with variations and comments as the later XQStudio 1.x versions keep
//! them in that format (a node's tag: 0xF0 when a next move follows, 0x0F when an alternative to
//! it follows after its own line). A start position without moves is written with Red to move
//! (the format keeps no side to move; readers take it from the first move).

use super::{MOVES_AT, STRINGS, piece_slots};
use crate::record::GameRecord;
use crate::types::{Move, Square};

/// The XQF 1.0 bytes of `record`: its start position, every line with its comments, the
/// header's strings from the tags (`Title`, `Event`, `Date`, `Site`, `Red`, `Black`,
/// `Annotator`, `Author`; each cut to what its field holds) and the result.
#[must_use]
pub fn write(record: &GameRecord) -> Vec<u8> {
    let mut out = vec![0u8; MOVES_AT];
    out[..3].copy_from_slice(b"XQ\x0A");
    // The pieces, each in the first free slot of its kind (255: not on the board).
    let slots = piece_slots(record.start()).map(|s| s.map_or(0xFF, point));
    out[0x10..0x30].copy_from_slice(&slots);
    out[0x33] = match record.tag("Result") {
        Some("1-0") => 1,
        Some("0-1") => 2,
        Some("1/2-1/2") => 3,
        _ => 0,
    };
    // The kind of record: a whole game, or an endgame set up from another position.
    out[0x40] = if record.start().to_fen() == crate::Position::startpos().to_fen() {
        0
    } else {
        3
    };
    for (at, capacity, tag) in STRINGS {
        if let Some(text) = record.tag(tag) {
            let bytes = gbk_within(text, capacity);
            out[at] = bytes.len() as u8;
            out[at + 1..at + 1 + bytes.len()].copy_from_slice(&bytes);
        }
    }
    // Move 0: an empty move carrying the opening comment.
    let first = record.continuations(None);
    out.extend_from_slice(&[0x18, 0x20, if first.is_empty() { 0 } else { 0xF0 }, 0xFF]);
    push_comment(&mut out, record.node_comment(None));
    // Depth first without recursion: a node, its continuations' lines, then its alternatives.
    let mut stack: Vec<(usize, bool)> = Vec::new();
    push_children(&mut stack, first);
    while let Some((node, alternative_follows)) = stack.pop() {
        let m: Move = record.node_move(node);
        let next = record.continuations(Some(node));
        let tag =
            if next.is_empty() { 0 } else { 0xF0 } | if alternative_follows { 0x0F } else { 0 };
        out.extend_from_slice(&[point(m.from()) + 0x18, point(m.to()) + 0x20, tag, 0]);
        push_comment(&mut out, record.node_comment(Some(node)));
        push_children(&mut stack, next);
    }
    out
}

/// Pushes `children` so that the first comes off the stack first; each but the last has an
/// alternative after it.
fn push_children(stack: &mut Vec<(usize, bool)>, children: &[usize]) {
    for (i, &child) in children.iter().enumerate().rev() {
        stack.push((child, i + 1 < children.len()));
    }
}

/// A point as XQF numbers it: the file from Red's left times ten plus the rank from Red's side.
fn point(sq: Square) -> u8 {
    sq.file().index() * 10 + sq.rank().index()
}

/// A comment's length (little-endian) and GBK text; characters GBK lacks become `?`.
fn push_comment(out: &mut Vec<u8>, comment: Option<&str>) {
    let bytes = comment.map(gbk).unwrap_or_default();
    out.extend_from_slice(&(bytes.len() as u32).to_le_bytes());
    out.extend_from_slice(&bytes);
}

fn gbk(text: &str) -> Vec<u8> {
    text.chars().flat_map(gbk_char).collect()
}

fn gbk_char(c: char) -> Vec<u8> {
    let mut buf = [0u8; 4];
    let (bytes, _, unmappable) = encoding_rs::GBK.encode(c.encode_utf8(&mut buf));
    if unmappable {
        b"?".to_vec()
    } else {
        bytes.into_owned()
    }
}

/// `text` in GBK, cut at a whole character to at most `capacity` bytes.
fn gbk_within(text: &str, capacity: usize) -> Vec<u8> {
    let mut out = Vec::new();
    for c in text.chars() {
        let bytes = gbk_char(c);
        if out.len() + bytes.len() > capacity {
            break;
        }
        out.extend_from_slice(&bytes);
    }
    out
}
