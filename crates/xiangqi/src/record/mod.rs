//! A game record: the start position, the moves, undo and redo, tags, comments, variations and
//! the outcome.

use core::fmt;

use crate::NoMovesOutcome;
use crate::fen::FenError;
use crate::notation::{Notation, NotationError};
use crate::position::{IllegalMove, Position};
use crate::rules::{DrawReason, Outcome, Rulebook, WinReason};
use crate::types::Move;

mod mark;
mod tree;

pub use mark::Mark;

use std::collections::HashMap;
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
    positions: Positions,
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
            positions: Positions::new(start),
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

// ----------------------------------------------------------------------------------------------
// A record's variations as a player meets them: listing them, choosing a line, stepping in and
// out, playing into one, and the main line alone.

impl GameRecord {
    /// The node whose continuations hold the current line's move at `ply`.
    fn parent_of(&self, ply: usize) -> Option<usize> {
        ply.checked_sub(1).and_then(|i| self.line.get(i).copied())
    }

    /// Makes `node` (a continuation at `ply`) the current line's move there, followed by its
    /// first continuations, and works out the positions again from `ply`.
    fn select(&mut self, ply: usize, node: usize) {
        let line = self.tree.main_from(node);
        self.follow(ply, &line);
    }

    /// Makes the current line `nodes` from `ply` on (each a continuation of the one before it),
    /// ending there, and works out the positions of those moves only.
    fn follow(&mut self, ply: usize, nodes: &[usize]) {
        self.line.truncate(ply);
        self.positions.truncate(ply + 1);
        self.moves.truncate(ply);
        self.outcomes.truncate(ply + 1);
        for &node in nodes {
            let i = self.moves.len();
            let m = self.tree.mv(node);
            // Every move in the tree was legal where it was added.
            let Ok(next) = self.positions[i].after(m) else {
                break;
            };
            self.line.push(node);
            self.moves.push(m);
            self.positions.push(next);
            self.outcomes.push(self.judge(i + 1));
        }
        self.cursor = self.cursor.min(self.moves.len());
    }

    /// The tree node of the current line's move at `ply`, to come back to with
    /// [`GameRecord::reselect`].
    pub(crate) fn line_node(&self, ply: usize) -> Option<usize> {
        self.line.get(ply).copied()
    }

    /// Comes back to `node` (from [`GameRecord::line_node`] `ply`) as the current line's move at
    /// `ply`, when only moves from `ply` on have changed since: the work is that of the line
    /// from `ply` on, not of the whole game.
    pub(crate) fn reselect(&mut self, ply: usize, node: usize) {
        if ply <= self.line.len() {
            self.select(ply, node);
        }
    }

    /// The alternatives to the current line's move at `ply` (the main line among them when the
    /// current line is a variation there).
    #[must_use]
    pub fn variations_at(&self, ply: usize) -> Vec<Variation> {
        let Some(&current) = self.line.get(ply) else {
            return Vec::new();
        };
        self.tree
            .children(self.parent_of(ply))
            .iter()
            .enumerate()
            .filter(|&(_, &k)| k != current)
            .map(|(index, &k)| Variation {
                ply,
                index,
                moves: self
                    .tree
                    .main_from(k)
                    .into_iter()
                    .map(|n| self.tree.mv(n))
                    .collect(),
            })
            .collect()
    }

    /// Whether any move of the record has an alternative.
    #[must_use]
    pub fn has_variations(&self) -> bool {
        self.tree.root.len() > 1 || self.tree.nodes.iter().any(|n| n.children.len() > 1)
    }

    /// Where the current line leaves the main line: `(ply, index)` for each point where it takes
    /// another continuation than the first. Empty on the main line.
    #[must_use]
    pub fn line_choices(&self) -> Vec<(usize, usize)> {
        (0..self.line.len())
            .filter_map(|ply| {
                let kids = self.tree.children(self.parent_of(ply));
                let index = kids.iter().position(|&k| k == self.line[ply])?;
                (index != 0).then_some((ply, index))
            })
            .collect()
    }

    /// Whether the current line is the main line.
    #[must_use]
    pub fn is_main_line(&self) -> bool {
        self.line_choices().is_empty()
    }

