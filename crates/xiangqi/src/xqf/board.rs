//! The XQF reader's helpers: a branch of the move tree, points and the board as a FEN.

use super::{Branch, MAX_VARIATION_NESTING, Node, XqfError};

/// The line from `node`'s first child on, each move with the others at its point as variations
/// (`depth` levels of variations above it).
pub(super) fn branch(
    nodes: &mut [(Node, Vec<usize>)],
    node: usize,
    depth: usize,
    skipped: &mut Vec<XqfError>,
) -> Branch<(u8, u8, usize)> {
    let mut line = Branch::default();
    let mut at = node;
    while let Some((&first, others)) = nodes[at].1.clone().split_first() {
        for &alt in others {
            if depth >= MAX_VARIATION_NESTING {
                skipped.push(XqfError::TooDeep {
                    offset: nodes[alt].0.offset,
                });
                continue;
            }
            let (n, comment) = (&nodes[alt].0, nodes[alt].0.comment.clone());
            let mut sub = Branch::default();
            sub.moves.push(((n.from, n.to, n.offset), comment));
            let rest = branch(nodes, alt, depth + 1, skipped);
            sub.moves.extend(rest.moves);
            sub.variations = rest
                .variations
                .into_iter()
                .map(|(i, b)| (i + 1, b))
                .collect();
            line.variations.push((line.moves.len(), sub));
        }
        let n = &mut nodes[first].0;
        line.moves
            .push(((n.from, n.to, n.offset), n.comment.take()));
        at = first;
    }
    line
}

/// A point as ICCS writes it (`?` past the board).
pub(super) fn point(p: u8) -> String {
    if p > 89 {
        return "??".to_owned();
    }
    format!("{}{}", char::from(b'a' + p / 10), p % 10)
}

/// The FEN of a board (`board[y][x]`, y from Red's side).
pub(crate) fn fen_of(board: &[[Option<u8>; 9]; 10], black_first: bool) -> String {
    let mut rows = Vec::new();
    for y in (0..10).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for cell in &board[y] {
            match *cell {
                Some(c) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push(char::from(c));
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    format!(
        "{} {} - - 0 1",
        rows.join("/"),
        if black_first { 'b' } else { 'w' }
    )
}
