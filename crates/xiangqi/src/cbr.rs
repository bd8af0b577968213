//! 象棋桥 (CCBridge) records: `.cbr` holds one game, `.cbl` a library of games. Read, and
//! written in the same layout (what the game's tests and tools build their files with).
//!
//! Written from public descriptions of the format (readers in other xiangqi projects and a
//! Kaitai description), which agree on what is read here. All numbers are little-endian, all
//! texts UTF-16LE, NUL-terminated in fixed fields.
//!
//! A record: the magic `CCBridge Record\0`; the title at 180 (128 bytes), the event at 692 (64),
//! Red's player at 1076 (64), Black's at 1300 (64), the result at 2076 (1 Red wins, 2 Black wins,
//! 3 draw), the side to move at 2116 (2 for Black), the board at 2120: 90 bytes, top rank (Black's
//! back rank) first, left to right, the high nibble the colour (1 Red, 2 Black) and the low one
//! the piece (1 rook, 2 horse, 3 elephant, 4 advisor, 5 king, 6 cannon, 7 pawn). From 2214 the
//! moves: first a 32-bit word, non-zero when a comment on the start position follows (a 32-bit
//! length in bytes and the text); then each move as four bytes (flags, reserved, from point, to
//! point, a point being `row * 9 + column` from the top left), followed by its comment when flag
//! 4 is set. The moves run depth first: a move whose flag 1 is clear is followed by the next move
//! of its line; one with flag 2 set has an alternative, which comes after its own line has ended.
//! Four zero bytes end the moves.
//!
//! A library: the magic `CCBridgeLibrary\0`, the number of index slots at 60, the library's name
//! at 64 (512 bytes), an index of 276 bytes a slot after 66 624 bytes of header, then the records
//! on 4096-byte boundaries; a long record runs on into the next block, so records are found by
//! their magic at the start of a block.
//!
//! The compressed libraries (`CCBridge` version 0x15, GBK strings, zlib) are read by
//! [`read_compressed_library`] ([`read_library`] takes both forms).
//!
//! Readers are as lenient as the programs that write these files: a move that is not legal ends
//! its line (the rest of the record is read on), the error is reported, and a library's record
//! that cannot be read is reported and the others kept.

use core::fmt;

use crate::fen::FenError;
use crate::position::Position;
use crate::record::{GameRecord, MAX_VARIATION_NESTING};
use crate::types::{Color, Move, Piece, PieceKind, Square};

mod compressed;
mod library;
mod write;
pub use compressed::{is_compressed_library, read_compressed_library};
pub use library::{Library, read_library};
pub use write::{write, write_library};

const RECORD_MAGIC: &[u8] = b"CCBridge Record\0";
const LIBRARY_MAGIC: &[u8] = b"CCBridgeLibrary\0";
/// Where a record's moves start.
const MOVES_AT: usize = 2214;
const BOARD_AT: usize = 2120;
/// A library's header before its index, and the size of an index slot.
const LIBRARY_HEADER: usize = 66_624;
const INDEX_SLOT: usize = 276;
/// Records in a library start on these boundaries.
const BLOCK: usize = 4096;

/// Why a CCBridge record or library could not be read (whole or in part).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CbrError {
    /// Not a CCBridge record (or library): no magic, or shorter than its header.
    NotCbr,
    /// The pieces on the board do not make a position the rules accept.
    BadPosition(FenError),
    /// No piece on the board at all: a heading of a library (its title), not a game. cchess
    /// reads such an entry as a game without moves on an empty board.
    EmptyBoard {
        /// The entry's title.
        title: String,
    },
    /// A piece byte that is no piece, at this offset.
    BadPiece {
        /// Offset in the record.
        offset: usize,
    },
    /// A move that is not legal where it stands (its line was left out from there).
    IllegalMove {
        /// Offset of the move in the record.
        offset: usize,
        /// Its points as read (`h2e2`), or the raw numbers when they are off the board.
        text: String,
    },
    /// The moves end in the middle of a move or a comment.
    Truncated {
        /// Offset in the record.
        offset: usize,
    },
    /// Variations nested deeper than [`MAX_VARIATION_NESTING`] (left out).
    TooDeep {
        /// Offset of the move that goes too deep.
        offset: usize,
    },
    /// A library's game that could not be read.
    InLibrary {
        /// Its number in the library, from 1.
        game: usize,
        /// Why.
        error: Box<CbrError>,
    },
}

