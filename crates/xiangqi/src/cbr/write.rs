//! Writing CBR records and libraries (what CCBridge reads back).

use super::{
    BLOCK, BOARD_AT, Color, GameRecord, INDEX_SLOT, LIBRARY_HEADER, LIBRARY_MAGIC, MOVES_AT,
    PieceKind, RECORD_MAGIC, Square,
};

/// Writes `text` as UTF-16LE into `bytes[at..at + len]`, cut to fit with a NUL left.
fn put_text(bytes: &mut [u8], at: usize, len: usize, text: &str) {
    let units: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
    let n = units.len().min(len.saturating_sub(2)) & !1;
    bytes[at..at + n].copy_from_slice(&units[..n]);
}

fn put_comment(out: &mut Vec<u8>, text: &str) {
    let units: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
    out.extend((units.len() as u32).to_le_bytes());
    out.extend(units);
}

/// The point number of `sq` (`row * 9 + column` from the top left).
fn point(sq: Square) -> u8 {
    (9 - sq.rank().index()) * 9 + sq.file().index()
}

/// Writes `record` as a CCBridge record: the header's players, event and result, the start
/// position, every line with its comments (marks are not kept: the format has none).
#[must_use]
pub fn write(record: &GameRecord) -> Vec<u8> {
    let mut out = vec![0u8; MOVES_AT];
    out[..16].copy_from_slice(RECORD_MAGIC);
    for (tag, at, len) in [("Event", 692, 64), ("Red", 1076, 64), ("Black", 1300, 64)] {
        put_text(&mut out, at, len, record.tag(tag).unwrap_or_default());
    }
    out[2076] = match record.tag("Result") {
        Some("1-0") => 1,
        Some("0-1") => 2,
        Some("1/2-1/2") => 3,
        _ => 0,
    };
    let start = record.start();
    out[2116] = if start.side_to_move() == Color::Red {
        1
    } else {
        2
    };
    for sq in Square::ALL {
        if let Some(p) = start.piece_at(sq) {
            let kind = match p.kind {
                PieceKind::Rook => 1,
                PieceKind::Horse => 2,
                PieceKind::Elephant => 3,
                PieceKind::Advisor => 4,
                PieceKind::King => 5,
                PieceKind::Cannon => 6,
                PieceKind::Pawn => 7,
            };
            let colour = if p.color == Color::Red { 0x10 } else { 0x20 };
            out[BOARD_AT + usize::from(point(sq))] = colour | kind;
        }
    }
    match record.node_comment(None) {
        Some(c) => {
            out.extend(1u32.to_le_bytes());
            put_comment(&mut out, c);
        }
        None => out.extend(0u32.to_le_bytes()),
    }
    // Depth first: a move, its own line, then its alternative.
    let mut todo: Vec<(Option<usize>, usize)> = vec![(None, 0)];
    while let Some((parent, i)) = todo.pop() {
        let kids = record.continuations(parent);
        let Some(&node) = kids.get(i) else { continue };
        let sibling = i + 1 < kids.len();
        let ends = record.continuations(Some(node)).is_empty();
        let comment = record.node_comment(Some(node));
        let flags = u8::from(ends) | u8::from(sibling) << 1 | u8::from(comment.is_some()) << 2;
        let m = record.node_move(node);
        out.extend([flags, 0, point(m.from()), point(m.to())]);
        if let Some(c) = comment {
            put_comment(&mut out, c);
        }
        if sibling {
            todo.push((parent, i + 1));
        }
        if !ends {
            todo.push((Some(node), 0));
        }
    }
    out.extend([0, 0, 0, 0]);
    out
}

/// Writes a CCBridge library named `name` holding `records`.
#[must_use]
pub fn write_library(name: &str, records: &[GameRecord]) -> Vec<u8> {
    let slots = records.len().div_ceil(128).max(1) * 128;
    let mut out = vec![0u8; LIBRARY_HEADER + slots * INDEX_SLOT];
    out[..16].copy_from_slice(LIBRARY_MAGIC);
    out[60..64].copy_from_slice(&(slots as u32).to_le_bytes());
    put_text(&mut out, 64, 512, name);
    for r in records {
        let mut block = write(r);
        block.resize(block.len().div_ceil(BLOCK) * BLOCK, 0);
        out.extend(block);
    }
    out
}
