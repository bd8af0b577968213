//! 东萍 (dpxq.com) DhtmlXQ / UBB records: tags in square brackets, as web pages and forum posts
//! carry them.
//!
//! ```text
//! [DhtmlXQ]
//! [DhtmlXQ_title]仙人指路对起马局[/DhtmlXQ_title]
//! [DhtmlXQ_binit]8979695949392919097717866646260600102030405060708012720323436383[/DhtmlXQ_binit]
//! [DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]
//! [DhtmlXQ_move_0_1_1]2625[/DhtmlXQ_move_0_1_1]
//! [DhtmlXQ_comment1]中炮[/DhtmlXQ_comment1]
//! [DhtmlXQ_comment1_1]仙人指路[/DhtmlXQ_comment1_1]
//! [/DhtmlXQ]
//! ```
//!
//! A point is two digits, the file from Red's left (0-8) and the row from the top, Black's side
//! (0-9); `binit` gives the 32 pieces' points in XQF's order (Red's 车马相仕帅仕相马车炮炮兵×5, then
//! Black's), `99` for a piece off the board, and `fen` (where a page has it) a FEN instead. A
//! move is its two points. `movelist` is the main line (branch 0); `move_A_B_C` is branch C,
//! whose first move is the game's move B (from 1) and leaves the position that branch A reached
//! before its move B; `commentN` (branch 0) and `commentC_N` belong to move N of a branch,
//! `comment0` to the start; `||` in a comment is a line break. Written from the format as web
//! readers of it (vschess) take it.

use core::fmt;
use std::collections::{BTreeMap, HashMap};

use crate::position::Position;
use crate::record::{Branch, GameRecord, MAX_VARIATION_NESTING};
use crate::types::{Move, Square};

mod write;
pub use write::write;

/// Why a DhtmlXQ text could not be read, or what of it was skipped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DhtmlError {
    /// No `[DhtmlXQ_…]` tag with moves or a position.
    NotDhtml,
    /// The start position is not valid.
    BadPosition(String),
    /// A move that does not read or is not legal: its branch (0 the main line), its move
    /// number in the game (from 1) and its digits.
    BadMove {
        /// The branch (0: the main line).
        branch: usize,
        /// The move's number in the game, from 1.
        step: usize,
        /// Its digits as written.
        text: String,
    },
    /// A branch that hangs from a branch that is not there, or nests too deep.
    LostBranch {
        /// The branch's number.
        branch: usize,
    },
}

impl fmt::Display for DhtmlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DhtmlError::NotDhtml => write!(f, "no DhtmlXQ moves or position in the text"),
            DhtmlError::BadPosition(e) => write!(f, "the start position is not valid: {e}"),
            DhtmlError::BadMove { branch, step, text } => {
                if *branch == 0 {
                    write!(f, "move {step} ({text:?}) is not legal")
                } else {
                    write!(
                        f,
                        "move {step} ({text:?}) of variation {branch} is not legal"
                    )
                }
            }
            DhtmlError::LostBranch { branch } => write!(
                f,
                "variation {branch} hangs from no line (or nests deeper than {MAX_VARIATION_NESTING})"
            ),
        }
    }
}

impl std::error::Error for DhtmlError {}

/// Whether `text` holds a DhtmlXQ record: one of its tags, in a text that is not a PGN (whose
/// tag section comes first: a PGN quoting DhtmlXQ in a comment or a tag stays a PGN).
#[must_use]
pub fn is_dhtml(text: &str) -> bool {
    ["[DhtmlXQ_movelist]", "[DhtmlXQ_binit]", "[DhtmlXQ_fen]"]
        .iter()
        .any(|tag| text.contains(tag))
        && !crate::pgn::starts_with_tags(text)
}

/// DhtmlXQ's header tags and the record's.
const TAGS: [(&str, &str); 12] = [
    ("title", "Title"),
    ("event", "Event"),
    ("date", "Date"),
    ("place", "Site"),
    ("round", "Round"),
    ("red", "Red"),
    ("black", "Black"),
    ("redteam", "RedTeam"),
    ("blackteam", "BlackTeam"),
    ("open", "Opening"),
    ("author", "Author"),
    ("remark", "Annotator"),
];