impl fmt::Display for CbrError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CbrError::NotCbr => write!(f, "not a CCBridge (象棋桥) record or library"),
            CbrError::BadPosition(e) => write!(f, "the start position is not valid: {e}"),
            CbrError::EmptyBoard { title } => {
                write!(f, "no pieces on the board (a heading, not a game): {title}")
            }
            CbrError::BadPiece { offset } => write!(f, "byte {offset} is not a piece"),
            CbrError::IllegalMove { offset, text } => {
                write!(f, "the move {text} at byte {offset} is not legal")
            }
            CbrError::Truncated { offset } => write!(f, "the moves end early at byte {offset}"),
            CbrError::TooDeep { offset } => write!(
                f,
                "variations nest deeper than {MAX_VARIATION_NESTING} at byte {offset}"
            ),
            CbrError::InLibrary { game, error } => write!(f, "game {game}: {error}"),
        }
    }
}

impl std::error::Error for CbrError {}

/// Whether `bytes` start like a CCBridge record.
#[must_use]
pub fn is_record(bytes: &[u8]) -> bool {
    bytes.starts_with(RECORD_MAGIC)
}

/// Whether `bytes` start like a CCBridge library (either form: `CCBridgeLibrary`, or the
/// compressed `CCBridge` version 0x15).
#[must_use]
pub fn is_library(bytes: &[u8]) -> bool {
    bytes.starts_with(LIBRARY_MAGIC) || is_compressed_library(bytes)
}

/// A NUL-terminated UTF-16LE text in `bytes[at..at + len]` (as much of it as the file holds).
fn text(bytes: &[u8], at: usize, len: usize) -> String {
    let field = bytes
        .get(at..(at + len).min(bytes.len()))
        .unwrap_or_default();
    let units: Vec<u16> = field
        .chunks_exact(2)
        .map(|c| u16::from_le_bytes([c[0], c[1]]))
        .take_while(|&u| u != 0)
        .collect();
    String::from_utf16_lossy(&units).trim().to_owned()
}

