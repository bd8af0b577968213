//! Text a player pastes, recognised by its shape: a 东萍 DhtmlXQ block, a PGN (tags or numbered
//! moves), a FEN, or a plain list of moves in Chinese (`炮二平五 马８进７`, with or without spaces),
//! WXF (`C2.5 H8+7`) or ICCS (`h2e2 h9g7`, `H2-E2`) from the start position.

use core::fmt;

use crate::dhtml;
use crate::notation::Notation;
use crate::pgn;
use crate::position::Position;
use crate::record::GameRecord;

/// What a pasted text holds.
#[derive(Clone, Debug)]
pub enum Pasted {
    /// A position (from a FEN).
    Position(Box<Position>),
    /// A record: from a PGN, a DhtmlXQ block or a move list.
    Record {
        /// The record.
        record: Box<GameRecord>,
        /// What kind of text it was read from.
        kind: PasteKind,
        /// What of it could not be read and was left out, in words.
        skipped: Vec<String>,
    },
}

/// The kinds of text recognised.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PasteKind {
    /// A position in FEN.
    Fen,
    /// A PGN record.
    Pgn,
    /// A 东萍 DhtmlXQ block.
    Dhtml,
    /// Moves from the start position, one after another.
    MoveList,
}

impl fmt::Display for PasteKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PasteKind::Fen => "FEN",
            PasteKind::Pgn => "PGN",
            PasteKind::Dhtml => "DhtmlXQ",
            PasteKind::MoveList => "move list",
        })
    }
}

/// Why a pasted text could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PasteError {
    /// Nothing but white space.
    Empty,
    /// The text has the shape of `kind` but does not read as one (why).
    Unreadable {
        /// What the text looked like.
        kind: PasteKind,
        /// Why it does not read.
        error: String,
    },
}

impl fmt::Display for PasteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PasteError::Empty => write!(f, "the clipboard holds no text"),
            PasteError::Unreadable { kind, error } => write!(f, "not a readable {kind}: {error}"),
        }
    }
}

impl std::error::Error for PasteError {}

/// Whether `text`'s first word is a FEN's board (ten ranks).
fn looks_like_fen(text: &str) -> bool {
    text.split_whitespace()
        .next()
        .is_some_and(|board| board.split('/').count() == 10 && board.len() <= 90)
}

/// Whether `text` has PGN's tags or numbered moves.
fn looks_like_pgn(text: &str) -> bool {
    text.lines()
        .any(|l| l.trim_start().starts_with('[') && l.contains('"'))
        || text.split_whitespace().any(|w| {
            w.strip_suffix('.')
                .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        })
}

/// Recognises and reads a pasted text.
pub fn recognise(text: &str) -> Result<Pasted, PasteError> {
    let text = text.trim().trim_start_matches('\u{feff}');
    if text.is_empty() {
        return Err(PasteError::Empty);
    }
    let unreadable = |kind, error: String| PasteError::Unreadable { kind, error };
    if dhtml::is_dhtml(text) {
        let (record, skipped) =
            dhtml::read_lenient(text).map_err(|e| unreadable(PasteKind::Dhtml, e.to_string()))?;
        return Ok(Pasted::Record {
            record: Box::new(record),
            kind: PasteKind::Dhtml,
            skipped: skipped.iter().map(ToString::to_string).collect(),
        });
    }
    if looks_like_fen(text) {
        // A FEN without the side to move: Red.
        let fen = if text.split_whitespace().count() == 1 {
            format!("{text} w")
        } else {
            text.to_owned()
        };
        return Position::from_fen(&fen)
            .map(|p| Pasted::Position(Box::new(p)))
            .map_err(|e| unreadable(PasteKind::Fen, e.to_string()));
    }
    if looks_like_pgn(text) {
        return pgn::read_str(text)
            .map(|record| Pasted::Record {
                record: Box::new(record),
                kind: PasteKind::Pgn,
                skipped: Vec::new(),
            })
            .map_err(|e| unreadable(PasteKind::Pgn, e.to_string()));
    }
    move_list(text).map(|record| Pasted::Record {
        record: Box::new(record),
        kind: PasteKind::MoveList,
        skipped: Vec::new(),
    })
}

