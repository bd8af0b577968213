//! PGN in the xqbase dialect: tags, move text in Chinese (default), WXF or ICCS, move numbers,
//! comments in `{}`, a result token at the end.
//!
//! ```text
//! [Game "Chinese Chess"]
//! [Event "..."]
//! [Red "..."]
//! [Black "..."]
//! [Result "1-0"]
//! [FEN "..."]            (only for another start than the standard one)
//! [Format "Chinese"]     (or "WXF" or "ICCS"; "Vietnamese" for P2-5)
//!  1. 炮二平五 马８进７
//!  2. 马二进三 {a comment} 车９平８
//!  1-0
//! ```
//!
//! Files are read as UTF-8 (with or without a byte-order mark) or, failing that, GBK, with CRLF or
//! LF line ends. Variations in `()` become the record's variations (nested up to
//! [`crate::MAX_VARIATION_NESTING`] deep; deeper ones are skipped); `;` comments are skipped.
//! Each move is read in the notation of the `[Format]` tag, or guessed from its text when that
//! fails.

use core::fmt;

use crate::fen::FenError;
use crate::notation::{Notation, NotationError};
use crate::position::Position;
use crate::record::{GameRecord, MAX_VARIATION_NESTING, Mark};
use crate::types::Color;

mod movetext;
mod write;
use movetext::MoveText;
pub use write::write;

/// Why a PGN could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PgnError {
    /// A line starting with `[` is not a `[Name "value"]` tag.
    BadTag {
        /// 1-based line number.
        line: usize,
        /// The line.
        text: String,
    },
    /// The `[FEN]` tag does not hold a valid position.
    BadFen {
        /// 1-based line of the tag.
        line: usize,
        /// Why the position is not valid.
        error: FenError,
    },
    /// A move could not be read or is illegal. Everything before it is kept in `record`.
    BadMove {
        /// The move number as printed in the record (1 for the first pair of moves).
        move_number: u32,
        /// The side whose move it was.
        side: Color,
        /// The move text.
        text: String,
        /// What went wrong.
        error: NotationError,
        /// 1-based line of the move text in the file.
        line: usize,
        /// 1-based column (in characters).
        column: usize,
        /// The game up to the move before (its main line).
        record: Box<GameRecord>,
    },
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PgnError::BadTag { line, text } => write!(f, "line {line}: not a tag: {text:?}"),
            PgnError::BadFen { line, error } => write!(f, "line {line}: bad [FEN] tag: {error}"),
            PgnError::BadMove {
                move_number,
                side,
                text,
                error,
                line,
                column,
                record,
            } => write!(
                f,
                "line {line}, column {column}: move {move_number} ({}): {text:?}: {error} ({} moves \
                 read before it)",
                if *side == Color::Red { "Red" } else { "Black" },
                record.len()
            ),
        }
    }
}

impl std::error::Error for PgnError {}

/// Whether `text` starts as a PGN does, with a tag: its first line that is not blank is
/// `[Name "value"]` (a byte-order mark and white space before it allowed). DhtmlXQ's tags
/// (`[DhtmlXQ_movelist]…`) have no quoted value and are not taken for one.
#[must_use]
pub fn starts_with_tags(text: &str) -> bool {
    let text = text.trim_start_matches('\u{feff}');
    let Some(line) = text.lines().map(str::trim).find(|l| !l.is_empty()) else {
        return false;
    };
    let Some(rest) = line.strip_prefix('[') else {
        return false;
    };
    let name_len = rest
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    name_len > 0 && rest[name_len..].trim_start().starts_with('"')
}

/// Decodes a file's bytes: UTF-8 (a byte-order mark is dropped) or else GBK. Line ends become LF.
#[must_use]
pub fn decode(bytes: &[u8]) -> String {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let text = match std::str::from_utf8(bytes) {
        Ok(s) => s.to_owned(),
        Err(_) => encoding_rs::GBK
            .decode_without_bom_handling(bytes)
            .0
            .into_owned(),
    };
    text.replace("\r\n", "\n").replace('\r', "\n")
}

/// Reads the first game of a PGN file given as bytes (UTF-8 or GBK).
pub fn read(bytes: &[u8]) -> Result<GameRecord, PgnError> {
    read_str(&decode(bytes))
}

fn parse_tag(line: &str) -> Option<(String, String)> {
    let inner = line.trim().strip_prefix('[')?.strip_suffix(']')?.trim();
    let (name, rest) = inner.split_once(char::is_whitespace)?;
    let value = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    // `\\` and `\"` stand for the character after the backslash; a lone backslash is kept.
    let mut out = String::with_capacity(value.len());
    let mut chars = value.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, chars.peek()) {
            ('\\', Some(&next @ ('\\' | '"'))) => {
                out.push(next);
                chars.next();
            }
            _ => out.push(c),
        }
    }
    Some((name.to_owned(), out))
}

fn is_result(token: &str) -> bool {
    matches!(token, "1-0" | "0-1" | "1/2-1/2" | "*")
}

/// Strips a leading move number such as `12.` or `12...` from a token.
fn strip_number(token: &str) -> &str {
    let digits = token.len() - token.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits > 0 && token[digits..].starts_with('.') {
        token[digits..].trim_start_matches('.')
    } else if token.chars().all(|c| c == '.') {
        ""
    } else {
        token
    }
}

/// Reads the first game of a PGN text.
pub fn read_str(text: &str) -> Result<GameRecord, PgnError> {
    let mut tags = Vec::new();
    let mut movetext = String::new();
    let mut first_line = None;
    let mut in_comment = false;
    for (n, line) in text.lines().enumerate() {
        if !in_comment && line.trim_start().starts_with('[') && movetext.trim().is_empty() {
            let tag = parse_tag(line).ok_or_else(|| PgnError::BadTag {
                line: n + 1,
                text: line.to_owned(),
            })?;
            tags.push(tag);
            movetext.clear();
            first_line = None;
            continue;
        }
        if !in_comment && line.trim_start().starts_with('[') {
            break; // the next game's tags
        }
        for c in line.chars() {
            match c {
                '{' => in_comment = true,
                '}' => in_comment = false,
                _ => {}
            }
        }
        first_line.get_or_insert(n + 1);
        movetext.push_str(line);
        movetext.push('\n');
    }

    let start = match tags.iter().find(|(k, _)| k == "FEN") {
        Some((_, fen)) => Position::from_fen(fen).map_err(|error| PgnError::BadFen {
            line: text
                .lines()
                .position(|l| l.trim_start().starts_with("[FEN"))
                .map_or(1, |i| i + 1),
            error,
        })?,
        None => Position::startpos(),
    };
    let format = tags
        .iter()
        .find(|(k, _)| k == "Format")
        .map(|(_, v)| v.to_ascii_uppercase());
    let notation = match format.as_deref() {
        Some("WXF") => Notation::Wxf,
        Some("ICCS") => Notation::Iccs,
        Some("VIETNAMESE") => Notation::Vietnamese,
        _ => Notation::Chinese,
    };
    let mut record = GameRecord::new(start);
    record.set_tags(tags.iter().map(|(k, v)| (k.as_str(), v.as_str())));
    let mut reader = MoveText {
        record,
        notation,
        token: String::new(),
        at: (first_line.unwrap_or(1), 1),
        token_at: (0, 0),
        stack: Vec::new(),
        skipping: 0,
        branch_next: false,
        pending_comment: None,
        done: false,
    };
    reader.read(&movetext)?;
    reader.skipping = 0;
    while !reader.stack.is_empty() {
        reader.close(); // a variation left open at the end
    }
    Ok(reader.record)
}
