//! Training positions in a compact binary form, and `xiangqi-train pack`, which turns data
//! files (text or binary) into one shuffled file without duplicates.
//!
//! **Record** (36 bytes, little-endian, no file header, so a file is records end to end and
//! can be shuffled or cut anywhere on a multiple of 36):
//!
//! | bytes | what |
//! | --- | --- |
//! | 0-15 | occupied points, a `u128`, bit `p` for point `p` (`a0` = 0, `i9` = 89) |
//! | 16-31 | the pieces on the occupied points in ascending order, two a byte (low nibble first): 0-6 Red's king, advisor, elephant, horse, rook, cannon, pawn; 7-13 Black's; 15 pads |
//! | 32-33 | the search score, `i16` centipawns from Red's view |
//! | 34 | the game's result for Red: 0 loss, 1 draw, 2 win |
//! | 35 | the side to move: 0 Red, 1 Black |
//!
//! The text format `datagen` wrote before (and still writes to a file not named `*.bin`) is one
//! position a line: `<FEN> | <score, Red's view> | <result for Red: 1.0, 0.5 or 0.0>`.
//!
//! Readers are lenient: a record or line that does not decode is skipped and counted, the
//! rest kept.

use std::collections::HashSet;
use std::fmt;
use std::io::Write;
use std::path::{Path, PathBuf};

use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use xiangqi::{Color, Piece, PieceKind, Position, Square};

/// Bytes per record.
pub const RECORD_BYTES: usize = 36;
/// The most pieces a record holds.
pub const MAX_PIECES: usize = 32;

/// One training position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Record {
    /// Occupied points.
    pub occupied: u128,
    /// The pieces' indices (0-13, [`Piece::index`]) in point order, two a byte.
    pub pieces: [u8; 16],
    /// The search score, centipawns, Red's view.
    pub score: i16,
    /// The result for Red: 0 loss, 1 draw, 2 win.
    pub result: u8,
    /// The side to move: 0 Red, 1 Black.
    pub stm: u8,
}

/// Why a record or line was not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// More than [`MAX_PIECES`] pieces, or a piece index above 13.
    Pieces,
    /// A result other than 0, 1 or 2.
    Result(u8),
    /// A side to move other than 0 or 1.
    Side(u8),
    /// A text line that is not `FEN | score | result`.
    Line(String),
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Pieces => write!(f, "bad pieces"),
            RecordError::Result(r) => write!(f, "bad result {r}"),
            RecordError::Side(s) => write!(f, "bad side to move {s}"),
            RecordError::Line(why) => write!(f, "{why}"),
        }
    }
}

impl std::error::Error for RecordError {}

fn piece_of(index: u8) -> Option<Piece> {
    let color = if index < 7 { Color::Red } else { Color::Black };
    PieceKind::ALL
        .get(usize::from(index % 7))
        .filter(|_| index < 14)
        .map(|&k| Piece::new(color, k))
}

impl Record {
    /// The record of `pos` with `score` (centipawns, Red's view, clamped to 16 bits) and
    /// `result` for Red (0, 1 or 2).
    ///
    /// # Errors
    /// More than 32 pieces, or a bad result.
    pub fn new(pos: &Position, score: i32, result: u8) -> Result<Record, RecordError> {
        if result > 2 {
            return Err(RecordError::Result(result));
        }
        let mut r = Record {
            occupied: 0,
            pieces: [0xFF; 16],
            score: score.clamp(-32000, 32000) as i16,
            result,
            stm: pos.side_to_move().index() as u8,
        };
        let mut n = 0;
        for sq in Square::ALL {
            if let Some(p) = pos.piece_at(sq) {
                if n == MAX_PIECES {
                    return Err(RecordError::Pieces);
                }
                r.occupied |= 1 << sq.index();
                let byte = &mut r.pieces[n / 2];
                *byte = if n % 2 == 0 {
                    (*byte & 0xF0) | p.index() as u8
                } else {
                    (*byte & 0x0F) | ((p.index() as u8) << 4)
                };
                n += 1;
            }
        }
        Ok(r)
    }

    /// The pieces and their points.
    pub fn pieces(&self) -> impl Iterator<Item = (Piece, Square)> + '_ {
        let mut bits = self.occupied;
        let mut n = 0;
        std::iter::from_fn(move || {
            while bits != 0 {
                let point = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let nibble = (self.pieces[n / 2] >> (4 * (n % 2))) & 0xF;
                n += 1;
                if let (Some(p), Some(sq)) = (piece_of(nibble), Square::try_from_index(point)) {
                    return Some((p, sq));
                }
            }
            None
        })
    }

    /// The side to move.
    #[must_use]
    pub fn side_to_move(&self) -> Color {
        if self.stm == 0 {
            Color::Red
        } else {
            Color::Black
        }
    }

    /// The record's 36 bytes.
    #[must_use]
    pub fn to_bytes(&self) -> [u8; RECORD_BYTES] {
        let mut b = [0u8; RECORD_BYTES];
        b[0..16].copy_from_slice(&self.occupied.to_le_bytes());
        b[16..32].copy_from_slice(&self.pieces);
        b[32..34].copy_from_slice(&self.score.to_le_bytes());
        b[34] = self.result;
        b[35] = self.stm;
        b
    }

    /// Reads a record.
    ///
    /// # Errors
    /// A record no writer makes: too many pieces, a bad piece, result or side.
    pub fn from_bytes(b: &[u8; RECORD_BYTES]) -> Result<Record, RecordError> {
        let mut occ = [0u8; 16];
        occ.copy_from_slice(&b[0..16]);
        let occupied = u128::from_le_bytes(occ);
        let count = occupied.count_ones() as usize;
        if occupied >> 90 != 0 || count > MAX_PIECES {
            return Err(RecordError::Pieces);
        }
        let mut pieces = [0u8; 16];
        pieces.copy_from_slice(&b[16..32]);
        for n in 0..count {
            if (pieces[n / 2] >> (4 * (n % 2))) & 0xF > 13 {
                return Err(RecordError::Pieces);
            }
        }
        if b[34] > 2 {
            return Err(RecordError::Result(b[34]));
        }
        if b[35] > 1 {
            return Err(RecordError::Side(b[35]));
        }
        Ok(Record {
            occupied,
            pieces,
            score: i16::from_le_bytes([b[32], b[33]]),
            result: b[34],
            stm: b[35],
        })
    }

    /// Reads a text line `FEN | score | result`.
    ///
    /// # Errors
    /// A line not of that form, or a FEN that does not read.
    pub fn from_text(line: &str) -> Result<Record, RecordError> {
        let (pos, score, result) = parse_text_line(line).map_err(RecordError::Line)?;
        Record::new(&pos, score, result)
    }

    /// The same position (pieces and side to move), whatever the score and result.
    fn placement_key(&self) -> (u128, [u8; 16], u8) {
        (self.occupied, self.pieces, self.stm)
    }
}