    /// Follows the line given by `choices` (as [`GameRecord::line_choices`] returns them), the
    /// current point staying where it is if the line is that long. False (and the main line from
    /// the first bad choice on) if a choice names no continuation.
    pub fn choose_line(&mut self, choices: &[(usize, usize)]) -> bool {
        if let Some(&first) = self.tree.root.first() {
            self.select(0, first);
        }
        for &(ply, index) in choices {
            if ply > self.line.len() {
                return false;
            }
            match self.tree.children(self.parent_of(ply)).get(index) {
                Some(&node) => self.select(ply, node),
                None => return false,
            }
        }
        true
    }

    /// Steps into the continuation `index` at `ply` (see [`GameRecord::variations_at`]): it
    /// becomes the current line and the current point is after its first move.
    pub fn enter_variation(&mut self, ply: usize, index: usize) -> bool {
        if ply > self.line.len() {
            return false;
        }
        match self.tree.children(self.parent_of(ply)).get(index) {
            Some(&node) => {
                self.select(ply, node);
                self.cursor = ply + 1;
                true
            }
            None => false,
        }
    }

    /// Records `m` at the current point as an alternative: the moves after the current point
    /// stay in the record as another line (if `m` is already recorded there, that line is
    /// followed). The new line becomes the current one.
    pub fn append_variation(&mut self, m: Move) -> Result<(), IllegalMove> {
        self.position().after(m)?;
        let parent = self.parent_of(self.cursor);
        let node = match self.tree.child_with(parent, m) {
            Some(same) => same,
            None => self.tree.insert(parent, usize::MAX, m),
        };
        self.select(self.cursor, node);
        self.cursor += 1;
        Ok(())
    }

    /// Plays `m` as [`GameRecord::play`] does, but keeps the moves after the current point as a
    /// variation instead of dropping them. Refused when the new line would nest deeper than
    /// [`MAX_VARIATION_NESTING`] (the readers' limit: a deeper record could not be read back).
    pub fn play_variation(&mut self, m: Move) -> Result<(), PlayError> {
        if let Some(o) = self.outcome() {
            return Err(PlayError::GameOver(o));
        }
        self.position().after(m)?;
        if self.nesting_with(m) > MAX_VARIATION_NESTING {
            return Err(PlayError::NestedTooDeep);
        }
        self.append_variation(m)?;
        Ok(())
    }

    /// How deep the current line would nest with `m` recorded at the current point as an
    /// alternative ([`GameRecord::append_variation`]): one level for each point where the line
    /// takes another continuation than the first.
    fn nesting_with(&self, m: Move) -> usize {
        let parent = self.parent_of(self.cursor);
        let kids = self.tree.children(parent);
        let first = match self.tree.child_with(parent, m) {
            Some(same) => kids.first() == Some(&same),
            None => kids.is_empty(),
        };
        self.nesting_before(self.cursor) + usize::from(!first)
    }

    /// The same for `m` recorded by [`GameRecord::append`], which puts it in the place of the
    /// current line's move there (dropped), or after the alternatives left by a `truncate`.
    fn nesting_appending(&self, m: Move) -> usize {
        let parent = self.parent_of(self.cursor);
        let kids = self.tree.children(parent);
        let old = self.line.get(self.cursor).copied();
        let old_at = old.and_then(|o| kids.iter().position(|&k| k == o));
        let mut rest = kids.iter().copied().filter(|&k| Some(k) != old);
        let first = match self.tree.child_with(parent, m).filter(|&k| Some(k) != old) {
            Some(same) => rest.next() == Some(same),
            None => old_at.map_or(rest.next().is_none(), |at| at == 0),
        };
        self.nesting_before(self.cursor) + usize::from(!first)
    }

    /// The points before `ply` where the current line takes another continuation than the
    /// first.
    fn nesting_before(&self, ply: usize) -> usize {
        (0..ply)
            .filter(|&ply| self.tree.children(self.parent_of(ply)).first() != self.line.get(ply))
            .count()
    }

