//! Game records as RON (feature `serde`): the start FEN, the moves in ICCS, the tags, the current
//! point and comments, under a `version` field.
//!
//! ```text
//! (
//!     version: 1,
//!     fen: "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
//!     moves: ["h2e2", "h9g7"],
//!     ply: 2,
//!     tags: [("Red", "Me"), ("Black", "Chuhan")],
//!     comments: [],
//! )
//! ```

use core::fmt;

use serde::{Deserialize, Serialize};

use crate::fen::FenError;
use crate::position::Position;
use crate::record::GameRecord;
use crate::types::Move;

/// The version this library writes and reads.
pub const VERSION: u32 = 1;

/// The serialized form of a [`GameRecord`]: notation only, never internal bit patterns.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordFile {
    /// Format version ([`VERSION`]).
    pub version: u32,
    /// The start position.
    pub fen: String,
    /// Every move in ICCS, including moves taken back.
    pub moves: Vec<String>,
    /// How many of the moves are played (the rest can be redone); all of them if absent.
    #[serde(default)]
    pub ply: Option<usize>,
    /// PGN-style tags.
    #[serde(default)]
    pub tags: Vec<(String, String)>,
    /// Comments by ply (0 before the first move).
    #[serde(default)]
    pub comments: Vec<(usize, String)>,
}

/// Why a RON record could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RonError {
    /// The text is not RON of the expected shape (truncated, a missing or misspelt field, a wrong
    /// type...).
    Syntax {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What the parser said.
        message: String,
    },
    /// A version this library does not know.
    UnsupportedVersion(u32),
    /// The `fen` field is not a valid position.
    BadFen {
        /// 1-based line of the field.
        line: usize,
        /// Why.
        error: FenError,
    },
    /// A move is unreadable or illegal where it stands.
    BadMove {
        /// 1-based line where the move appears.
        line: usize,
        /// Its index in `moves` (0-based).
        index: usize,
        /// The text.
        text: String,
    },
    /// `ply` is larger than the number of moves.
    BadPly(usize),
}

impl fmt::Display for RonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RonError::Syntax {
                line,
                column,
                message,
            } => write!(f, "line {line}, column {column}: {message}"),
            RonError::UnsupportedVersion(v) => write!(
                f,
                "record version {v} is not supported (expected {VERSION})"
            ),
            RonError::BadFen { line, error } => {
                write!(f, "line {line}: bad start position: {error}")
            }
            RonError::BadMove { line, index, text } => {
                write!(
                    f,
                    "line {line}: move {} ({text:?}) is not a legal move there",
                    index + 1
                )
            }
            RonError::BadPly(p) => write!(f, "the current point {p} is past the last move"),
        }
    }
}

impl std::error::Error for RonError {}

impl From<GameRecord> for RecordFile {
    fn from(r: GameRecord) -> RecordFile {
        RecordFile::from(&r)
    }
}

impl From<&GameRecord> for RecordFile {
    fn from(r: &GameRecord) -> RecordFile {
        RecordFile {
            version: VERSION,
            fen: r.start().to_fen(),
            moves: r.all_moves().iter().map(Move::to_string).collect(),
            ply: Some(r.ply()),
            tags: r.tags().to_vec(),
            comments: (0..=r.len())
                .filter_map(|i| r.comment(i).map(|c| (i, c.to_owned())))
                .collect(),
        }
    }
}

impl RecordFile {
    /// Builds the record, checking every move. `line_of` maps a text to the line it came from.
    fn into_record(self, line_of: impl Fn(&str) -> usize) -> Result<GameRecord, RonError> {
        if self.version != VERSION {
            return Err(RonError::UnsupportedVersion(self.version));
        }
        let start = Position::from_fen(&self.fen).map_err(|error| RonError::BadFen {
            line: line_of(&self.fen),
            error,
        })?;
        let mut record = GameRecord::new(start);
        for (k, v) in &self.tags {
            record.set_tag(k, v);
        }
        for (index, text) in self.moves.iter().enumerate() {
            let bad = || RonError::BadMove {
                line: line_of(text),
                index,
                text: text.clone(),
            };
            let m: Move = text.parse().map_err(|_| bad())?;
            record.append(m).map_err(|_| bad())?;
        }
        for (ply, c) in self.comments {
            record.set_comment(ply, Some(c));
        }
        let ply = self.ply.unwrap_or(record.len());
        if !record.goto(ply) {
            return Err(RonError::BadPly(ply));
        }
        Ok(record)
    }
}

impl TryFrom<RecordFile> for GameRecord {
    type Error = RonError;
    fn try_from(f: RecordFile) -> Result<GameRecord, RonError> {
        f.into_record(|_| 0)
    }
}

impl GameRecord {
    /// The record as pretty-printed RON.
    #[must_use]
    pub fn to_ron(&self) -> String {
        let file = RecordFile::from(self);
        ron::ser::to_string_pretty(&file, ron::ser::PrettyConfig::default()).unwrap_or_default()
    }

    /// Reads a record written by [`GameRecord::to_ron`] (or by hand), checking every move.
    pub fn from_ron(text: &str) -> Result<GameRecord, RonError> {
        let file: RecordFile = ron::de::from_str(text).map_err(|e| RonError::Syntax {
            line: e.span.start.line,
            column: e.span.start.col,
            message: e.code.to_string(),
        })?;
        let line_of = |needle: &str| {
            let quoted = format!("\"{needle}\"");
            text.lines()
                .position(|l| l.contains(&quoted))
                .map_or(1, |i| i + 1)
        };
        file.into_record(line_of)
    }
}
