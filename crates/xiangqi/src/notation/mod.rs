//! Move notation: ICCS coordinates (`h2e2`), WXF (`C2.5`), Chinese (`炮二平五`, or `傌八進七` in
//! traditional characters) and Vietnamese (`P2-5`).
//!
//! Each notation formats a legal move of a position and parses text back into a legal move.
//! Parsing normalises the text (spelling variants, traditional characters, digit forms) and
//! matches it against the formatted forms of every legal move, so format and parse always agree.

use core::fmt;

use crate::position::Position;
use crate::types::{Color, Move, PieceKind, Square};

pub mod chinese;
pub mod iccs;
pub mod vietnamese;
pub mod wxf;

/// The notations a record can be written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Notation {
    /// Chinese: `炮二平五`, `马８进７`.
    #[default]
    Chinese,
    /// WXF: `C2.5`, `H8+7`.
    Wxf,
    /// ICCS / UCI coordinates: `h2e2`.
    Iccs,
    /// Chinese in traditional characters (Taiwan, Hong Kong): `傌八進七`, `砲８平９`.
    Traditional,
    /// Vietnamese: `P2-5`, `M8.7`, `X1/2`.
    Vietnamese,
}

impl Notation {
    /// Writes `m`, which must be legal in `pos`.
    pub fn format(self, pos: &Position, m: Move) -> Result<String, NotationError> {
        match self {
            Notation::Chinese => chinese::format(pos, m),
            Notation::Wxf => wxf::format(pos, m),
            Notation::Iccs => iccs::format(pos, m),
            Notation::Traditional => chinese::format_traditional(pos, m),
            Notation::Vietnamese => vietnamese::format(pos, m),
        }
    }

    /// Reads a legal move of `pos` from `text`.
    pub fn parse(self, pos: &Position, text: &str) -> Result<Move, NotationError> {
        match self {
            Notation::Chinese | Notation::Traditional => chinese::parse(pos, text),
            Notation::Wxf => wxf::parse(pos, text),
            Notation::Iccs => iccs::parse(pos, text),
            Notation::Vietnamese => vietnamese::parse(pos, text),
        }
    }

    /// Reads a move written in any of the three notations, guessing which from the text.
    pub fn parse_any(pos: &Position, text: &str) -> Result<Move, NotationError> {
        let t = text.trim();
        if !t.is_ascii() {
            // Chinese in either script, or Vietnamese in words (`Pháo 2 bình 5`); Vietnamese's
            // short form is ASCII and means other moves in WXF, so it is never guessed.
            chinese::parse(pos, t).or_else(|e| match e {
                NotationError::Unreadable(_) => vietnamese::parse(pos, t).map_err(|_| e),
                e => Err(e),
            })
        } else if iccs::looks_like(t) {
            iccs::parse(pos, t)
        } else {
            wxf::parse(pos, t)
        }
    }

    /// The name used in PGN's `[Format]` tag: `Chinese`, `WXF` or `ICCS` (traditional characters
    /// are Chinese there, and read as such; Vietnamese is named but no other program reads it).
    #[must_use]
    pub fn pgn_name(self) -> &'static str {
        match self {
            Notation::Chinese | Notation::Traditional => "Chinese",
            Notation::Vietnamese => "Vietnamese",
            Notation::Wxf => "WXF",
            Notation::Iccs => "ICCS",
        }
    }
}

/// Why a move could not be written or read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationError {
    /// The text is not a move in this notation.
    Unreadable(String),
    /// The text reads as a move, but no legal move of the position matches it.
    NoSuchMove(String),
    /// The move to write is not legal in the position.
    IllegalMove(Move),
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationError::Unreadable(t) => write!(f, "cannot read {t:?} as a move"),
            NotationError::NoSuchMove(t) => write!(f, "{t:?} is not a legal move in this position"),
            NotationError::IllegalMove(m) => write!(f, "{m} is not a legal move in this position"),
        }
    }
}

impl std::error::Error for NotationError {}

/// Forward, sideways or back, from the mover's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Action {
    Forward,
    Sideways,
    Back,
}

/// How the moving piece is named when others of its kind share its file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Designator {
    /// The only piece of its kind on its file (or a king, advisor or elephant): named by file.
    File(u8),
    /// One of several pieces of its kind on files holding two or more. `index` counts from the
    /// first such file on the mover's right and from the front; `total` is how many there are.
    Tandem {
        file: u8,
        index: usize,
        total: usize,
        index_in_file: usize,
        count_in_file: usize,
        multi_files: usize,
    },
}