    /// The same record on its main line, at the current point or where the current line leaves
    /// the main line, if that comes first.
    #[must_use]
    pub fn main_line(&self) -> GameRecord {
        let mut main = self.clone();
        let leave = self.line_choices().first().map_or(usize::MAX, |&(p, _)| p);
        main.choose_line(&[]);
        main.cursor = self.cursor.min(leave).min(main.moves.len());
        main
    }

    /// The first continuation at `parent` and the alternatives: used by the writers to walk the
    /// tree along with positions.
    pub(crate) fn continuations(&self, parent: Option<usize>) -> &[usize] {
        self.tree.children(parent)
    }

    /// A tree node's move.
    pub(crate) fn node_move(&self, node: usize) -> Move {
        self.tree.mv(node)
    }

    /// A tree node's mark.
    pub(crate) fn node_mark(&self, node: usize) -> Option<Mark> {
        self.tree.mark(node)
    }

    /// A tree node's comment (`None`: before the first move).
    pub(crate) fn node_comment(&self, node: Option<usize>) -> Option<&str> {
        self.tree.comment(node)
    }

    /// Adds `branch` at `ply` of the current line: its first move as an alternative to the move
    /// there (or the first move there), its comments, and its own variations, depth first. `add`
    /// reads one move and records it with [`GameRecord::append_variation`] (so that a branch
    /// repeating recorded moves drops nothing). The current line and point are kept. The first
    /// move that `add` refuses is the error.
    #[cfg_attr(
        not(feature = "serde"),
        allow(dead_code, reason = "only the RON reader grafts whole")
    )]
    pub(crate) fn graft<M, E>(
        &mut self,
        ply: usize,
        branch: &Branch<M>,
        add: &mut impl FnMut(&mut GameRecord, &M) -> Result<(), E>,
    ) -> Result<(), E> {
        let mut skipped = Vec::new();
        self.graft_lenient(ply, branch, add, &mut skipped);
        match skipped.into_iter().next() {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    /// Like [`GameRecord::graft`], but a move that `add` refuses ends its branch there instead of
    /// the whole graft: the moves before it are kept, the rest of that branch (and the
    /// variations beyond it) are left out, the error goes to `skipped`, and the other branches
    /// are read on.
    pub(crate) fn graft_lenient<M, E>(
        &mut self,
        ply: usize,
        branch: &Branch<M>,
        add: &mut impl FnMut(&mut GameRecord, &M) -> Result<(), E>,
        skipped: &mut Vec<E>,
    ) {
        let (choices, cursor) = (self.line_choices(), self.cursor);
        self.graft_from(ply, branch, add, skipped);
        self.choose_line(&choices);
        self.goto(cursor.min(self.moves.len()));
    }

    /// The graft, leaving the current line wherever the last variation took it. Between its
    /// variations the branch's own moves are followed again only from the previous variation's
    /// point to the next one's (in order of their points), so a graft costs the moves it adds,
    /// not the length of the game for each variation.
    fn graft_from<M, E>(
        &mut self,
        ply: usize,
        branch: &Branch<M>,
        add: &mut impl FnMut(&mut GameRecord, &M) -> Result<(), E>,
        skipped: &mut Vec<E>,
    ) {
        self.goto(ply.min(self.moves.len()));
        let start = self.cursor;
        let mut kept = branch.moves.len();
        for (k, (m, comment)) in branch.moves.iter().enumerate() {
            if let Err(e) = add(self, m) {
                skipped.push(e);
                kept = k;
                break;
            }
            if comment.is_some() {
                self.set_comment(self.cursor, comment.clone());
            }
        }
        let nodes: Vec<usize> = self.line[start..start + kept].to_vec();
        // A variation replaces the move at its index: it can be read if the moves before that
        // were.
        let mut subs: Vec<&(usize, Branch<M>)> = branch
            .variations
            .iter()
            .filter(|(i, _)| *i <= kept)
            .collect();
        subs.sort_by_key(|(i, _)| *i);
        // The current line holds the branch's first `followed` moves.
        let mut followed = kept;
        for (i, sub) in subs {
            if followed < *i {
                self.follow(start + followed, &nodes[followed..*i]);
            }
            self.graft_from(start + i, sub, add, skipped);
            followed = *i;
        }
    }
}

// ----------------------------------------------------------------------------------------------
// Editing a record's tree: deleting a variation (or the line the player is on) and promoting a
// variation to be the main continuation at its point.

impl GameRecord {
    /// Deletes continuation `index` at `ply` of the current line (0 is the main one; see
    /// [`GameRecord::variations_at`]) with everything after it. If the current line went that
    /// way, it follows the first continuation left there instead (or ends at `ply`). False if
    /// there is no such continuation.
    pub fn delete_variation(&mut self, ply: usize, index: usize) -> bool {
        if ply > self.line.len() {
            return false;
        }
        let parent = self.parent_of(ply);
        let kids = self.tree.children_mut(parent);
        if index >= kids.len() {
            return false;
        }
        let gone = kids.remove(index);
        if self.line.get(ply) == Some(&gone) {
            match self.tree.children(parent).first() {
                Some(&first) => self.select(ply, first),
                None => {
                    self.line.truncate(ply);
                    self.moves.truncate(ply);
                    self.positions.truncate(ply + 1);
                    self.outcomes.truncate(ply + 1);
                    self.cursor = self.cursor.min(ply);
                }
            }
        }
        true
    }

    /// Makes continuation `index` at `ply` of the current line the main one there (the others
    /// keep their order after it). The current line and point stay. `Ok(false)` if there is no
    /// such continuation or it is already the main one.
    ///
    /// # Errors
    /// [`PlayError::NestedTooDeep`], and nothing changed, when the old main continuation would
    /// then hold variations nested deeper than [`MAX_VARIATION_NESTING`] (a record the readers
    /// could not read back).
    pub fn promote_variation(&mut self, ply: usize, index: usize) -> Result<bool, PlayError> {
        if ply > self.line.len() {
            return Ok(false);
        }
        let parent = self.parent_of(ply);
        let kids = self.tree.children(parent);
        if index == 0 || index >= kids.len() {
            return Ok(false);
        }
        // The old main continuation becomes a variation: everything in it one level deeper.
        if self.nesting_before(ply) + 1 + self.tree.nesting_below(kids[0]) > MAX_VARIATION_NESTING {
            return Err(PlayError::NestedTooDeep);
        }
        let kids = self.tree.children_mut(parent);
        let promoted = kids.remove(index);
        kids.insert(0, promoted);
        Ok(true)
    }

    /// How deep the record's variations nest: the most continuations other than the first
    /// taken on any line (0 for a record without variations). The readers read up to
    /// [`MAX_VARIATION_NESTING`], and every edit keeps a record within it.
    #[must_use]
    pub fn nesting(&self) -> usize {
        self.tree
            .root
            .iter()
            .enumerate()
            .map(|(i, &n)| usize::from(i > 0) + self.tree.nesting_below(n))
            .max()
            .unwrap_or(0)
    }
}

#[cfg(test)]
mod edit_tests {
    use crate::record::GameRecord;
    use crate::types::Move;

    fn mv(s: &str) -> Move {
        s.parse().expect("a move")
    }

    /// h2e2 h9g7 h0g2, with b0c2 b9c7 as a variation of h0g2 and c3c4 of h2e2.
    fn tree() -> GameRecord {
        let mut r = GameRecord::new(crate::Position::startpos());
        for m in ["h2e2", "h9g7", "h0g2"] {
            r.play(mv(m)).expect("legal");
        }
        r.goto(2);
        r.append_variation(mv("b0c2")).expect("legal");
        r.append_variation(mv("b9c7")).expect("legal");
        r.choose_line(&[]);
        r.goto(0);
        r.append_variation(mv("c3c4")).expect("legal");
        r.choose_line(&[]);
        r.goto(0);
        r
    }

    #[test]
    fn promoting_a_variation_makes_it_the_main_line_and_keeps_the_old_one() {
        let mut r = tree();
        assert_eq!(r.promote_variation(2, 0), Ok(false), "already the main one");
        assert_eq!(r.promote_variation(2, 5), Ok(false), "no such continuation");
        assert_eq!(r.promote_variation(2, 1), Ok(true));
        let main = r.main_line();
        assert_eq!(
            main.all_moves(),
            [mv("h2e2"), mv("h9g7"), mv("b0c2"), mv("b9c7")]
        );
        let mut main = r.clone();
        main.choose_line(&[]);
        let old = main.variations_at(2);
        assert_eq!(old.len(), 1);
        assert_eq!((old[0].index, old[0].moves.clone()), (1, vec![mv("h0g2")]));
    }

    #[test]
    fn deleting_a_variation_or_the_line_being_followed() {
        let mut r = tree();
        assert!(r.delete_variation(0, 1));
        assert!(r.variations_at(0).is_empty());
        assert!(!r.delete_variation(0, 1), "gone");
        // Inside the variation at ply 2, deleting it goes back to the main continuation.
        assert!(r.enter_variation(2, 1));
        assert_eq!(r.all_moves()[2], mv("b0c2"));
        assert!(r.delete_variation(2, 1));
        assert!(r.is_main_line());
        assert_eq!(r.all_moves(), [mv("h2e2"), mv("h9g7"), mv("h0g2")]);
        assert!(!r.has_variations());
        // Deleting the only continuation ends the line there.
        assert!(r.delete_variation(1, 0));
        assert_eq!(r.all_moves(), [mv("h2e2")]);
        assert!(r.ply() <= 1);
        assert!(!r.delete_variation(5, 0));
    }
}

// ----------------------------------------------------------------------------------------------
// A record's tags (PGN's name-value pairs) and its rulebook, kept in the `Rules` tag.

impl GameRecord {
    /// The tags, in order.
    #[must_use]
    pub fn tags(&self) -> &[(String, String)] {
        &self.tags
    }

    /// The value of tag `name`, if set.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// Removes tag `name`; its value, if it was there.
    pub fn remove_tag(&mut self, name: &str) -> Option<String> {
        let at = self.tags.iter().position(|(k, _)| k == name)?;
        let value = self.tags.remove(at).1;
        if name == RULES_TAG {
            self.rejudge();
        }
        Some(value)
    }

    /// Sets tag `name` (replacing an earlier value, keeping its place).
    pub fn set_tag(&mut self, name: &str, value: &str) {
        match self.tags.iter_mut().find(|(k, _)| k == name) {
            Some(slot) => slot.1 = value.to_owned(),
            None => self.tags.push((name.to_owned(), value.to_owned())),
        }
        if name == RULES_TAG {
            self.rejudge();
        }
    }

    /// Sets many tags as [`GameRecord::set_tag`] would one by one (a later value of a name
    /// replaces an earlier one in its place), in time linear in their number: the readers give
    /// every tag of a file here.
    pub(crate) fn set_tags<'a>(&mut self, tags: impl IntoIterator<Item = (&'a str, &'a str)>) {
        let mut index: std::collections::HashMap<String, usize> = self
            .tags
            .iter()
            .enumerate()
            .map(|(i, (k, _))| (k.clone(), i))
            .collect();
        let mut rules = false;
        for (name, value) in tags {
            rules |= name == RULES_TAG;
            match index.get(name) {
                Some(&at) => value.clone_into(&mut self.tags[at].1),
                None => {
                    index.insert(name.to_owned(), self.tags.len());
                    self.tags.push((name.to_owned(), value.to_owned()));
                }
            }
        }
        if rules {
            self.rejudge();
        }
    }

    /// The rulebook that judges this game: the [`RULES_TAG`] tag (`League` or `Asian`, also in
    /// Chinese), the league rules when it is absent or not understood.
    #[must_use]
    pub fn rulebook(&self) -> Rulebook {
        self.tag(RULES_TAG)
            .and_then(|v| v.parse().ok())
            .unwrap_or_default()
    }

    /// Judges the game by `rulebook` from now on, and again from its start (a repetition may
    /// end it earlier under the Asian rules); stored in the [`RULES_TAG`] tag.
    pub fn set_rulebook(&mut self, rulebook: Rulebook) {
        self.set_tag(RULES_TAG, rulebook.name());
    }

    /// Every outcome judged again (after the rulebook changed).
    fn rejudge(&mut self) {
        self.outcomes = (0..self.positions.len()).map(|i| self.judge(i)).collect();
    }
}

