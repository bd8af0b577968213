//! XQStudio records (`.XQF`): the plain 1.0 format (`tests/data/xqf/XQF-1.0-format.txt`) and
//! the later versions whose pieces and moves are scrambled with keys kept in the header.
//!
//! The layout: `XQ`, a version byte; from 0x10 the 32 pieces' points (`x * 10 + y`, x the file
//! from Red's left, y the rank from Red's side; above 89 for a piece not on the board), Red's rook,
//! horse, elephant, advisor, king, advisor, elephant, horse, rook, two cannons, five pawns, then
//! Black's the same; 0x33 the result; from 0x50 length-prefixed GBK strings (title at 0x50, event
//! 0xD0, date 0x110, site 0x120, Red 0x130, Black 0x140, commentator 0x1D0, author 0x1E0); from
//! 0x400 the move tree, depth first: each node is a from and a to point, a tag (a next move
//! follows, an alternative follows, a comment follows) and a reserved byte, then maybe a comment;
//! the first node is an empty move 0 whose comment is the game's opening comment.
//!
//! Later versions (above 0x0A; the samples are 0x12) keep eight key bytes at 0x08-0x0F: from them
//! come a rotation and offset of the piece table, offsets for the two points of each move, an
//! offset for comment lengths, and (from 0x12) 32 key bytes (the header's keys masked into a fixed
//! string) subtracted from every byte after 0x400, by its distance from 0x400 modulo 32. This module
//! was written from those public descriptions and checked against the three sample files.

use core::fmt;

use crate::fen::FenError;
use crate::position::Position;
use crate::record::{Branch, GameRecord, MAX_VARIATION_NESTING};
use crate::types::Move;

/// Why an XQF file could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum XqfError {
    /// Shorter than the 1 KiB header, or not starting with `XQ`.
    NotXqf,
    /// The pieces do not make a position the rules accept.
    BadPosition(String),
    /// The move tree ends in the middle of a node (at this offset in the file).
    Truncated {
        /// Offset in the file.
        offset: usize,
    },
    /// A move of the main line is not legal.
    IllegalMove {
        /// Its index from 0.
        index: usize,
        /// Its points in ICCS (`b2e2`), as far as they read.
        text: String,
        /// Offset of its node in the file.
        offset: usize,
    },
    /// A comment's length runs past the end of the file.
    BadComment {
        /// Offset of its node in the file.
        offset: usize,
    },
    /// Variations nested deeper than [`MAX_VARIATION_NESTING`].
    TooDeep {
        /// Offset of the node that goes too deep.
        offset: usize,
    },
}

impl fmt::Display for XqfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            XqfError::NotXqf => write!(f, "not an XQF file (no XQ header of 1024 bytes)"),
            XqfError::BadPosition(e) => write!(f, "the start position is not valid: {e}"),
            XqfError::Truncated { offset } => write!(f, "the moves end early at byte {offset}"),
            XqfError::IllegalMove {
                index,
                text,
                offset,
            } => write!(
                f,
                "move {} ({text}) at byte {offset} is not legal",
                index + 1
            ),
            XqfError::TooDeep { offset } => write!(
                f,
                "variations nest deeper than {MAX_VARIATION_NESTING} at byte {offset}"
            ),
            XqfError::BadComment { offset } => {
                write!(
                    f,
                    "the comment of the move at byte {offset} runs past the end"
                )
            }
        }
    }
}

impl std::error::Error for XqfError {}

impl From<FenError> for XqfError {
    fn from(e: FenError) -> XqfError {
        XqfError::BadPosition(e.to_string())
    }
}

/// Where the move tree starts.
const MOVES_AT: usize = 0x400;
/// The pieces in the order of the table, as FEN letters (DhtmlXQ's `binit` keeps the same order).
pub(crate) const PIECES: &[u8; 32] = b"RNBAKABNRCCPPPPPrnbakabnrccppppp";