/// The parts every file-based notation (WXF and Chinese) is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Described {
    pub color: Color,
    pub kind: PieceKind,
    pub designator: Designator,
    pub action: Action,
    /// The destination file (sideways and diagonal moves) or the number of steps (1-9).
    pub target: u8,
}

/// The file number 1-9 counted from `color`'s right.
pub(crate) fn file_number(color: Color, sq: Square) -> u8 {
    match color {
        Color::Red => 9 - sq.file().index(),
        Color::Black => sq.file().index() + 1,
    }
}

/// The rank counted from `color`'s own back rank (larger is further forward).
fn rel_rank(color: Color, sq: Square) -> u8 {
    match color {
        Color::Red => sq.rank().index(),
        Color::Black => 9 - sq.rank().index(),
    }
}

/// Breaks a legal move into the parts of file-based notation.
pub(crate) fn describe(pos: &Position, m: Move) -> Result<Described, NotationError> {
    if !pos.is_legal(m) {
        return Err(NotationError::IllegalMove(m));
    }
    let Some(piece) = pos.piece_at(m.from()) else {
        return Err(NotationError::IllegalMove(m));
    };
    let (color, kind) = (piece.color, piece.kind);
    let (from, to) = (m.from(), m.to());
    let file = file_number(color, from);
    let designator = match kind {
        PieceKind::King | PieceKind::Advisor | PieceKind::Elephant => Designator::File(file),
        _ => {
            let same: Vec<Square> = pos.pieces(piece).into_iter().collect();
            let on_file = |f: u8| same.iter().filter(|&&s| file_number(color, s) == f).count();
            if on_file(file) < 2 {
                Designator::File(file)
            } else {
                let mut tandem: Vec<Square> = same
                    .iter()
                    .copied()
                    .filter(|&s| on_file(file_number(color, s)) > 1)
                    .collect();
                tandem.sort_by_key(|&s| {
                    (
                        file_number(color, s),
                        core::cmp::Reverse(rel_rank(color, s)),
                    )
                });
                let index = tandem.iter().position(|&s| s == from).unwrap_or(0);
                let mut files: Vec<u8> = tandem.iter().map(|&s| file_number(color, s)).collect();
                files.dedup();
                let in_file: Vec<Square> = tandem
                    .iter()
                    .copied()
                    .filter(|&s| file_number(color, s) == file)
                    .collect();
                Designator::Tandem {
                    file,
                    index,
                    total: tandem.len(),
                    index_in_file: in_file.iter().position(|&s| s == from).unwrap_or(0),
                    count_in_file: in_file.len(),
                    multi_files: files.len(),
                }
            }
        }
    };
    let (rf, rt) = (rel_rank(color, from), rel_rank(color, to));
    let action = if rt > rf {
        Action::Forward
    } else if rt < rf {
        Action::Back
    } else {
        Action::Sideways
    };
    let diagonal = matches!(
        kind,
        PieceKind::Horse | PieceKind::Advisor | PieceKind::Elephant
    );
    let target = if diagonal || action == Action::Sideways {
        file_number(color, to)
    } else {
        rf.abs_diff(rt)
    };
    Ok(Described {
        color,
        kind,
        designator,
        action,
        target,
    })
}

/// Every written form of the legal move `m` in a file-based notation, the canonical one first:
/// each designator `designators` allows, followed by the action and target `tail` writes.
pub(crate) fn written_forms(
    pos: &Position,
    m: Move,
    designators: fn(&Described) -> Vec<String>,
    tail: fn(&Described) -> String,
) -> Result<Vec<String>, NotationError> {
    let d = describe(pos, m)?;
    let tail = tail(&d);
    Ok(designators(&d)
        .into_iter()
        .map(|des| format!("{des}{tail}"))
        .collect())
}

/// Finds the legal move whose written forms (as produced by `forms`) include `key`, after both
/// went through `normalize`.
pub(crate) fn find_move(
    pos: &Position,
    text: &str,
    normalize: impl Fn(&str) -> Option<String>,
    forms: impl Fn(&Position, Move) -> Result<Vec<String>, NotationError>,
) -> Result<Move, NotationError> {
    let key = normalize(text).ok_or_else(|| NotationError::Unreadable(text.to_owned()))?;
    let mut found = None;
    for &m in &pos.legal_moves() {
        if forms(pos, m)
            .unwrap_or_default()
            .iter()
            .any(|f| normalize(f).as_deref() == Some(key.as_str()))
        {
            if found.is_some() {
                return Err(NotationError::NoSuchMove(text.to_owned()));
            }
            found = Some(m);
        }
    }
    found.ok_or_else(|| NotationError::NoSuchMove(text.to_owned()))
}