// ----------------------------------------------------------------------------------------------
// Judging a record's positions as they are added: mate, stalemate, the no-capture rule and
// repetitions under the record's rulebook.

/// The positions of the current line, each linked to the last earlier position of the line with
/// the same key, so that a repetition is found by following those links (a few steps) instead of
/// scanning back over every position since the last capture (quadratic on a long game).
#[derive(Clone, Debug)]
struct Positions {
    list: Vec<Position>,
    /// `earlier[i]`: the last ply before `i` whose position has the same key.
    earlier: Vec<Option<usize>>,
    /// The last ply of each key on the line.
    last: HashMap<u64, usize>,
}

impl Positions {
    fn new(start: Position) -> Positions {
        let mut positions = Positions {
            list: Vec::new(),
            earlier: Vec::new(),
            last: HashMap::new(),
        };
        positions.push(start);
        positions
    }

    fn push(&mut self, pos: Position) {
        let ply = self.list.len();
        self.earlier.push(self.last.insert(pos.key(), ply));
        self.list.push(pos);
    }

    /// Keeps the first `len` positions: the work is that of the positions dropped.
    fn truncate(&mut self, len: usize) {
        while self.list.len() > len {
            let ply = self.list.len() - 1;
            let key = self.list[ply].key();
            match self.earlier[ply] {
                Some(before) => self.last.insert(key, before),
                None => self.last.remove(&key),
            };
            self.list.pop();
            self.earlier.pop();
        }
    }
}