/// Where each piece of the table stands in `pos`: every piece in the first free slot of its kind
/// (`None`: not on the board).
pub(crate) fn piece_slots(pos: &Position) -> [Option<crate::types::Square>; 32] {
    let mut slots = [None; 32];
    for sq in crate::types::Square::ALL {
        if let Some(piece) = pos.piece_at(sq) {
            let letter = piece.fen_char() as u8;
            if let Some(i) = (0..32).find(|&i| PIECES[i] == letter && slots[i].is_none()) {
                slots[i] = Some(sq);
            }
        }
    }
    slots
}
/// The string the 32 keys are masked from.
const KEY_STRING: &[u8; 32] = b"[(C) Copyright Mr. Dong Shiwei.]";
/// The header's strings and the tags they become.
/// Each is a length byte and up to `capacity` bytes.
const STRINGS: [(usize, usize, &str); 8] = [
    (0x50, 63, "Title"),
    (0xD0, 63, "Event"),
    (0x110, 15, "Date"),
    (0x120, 15, "Site"),
    (0x130, 15, "Red"),
    (0x140, 15, "Black"),
    (0x1D0, 15, "Annotator"),
    (0x1E0, 15, "Author"),
];

/// The keys of a file (all zero for the plain format).
#[derive(Default)]
struct Keys {
    xy: u8,
    from: u8,
    to: u8,
    comment: u32,
    bytes: [u8; 32],
    scrambled: bool,
}

fn key(b: u8, c: u8) -> u8 {
    let (b, c) = (u32::from(b), u32::from(c));
    (((((((b * b) * 3 + 9) * 3 + 8) * 2 + 1) * 3 + 8) * c) & 0xff) as u8
}

impl Keys {
    fn of(header: &[u8]) -> Keys {
        let version = header[2];
        if version <= 0x0A {
            return Keys::default();
        }
        let (mask, or) = (header[3], &header[8..12]);
        let (sum, xy0, from0, to0) = (header[12], header[13], header[14], header[15]);
        let xy = key(xy0, xy0);
        let from = key(from0, xy);
        let to = key(to0, from);
        let mut bytes = [0u8; 32];
        if version >= 0x12 {
            let four = [
                (sum & mask) | or[0],
                (xy0 & mask) | or[1],
                (from0 & mask) | or[2],
                (to0 & mask) | or[3],
            ];
            for (i, b) in bytes.iter_mut().enumerate() {
                *b = KEY_STRING[i] & four[i % 4];
            }
        }
        Keys {
            xy,
            from,
            to,
            comment: (u32::from(sum) * 256 + u32::from(xy0)) % 32000 + 767,
            bytes,
            scrambled: true,
        }
    }
}

/// One node of the move tree as read.
struct Node {
    from: u8,
    to: u8,
    next: bool,
    alt: bool,
    comment: Option<String>,
    offset: usize,
}

/// Reads the move tree's nodes in file order.
struct Reader<'a> {
    data: Vec<u8>,
    at: usize,
    keys: &'a Keys,
    plain: bool,
    /// Why the tree ends early (the node read last is kept).
    cut: Option<XqfError>,
}

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Result<&[u8], XqfError> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.data.len());
        let Some(end) = end else {
            return Err(XqfError::Truncated {
                offset: MOVES_AT + self.at,
            });
        };
        let out = &self.data[self.at..end];
        self.at = end;
        Ok(out)
    }

    fn node(&mut self) -> Result<Node, XqfError> {
        let offset = MOVES_AT + self.at;
        let head = self.take(4)?;
        let (f, t, tag) = (head[0], head[1], head[2]);
        let keys = self.keys;
        let from = f.wrapping_sub(0x18).wrapping_sub(keys.from);
        let to = t.wrapping_sub(0x20).wrapping_sub(keys.to);
        // A next move follows (0xF0, or 0x80 in the later versions), an alternative to this move
        // follows (0x0F, or 0x40), a comment follows (always in 1.0, 0x20 later).
        let (next, alt, has_comment) = if self.plain {
            (tag & 0xF0 != 0, tag & 0x0F != 0, true)
        } else {
            (tag & 0x80 != 0, tag & 0x40 != 0, tag & 0x20 != 0)
        };
        let mut comment = None;
        if has_comment {
            let len = self.take(4)?;
            let raw = u32::from_le_bytes([len[0], len[1], len[2], len[3]]);
            // A signed length, as XQStudio and cchess read it: zero or below zero (some
            // scrambled files have that once the key is subtracted) is no comment, and the
            // moves follow.
            let len = if self.plain {
                raw
            } else {
                raw.wrapping_sub(keys.comment)
            }
            .cast_signed()
            .max(0);
            // A length past the end (a damaged or cut file): the comment is what is left, and
            // the tree ends with this node.
            let left = self.data.len() - self.at;
            let len = match usize::try_from(len) {
                Ok(len) if len <= left => len,
                _ => {
                    self.cut = Some(XqfError::BadComment { offset });
                    left
                }
            };
            let text = self.take(len)?;
            let (text, _, _) = encoding_rs::GBK.decode(text);
            let text = text.trim().replace("\r\n", "\n");
            if !text.is_empty() {
                comment = Some(text);
            }
        }
        Ok(Node {
            from,
            to,
            next,
            alt,
            comment,
            offset,
        })
    }
}

