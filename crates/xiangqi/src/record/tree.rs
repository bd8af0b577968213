//! The tree of moves behind a [`GameRecord`]: variations, stepping into them, and grafting
//! branches read from files.

use super::mark::Mark;
use crate::types::Move;

/// How deep variations may nest (a variation of a variation of …): readers refuse or skip deeper
/// ones, so that walking the tree never runs deep.
pub const MAX_VARIATION_NESTING: usize = 100;

/// One move of the tree with its comment and continuations (the first is the main one).
#[derive(Clone, Debug)]
pub(super) struct Node {
    pub(super) mv: Move,
    pub(super) comment: Option<String>,
    pub(super) mark: Option<Mark>,
    pub(super) children: Vec<usize>,
}

/// The moves in an arena. Nodes cut from the tree stay in the arena unreferenced.
#[derive(Clone, Debug, Default)]
pub(super) struct Tree {
    pub(super) nodes: Vec<Node>,
    pub(super) root: Vec<usize>,
    pub(super) root_comment: Option<String>,
}

impl Tree {
    pub(super) fn children(&self, parent: Option<usize>) -> &[usize] {
        match parent {
            None => &self.root,
            Some(p) => &self.nodes[p].children,
        }
    }

    pub(super) fn children_mut(&mut self, parent: Option<usize>) -> &mut Vec<usize> {
        match parent {
            None => &mut self.root,
            Some(p) => &mut self.nodes[p].children,
        }
    }

    pub(super) fn child_with(&self, parent: Option<usize>, m: Move) -> Option<usize> {
        self.children(parent)
            .iter()
            .copied()
            .find(|&k| self.nodes[k].mv == m)
    }

    /// How deep variations nest below `node`: the most continuations other than the first taken
    /// on any line from it (0 for a plain line). Without recursion: lines may be long.
    pub(super) fn nesting_below(&self, node: usize) -> usize {
        let mut deepest = 0;
        let mut stack = vec![(node, 0)];
        while let Some((at, depth)) = stack.pop() {
            deepest = deepest.max(depth);
            for (i, &kid) in self.nodes[at].children.iter().enumerate() {
                stack.push((kid, depth + usize::from(i > 0)));
            }
        }
        deepest
    }

    /// A new node for `m` as the `slot`-th continuation of `parent`.
    pub(super) fn insert(&mut self, parent: Option<usize>, slot: usize, m: Move) -> usize {
        let id = self.nodes.len();
        self.nodes.push(Node {
            mv: m,
            comment: None,
            mark: None,
            children: Vec::new(),
        });
        let kids = self.children_mut(parent);
        kids.insert(slot.min(kids.len()), id);
        id
    }

    pub(super) fn comment(&self, node: Option<usize>) -> Option<&str> {
        match node {
            None => self.root_comment.as_deref(),
            Some(n) => self.nodes[n].comment.as_deref(),
        }
    }

    pub(super) fn set_comment(&mut self, node: Option<usize>, text: Option<String>) {
        match node {
            None => self.root_comment = text,
            Some(n) => self.nodes[n].comment = text,
        }
    }

    pub(super) fn push_comment(&mut self, node: Option<usize>, text: &str) {
        let slot = match node {
            None => &mut self.root_comment,
            Some(n) => &mut self.nodes[n].comment,
        };
        match slot {
            Some(c) => {
                c.push('\n');
                c.push_str(text);
            }
            None => *slot = Some(text.to_owned()),
        }
    }

    pub(super) fn mark(&self, node: usize) -> Option<Mark> {
        self.nodes[node].mark
    }

    pub(super) fn set_mark(&mut self, node: usize, mark: Option<Mark>) {
        self.nodes[node].mark = mark;
    }

    pub(super) fn mv(&self, node: usize) -> Move {
        self.nodes[node].mv
    }

    /// The node and its first continuations to the end.
    pub(super) fn main_from(&self, node: usize) -> Vec<usize> {
        let mut line = vec![node];
        let mut n = node;
        while let Some(&next) = self.nodes[n].children.first() {
            line.push(next);
            n = next;
        }
        line
    }

    /// Whether the subtrees under `a` (here) and `b` (in `other`) hold the same moves, comments
    /// and order. Walked with a stack of its own: a main line may be thousands of moves long.
    pub(super) fn same(&self, a: Option<usize>, other: &Tree, b: Option<usize>) -> bool {
        let mut todo = vec![(a, b)];
        while let Some((a, b)) = todo.pop() {
            let (ka, kb) = (self.children(a), other.children(b));
            if self.comment(a) != other.comment(b) || ka.len() != kb.len() {
                return false;
            }
            for (&x, &y) in ka.iter().zip(kb) {
                if self.nodes[x].mv != other.nodes[y].mv
                    || self.nodes[x].mark != other.nodes[y].mark
                {
                    return false;
                }
                todo.push((Some(x), Some(y)));
            }
        }
        true
    }
}

/// An alternative to a move of the current line: the moves of its own main line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variation {
    /// It replaces the current line's move at this ply (it starts from
    /// [`GameRecord::position_at`](crate::GameRecord::position_at) `ply`).
    pub ply: usize,
    /// Its place among the continuations at that point (0 is the main one).
    pub index: usize,
    /// Its moves, along each move's first continuation.
    pub moves: Vec<Move>,
}

/// A line read from a file, with its alternatives, before its moves are checked: `moves[i]`
/// with the comment after it; `variations` hold `(i, branch)`, an alternative to `moves[i]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Branch<M> {
    pub(crate) moves: Vec<(M, Option<String>)>,
    pub(crate) variations: Vec<(usize, Branch<M>)>,
}

impl<M> Default for Branch<M> {
    fn default() -> Branch<M> {
        Branch {
            moves: Vec::new(),
            variations: Vec::new(),
        }
    }
}