fn u32_at(bytes: &[u8], at: usize) -> Option<u32> {
    let b = bytes.get(at..at + 4)?;
    Some(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
}

/// The square of a point number (`row * 9 + column` from the top left), if it is on the board.
fn square(point: u8) -> Option<Square> {
    let (row, column) = (i32::from(point / 9), i32::from(point % 9));
    if point >= 90 {
        return None;
    }
    Square::from_coords(column, 9 - row)
}

fn piece(byte: u8) -> Option<Piece> {
    let color = match byte >> 4 {
        1 => Color::Red,
        2 => Color::Black,
        _ => return None,
    };
    let kind = match byte & 0x0f {
        1 => PieceKind::Rook,
        2 => PieceKind::Horse,
        3 => PieceKind::Elephant,
        4 => PieceKind::Advisor,
        5 => PieceKind::King,
        6 => PieceKind::Cannon,
        7 => PieceKind::Pawn,
        _ => return None,
    };
    Some(Piece::new(color, kind))
}

/// Reads a record; any part that cannot be read is an error.
///
/// # Errors
/// What could not be read first.
pub fn read(bytes: &[u8]) -> Result<GameRecord, CbrError> {
    let (record, mut skipped) = read_lenient(bytes)?;
    match skipped.is_empty() {
        true => Ok(record),
        false => Err(skipped.swap_remove(0)),
    }
}

/// Reads a record, keeping what is sound: the start position, the header, and every line up to
/// a move that is not legal or nested too deep; what was left out is listed.
///
/// # Errors
/// [`CbrError::NotCbr`], or a start position the rules refuse.
pub fn read_lenient(bytes: &[u8]) -> Result<(GameRecord, Vec<CbrError>), CbrError> {
    if !is_record(bytes) || bytes.len() < MOVES_AT {
        return Err(CbrError::NotCbr);
    }
    let mut board = [None; 90];
    for (i, &b) in bytes[BOARD_AT..BOARD_AT + 90].iter().enumerate() {
        if b == 0 {
            continue;
        }
        let p = piece(b).ok_or(CbrError::BadPiece {
            offset: BOARD_AT + i,
        })?;
        if let Some(sq) = square(i as u8) {
            board[sq.index()] = Some(p);
        }
    }
    if board.iter().all(Option::is_none) {
        return Err(CbrError::EmptyBoard {
            title: text(bytes, 180, 128),
        });
    }
    // The side to move: the colour of the first move's piece, else the header's.
    let first_mover = bytes
        .get(MOVES_AT + 4..)
        .and_then(|rest| {
            let skip = if u32_at(bytes, MOVES_AT)? != 0 {
                4 + u32_at(bytes, MOVES_AT + 4)? as usize
            } else {
                0
            };
            let from = *rest.get(skip + 2)?;
            board[square(from)?.index()].map(|p: Piece| p.color)
        })
        .unwrap_or(if bytes[2116] == 2 {
            Color::Black
        } else {
            Color::Red
        });
    let start = Position::from_board(board, first_mover, 0, 1).map_err(CbrError::BadPosition)?;
    let mut record = GameRecord::new(start);
    let event = Some(text(bytes, 692, 64))
        .filter(|e| !e.is_empty())
        .unwrap_or_else(|| text(bytes, 180, 128));
    for (tag, value) in [
        ("Event", event),
        ("Red", text(bytes, 1076, 64)),
        ("Black", text(bytes, 1300, 64)),
    ] {
        if !value.is_empty() {
            record.set_tag(tag, &value);
        }
    }
    let result = match bytes[2076] {
        1 => "1-0",
        2 => "0-1",
        3 => "1/2-1/2",
        _ => "*",
    };
    record.set_tag("Result", result);
    let mut skipped = Vec::new();
    read_moves(bytes, &mut record, &mut skipped);
    let mut record = record.main_line();
    record.goto(0);
    Ok((record, skipped))
}

/// A point a later alternative comes back to: the ply before the move, how deep in variations,
/// and whether that point was read (not left out). The line up to that ply is still the current
/// line's when the alternative comes (only moves after it are read in between), so going back
/// to the ply is enough: the alternative then replaces the move there.
struct Branch {
    ply: usize,
    depth: usize,
    live: bool,
}

/// Reads the move stream into `record` without recursion (a stack of points to come back to).
fn read_moves(bytes: &[u8], record: &mut GameRecord, skipped: &mut Vec<CbrError>) {
    let mut at = MOVES_AT;
    // The comment on the start position.
    match u32_at(bytes, at) {
        None => return,
        Some(0) => at += 4,
        Some(_) => {
            let Some(comment) = comment(bytes, at + 4, skipped) else {
                return;
            };
            record.set_comment(0, Some(comment.0).filter(|c| !c.is_empty()));
            at = comment.1;
        }
    }
    let mut stack: Vec<Branch> = Vec::new();
    let (mut live, mut depth) = (true, 0);
    while let Some(step) = bytes.get(at..at + 4) {
        let offset = at;
        let (flags, from, to) = (step[0], step[2], step[3]);
        if step == [0, 0, 0, 0] {
            return;
        }
        at += 4;
        let mut note = None;
        if flags & 0x04 != 0 {
            let Some((c, next)) = comment(bytes, at, skipped) else {
                return;
            };
            note = Some(c).filter(|c| !c.is_empty());
            at = next;
        }
        if flags & 0x02 != 0 {
            stack.push(Branch {
                ply: record.ply(),
                depth: depth + 1,
                live,
            });
        }
        if live {
            let mv = square(from).zip(square(to)).map(|(f, t)| Move::new(f, t));
            match mv.map(|m| record.append_variation(m)) {
                Some(Ok(())) => {
                    if note.is_some() {
                        record.set_comment(record.ply(), note);
                    }
                }
                _ => {
                    let text = mv.map_or_else(|| format!("{from}-{to}"), |m| m.to_string());
                    skipped.push(CbrError::IllegalMove { offset, text });
                    live = false;
                }
            }
        }
        if flags & 0x01 != 0 {
            // The line ends: the latest alternative promised comes next.
            let Some(branch) = stack.pop() else {
                return;
            };
            record.goto(branch.ply);
            (live, depth) = (branch.live, branch.depth);
            if live && depth > MAX_VARIATION_NESTING {
                skipped.push(CbrError::TooDeep { offset: at });
                live = false;
            }
        }
    }
    if at < bytes.len() || !stack.is_empty() {
        skipped.push(CbrError::Truncated { offset: at });
    }
}

/// A comment at `at`: its length in bytes, then UTF-16LE; the text and where it ends.
fn comment(bytes: &[u8], at: usize, skipped: &mut Vec<CbrError>) -> Option<(String, usize)> {
    let len = u32_at(bytes, at).map(|l| l as usize);
    match len.and_then(|l| Some((l, bytes.get(at + 4..(at + 4).checked_add(l)?)?))) {
        Some((l, _)) => Some((text(bytes, at + 4, l), at + 4 + l)),
        None => {
            skipped.push(CbrError::Truncated { offset: at });
            None
        }
    }
}
