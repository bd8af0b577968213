//! A game record: the start position, the moves, undo and redo, tags, comments, variations and
//! the outcome.

use core::fmt;

use crate::NoMovesOutcome;
use crate::fen::FenError;
use crate::notation::{Notation, NotationError};
use crate::position::{IllegalMove, Position};
use crate::rules::{DrawReason, Outcome, Rulebook, WinReason};
use crate::types::Move;

mod edit;
mod judge;
mod mark;
mod tags;
mod tree;
mod variations;

pub use mark::Mark;

pub(crate) use tree::Branch;
use tree::Tree;
pub use tree::{MAX_VARIATION_NESTING, Variation};

/// The tag that names the rulebook a record is judged by (`[Rules "Asian"]`).
pub const RULES_TAG: &str = "Rules";

/// A game as played: where it started, every move (including moves taken back, for redo), the
/// current point in it, PGN-style tags and comments.
///
/// The moves form a tree: at any point there may be alternatives to the move played (variations,
/// each with its own comments and variations). The record follows one line through the tree, the
/// *current line*: [`GameRecord::moves`], [`GameRecord::position_at`] and the rest speak of it.
/// It is the main line (each move's first continuation) unless the player stepped into a
/// variation ([`GameRecord::enter_variation`]). A record without variations is a plain list.
///
/// ```
/// use xiangqi::{GameRecord, notation::Notation};
/// let mut game = GameRecord::default();
/// game.play("h2e2".parse()?)?;
/// game.play("h9g7".parse()?)?;
/// assert_eq!(game.move_texts(Notation::Chinese), ["炮二平五", "马８进７"]);
/// game.undo();
/// assert_eq!(game.ply(), 1);
/// game.redo();
/// assert_eq!(game.ply(), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
/// With the feature `serde` it is serialised as its RON file's shape (`crate::ron`, which owns
/// that impl, so that the record does not depend on its format).
#[derive(Clone, Debug)]
pub struct GameRecord {
    tags: Vec<(String, String)>,
    /// Every move played or recorded, with comments and alternatives.
    tree: Tree,
    /// The current line: `line[i]` is the tree node of `moves[i]`.
    line: Vec<usize>,
    /// `positions[i]` is the position before `moves[i]`; one more position than moves.
    positions: judge::Positions,
    moves: Vec<Move>,
    /// `outcomes[i]` is [`GameRecord::outcome_at`] `i`, computed once when the position is added
    /// (it depends only on the moves before it).
    outcomes: Vec<Option<Outcome>>,
    cursor: usize,
}

/// Why [`GameRecord::play`] refused a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The move is not legal.
    Illegal(IllegalMove),
    /// The game is already over.
    GameOver(Outcome),
    /// The variation would nest deeper than [`MAX_VARIATION_NESTING`].
    NestedTooDeep,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Illegal(e) => e.fmt(f),
            PlayError::GameOver(o) => write!(f, "the game is over: {o}"),
            PlayError::NestedTooDeep => write!(
                f,
                "variations nest no deeper than {MAX_VARIATION_NESTING} levels"
            ),
        }
    }
}

impl std::error::Error for PlayError {}

impl From<IllegalMove> for PlayError {
    fn from(e: IllegalMove) -> PlayError {
        PlayError::Illegal(e)
    }
}

impl Default for GameRecord {
    fn default() -> GameRecord {
        GameRecord::new(Position::startpos())
    }
}

impl GameRecord {
    /// A record starting from `start` with no moves.
    #[must_use]
    pub fn new(start: Position) -> GameRecord {
        let mut record = GameRecord {
            tags: Vec::new(),
            tree: Tree::default(),
            line: Vec::new(),
            positions: judge::Positions::new(start),
            moves: Vec::new(),
            outcomes: Vec::new(),
            cursor: 0,
        };
        record.outcomes.push(record.judge(0));
        record
    }

    /// A record starting from a FEN.
    pub fn from_fen(fen: &str) -> Result<GameRecord, FenError> {
        Ok(GameRecord::new(Position::from_fen(fen)?))
    }

