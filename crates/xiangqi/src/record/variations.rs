//! A record's variations as a player meets them: listing them, choosing a line, stepping in and
//! out, playing into one, and the main line alone.

use super::*;

impl GameRecord {
    /// The node whose continuations hold the current line's move at `ply`.
    pub(super) fn parent_of(&self, ply: usize) -> Option<usize> {
        ply.checked_sub(1).and_then(|i| self.line.get(i).copied())
    }

    /// Makes `node` (a continuation at `ply`) the current line's move there, followed by its
    /// first continuations, and works out the positions again from `ply`.
    pub(super) fn select(&mut self, ply: usize, node: usize) {
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
    pub(super) fn nesting_appending(&self, m: Move) -> usize {
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
    pub(super) fn nesting_before(&self, ply: usize) -> usize {
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