/// Reads a plain list of moves from the start position. Chinese moves may run together (four
/// characters each).
fn move_list(text: &str) -> Result<GameRecord, PasteError> {
    let mut record = GameRecord::new(Position::startpos());
    let words = text
        .split(|c: char| c.is_whitespace() || c == ',' || c == '，' || c == '、')
        .filter(|w| !w.is_empty());
    let mut moves: Vec<String> = Vec::new();
    for word in words {
        let chars: Vec<char> = word.chars().collect();
        if !word.is_ascii() && chars.len() > 4 && chars.len().is_multiple_of(4) {
            moves.extend(chars.chunks(4).map(|c| c.iter().collect()));
        } else {
            moves.push(word.to_owned());
        }
    }
    if moves.is_empty() {
        return Err(PasteError::Empty);
    }
    for (i, m) in moves.iter().enumerate() {
        if let Err(e) = record
            .append_text(Notation::Chinese, m)
            .or_else(|_| record.append_text(Notation::Wxf, m))
            .or_else(|_| record.append_text(Notation::Iccs, m))
        {
            return Err(PasteError::Unreadable {
                kind: PasteKind::MoveList,
                error: format!("move {} ({m:?}): {e}", i + 1),
            });
        }
    }
    record.goto(0);
    Ok(record)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(p: &Pasted) -> Vec<String> {
        match p {
            Pasted::Record { record, .. } => {
                record.all_moves().iter().map(ToString::to_string).collect()
            }
            Pasted::Position(_) => Vec::new(),
        }
    }

    fn kind(p: &Pasted) -> Option<PasteKind> {
        match p {
            Pasted::Record { kind, .. } => Some(*kind),
            Pasted::Position(_) => Some(PasteKind::Fen),
        }
    }

    #[test]
    fn each_kind_of_text_is_recognised() {
        let fen =
            recognise("  rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\n")
                .expect("a FEN");
        assert!(matches!(fen, Pasted::Position(ref p) if **p == Position::startpos()));
        let short = recognise("4k4/9/9/9/9/9/9/9/R8/3K5").expect("a FEN without a side");
        assert!(matches!(short, Pasted::Position(ref p) if p.side_to_move() == crate::Color::Red));
        let pgn =
            recognise("[Game \"Chinese Chess\"]\n\n1. 炮二平五 马８进７ 2. 马二进三 *").unwrap();
        assert_eq!(kind(&pgn), Some(PasteKind::Pgn));
        assert_eq!(moves(&pgn), ["h2e2", "h9g7", "h0g2"]);
        let numbered = recognise("1. h2e2 h9g7 2. h0g2").unwrap();
        assert_eq!(
            (kind(&numbered), moves(&numbered).len()),
            (Some(PasteKind::Pgn), 3)
        );
        let dhtml =
            recognise("[DhtmlXQ][DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist][/DhtmlXQ]").unwrap();
        assert_eq!(
            (kind(&dhtml), moves(&dhtml)),
            (Some(PasteKind::Dhtml), vec!["h2e2".into(), "h9g7".into()])
        );
        for list in [
            "炮二平五 马８进７ 马二进三",
            "炮二平五马８进７马二进三",
            "C2.5 H8+7 H2+3",
            "h2e2 h9g7 h0g2",
            "H2-E2 H9-G7 H0-G2",
        ] {
            let p = recognise(list).unwrap_or_else(|e| panic!("{list}: {e}"));
            assert_eq!(kind(&p), Some(PasteKind::MoveList), "{list}");
            assert_eq!(moves(&p), ["h2e2", "h9g7", "h0g2"], "{list}");
        }
    }

    #[test]
    fn a_bad_paste_names_what_could_not_be_read() {
        assert_eq!(recognise(" \n\t").unwrap_err(), PasteError::Empty);
        let e = recognise("rnbakabnr/9/9/9/9/9/9/9/9/RNBAKABN w").unwrap_err();
        assert!(
            matches!(
                e,
                PasteError::Unreadable {
                    kind: PasteKind::Fen,
                    ..
                }
            ),
            "{e}"
        );
        let e = recognise("炮二平五 马８进７ 车一进九").unwrap_err();
        assert!(e.to_string().contains("move 3"), "{e}");
        let e = recognise("hello world").unwrap_err();
        assert!(
            matches!(
                e,
                PasteError::Unreadable {
                    kind: PasteKind::MoveList,
                    ..
                }
            ),
            "{e}"
        );
        let e = recognise("[Event \"x\"]\n1. h2e2 z9z9").unwrap_err();
        assert!(
            matches!(
                e,
                PasteError::Unreadable {
                    kind: PasteKind::Pgn,
                    ..
                }
            ),
            "{e}"
        );
    }
}
