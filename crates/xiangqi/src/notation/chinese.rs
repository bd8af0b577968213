//! Chinese notation: `炮二平五`, `马８进７`, `前炮退一`.
//!
//! Red numbers files 一 to 九 from its own right and writes steps in Chinese numerals; Black
//! numbers files 1 to 9 from its own right in full-width digits (`１`-`９`). 进 is forward, 退 back,
//! 平 sideways. Horses, elephants and advisors give the destination file; the king, rooks,
//! cannons and pawns give the number of steps when moving along their file.
//!
//! Pieces of one kind sharing a file (as xqbase writes them): two are 前/后 (`前炮平五`), three
//! 前/中/后; when four or five pawns stand on files holding two or more, they are numbered
//! 一二三四五 from the first such file on the mover's right, front to back (`二兵平四`). Kings,
//! advisors and elephants are always named by their file: their direction tells them apart.
//!
//! [`format`] uses simplified characters: 帅仕相马车炮兵 for Red, 将士象马车炮卒 for Black;
//! [`format_traditional`] the traditional ones of Taiwan and Hong Kong, each side's glyphs as on
//! its pieces (帥仕相傌俥炮兵 / 將士象馬車砲卒, 進, 後: `傌八進七`, `砲８平９`). Input also
//! accepts traditional characters (車 馬 砲 將 帥 俥 傌 進 後), the other side's characters for the
//! same piece, ASCII, full-width or Chinese digits, and for numbered pawns 前/中/后 with the file
//! (`前七平六`).

use crate::notation::{Action, Described, Designator, NotationError, find_move, written_forms};
use crate::position::Position;
use crate::types::{Color, Move, PieceKind};

const RED_DIGITS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];
const BLACK_DIGITS: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];

fn digit(color: Color, n: u8) -> char {
    let i = usize::from(n.clamp(1, 9) - 1);
    match color {
        Color::Red => RED_DIGITS[i],
        Color::Black => BLACK_DIGITS[i],
    }
}

/// The simplified character for a piece, as written in move text.
#[must_use]
pub fn piece_char(color: Color, kind: PieceKind) -> char {
    match (color, kind) {
        (Color::Red, PieceKind::King) => '帅',
        (Color::Red, PieceKind::Advisor) => '仕',
        (Color::Red, PieceKind::Elephant) => '相',
        (Color::Red, PieceKind::Pawn) => '兵',
        (Color::Black, PieceKind::King) => '将',
        (Color::Black, PieceKind::Advisor) => '士',
        (Color::Black, PieceKind::Elephant) => '象',
        (Color::Black, PieceKind::Pawn) => '卒',
        (_, PieceKind::Horse) => '马',
        (_, PieceKind::Rook) => '车',
        (_, PieceKind::Cannon) => '炮',
    }
}

/// The script a move is written in: 炮二平五 / 马８进７ in simplified characters, or the
/// traditional ones of Taiwan and Hong Kong (傌８進７, 後俥平四), with each side's own glyphs as
/// on its pieces (帥仕相傌俥炮兵 / 將士象馬車砲卒).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Script {
    Simplified,
    Traditional,
}

fn piece_in(script: Script, color: Color, kind: PieceKind) -> char {
    match script {
        Script::Simplified => piece_char(color, kind),
        Script::Traditional => crate::types::Piece { color, kind }.traditional_char(),
    }
}

fn action_char(script: Script, a: Action) -> char {
    match (a, script) {
        (Action::Forward, Script::Simplified) => '进',
        (Action::Forward, Script::Traditional) => '進',
        (Action::Sideways, _) => '平',
        (Action::Back, _) => '退',
    }
}

fn designators(d: &Described) -> Vec<String> {
    designators_in(Script::Simplified, d)
}

fn designators_traditional(d: &Described) -> Vec<String> {
    designators_in(Script::Traditional, d)
}

fn designators_in(script: Script, d: &Described) -> Vec<String> {
    let p = piece_in(script, d.color, d.kind);
    let rear = match script {
        Script::Simplified => '后',
        Script::Traditional => '後',
    };
    match d.designator {
        Designator::File(f) => vec![format!("{p}{}", digit(d.color, f))],
        Designator::Tandem {
            file,
            index,
            total,
            index_in_file,
            count_in_file,
            ..
        } => {
            let order = |i: usize, n: usize| match (n, i) {
                (2, 0) | (3, 0) => '前',
                (3, 1) => '中',
                _ => rear,
            };
            let canonical = if total <= 3 {
                order(index, total)
            } else {
                RED_DIGITS[index.min(4)]
            };
            let mut v = vec![format!("{canonical}{p}")];
            if total > 3 && count_in_file <= 3 {
                v.push(format!(
                    "{}{}",
                    order(index_in_file, count_in_file),
                    digit(d.color, file)
                ));
            }
            v
        }
    }
}

fn tail(d: &Described) -> String {
    format!(
        "{}{}",
        action_char(Script::Simplified, d.action),
        digit(d.color, d.target)
    )
}

fn tail_traditional(d: &Described) -> String {
    format!(
        "{}{}",
        action_char(Script::Traditional, d.action),
        digit(d.color, d.target)
    )
}

fn forms(pos: &Position, m: Move) -> Result<Vec<String>, NotationError> {
    written_forms(pos, m, designators, tail)
}

/// Writes `m` in traditional characters: 傌八進七, 砲８平９, 後俥平四.
pub fn format_traditional(pos: &Position, m: Move) -> Result<String, NotationError> {
    Ok(written_forms(pos, m, designators_traditional, tail_traditional)?.swap_remove(0))
}

/// Writes `m` in Chinese notation. Errors if `m` is not legal in `pos`.
pub fn format(pos: &Position, m: Move) -> Result<String, NotationError> {
    Ok(forms(pos, m)?.swap_remove(0))
}

/// Maps every accepted spelling onto one ASCII key: pieces to `KAEHRCP`, numerals to `1`-`9`,
/// 进平退 to `+.-`, 前中后 to `fmr`.
fn normalize(text: &str) -> Option<String> {
    let mut s = String::new();
    for c in text.chars().filter(|c| !c.is_whitespace()) {
        let n = match c {
            '帅' | '帥' | '将' | '將' => 'K',
            '仕' | '士' => 'A',
            '相' | '象' => 'E',
            '马' | '馬' | '傌' => 'H',
            '车' | '車' | '俥' => 'R',
            '炮' | '砲' | '包' => 'C',
            '兵' | '卒' => 'P',
            '进' | '進' => '+',
            '退' => '-',
            '平' => '.',
            '前' => 'f',
            '中' => 'm',
            '后' | '後' => 'r',
            '1'..='9' => c,
            '１'..='９' => char::from(b'1' + (c as u32 - '１' as u32) as u8),
            _ => match RED_DIGITS.iter().position(|&d| d == c) {
                Some(i) => char::from(b'1' + i as u8),
                None => return None,
            },
        };
        s.push(n);
    }
    (s.chars().count() == 4).then_some(s)
}

/// Reads a Chinese-notation move of `pos`.
pub fn parse(pos: &Position, text: &str) -> Result<Move, NotationError> {
    find_move(pos, text, normalize, forms)
}
