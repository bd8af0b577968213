//! Game records as RON (feature `serde`): the start FEN, the moves in ICCS, the tags, the current
//! point and comments, under a `version` field; variations (and the line followed, when it is not
//! the main line) only when the record has them, so linear records read and write as before.
//!
//! ```text
//! (
//!     version: 1,
//!     fen: "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
//!     moves: ["h2e2", "h9g7"],
//!     ply: 2,
//!     tags: [("Red", "Me"), ("Black", "Chuhan")],
//!     comments: [],
//!     variations: [(ply: 1, moves: ["b9c7"], comments: [(2, "屏风马")])],
//! )
//! ```

use core::fmt;

use serde::{Deserialize, Serialize};

use crate::fen::FenError;
use crate::position::Position;
use crate::record::{Branch, GameRecord, MAX_VARIATION_NESTING, Mark};
use crate::types::Move;

/// The version this library writes and reads.
pub const VERSION: u32 = 1;

/// How deep the RON reader and writer may recurse: each level of variations takes four (the
/// variation, its list, the list's entries and their fields), so records nested
/// [`MAX_VARIATION_NESTING`] deep read back, and deeper hand-made files get an error before the
/// stack runs out (ron's own default, 128, stopped at about 30 levels).
const RECURSION_LIMIT: usize = 4 * MAX_VARIATION_NESTING + 32;

fn options() -> ron::Options {
    ron::Options::default().with_recursion_limit(RECURSION_LIMIT)
}

/// Reads a value holding records (a game's autosave, say) as RON, with the nesting allowance
/// records need (ron's default limit refuses records nested about 30 deep).
///
/// # Errors
/// ron's error, with where it happened.
pub fn from_str<T: serde::de::DeserializeOwned>(text: &str) -> ron::error::SpannedResult<T> {
    // A few levels more than a record alone, for the value around it.
    options()
        .with_recursion_limit(RECURSION_LIMIT + 16)
        .from_str(text)
}

/// Writes a value holding records as pretty RON, with no limit on nesting (what
/// [`GameRecord::to_ron`] writes too), so that [`from_str`] reads it back.
///
/// # Errors
/// ron's error (a value serde cannot write as RON).
pub fn to_string_pretty<T: Serialize>(value: &T) -> ron::Result<String> {
    ron::Options::default()
        .without_recursion_limit()
        .to_string_pretty(value, pretty_config())
}

/// How every RON file of the project is laid out: ron's pretty layout with `\n` line ends on
/// every platform (ron's default is `\r\n` on Windows), so that a file is the same bytes
/// whichever build wrote it.
#[must_use]
pub fn pretty_config() -> ron::ser::PrettyConfig {
    ron::ser::PrettyConfig::default().new_line("\n")
}

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
    /// Marks (`!`, `?`, `!!`, `??`, `!?`, `?!`) by ply: on the move that reaches it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub marks: Vec<(usize, String)>,
    /// Alternatives to moves of the main line.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub variations: Vec<VariationFile>,
    /// The line followed when it is not the main one: `(ply, index)` where it takes the
    /// `index`-th continuation; `ply` counts on that line.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub line: Vec<(usize, usize)>,
}

/// An alternative to the move at `ply` of the line it hangs from, with its comments and its own
/// alternatives; plies count from the start of the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VariationFile {
    /// The ply of the move it replaces.
    pub ply: usize,
    /// Its moves in ICCS.
    pub moves: Vec<String>,
    /// Comments by ply (the ply after the move they follow).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub comments: Vec<(usize, String)>,
    /// Marks by ply (the ply after the move they judge).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub marks: Vec<(usize, String)>,
    /// Alternatives to its moves.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub variations: Vec<VariationFile>,
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
    /// A variation hangs from a ply its line does not reach, or `line` names none.
    BadVariation(usize),
    /// A mark that is none of `!`, `?`, `!!`, `??`, `!?`, `?!`.
    BadMark(String),
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
            RonError::BadVariation(p) => {
                write!(f, "a variation at ply {p} has no move there to replace")
            }
            RonError::BadMark(m) => {
                write!(f, "{m:?} is not a mark (expected ! ? !! ?? !? or ?!)")
            }
        }
    }
}

impl std::error::Error for RonError {}

impl From<&GameRecord> for RecordFile {
    fn from(r: &GameRecord) -> RecordFile {
        let mut main = VariationFile::empty(0);
        if let Some(c) = r.main_line().comment(0) {
            main.comments.push((0, c.to_owned()));
        }
        walk(r, None, 0, &mut main);
        RecordFile {
            version: VERSION,
            fen: r.start().to_fen(),
            moves: main.moves,
            ply: Some(r.ply()),
            tags: r.tags().to_vec(),
            comments: main.comments,
            marks: main.marks,
            variations: main.variations,
            line: r.line_choices(),
        }
    }
}