/// Reads a text data line: the position, the score (Red's view) and the result for Red (0, 1
/// or 2).
///
/// # Errors
/// Says what is wrong with the line.
pub fn parse_text_line(line: &str) -> Result<(Position, i32, u8), String> {
    let mut parts = line.split('|').map(str::trim);
    let (Some(fen), Some(score), Some(result), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err("expected FEN | score | result".into());
    };
    let pos = Position::from_fen(fen).map_err(|e| e.to_string())?;
    let score: i32 = score
        .parse::<f64>()
        .ok()
        .filter(|s| s.is_finite())
        .map(|s| s.round().clamp(-1e6, 1e6) as i32)
        .ok_or_else(|| format!("bad score {score:?}"))?;
    let result = match result {
        "1.0" | "1" => 2,
        "0.5" => 1,
        "0.0" | "0" => 0,
        _ => return Err(format!("bad result {result:?}")),
    };
    Ok((pos, score, result))
}

/// Records read from a file, and how many were skipped.
#[derive(Debug, Default)]
pub struct Loaded {
    /// The records that read.
    pub records: Vec<Record>,
    /// Records or lines that did not, and trailing bytes short of a record.
    pub skipped: usize,
}

/// Reads a data file: binary records when the name ends in `.bin`, text lines otherwise.
///
/// # Errors
/// The file cannot be read.
pub fn load(path: &Path) -> std::io::Result<Loaded> {
    let bytes = std::fs::read(path)?;
    let mut out = Loaded::default();
    if is_binary(path) {
        let chunks = bytes.chunks_exact(RECORD_BYTES);
        out.skipped += usize::from(!chunks.remainder().is_empty());
        for c in chunks {
            let c: &[u8; RECORD_BYTES] = c.try_into().expect("chunks_exact");
            match Record::from_bytes(c) {
                Ok(r) => out.records.push(r),
                Err(_) => out.skipped += 1,
            }
        }
    } else {
        for line in String::from_utf8_lossy(&bytes).lines() {
            if line.trim().is_empty() {
                continue;
            }
            match Record::from_text(line) {
                Ok(r) => out.records.push(r),
                Err(_) => out.skipped += 1,
            }
        }
    }
    Ok(out)
}

/// Whether `path` names a binary data file (`*.bin`).
#[must_use]
pub fn is_binary(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "bin")
}

/// Writes `records` to `path` as binary records, atomically (a temporary file, then renamed).
///
/// # Errors
/// The file cannot be written.
pub fn save(path: &Path, records: &[Record]) -> std::io::Result<()> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    {
        let mut f = std::io::BufWriter::new(std::fs::File::create(&tmp)?);
        for r in records {
            f.write_all(&r.to_bytes())?;
        }
        f.into_inner()?.sync_all()?;
    }
    std::fs::rename(&tmp, path)
}

/// Keeps the first record of each position and shuffles them with `seed`.
#[must_use]
pub fn dedup_shuffle(records: Vec<Record>, seed: u64) -> Vec<Record> {
    let mut seen = HashSet::with_capacity(records.len());
    let mut kept: Vec<Record> = records
        .into_iter()
        .filter(|r| seen.insert(r.placement_key()))
        .collect();
    kept.shuffle(&mut StdRng::seed_from_u64(seed));
    kept
}

/// `xiangqi-train pack`: reads every input (text or binary), removes duplicate positions,
/// shuffles, and writes one binary file. Prints what it read and skipped.
///
/// # Errors
/// An input or the output cannot be read or written.
pub fn pack(inputs: &[PathBuf], out: &Path, seed: u64) -> std::io::Result<()> {
    let mut all = Vec::new();
    for path in inputs {
        let loaded = load(path)?;
        eprintln!(
            "{}: {} positions, {} skipped",
            path.display(),
            loaded.records.len(),
            loaded.skipped
        );
        all.extend(loaded.records);
    }
    let read = all.len();
    let kept = dedup_shuffle(all, seed);
    save(out, &kept)?;
    eprintln!(
        "{}: {} positions ({} duplicates removed), shuffled with seed {seed}",
        out.display(),
        kept.len(),
        read - kept.len()
    );
    Ok(())
}

#[cfg(test)]
mod tests;
