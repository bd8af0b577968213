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
//! [Format "Chinese"]     (or "WXF" or "ICCS")
//!  1. 炮二平五 马８进７
//!  2. 马二进三 {a comment} 车９平８
//!  1-0
//! ```
//!
//! Files are read as UTF-8 (with or without a byte-order mark) or, failing that, GBK, with CRLF or
//! LF line ends. Variations in `()` and `;` comments are skipped. Each move is read in the notation
//! of the `[Format]` tag, or guessed from its text when that fails.

use core::fmt;

use crate::fen::FenError;
use crate::notation::{Notation, NotationError};
use crate::position::Position;
use crate::record::GameRecord;
use crate::types::Color;

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
    BadFen(FenError),
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
        /// The game up to the move before.
        record: Box<GameRecord>,
    },
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PgnError::BadTag { line, text } => write!(f, "line {line}: not a tag: {text:?}"),
            PgnError::BadFen(e) => write!(f, "bad [FEN] tag: {e}"),
            PgnError::BadMove {
                move_number,
                side,
                text,
                error,
                record,
            } => write!(
                f,
                "move {move_number} ({}): {text:?}: {error} ({} moves read before it)",
                if *side == Color::Red { "Red" } else { "Black" },
                record.len()
            ),
        }
    }
}

impl std::error::Error for PgnError {}

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
    Some((
        name.to_owned(),
        value.replace("\\\"", "\"").replace("\\\\", "\\"),
    ))
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
    let mut in_comment = false;
    for (n, line) in text.lines().enumerate() {
        if !in_comment && line.trim_start().starts_with('[') && movetext.trim().is_empty() {
            let tag = parse_tag(line).ok_or_else(|| PgnError::BadTag {
                line: n + 1,
                text: line.to_owned(),
            })?;
            tags.push(tag);
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
        movetext.push_str(line);
        movetext.push('\n');
    }

    let start = match tags.iter().find(|(k, _)| k == "FEN") {
        Some((_, fen)) => Position::from_fen(fen).map_err(PgnError::BadFen)?,
        None => Position::startpos(),
    };
    let format = tags
        .iter()
        .find(|(k, _)| k == "Format")
        .map(|(_, v)| v.to_ascii_uppercase());
    let notation = match format.as_deref() {
        Some("WXF") => Notation::Wxf,
        Some("ICCS") => Notation::Iccs,
        _ => Notation::Chinese,
    };
    let mut record = GameRecord::new(start);
    for (k, v) in &tags {
        record.set_tag(k, v);
    }

    let mut chars = movetext.chars().peekable();
    let mut token = String::new();
    let mut depth = 0usize; // variation nesting
    let mut done = false;
    let mut flush = |token: &mut String, record: &mut GameRecord| -> Result<(), PgnError> {
        let t = core::mem::take(token);
        let t = strip_number(t.trim());
        if t.is_empty() || done {
            return Ok(());
        }
        if is_result(t) {
            done = true;
            return Ok(());
        }
        let pos = record.position();
        let parsed = notation
            .parse(pos, t)
            .or_else(|e| Notation::parse_any(pos, t).map_err(|_| e));
        let side = pos.side_to_move();
        let move_number = pos.fullmove_number();
        match parsed {
            Ok(m) => record.append(m).map_err(|e| PgnError::BadMove {
                move_number,
                side,
                text: t.to_owned(),
                error: NotationError::IllegalMove(e.mv),
                record: Box::new(record.clone()),
            }),
            Err(error) => Err(PgnError::BadMove {
                move_number,
                side,
                text: t.to_owned(),
                error,
                record: Box::new(record.clone()),
            }),
        }
    };
    while let Some(c) = chars.next() {
        match c {
            '{' => {
                flush(&mut token, &mut record)?;
                let mut comment = String::new();
                for c in chars.by_ref() {
                    if c == '}' {
                        break;
                    }
                    comment.push(c);
                }
                let comment = comment.trim();
                if depth == 0 && !comment.is_empty() {
                    let ply = record.ply();
                    let joined = match record.comment(ply) {
                        Some(prev) => format!("{prev}\n{comment}"),
                        None => comment.to_owned(),
                    };
                    record.set_comment(ply, Some(joined));
                }
            }
            ';' => {
                flush(&mut token, &mut record)?;
                for c in chars.by_ref() {
                    if c == '\n' {
                        break;
                    }
                }
            }
            '(' => {
                flush(&mut token, &mut record)?;
                depth += 1;
            }
            ')' => {
                token.clear();
                depth = depth.saturating_sub(1);
            }
            c if c.is_whitespace() || c == '\u{3000}' => {
                if depth == 0 {
                    flush(&mut token, &mut record)?;
                } else {
                    token.clear();
                }
            }
            c => {
                if depth == 0 {
                    token.push(c);
                }
            }
        }
    }
    flush(&mut token, &mut record)?;
    Ok(record)
}

fn quote(v: &str) -> String {
    v.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Writes `record` as PGN with its moves in `notation`. The `[Result]` tag and the closing token
/// come from the outcome on the board when the game ended there, else from the record's tag.
#[must_use]
pub fn write(record: &GameRecord, notation: Notation) -> String {
    let start = record.start();
    let end = record.outcome_at(record.len());
    let result = end
        .map(|o| o.pgn_result().to_owned())
        .or_else(|| record.tag("Result").map(str::to_owned))
        .unwrap_or_else(|| "*".to_owned());
    let mut out = String::new();
    out.push_str("[Game \"Chinese Chess\"]\n");
    let skip = ["Game", "Result", "FEN", "Format"];
    for (k, v) in record.tags() {
        if !skip.contains(&k.as_str()) {
            out.push_str(&format!("[{k} \"{}\"]\n", quote(v)));
        }
    }
    out.push_str(&format!("[Result \"{}\"]\n", quote(&result)));
    if start.to_fen() != Position::START_FEN {
        out.push_str(&format!("[FEN \"{}\"]\n", start.to_fen()));
    }
    out.push_str(&format!("[Format \"{}\"]\n", notation.pgn_name()));
    if let Some(c) = record.comment(0) {
        out.push_str(&format!("{{{c}}}\n"));
    }
    let texts = record.move_texts(notation);
    let mut line = String::new();
    for (i, text) in texts.iter().enumerate() {
        let pos = record.position_at(i).unwrap_or(start);
        if pos.side_to_move() == Color::Red {
            line = format!("{:>3}. {text}", pos.fullmove_number());
        } else if line.is_empty() {
            line = format!("{:>3}. ... {text}", pos.fullmove_number());
        } else {
            line.push(' ');
            line.push_str(text);
        }
        let comment = record.comment(i + 1);
        let next_is_red = record
            .position_at(i + 1)
            .is_some_and(|p| p.side_to_move() == Color::Red);
        if let Some(c) = comment {
            line.push_str(&format!(" {{{c}}}"));
        }
        if next_is_red || comment.is_some() || i + 1 == texts.len() {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
    }
    out.push_str(&result);
    out.push('\n');
    out
}