/// Writes the line from `parent`'s first continuation on, starting at `ply`, into `out`: moves,
/// comments, marks, and each alternative as a [`VariationFile`].
fn walk(r: &GameRecord, mut parent: Option<usize>, mut ply: usize, out: &mut VariationFile) {
    while let Some((&node, others)) = r.continuations(parent).split_first() {
        out.moves.push(r.node_move(node).to_string());
        for &alt in others {
            let mut v = VariationFile::empty(ply);
            v.moves.push(r.node_move(alt).to_string());
            v.note(r, alt, ply + 1);
            walk(r, Some(alt), ply + 1, &mut v);
            out.variations.push(v);
        }
        ply += 1;
        out.note(r, node, ply);
        parent = Some(node);
    }
}

/// A move as read: its ICCS text and its mark.
type Marked = (String, Option<Mark>);

impl VariationFile {
    fn empty(ply: usize) -> VariationFile {
        VariationFile {
            ply,
            moves: Vec::new(),
            comments: Vec::new(),
            marks: Vec::new(),
            variations: Vec::new(),
        }
    }

    /// Keeps the comment and mark of `node`, the move that reaches `ply`.
    fn note(&mut self, r: &GameRecord, node: usize, ply: usize) {
        if let Some(c) = r.node_comment(Some(node)) {
            self.comments.push((ply, c.to_owned()));
        }
        if let Some(m) = r.node_mark(node) {
            self.marks.push((ply, m.sign().to_owned()));
        }
    }

    /// As a branch hanging from `from` (the ply its line starts at), checking plies.
    fn branch(&self, from: usize) -> Result<Branch<Marked>, RonError> {
        let end = from + self.moves.len();
        let mut branch = Branch {
            moves: self
                .moves
                .iter()
                .map(|m| ((m.clone(), None), None))
                .collect(),
            variations: Vec::new(),
        };
        for (ply, sign) in &self.marks {
            let mark = Mark::from_sign(sign).ok_or_else(|| RonError::BadMark(sign.clone()))?;
            match ply
                .checked_sub(from + 1)
                .and_then(|i| branch.moves.get_mut(i))
            {
                Some(slot) => slot.0.1 = Some(mark),
                None => return Err(RonError::BadVariation(*ply)),
            }
        }
        for (ply, c) in &self.comments {
            match ply
                .checked_sub(from + 1)
                .and_then(|i| branch.moves.get_mut(i))
            {
                Some(slot) => slot.1 = Some(c.clone()),
                None => return Err(RonError::BadVariation(*ply)),
            }
        }
        for v in &self.variations {
            if v.ply < from || v.ply >= end {
                return Err(RonError::BadVariation(v.ply));
            }
            branch.variations.push((v.ply - from, v.branch(v.ply)?));
        }
        Ok(branch)
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
        record.set_tags(self.tags.iter().map(|(k, v)| (k.as_str(), v.as_str())));
        let mut main = VariationFile {
            ply: 0,
            moves: self.moves,
            comments: Vec::new(),
            marks: self.marks,
            variations: self.variations,
        };
        let comment0 = self
            .comments
            .iter()
            .find(|(p, _)| *p == 0)
            .map(|c| c.1.clone());
        main.comments = self.comments.into_iter().filter(|(p, _)| *p != 0).collect();
        let branch = main.branch(0)?;
        let mut index = 0;
        record.graft(
            0,
            &branch,
            &mut |record: &mut GameRecord, (text, mark): &Marked| {
                let bad = || RonError::BadMove {
                    line: line_of(text),
                    index,
                    text: text.clone(),
                };
                let m: Move = text.parse().map_err(|_| bad())?;
                record.append_variation(m).map_err(|_| bad())?;
                if mark.is_some() {
                    record.set_mark(record.ply(), *mark);
                }
                index += 1;
                Ok(())
            },
        )?;
        record.set_comment(0, comment0);
        if !record.choose_line(&self.line) {
            return Err(RonError::BadVariation(self.line.first().map_or(0, |l| l.0)));
        }
        let ply = self.ply.unwrap_or(record.len());
        if !record.goto(ply) {
            return Err(RonError::BadPly(ply));
        }
        Ok(record)
    }
}

impl Serialize for GameRecord {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        RecordFile::from(self).serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for GameRecord {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<GameRecord, D::Error> {
        let file = RecordFile::deserialize(deserializer)?;
        file.into_record(|_| 0).map_err(serde::de::Error::custom)
    }
}

impl GameRecord {
    /// The record as pretty-printed RON.
    #[must_use]
    pub fn to_ron(&self) -> String {
        let file = RecordFile::from(self);
        // Only strings, numbers and lists, with no limit on nesting: it cannot fail (a failure
        // would be an empty file). The reader's limit is above the deepest nesting that the
        // readers and `play_variation` let a record reach.
        let text = ron::Options::default()
            .without_recursion_limit()
            .to_string_pretty(&file, pretty_config());
        debug_assert!(text.is_ok(), "RON writer: {text:?}");
        text.unwrap_or_default()
    }

    /// Reads a record written by [`GameRecord::to_ron`] (or by hand), checking every move.
    pub fn from_ron(text: &str) -> Result<GameRecord, RonError> {
        let file: RecordFile = options().from_str(text).map_err(|e| RonError::Syntax {
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