/// Every `[DhtmlXQ_name]value[/DhtmlXQ_name]` in `text`, by name (the first of each).
///
/// In time linear in the text: the closing tags are found in one pass first, and each opening
/// tag takes the first closing tag of its name after it (a tag never closed runs to the next
/// `[`). A tag's name ends at the first `]`; one that meets a `[` first is no tag, so finding a
/// name never looks past the next tag.
fn tags(text: &str) -> BTreeMap<String, String> {
    /// The length of the name starting at `at`, if a `]` ends it before any `[`.
    fn name_len(text: &str, at: usize) -> Option<usize> {
        let len = text[at..].find(['[', ']'])?;
        (text.as_bytes()[at + len] == b']').then_some(len)
    }
    const OPEN: &str = "[DhtmlXQ_";
    const CLOSE: &str = "[/DhtmlXQ_";
    // Each name's closing tags: (where it starts, where it ends), in order.
    let mut closes: HashMap<&str, std::collections::VecDeque<(usize, usize)>> = HashMap::new();
    let mut from = 0;
    while let Some(at) = text[from..].find(CLOSE).map(|i| from + i) {
        let name_at = at + CLOSE.len();
        from = name_at;
        let Some(len) = name_len(text, name_at) else {
            continue;
        };
        closes
            .entry(&text[name_at..name_at + len])
            .or_default()
            .push_back((at, name_at + len + 1));
    }
    let mut out = BTreeMap::new();
    let mut at = 0;
    while let Some(open) = text[at..].find(OPEN).map(|i| at + i) {
        let name_at = open + OPEN.len();
        let Some(len) = name_len(text, name_at) else {
            at = name_at;
            continue;
        };
        let name = &text[name_at..name_at + len];
        let body = name_at + len + 1;
        let close = closes.get_mut(name).and_then(|list| {
            while list.front().is_some_and(|&(start, _)| start < body) {
                list.pop_front();
            }
            list.front().copied()
        });
        let (value, after) = match close {
            Some((start, end)) => (&text[body..start], end),
            // No closing tag: the value runs to the next tag.
            None => {
                let end = text[body..].find('[').map_or(text.len(), |i| body + i);
                (&text[body..end], end)
            }
        };
        out.entry(name.to_owned())
            .or_insert_with(|| value.trim().to_owned());
        at = after;
    }
    out
}

/// A DhtmlXQ point (`x` from Red's left, `y` from the top) as a square.
fn square(x: u8, y: u8) -> Option<Square> {
    Square::from_coords(i32::from(x), 9 - i32::from(y))
}

/// The moves of a branch's digits (four a move); `None` for those that do not read.
fn moves_of(digits: &str) -> Vec<(Option<Move>, String)> {
    let digits: Vec<u8> = digits
        .bytes()
        .filter(u8::is_ascii_digit)
        .map(|b| b - b'0')
        .collect();
    digits
        .chunks(4)
        .map(|c| {
            let text: String = c.iter().map(|d| char::from(b'0' + d)).collect();
            let m = (c.len() == 4)
                .then(|| Some(Move::new(square(c[0], c[1])?, square(c[2], c[3])?)))
                .flatten();
            (m, text)
        })
        .collect()
}

/// Reads a DhtmlXQ record strictly: as [`read_lenient`], but anything skipped is an error.
pub fn read(text: &str) -> Result<GameRecord, DhtmlError> {
    let (record, mut skipped) = read_lenient(text)?;
    if skipped.is_empty() {
        Ok(record)
    } else {
        Err(skipped.swap_remove(0))
    }
}

