//! 象棋桥 (CCBridge) libraries in their compressed form (`.CBL`, version 0x15, "2.1"): the
//! magic `CCBridge`, the version, the compression (0 none, 1-3 zlib levels), the inflated size,
//! and from 0x14 the data (one zlib stream). The layout was worked out from real libraries
//! (`tests/data/ccbridge`): all integers little-endian, strings a 32-bit byte count and GBK
//! bytes. The library's name, resource, other, creator, e-mail, two 19-byte dates, the game
//! count, a description; then each game: its length (counting itself), 32 piece bytes (Red's
//! rook, horse, elephant, advisor, king, advisor, elephant, horse, rook, two cannons, five
//! pawns, then Black's; high nibble the file 1-9 from Red's left, low nibble the row 1-10 from
//! Black's side, 0 off the board), a type, the event, a first move number, title, resource,
//! other, place, date, Red, Black, the result (1 Red wins, 2 Black wins, 3 draw), commentator,
//! e-mail, typist, e-mail, a comment, whether Red moves first, two dates, the number of moves;
//! each move six bytes (its ply from 1, from and to as 0-based file and row nibbles, a packed
//! Chinese text that repeats them), depth first: a move whose ply is not past the one before
//! is an alternative at its ply; then one comment per move, each ending in CRLF.

use super::{CbrError, Color, GameRecord, Library, Move, Piece, Position, Square, u32_at};

/// The version of the compressed library format.
const VERSION: u32 = 0x15;
/// Where the data starts.
const DATA_AT: usize = 0x14;
/// The largest inflated size believed (the header's word; a real library is far smaller).
const MOST_INFLATED: usize = 256 * 1024 * 1024;
/// The pieces of the 32 slots, as FEN letters.
const PIECES: &[u8; 32] = b"RNBAKABNRCCPPPPPrnbakabnrccppppp";

/// Whether `bytes` start like a compressed CCBridge library.
#[must_use]
pub fn is_compressed_library(bytes: &[u8]) -> bool {
    bytes.starts_with(b"CCBridge") && u32_at(bytes, 8) == Some(VERSION)
}