/// Reads an XQF file strictly: as [`read_lenient`], but anything it would skip is an error.
pub fn read(file: &[u8]) -> Result<GameRecord, XqfError> {
    let (record, mut skipped) = read_lenient(file)?;
    if skipped.is_empty() {
        Ok(record)
    } else {
        Err(skipped.swap_remove(0))
    }
}

/// Reads an XQF file: its start position, its moves with their comments and variations, and
/// the header's strings and result as tags (`Title`, `Event`, `Date`, `Site`, `Red`, `Black`,
/// `Annotator`, `Author`, `Result`). Leniently, as other XQF readers are: a move that is not
/// legal ends its line there (the main line keeps the moves before it; a variation is left out
/// from it on), a tree cut short or a comment running past the end of the file ends the tree
/// (the comment keeps what is there), variations nested too deep are left out; each is returned
/// beside the record, in file order. Only a file that is no XQF or whose start position is not
/// valid is refused.
pub fn read_lenient(file: &[u8]) -> Result<(GameRecord, Vec<XqfError>), XqfError> {
    if file.len() < MOVES_AT || &file[..2] != b"XQ" {
        return Err(XqfError::NotXqf);
    }
    let keys = Keys::of(file);
    let plain = !keys.scrambled;
    // The pieces: rotated and offset in the later versions.
    let mut points = [0u8; 32];
    points.copy_from_slice(&file[0x10..0x30]);
    if file[2] >= 0x0C {
        let mut turned = [0u8; 32];
        for (i, &p) in points.iter().enumerate() {
            turned[(i + usize::from(keys.xy) + 1) % 32] = p;
        }
        for (p, t) in points.iter_mut().zip(turned) {
            *p = t.wrapping_sub(keys.xy);
        }
    }
    let mut data = file[MOVES_AT..].to_vec();
    if keys.scrambled {
        for (i, b) in data.iter_mut().enumerate() {
            *b = b.wrapping_sub(keys.bytes[i % 32]);
        }
    }
    let mut reader = Reader {
        data,
        at: 0,
        keys: &keys,
        plain,
        cut: None,
    };
    // The tree, depth first: a node, then its next move's subtree, then its alternative's.
    let mut skipped = Vec::new();
    let mut root = reader.node().unwrap_or_else(|e| {
        // Not even the opening node: a record without moves.
        skipped.push(e);
        Node {
            from: 0,
            to: 0,
            next: false,
            alt: false,
            comment: None,
            offset: MOVES_AT,
        }
    });
    let opening_comment = root.comment.take();
    let mut nodes: Vec<(Node, Vec<usize>)> = vec![(root, Vec::new())];
    let mut open = Vec::new(); // (parent, an alternative follows) of nodes whose next is read
    let mut expect = nodes[0].0.next.then_some(0);
    while let Some(parent) = expect {
        if let Some(e) = reader.cut.take() {
            skipped.push(e);
            break;
        }
        let node = match reader.node() {
            Ok(node) => node,
            // Cut in the middle of a node: what was read before is kept.
            Err(e) => {
                skipped.push(e);
                break;
            }
        };
        let id = nodes.len();
        nodes[parent].1.push(id);
        expect = if node.next {
            open.push((parent, node.alt));
            Some(id)
        } else if node.alt {
            Some(parent)
        } else {
            core::iter::from_fn(|| open.pop()).find_map(|(p, alt)| alt.then_some(p))
        };
        nodes.push((node, Vec::new()));
    }
    if let Some(e) = reader.cut.take() {
        skipped.push(e);
    }
    let line = branch(&mut nodes, 0, 0, &mut skipped);
    // The side to move: the owner of the first move's piece (Red without moves).
    let mut board = [[None::<u8>; 9]; 10];
    for (i, &p) in points.iter().enumerate() {
        if p <= 89 {
            let (x, y) = (usize::from(p / 10), usize::from(p % 10));
            if board[y][x].is_some() {
                return Err(XqfError::BadPosition(format!("two pieces on point {p}")));
            }
            board[y][x] = Some(PIECES[i]);
        }
    }
    let black_first = line.moves.first().is_some_and(|&((from, _, _), _)| {
        from <= 89
            && board[usize::from(from % 10)][usize::from(from / 10)]
                .is_some_and(|c| c.is_ascii_lowercase())
    });
    let fen = fen_of(&board, black_first);
    let mut record = GameRecord::new(Position::from_fen(&fen)?);
    let mut index = 0;
    record.graft_lenient(
        0,
        &line,
        &mut |record: &mut GameRecord, &(from, to, offset)| {
            let text = format!("{}{}", point(from), point(to));
            let bad = |text| XqfError::IllegalMove {
                index,
                text,
                offset,
            };
            let m: Move = text.parse().map_err(|_| bad(text.clone()))?;
            record.append_variation(m).map_err(|_| bad(text))?;
            index += 1;
            Ok::<(), XqfError>(())
        },
        &mut skipped,
    );
    record.set_comment(0, opening_comment);
    for (at, capacity, tag) in STRINGS {
        let len = usize::from(file[at]).min(capacity);
        let (text, _, _) = encoding_rs::GBK.decode(&file[at + 1..at + 1 + len]);
        let text = text.trim_matches(char::from(0)).trim();
        if !text.is_empty() {
            record.set_tag(tag, text);
        }
    }
    let result = match file[0x33] {
        1 => "1-0",
        2 => "0-1",
        3 => "1/2-1/2",
        _ => "*",
    };
    record.set_tag("Result", result);
    Ok((record, skipped))
}

