//! Vietnamese notation (ký hiệu cờ tướng): `P2-5`, `M8.7`, `X1/2`, `Xt-4`.
//!
//! Each side numbers its files 1 to 9 from its own right, in Arabic digits. The pieces are
//! Tướng `Tg`, Sĩ `S`, Tượng `T`, Xe `X`, Pháo `P`, Mã `M` and Tốt `B` (Binh); `.` is forward
//! (tấn), `/` back (thoái) and `-` sideways (bình). Horses, elephants and advisors give the
//! destination file; the others the number of steps along their file. Two pieces of a kind on one
//! file are `t` (trước, front) and `s` (sau, rear) in place of the file (`Xt-4`, `Ps/1`), three
//! pawns `t`, `g` (giữa) and `s`. Rarer pawn cases, which no Vietnamese source covers, follow
//! the same habit: when two files each hold several pawns, the file then its marker (`B7t-6`);
//! four or five on one file are `t`, `g1`, `g2`, `g3` and `s` from the front.
//!
//! Sources (named in docs/i18n.md): tamquocchess.vn "Ký hiệu cờ tướng", thuthuatchoi.com,
//! truyenhinhcapsongthu.net, and Vietnamese Wikipedia's "Cách ghi nước đi".
//!
//! On input the word form is read too (`Pháo 2 bình 5`, `Mã 8 tấn 7`, `Xe sau bình 2`, `tiến`
//! for `tấn`), as are `V` (Voi) for Tượng, `C` (Chốt) for Tốt and an en dash for `-`. WXF uses
//! the same characters for other meanings (`-` is back there), so this notation is never
//! guessed: a reader must be told it.

use crate::notation::{Action, Described, Designator, NotationError, find_move, written_forms};
use crate::position::Position;
use crate::types::{Move, PieceKind};

fn letter(kind: PieceKind) -> &'static str {
    match kind {
        PieceKind::King => "Tg",
        PieceKind::Advisor => "S",
        PieceKind::Elephant => "T",
        PieceKind::Rook => "X",
        PieceKind::Cannon => "P",
        PieceKind::Horse => "M",
        PieceKind::Pawn => "B",
    }
}

fn action_char(a: Action) -> char {
    match a {
        Action::Forward => '.',
        Action::Back => '/',
        Action::Sideways => '-',
    }
}

/// The marker of the piece at `index` among `count` on one file, front first.
fn marker(index: usize, count: usize) -> String {
    match (count, index) {
        (_, 0) => "t".to_owned(),
        (n, i) if i + 1 == n => "s".to_owned(),
        (3, _) => "g".to_owned(),
        (_, i) => format!("g{i}"),
    }
}

fn designators(d: &Described) -> Vec<String> {
    let l = letter(d.kind);
    match d.designator {
        Designator::File(f) => vec![format!("{l}{f}")],
        Designator::Tandem {
            file,
            index_in_file,
            count_in_file,
            multi_files,
            ..
        } => {
            let m = marker(index_in_file, count_in_file);
            if multi_files == 1 {
                vec![format!("{l}{m}"), format!("{l}{file}{m}")]
            } else {
                vec![format!("{l}{file}{m}")]
            }
        }
    }
}

fn tail(d: &Described) -> String {
    format!("{}{}", action_char(d.action), d.target)
}

fn forms(pos: &Position, m: Move) -> Result<Vec<String>, NotationError> {
    written_forms(pos, m, designators, tail)
}

/// Writes `m`, which must be legal in `pos`: `P2-5`.
pub fn format(pos: &Position, m: Move) -> Result<String, NotationError> {
    Ok(forms(pos, m)?.swap_remove(0))
}

/// The word form's words, as the short form's characters.
fn word(w: &str) -> Option<&'static str> {
    Some(match w.to_lowercase().as_str() {
        "tướng" | "tuong" | "soái" | "soai" => "Tg",
        "sĩ" | "sỹ" | "si" => "S",
        "tượng" | "voi" => "T",
        "xe" | "xa" => "X",
        "pháo" | "phao" => "P",
        "mã" | "ma" => "M",
        "tốt" | "tot" | "binh" | "chốt" | "chot" => "B",
        "trước" | "truoc" => "t",
        "giữa" | "giua" => "g",
        "sau" => "s",
        "tấn" | "tiến" | "tan" | "tien" => ".",
        "thoái" | "thoai" | "lùi" => "/",
        "bình" => "-",
        _ => return None,
    })
}

/// The text as the short form (`Pháo 2 bình 5` → `P2-5`), or `None` when a word is unknown.
fn short_form(text: &str) -> Option<String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    if words.len() < 2 {
        return Some(words.concat());
    }
    let mut s = String::new();
    for w in words {
        if w.chars().all(|c| c.is_ascii_digit()) {
            s.push_str(w);
        } else {
            s.push_str(word(w)?);
        }
    }
    Some(s)
}

/// A canonical key: `K` `A` `E` `R` `C` `H` `P`, markers `f` `m` `r`, `+` `-` `=`, digits.
fn normalize(text: &str) -> Option<String> {
    let short = short_form(text.trim())?;
    let mut chars = short.chars().peekable();
    let mut s = String::new();
    let piece = match chars.next()? {
        'T' if chars.peek() == Some(&'g') => {
            chars.next();
            'K'
        }
        'S' => 'A',
        'T' | 'V' => 'E',
        'X' => 'R',
        'P' => 'C',
        'M' => 'H',
        'B' | 'C' => 'P',
        _ => return None,
    };
    s.push(piece);
    for c in chars {
        s.push(match c {
            '1'..='9' => c,
            't' => 'f',
            'g' => 'm',
            's' => 'r',
            '.' => '+',
            '/' => '-',
            '-' | '–' => '=',
            _ => return None,
        });
    }
    (s.len() >= 4).then_some(s)
}

/// Reads a legal move of `pos` from `text`, short (`P2-5`) or in words (`Pháo 2 bình 5`).
pub fn parse(pos: &Position, text: &str) -> Result<Move, NotationError> {
    find_move(pos, text, normalize, forms)
}
