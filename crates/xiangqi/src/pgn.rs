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
        _ => Notation::Chinese,
    };
    let mut record = GameRecord::new(start);
    for (k, v) in &tags {
        record.set_tag(k, v);
    }
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

/// The move text reader: moves, comments, variations in `()` (nested), a result.
struct MoveText {
    record: GameRecord,
    notation: Notation,
    token: String,
    /// The line and column (1-based, in characters) of the character being read.
    at: (usize, usize),
    /// Where the token began.
    token_at: (usize, usize),
    /// For each open variation: the move it replaces (a tree node) and the point after it, to
    /// come back to.
    stack: Vec<(usize, usize)>,
    /// Open variations that cannot be read (before any move): their text is skipped.
    skipping: usize,
    /// The next move starts a variation (an alternative to the last move read).
    branch_next: bool,
    /// A comment at the very start of a variation, put after its first move.
    pending_comment: Option<String>,
    done: bool,
}

impl MoveText {
    fn read(&mut self, text: &str) -> Result<(), PgnError> {
        let mut chars = text.chars().peekable();
        while let Some(c) = chars.next() {
            let at = self.at;
            if c == '\n' {
                self.at = (at.0 + 1, 1);
            } else {
                self.at.1 += 1;
            }
            match c {
                '{' => {
                    self.flush()?;
                    let mut comment = String::new();
                    for c in chars.by_ref() {
                        if c == '\n' {
                            self.at = (self.at.0 + 1, 1);
                        } else {
                            self.at.1 += 1;
                        }
                        if c == '}' {
                            break;
                        }
                        comment.push(c);
                    }
                    self.comment(comment.trim());
                }
                ';' => {
                    self.flush()?;
                    for c in chars.by_ref() {
                        if c == '\n' {
                            self.at = (self.at.0 + 1, 1);
                            break;
                        }
                    }
                }
                '(' => {
                    self.flush()?;
                    self.open();
                }
                ')' => {
                    self.flush()?;
                    self.close();
                }
                c if c.is_whitespace() || c == '\u{3000}' => self.flush()?,
                c => {
                    if self.token.is_empty() {
                        self.token_at = at;
                    }
                    self.token.push(c);
                }
            }
        }
        self.flush()
    }

    fn comment(&mut self, comment: &str) {
        if comment.is_empty() || self.skipping > 0 {
            return;
        }
        if self.branch_next {
            self.pending_comment = Some(comment.to_owned());
            return;
        }
        let ply = self.record.ply();
        self.record.push_comment(ply, comment);
    }

    fn open(&mut self) {
        // Skipped: a variation with no move before it, inside a skipped one, or nested deeper
        // than MAX_VARIATION_NESTING.
        if self.skipping > 0
            || self.done
            || self.record.ply() == 0
            || self.branch_next
            || self.stack.len() >= MAX_VARIATION_NESTING
        {
            self.skipping += 1;
            return;
        }
        // The move the variation replaces, to come back to: only the line from there on changes
        // inside the variation.
        let ply = self.record.ply();
        let Some(node) = self.record.line_node(ply - 1) else {
            self.skipping += 1;
            return;
        };
        self.stack.push((node, ply));
        self.record.goto(ply - 1);
        self.branch_next = true;
    }

    fn close(&mut self) {
        if self.skipping > 0 {
            self.skipping -= 1;
            return;
        }
        if let Some((node, ply)) = self.stack.pop() {
            self.record.reselect(ply - 1, node);
            self.record.goto(ply);
            self.branch_next = false;
            self.pending_comment = None;
        }
    }

    fn flush(&mut self) -> Result<(), PgnError> {
        let token = core::mem::take(&mut self.token);
        let t = strip_number(token.trim());
        if t.is_empty() || self.skipping > 0 || self.done {
            return Ok(());
        }
        if is_result(t) {
            self.done = self.stack.is_empty();
            return Ok(());
        }
        // A mark on the move before: a numeric glyph ($1-$6; others are left out) or a sign
        // standing alone.
        let glyph = t
            .strip_prefix('$')
            .map(|n| n.parse::<u8>().ok().and_then(Mark::from_nag));
        if let Some(mark) = glyph.or_else(|| {
            t.chars()
                .all(|c| c == '!' || c == '?')
                .then(|| Mark::from_sign(t))
        }) {
            if !self.branch_next && mark.is_some() {
                let ply = self.record.ply();
                self.record.set_mark(ply, mark);
            }
            return Ok(());
        }
        // A sign written onto the move (`h2e2!?`).
        let bare = t.trim_end_matches(['!', '?']);
        let (t, mark) = match Mark::from_sign(&t[bare.len()..]) {
            Some(mark) if !bare.is_empty() => (bare, Some(mark)),
            _ => (t, None),
        };
        let record = &mut self.record;
        let pos = record.position();
        let parsed = self
            .notation
            .parse(pos, t)
            .or_else(|e| Notation::parse_any(pos, t).map_err(|_| e));
        let side = pos.side_to_move();
        let move_number = pos.fullmove_number();
        let played = parsed.and_then(|m| {
            if self.branch_next {
                record.append_variation(m)
            } else {
                record.append(m)
            }
            .map_err(|e| NotationError::IllegalMove(e.mv))
        });
        match played {
            Ok(()) => {
                self.branch_next = false;
                if mark.is_some() {
                    let ply = self.record.ply();
                    self.record.set_mark(ply, mark);
                }
                if let Some(c) = self.pending_comment.take() {
                    let ply = self.record.ply();
                    self.record.set_comment(ply, Some(c));
                }
                Ok(())
            }
            Err(error) => Err(PgnError::BadMove {
                move_number,
                side,
                text: t.to_owned(),
                error,
                line: self.token_at.0,
                column: self.token_at.1,
                record: Box::new(self.record.main_line()),
            }),
        }
    }
}