/// A cursor over the inflated data.
struct Data<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Data<'_> {
    fn take(&mut self, n: usize) -> Option<&[u8]> {
        let end = self.at.checked_add(n)?;
        let out = self.bytes.get(self.at..end)?;
        self.at = end;
        Some(out)
    }

    fn u32(&mut self) -> Option<u32> {
        let b = self.take(4)?;
        Some(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    fn u16(&mut self) -> Option<u16> {
        let b = self.take(2)?;
        Some(u16::from_le_bytes([b[0], b[1]]))
    }

    /// A GBK string with its byte count (`||` is a line break).
    fn text(&mut self) -> Option<String> {
        let n = self.u32()? as usize;
        let raw = self.take(n)?;
        let (text, _, _) = encoding_rs::GBK.decode(raw);
        Some(text.replace("||", "\n").trim().to_owned())
    }
}

/// The square of a 0-based file (high nibble) and row from Black's side (low nibble).
fn square_of(byte: u8) -> Option<Square> {
    let (x, y) = (i32::from(byte >> 4), i32::from(byte & 0x0f));
    if x > 8 || y > 9 {
        return None;
    }
    Square::from_coords(x, 9 - y)
}

/// Reads a compressed library: every game in it, each as leniently as the other readers (a move
/// that is not legal leaves its line out from there, and is reported).
///
/// # Errors
/// [`CbrError::NotCbr`] when it is not one, [`CbrError::Truncated`] when its data does not
/// inflate or its header is cut.
pub fn read_compressed_library(bytes: &[u8]) -> Result<Library, CbrError> {
    if !is_compressed_library(bytes) || bytes.len() < DATA_AT {
        return Err(CbrError::NotCbr);
    }
    let size = u32_at(bytes, 0x10).unwrap_or(0) as usize;
    let data = match u32_at(bytes, 0x0C) {
        Some(0) => bytes[DATA_AT..].to_vec(),
        _ => miniz_oxide::inflate::decompress_to_vec_zlib_with_limit(
            &bytes[DATA_AT..],
            size.min(MOST_INFLATED),
        )
        .map_err(|_| CbrError::Truncated { offset: DATA_AT })?,
    };
    let mut d = Data {
        bytes: &data,
        at: 0,
    };
    let cut = |d: &Data| CbrError::Truncated { offset: d.at };
    let mut library = Library {
        name: d.text().ok_or_else(|| cut(&d))?,
        ..Library::default()
    };
    for _ in 0..4 {
        d.text().ok_or_else(|| cut(&d))?; // resource, other, creator, e-mail
    }
    if d.take(38).is_none() {
        return Err(cut(&d)); // two dates
    }
    let count = d.u32().ok_or_else(|| cut(&d))?;
    d.text().ok_or_else(|| cut(&d))?; // description
    for n in 1..=count as usize {
        let start = d.at;
        let Some(len) = d.u32() else {
            library.unread.push(CbrError::InLibrary {
                game: n,
                error: Box::new(cut(&d)),
            });
            break;
        };
        let end = start.saturating_add(len as usize).min(data.len());
        let mut game = Data {
            bytes: &data[..end],
            at: d.at,
        };
        match read_game(&mut game) {
            Some(Ok(read)) => library.games.push(read),
            Some(Err(error)) => library.unread.push(CbrError::InLibrary {
                game: n,
                error: Box::new(error),
            }),
            None => library.unread.push(CbrError::InLibrary {
                game: n,
                error: Box::new(CbrError::Truncated { offset: game.at }),
            }),
        }
        if len < 4 || end <= start {
            break;
        }
        d.at = end;
    }
    Ok(library)
}

/// One game of a compressed library (`None`: its record is cut short).
fn read_game(d: &mut Data) -> Option<Result<(GameRecord, Vec<CbrError>), CbrError>> {
    let board_at = d.at;
    let pieces = d.take(32)?.to_vec();
    let _kind = d.u32()?;
    let event = d.text()?;
    let _first = d.u32()?;
    let title = d.text()?;
    for _ in 0..4 {
        d.text()?; // resource, other, place, date
    }
    let (red, black) = (d.text()?, d.text()?);
    let result = d.u32()?;
    for _ in 0..4 {
        d.text()?; // commentator, e-mail, typist, e-mail
    }
    let comment = d.text()?;
    let red_first = d.take(1)?[0] != 0;
    d.take(38)?; // two dates
    let count = d.u32()? as usize;
    let mut moves = Vec::with_capacity(count.min(4096));
    for _ in 0..count {
        let offset = d.at;
        let ply = d.u16()?;
        let (from, to) = (d.take(1)?[0], d.take(1)?[0]);
        d.u16()?; // the Chinese text, which repeats the points
        moves.push((ply, from, to, offset));
    }
    let mut comments = Vec::with_capacity(moves.len());
    for _ in 0..count {
        // Each ends in CRLF (an empty one is CRLF alone).
        let rest = &d.bytes[d.at..];
        let len = rest.windows(2).position(|w| w == b"\r\n")?;
        let (text, _, _) = encoding_rs::GBK.decode(&rest[..len]);
        comments.push(text.replace("||", "\n").trim().to_owned());
        d.at += len + 2;
    }
    let mut board = [None; 90];
    for (i, &b) in pieces.iter().enumerate() {
        if b == 0 {
            continue;
        }
        let sq = match b.checked_sub(0x11).and_then(square_of) {
            Some(sq) => sq,
            None => {
                return Some(Err(CbrError::BadPiece {
                    offset: board_at + i,
                }));
            }
        };
        let piece = Piece::from_fen_char(char::from(PIECES[i]))?;
        board[sq.index()] = Some(piece);
    }
    if board.iter().all(Option::is_none) {
        return Some(Err(CbrError::EmptyBoard { title }));
    }
    let side = if red_first { Color::Red } else { Color::Black };
    let start = match Position::from_board(board, side, 0, 1) {
        Ok(p) => p,
        Err(e) => return Some(Err(CbrError::BadPosition(e))),
    };
    let mut record = GameRecord::new(start);
    for (tag, value) in [
        ("Event", if event.is_empty() { title } else { event }),
        ("Red", red),
        ("Black", black),
    ] {
        if !value.is_empty() {
            record.set_tag(tag, &value);
        }
    }
    let result = match result {
        1 => "1-0",
        2 => "0-1",
        3 => "1/2-1/2",
        _ => "*",
    };
    record.set_tag("Result", result);
    record.set_comment(0, Some(comment).filter(|c| !c.is_empty()));
    let mut skipped = Vec::new();
    // Depth first: a move whose ply is not past the line's goes back to its ply and is an
    // alternative there. A line left out (an illegal move) stays out until the tree goes back
    // to a ply before it.
    let mut dead_from: Option<usize> = None;
    for ((ply, from, to, offset), note) in moves.into_iter().zip(comments) {
        let ply = usize::from(ply);
        if ply == 0 {
            continue;
        }
        if ply <= record.ply() || dead_from.is_some_and(|d| ply <= d) {
            if ply - 1 > record.len() {
                continue;
            }
            record.goto(ply - 1);
            dead_from = None;
        }
        if dead_from.is_some() {
            continue;
        }
        let mv = square_of(from)
            .zip(square_of(to))
            .map(|(f, t)| Move::new(f, t));
        match mv.map(|m| record.append_variation(m)) {
            Some(Ok(())) => {
                if !note.is_empty() {
                    record.set_comment(record.ply(), Some(note));
                }
            }
            _ => {
                let text = mv.map_or_else(|| format!("{from:02x}-{to:02x}"), |m| m.to_string());
                skipped.push(CbrError::IllegalMove { offset, text });
                dead_from = Some(ply);
            }
        }
    }
    let mut record = record.main_line();
    record.goto(0);
    Some(Ok((record, skipped)))
}
