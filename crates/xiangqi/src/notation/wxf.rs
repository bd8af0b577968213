//! WXF notation: `C2.5`, `H8+7`, `R1+1`, `+C.5` / `-C.5` for the front and rear of two pieces on
//! one file.
//!
//! Files are numbered 1-9 from each side's own right. Piece letters are `K A E H R C P` (`B` and
//! `N` are read as `E` and `H`); `+` is forward, `-` back, `.` (or `=`) sideways. Several pawns on
//! one file follow the WXF rules: three are `+P`, `P3` (the middle one keeps its file) and `-P`;
//! four are `++`, `+P`, `-P`, `--`; five add the middle `P3`. When two files each hold several
//! pawns, the file digit takes the place of the letter: `3+.4`, `33.4`, `3-.4`. On input the
//! suffix form `C+.5` and xqbase's lettered pawns `Pa.5`-`Pe.5` are accepted too.

use crate::notation::{Action, Described, Designator, NotationError, find_move, written_forms};
use crate::position::Position;
use crate::types::{Move, PieceKind};

fn letter(kind: PieceKind) -> char {
    match kind {
        PieceKind::King => 'K',
        PieceKind::Advisor => 'A',
        PieceKind::Elephant => 'E',
        PieceKind::Horse => 'H',
        PieceKind::Rook => 'R',
        PieceKind::Cannon => 'C',
        PieceKind::Pawn => 'P',
    }
}

fn action_char(a: Action) -> char {
    match a {
        Action::Forward => '+',
        Action::Sideways => '.',
        Action::Back => '-',
    }
}

/// The canonical designator and the alternative spellings accepted on input.
fn designators(d: &Described) -> Vec<String> {
    let l = letter(d.kind);
    match d.designator {
        Designator::File(f) => vec![format!("{l}{f}")],
        Designator::Tandem {
            file,
            index,
            total,
            index_in_file,
            count_in_file,
            multi_files,
        } => {
            let mut v = Vec::new();
            if multi_files == 1 {
                let canonical = match (count_in_file, index_in_file) {
                    (2, 0) | (3, 0) => format!("+{l}"),
                    (2, _) | (3, 2) => format!("-{l}"),
                    (3, _) => format!("{l}{file}"),
                    (n, 0) if n >= 4 => "++".to_owned(),
                    (n, i) if i == n - 1 => "--".to_owned(),
                    (_, 1) => format!("+{l}"),
                    (n, i) if i == n - 2 => format!("-{l}"),
                    _ => format!("{l}{file}"),
                };
                v.push(canonical);
                if count_in_file <= 3 && index_in_file == 0 {
                    v.push(format!("{l}+"));
                }
                if count_in_file <= 3 && index_in_file == count_in_file - 1 {
                    v.push(format!("{l}-"));
                }
            } else {
                let pos = match (count_in_file, index_in_file) {
                    (_, 0) => '+',
                    (n, i) if i == n - 1 => '-',
                    _ => char::from(b'0' + file),
                };
                v.push(format!("{file}{pos}"));
            }
            if total >= 4 {
                v.push(format!("{l}{}", char::from(b'a' + index as u8)));
            }
            v
        }
    }
}

fn tail(d: &Described) -> String {
    format!("{}{}", action_char(d.action), d.target)
}

fn forms(pos: &Position, m: Move) -> Result<Vec<String>, NotationError> {
    written_forms(pos, m, designators, tail)
}

/// Writes `m` in WXF notation. Errors if `m` is not legal in `pos`.
pub fn format(pos: &Position, m: Move) -> Result<String, NotationError> {
    Ok(forms(pos, m)?.swap_remove(0))
}

fn normalize(text: &str) -> Option<String> {
    let mut s = String::new();
    for c in text.chars().filter(|c| !c.is_whitespace()) {
        if s.len() == 1 && ('a'..='e').contains(&c) {
            s.push(c);
            continue;
        }
        s.push(match c {
            '=' => '.',
            'B' | 'b' => 'E',
            'N' | 'n' => 'H',
            c if c.is_ascii_alphabetic() => c.to_ascii_uppercase(),
            c if c.is_ascii_digit() || matches!(c, '+' | '-' | '.') => c,
            _ => return None,
        });
    }
    (s.len() == 4).then_some(s)
}

/// Reads a WXF move of `pos`.
pub fn parse(pos: &Position, text: &str) -> Result<Move, NotationError> {
    find_move(pos, text, normalize, forms)
}
