//! Writing PGN: tags quoted, comments braced, variations in parentheses, lines wrapped.

use super::{Color, GameRecord, Notation, Position};

/// DhtmlXQ's tags in a text, written with a full-width bracket (`［DhtmlXQ_movelist]`) as the
/// DhtmlXQ writer writes them in its comments: a reader that looks for a DhtmlXQ block in the
/// file then never finds one in a comment or a tag.
fn defuse(text: &str) -> String {
    text.replace("[DhtmlXQ", "［DhtmlXQ")
        .replace("[/DhtmlXQ", "［/DhtmlXQ")
}

/// A tag value as PGN writes it: one line (line ends become spaces), `\\` and `"` escaped,
/// DhtmlXQ's tags defused.
fn quote(v: &str) -> String {
    defuse(v)
        .replace("\r\n", " ")
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
/// written full-width, `｝`, as a Chinese text would write it; DhtmlXQ's tags are defused.
fn brace(comment: &str) -> String {
    format!("{{{}}}", defuse(comment).replace('}', "｝"))
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
