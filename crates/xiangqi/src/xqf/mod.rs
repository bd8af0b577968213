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
//! Later versions (above 0x0A; the samples are 0x0B to 0x12) keep eight key bytes at 0x08-0x0F:
//! from them come an offset of the piece table's points (and from 0x0C a rotation of the table), offsets for the two points of each move, an
//! offset for comment lengths, and 32 key bytes (the header's keys masked into a fixed string)
//! subtracted from every byte after 0x400, by its distance from 0x400 modulo 32. This module
//! was written from those public descriptions and checked against the sample files and every XQF
//! file of cchess's tests (`tests/data/cchess`), versions 0x0A, 0x0C, 0x10 and 0x12.

use core::fmt;

use crate::fen::FenError;
use crate::position::Position;
use crate::record::{Branch, GameRecord, MAX_VARIATION_NESTING};
use crate::types::Move;

mod board;
mod keys;
pub(crate) use board::fen_of;
use board::{branch, point};
use keys::{Keys, Node, Reader, STRINGS};

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
    // The pieces: in every scrambled version (0x0B on) each point is offset by the position key,
    // and from 0x0C on the table is also rotated by it (as XQStudio and cchess read them).
    let mut points = [0u8; 32];
    points.copy_from_slice(&file[0x10..0x30]);
    if file[2] >= 0x0C {
        let mut turned = [0u8; 32];
        for (i, &p) in points.iter().enumerate() {
            turned[(i + usize::from(keys.xy) + 1) % 32] = p;
        }
        points = turned;
    }
    if keys.scrambled {
        for p in &mut points {
            *p = p.wrapping_sub(keys.xy);
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

mod write;
pub use write::write;

#[cfg(test)]
mod scrambled_tests;