/// Reads a DhtmlXQ record: the position, the main line, the variations with their comments and
/// the header, leniently: a move that does not read or is not legal ends its line (the moves
/// before it are kept), a variation whose line is not there is left out; each is returned beside
/// the record.
pub fn read_lenient(text: &str) -> Result<(GameRecord, Vec<DhtmlError>), DhtmlError> {
    let tags = tags(text);
    if !(tags.contains_key("movelist") || tags.contains_key("binit") || tags.contains_key("fen")) {
        return Err(DhtmlError::NotDhtml);
    }
    let main = moves_of(tags.get("movelist").map_or("", String::as_str));
    let start = start_position(&tags, main.first().and_then(|(m, _)| *m))?;
    let mut record = GameRecord::new(start);
    let mut branches: Branches = BTreeMap::new();
    branches.insert(0, (0, 1, main));
    for (name, value) in &tags {
        let Some(ids) = name.strip_prefix("move_") else {
            continue;
        };
        let ids: Vec<usize> = ids.split('_').filter_map(|n| n.parse().ok()).collect();
        if let [parent, step, id] = ids[..]
            && id > 0
        {
            branches.insert(id, (parent, step.max(1), moves_of(value)));
        }
    }
    let comment = |branch: usize, step: usize| {
        let key = if branch == 0 {
            format!("comment{step}")
        } else {
            format!("comment{branch}_{step}")
        };
        let text = tags.get(&key).or_else(|| {
            (branch == 0)
                .then(|| tags.get(&format!("comment0_{step}")))
                .flatten()
        })?;
        let text = text.replace("||", "\n");
        (!text.trim().is_empty()).then(|| text.trim().to_owned())
    };
    let mut skipped = Vec::new();
    // Each branch under its parent, at its place in the parent's line, depth first.
    let mut children: HashMap<usize, Vec<usize>> = HashMap::new();
    for (&id, &(parent, _, _)) in &branches {
        if id != 0 {
            children.entry(parent).or_default().push(id);
        }
    }
    let mut placed = std::collections::HashSet::new();
    let line = build(0, &branches, &children, &comment, 0, &mut placed);
    for &id in branches.keys() {
        if !placed.contains(&id) {
            skipped.push(DhtmlError::LostBranch { branch: id });
        }
    }
    record.graft_lenient(
        0,
        &line,
        &mut |record: &mut GameRecord,
              (m, branch, step, text): &(Option<Move>, usize, usize, String)| {
            let bad = || DhtmlError::BadMove {
                branch: *branch,
                step: *step,
                text: text.clone(),
            };
            let m = m.ok_or_else(bad)?;
            record.append_variation(m).map_err(|_| bad())
        },
        &mut skipped,
    );
    record.set_comment(0, comment(0, 0));
    for (dhtml, tag) in TAGS {
        if let Some(value) = tags.get(dhtml).filter(|v| !v.is_empty()) {
            record.set_tag(tag, value);
        }
    }
    let result = match tags.get("result").map(String::as_str) {
        Some("红胜" | "紅勝" | "1-0") => "1-0",
        Some("黑胜" | "黑勝" | "0-1") => "0-1",
        Some("和棋" | "1/2-1/2") => "1/2-1/2",
        _ => "*",
    };
    record.set_tag("Result", result);
    Ok((record, skipped))
}

type Entry = (Option<Move>, usize, usize, String);
/// The branches as read: id -> (the branch it hangs from, its first step, its moves).
type Branches = BTreeMap<usize, (usize, usize, Vec<(Option<Move>, String)>)>;

/// Branch `id` with the branches that hang from it (as variations at their places).
fn build(
    id: usize,
    branches: &Branches,
    children: &HashMap<usize, Vec<usize>>,
    comment: &dyn Fn(usize, usize) -> Option<String>,
    depth: usize,
    placed: &mut std::collections::HashSet<usize>,
) -> Branch<Entry> {
    let mut out = Branch::default();
    if depth > MAX_VARIATION_NESTING || !placed.insert(id) {
        return out;
    }
    let (_, first, moves) = &branches[&id];
    for (k, (m, text)) in moves.iter().enumerate() {
        let step = first.saturating_add(k);
        out.moves
            .push(((*m, id, step, text.clone()), comment(id, step)));
    }
    for &child in children.get(&id).into_iter().flatten() {
        let (_, step, _) = branches[&child];
        // A branch at this branch's first step is an alternative to its first move.
        if step < *first {
            continue;
        }
        let sub = build(child, branches, children, comment, depth + 1, placed);
        if !sub.moves.is_empty() {
            out.variations.push((step - first, sub));
        }
    }
    out
}

/// The start: `fen` if there is one, else `binit` (the standard start without either), with the
/// side of the first move's piece to move.
fn start_position(
    tags: &BTreeMap<String, String>,
    first: Option<Move>,
) -> Result<Position, DhtmlError> {
    if let Some(fen) = tags.get("fen").filter(|f| !f.is_empty()) {
        return Position::from_fen(fen).map_err(|e| DhtmlError::BadPosition(e.to_string()));
    }
    let Some(binit) = tags.get("binit") else {
        return Ok(Position::startpos());
    };
    let digits: Vec<u8> = binit
        .bytes()
        .filter(u8::is_ascii_digit)
        .map(|b| b - b'0')
        .collect();
    // As XQF keeps it: [rank from Red's side][file].
    let mut board = [[None::<u8>; 9]; 10];
    for (i, p) in digits.chunks(2).take(32).enumerate() {
        if let [x, y] = *p
            && x <= 8
            && y <= 9
        {
            let cell = &mut board[usize::from(9 - y)][usize::from(x)];
            if cell.is_some() {
                return Err(DhtmlError::BadPosition(format!(
                    "two pieces on point {x}{y}"
                )));
            }
            *cell = Some(crate::xqf::PIECES[i]);
        }
    }
    let black_first = first.is_some_and(|m| {
        let (file, rank) = (m.from().file().index(), m.from().rank().index());
        board[usize::from(rank)][usize::from(file)].is_some_and(|c| c.is_ascii_lowercase())
    });
    let fen = crate::xqf::fen_of(&board, black_first);
    Position::from_fen(&fen).map_err(|e| DhtmlError::BadPosition(e.to_string()))
}