    /// The starting position.
    #[must_use]
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The position at the current point (after [`GameRecord::ply`] moves).
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.positions[self.cursor]
    }

    /// The position after `ply` moves, if the record is that long.
    #[must_use]
    pub fn position_at(&self, ply: usize) -> Option<&Position> {
        self.positions.get(ply)
    }

    /// How many moves have been played to reach the current point.
    #[must_use]
    pub fn ply(&self) -> usize {
        self.cursor
    }

    /// How many moves the record holds, including any taken back.
    #[must_use]
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether the record holds no moves at all.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The moves played up to the current point.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.moves[..self.cursor]
    }

    /// Every move of the record, including those taken back.
    #[must_use]
    pub fn all_moves(&self) -> &[Move] {
        &self.moves
    }

    /// The last move played, if any.
    #[must_use]
    pub fn last_move(&self) -> Option<Move> {
        self.cursor.checked_sub(1).map(|i| self.moves[i])
    }

    /// Plays `m` at the current point, as the rules allow: refused if illegal, if the game is
    /// over, or if it would make a variation nest deeper than [`MAX_VARIATION_NESTING`]. Moves
    /// after the current point (taken back earlier) are dropped.
    pub fn play(&mut self, m: Move) -> Result<(), PlayError> {
        if let Some(o) = self.outcome() {
            return Err(PlayError::GameOver(o));
        }
        self.position().after(m)?;
        // After `truncate` the alternatives at this point stay, and a new move goes after them.
        if self.nesting_appending(m) > MAX_VARIATION_NESTING {
            return Err(PlayError::NestedTooDeep);
        }
        self.append(m)?;
        Ok(())
    }

    /// Records `m` at the current point if it is legal, even after the game has ended by rule
    /// (records from elsewhere may go on past where these rules would stop them). The moves after
    /// the current point on this line are dropped (alternatives recorded there stay).
    pub fn append(&mut self, m: Move) -> Result<(), IllegalMove> {
        self.position().after(m)?;
        let parent = self.parent_of(self.cursor);
        let old = self.line.get(self.cursor).copied();
        let kids = self.tree.children_mut(parent);
        let slot = match old.and_then(|o| kids.iter().position(|&k| k == o)) {
            Some(at) => {
                kids.remove(at);
                at
            }
            None => kids.len(),
        };
        let node = match self.tree.child_with(parent, m) {
            Some(same) => same,
            None => self.tree.insert(parent, slot, m),
        };
        self.select(self.cursor, node);
        self.cursor += 1;
        Ok(())
    }

    /// Takes back the last move (it stays available to [`GameRecord::redo`]).
    pub fn undo(&mut self) -> Option<Move> {
        let m = self.last_move()?;
        self.cursor -= 1;
        Some(m)
    }

    /// Drops the moves after the current point on this line (alternatives recorded there stay).
    pub fn truncate(&mut self) {
        if let Some(&next) = self.line.get(self.cursor) {
            let parent = self.parent_of(self.cursor);
            self.tree.children_mut(parent).retain(|&k| k != next);
        }
        self.line.truncate(self.cursor);
        self.moves.truncate(self.cursor);
        self.positions.truncate(self.cursor + 1);
        self.outcomes.truncate(self.cursor + 1);
    }

    /// Replays the next move taken back.
    pub fn redo(&mut self) -> Option<Move> {
        let m = *self.moves.get(self.cursor)?;
        self.cursor += 1;
        Some(m)
    }

    /// Moves the current point to after `ply` moves; false if the record is shorter.
    pub fn goto(&mut self, ply: usize) -> bool {
        if ply <= self.moves.len() {
            self.cursor = ply;
            true
        } else {
            false
        }
    }

    /// How the game stands at the current point: `None` while it goes on.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome_at(self.cursor)
    }

    /// How the game stands after `ply` moves (`None` while it goes on or past the end). Judged
    /// once, when the position was added to the record.
    #[must_use]
    pub fn outcome_at(&self, ply: usize) -> Option<Outcome> {
        self.outcomes.get(ply).copied().flatten()
    }

    /// The moves of the whole record written in `notation`.
    #[must_use]
    pub fn move_texts(&self, notation: Notation) -> Vec<String> {
        self.moves
            .iter()
            .zip(self.positions.iter())
            .map(|(&m, pos)| notation.format(pos, m).unwrap_or_else(|_| m.to_string()))
            .collect()
    }

    /// Reads a move in `notation` at the current point and records it (as [`GameRecord::append`]).
    pub fn append_text(&mut self, notation: Notation, text: &str) -> Result<Move, NotationError> {
        let m = notation.parse(self.position(), text)?;
        self.append(m)
            .map_err(|e| NotationError::IllegalMove(e.mv))?;
        Ok(m)
    }

    /// The comment after `ply` moves (0: before the first move).
    #[must_use]
    pub fn comment(&self, ply: usize) -> Option<&str> {
        let node = match ply.checked_sub(1) {
            None => None,
            Some(i) => Some(*self.line.get(i)?),
        };
        self.tree.comment(node)
    }

    /// The mark on the move that reaches `ply` (none before the first move).
    #[must_use]
    pub fn mark(&self, ply: usize) -> Option<Mark> {
        let node = *self.line.get(ply.checked_sub(1)?)?;
        self.tree.mark(node)
    }

    /// Sets or clears the mark on the move that reaches `ply`; false if there is no such move.
    pub fn set_mark(&mut self, ply: usize, mark: Option<Mark>) -> bool {
        match ply.checked_sub(1).and_then(|i| self.line.get(i)) {
            Some(&node) => {
                self.tree.set_mark(node, mark);
                true
            }
            None => false,
        }
    }

    /// Sets or clears the comment after `ply` moves; false if the record is shorter.
    pub fn set_comment(&mut self, ply: usize, text: Option<String>) -> bool {
        match self.comment_node(ply) {
            Some(node) => {
                self.tree.set_comment(node, text);
                true
            }
            None => false,
        }
    }

    /// Adds `text` to the comment after `ply` moves, on a line of its own, in place (a reader
    /// meeting many comments on one move does not copy the text each time).
    pub(crate) fn push_comment(&mut self, ply: usize, text: &str) -> bool {
        match self.comment_node(ply) {
            Some(node) => {
                self.tree.push_comment(node, text);
                true
            }
            None => false,
        }
    }

    /// The tree node holding the comment after `ply` moves (`Some(None)`: before the first).
    fn comment_node(&self, ply: usize) -> Option<Option<usize>> {
        match ply.checked_sub(1) {
            None => Some(None),
            Some(i) => self.line.get(i).map(|&n| Some(n)),
        }
    }
}

impl PartialEq for GameRecord {
    /// Same tags, start, tree of moves with comments, current line and current point.
    fn eq(&self, other: &GameRecord) -> bool {
        self.tags == other.tags
            && self.positions[0] == other.positions[0]
            && self.moves == other.moves
            && self.cursor == other.cursor
            && self.tree.same(None, &other.tree, None)
    }
}

impl Eq for GameRecord {}