/// The line from `node`'s first child on, each move with the others at its point as variations
/// (`depth` levels of variations above it).
fn branch(
    nodes: &mut [(Node, Vec<usize>)],
    node: usize,
    depth: usize,
    skipped: &mut Vec<XqfError>,
) -> Branch<(u8, u8, usize)> {
    let mut line = Branch::default();
    let mut at = node;
    while let Some((&first, others)) = nodes[at].1.clone().split_first() {
        for &alt in others {
            if depth >= MAX_VARIATION_NESTING {
                skipped.push(XqfError::TooDeep {
                    offset: nodes[alt].0.offset,
                });
                continue;
            }
            let (n, comment) = (&nodes[alt].0, nodes[alt].0.comment.clone());
            let mut sub = Branch::default();
            sub.moves.push(((n.from, n.to, n.offset), comment));
            let rest = branch(nodes, alt, depth + 1, skipped);
            sub.moves.extend(rest.moves);
            sub.variations = rest
                .variations
                .into_iter()
                .map(|(i, b)| (i + 1, b))
                .collect();
            line.variations.push((line.moves.len(), sub));
        }
        let n = &mut nodes[first].0;
        line.moves
            .push(((n.from, n.to, n.offset), n.comment.take()));
        at = first;
    }
    line
}

/// A point as ICCS writes it (`?` past the board).
fn point(p: u8) -> String {
    if p > 89 {
        return "??".to_owned();
    }
    format!("{}{}", char::from(b'a' + p / 10), p % 10)
}

/// The FEN of a board (`board[y][x]`, y from Red's side).
pub(crate) fn fen_of(board: &[[Option<u8>; 9]; 10], black_first: bool) -> String {
    let mut rows = Vec::new();
    for y in (0..10).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for cell in &board[y] {
            match *cell {
                Some(c) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push(char::from(c));
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    format!(
        "{} {} - - 0 1",
        rows.join("/"),
        if black_first { 'b' } else { 'w' }
    )
}

mod write;
pub use write::write;

#[cfg(test)]
mod scrambled_tests;