impl core::ops::Deref for Positions {
    type Target = [Position];

    fn deref(&self) -> &[Position] {
        &self.list
    }
}

impl GameRecord {
    /// Judges the position after `ply` moves from the moves before it.
    ///
    /// In order, by the record's [`Rulebook`]: no legal move (checkmate or stalemate: the side to
    /// move loses); the rulebook's occurrence of a repeated position (perpetual check or chase
    /// loses, otherwise a draw; see [`Rulebook::judge_repetition`]); 120 plies without a
    /// capture; no attacking pieces left.
    fn judge(&self, ply: usize) -> Option<Outcome> {
        let pos = self.positions.get(ply)?;
        if let Some(o) = pos.no_moves_outcome() {
            return Some(match o {
                NoMovesOutcome::Checkmate { winner } => Outcome::Win {
                    winner,
                    reason: WinReason::Checkmate,
                },
                NoMovesOutcome::Stalemate { winner } => Outcome::Win {
                    winner,
                    reason: WinReason::Stalemate,
                },
            });
        }
        if let Some(first) = self.repetition_start(ply) {
            return Some(
                self.rulebook()
                    .judge_repetition(&self.positions[first], &self.moves[first..ply]),
            );
        }
        if pos.halfmove_clock() >= self.rulebook().no_capture_plies() {
            return Some(Outcome::Draw {
                reason: DrawReason::NoCaptureLimit,
            });
        }
        if crate::rules::no_attacking_pieces(pos) {
            return Some(Outcome::Draw {
                reason: DrawReason::NoAttackingPieces,
            });
        }
        None
    }

    /// If the position after `ply` moves is the rulebook's occurrence of itself (the fourth, or
    /// the third by the Asian rules), the ply of the first of those occurrences.
    fn repetition_start(&self, ply: usize) -> Option<usize> {
        let pos = &self.positions[ply];
        let mut seen = 1;
        // Positions before the last capture cannot recur; the half-move clock bounds the search.
        let reach = (pos.halfmove_clock() as usize).min(ply);
        let decisive = self.rulebook().repetition_occurrences();
        let mut at = self.positions.earlier[ply];
        while let Some(i) = at.filter(|&i| ply - i <= reach) {
            // The key holds the side to move; the parity check keeps to it all the same.
            if (ply - i).is_multiple_of(2) {
                seen += 1;
                if seen == decisive {
                    return Some(i);
                }
            }
            at = self.positions.earlier[i];
        }
        None
    }
}