/// A tag value as PGN writes it: one line (line ends become spaces), `\\` and `"` escaped.
fn quote(v: &str) -> String {
    v.replace("\r\n", " ")
        .replace(['\r', '\n'], " ")
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
}

/// A tag name as PGN allows it: letters, digits and `_` (anything else becomes `_`).
fn symbol(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_alphanumeric() || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// A comment as PGN writes it in `{}`: PGN has no escape, so a `}` (which would end it) is
/// written full-width, `｝`, as a Chinese text would write it.
fn brace(comment: &str) -> String {
    format!("{{{}}}", comment.replace('}', "｝"))
}

/// Writes `record` as PGN with its moves in `notation`: the main line, each variation in `()`
/// after the move it replaces. The `[Result]` tag and the closing token come from the outcome on
/// the board when the main line ended there, else from the record's tag.
#[must_use]
pub fn write(record: &GameRecord, notation: Notation) -> String {
    let start = record.start();
    let main = record.main_line();
    let end = main.outcome_at(main.len());
    let result = end
        .map(|o| o.pgn_result().to_owned())
        .or_else(|| record.tag("Result").map(str::to_owned))
        .unwrap_or_else(|| "*".to_owned());
    let mut out = String::new();
    out.push_str("[Game \"Chinese Chess\"]\n");
    let skip = ["Game", "Result", "FEN", "Format"];
    for (k, v) in record.tags() {
        if !skip.contains(&k.as_str()) && !k.is_empty() {
            out.push_str(&format!("[{} \"{}\"]\n", symbol(k), quote(v)));
        }
    }
    out.push_str(&format!("[Result \"{}\"]\n", quote(&result)));
    if start.to_fen() != Position::START_FEN {
        out.push_str(&format!("[FEN \"{}\"]\n", start.to_fen()));
    }
    out.push_str(&format!("[Format \"{}\"]\n", notation.pgn_name()));
    if let Some(c) = record.node_comment(None) {
        out.push_str(&brace(c));
        out.push('\n');
    }
    let mut tokens = Vec::new();
    write_line(record, notation, start, None, None, &mut tokens);
    let mut line = String::new();
    for token in tokens {
        match token {
            Token::Break => {
                out.push_str(&line);
                out.push('\n');
                line.clear();
            }
            Token::Text(t) => {
                if line.is_empty() && t == "(" {
                    line.push_str("    "); // a variation of the main line, indented
                }
                if !line.is_empty() {
                    line.push(' ');
                }
                line.push_str(&t);
            }
        }
    }
    out.push_str(&result);
    out.push('\n');
    out
}

/// Move text in pieces: words, and (on the main line) where a line ends.
enum Token {
    Text(String),
    Break,
}

/// Writes the line from `parent`'s continuations on, from `pos`: the first continuation, then the
/// others as variations. `first` names the variation's first move (taken instead of the first
/// continuation). The main line (`first` is `None` at the top) breaks lines as a printed record
/// does: one move pair a line, and a new line after a comment or a variation.
fn write_line(
    record: &GameRecord,
    notation: Notation,
    pos: &Position,
    mut parent: Option<usize>,
    first: Option<usize>,
    out: &mut Vec<Token>,
) {
    let main = first.is_none();
    let mut pos = pos.clone();
    let mut fresh = true; // nothing of the current printed line yet
    let mut node = first.or_else(|| record.continuations(parent).first().copied());
    while let Some(id) = node {
        let m = record.node_move(id);
        let text = notation.format(&pos, m).unwrap_or_else(|_| m.to_string());
        let number = pos.fullmove_number();
        if pos.side_to_move() == Color::Red {
            out.push(Token::Text(if main {
                format!("{number:>3}.")
            } else {
                format!("{number}.")
            }));
        } else if fresh {
            out.push(Token::Text(if main {
                format!("{number:>3}. ...")
            } else {
                format!("{number}. ...")
            }));
        }
        out.push(Token::Text(text));
        if let Some(mark) = record.node_mark(id) {
            out.push(Token::Text(format!("${}", mark.nag())));
        }
        fresh = false;
        let comment = record.node_comment(Some(id));
        if let Some(c) = comment {
            out.push(Token::Text(brace(c)));
        }
        let others: &[usize] = if node == first && !main {
            &[]
        } else {
            record.continuations(parent).get(1..).unwrap_or(&[])
        };
        let Ok(next) = pos.after(m) else { break };
        let after = record.continuations(Some(id)).first().copied();
        if main
            && (next.side_to_move() == Color::Red
                || comment.is_some()
                || !others.is_empty()
                || after.is_none())
        {
            out.push(Token::Break);
            fresh = true;
        }
        for &alt in others {
            out.push(Token::Text("(".to_owned()));
            write_line(record, notation, &pos, parent, Some(alt), out);
            out.push(Token::Text(")".to_owned()));
            if main {
                out.push(Token::Break);
            }
            fresh = true;
        }
        pos = next;
        parent = Some(id);
        node = after;
    }
}
