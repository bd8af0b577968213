//! The move text of a PGN game: moves in any notation, numbers, comments, NAGs and nested
//! variations, read in one pass.

use super::{
    GameRecord, MAX_VARIATION_NESTING, Mark, Notation, NotationError, PgnError, is_result,
    strip_number,
};

/// The move text reader: moves, comments, variations in `()` (nested), a result.
pub(super) struct MoveText {
    pub(super) record: GameRecord,
    pub(super) notation: Notation,
    pub(super) token: String,
    /// The line and column (1-based, in characters) of the character being read.
    pub(super) at: (usize, usize),
    /// Where the token began.
    pub(super) token_at: (usize, usize),
    /// For each open variation: the move it replaces (a tree node) and the point after it, to
    /// come back to.
    pub(super) stack: Vec<(usize, usize)>,
    /// Open variations that cannot be read (before any move): their text is skipped.
    pub(super) skipping: usize,
    /// The next move starts a variation (an alternative to the last move read).
    pub(super) branch_next: bool,
    /// A comment at the very start of a variation, put after its first move.
    pub(super) pending_comment: Option<String>,
    pub(super) done: bool,
}

impl MoveText {
    pub(super) fn read(&mut self, text: &str) -> Result<(), PgnError> {
        let mut chars = text.chars().peekable();
        while let Some(c) = chars.next() {
            let at = self.at;
            if c == '\n' {
                self.at = (at.0 + 1, 1);
            } else {
                self.at.1 += 1;
            }
            match c {
                '{' => {
                    self.flush()?;
                    let mut comment = String::new();
                    for c in chars.by_ref() {
                        if c == '\n' {
                            self.at = (self.at.0 + 1, 1);
                        } else {
                            self.at.1 += 1;
                        }
                        if c == '}' {
                            break;
                        }
                        comment.push(c);
                    }
                    self.comment(comment.trim());
                }
                ';' => {
                    self.flush()?;
                    for c in chars.by_ref() {
                        if c == '\n' {
                            self.at = (self.at.0 + 1, 1);
                            break;
                        }
                    }
                }
                '(' => {
                    self.flush()?;
                    self.open();
                }
                ')' => {
                    self.flush()?;
                    self.close();
                }
                c if c.is_whitespace() || c == '\u{3000}' => self.flush()?,
                c => {
                    if self.token.is_empty() {
                        self.token_at = at;
                    }
                    self.token.push(c);
                }
            }
        }
        self.flush()
    }

    pub(super) fn comment(&mut self, comment: &str) {
        if comment.is_empty() || self.skipping > 0 {
            return;
        }
        if self.branch_next {
            self.pending_comment = Some(comment.to_owned());
            return;
        }
        let ply = self.record.ply();
        self.record.push_comment(ply, comment);
    }

    pub(super) fn open(&mut self) {
        // Skipped: a variation with no move before it, inside a skipped one, or nested deeper
        // than MAX_VARIATION_NESTING.
        if self.skipping > 0
            || self.done
            || self.record.ply() == 0
            || self.branch_next
            || self.stack.len() >= MAX_VARIATION_NESTING
        {
            self.skipping += 1;
            return;
        }
        // The move the variation replaces, to come back to: only the line from there on changes
        // inside the variation.
        let ply = self.record.ply();
        let Some(node) = self.record.line_node(ply - 1) else {
            self.skipping += 1;
            return;
        };
        self.stack.push((node, ply));
        self.record.goto(ply - 1);
        self.branch_next = true;
    }

    pub(super) fn close(&mut self) {
        if self.skipping > 0 {
            self.skipping -= 1;
            return;
        }
        if let Some((node, ply)) = self.stack.pop() {
            self.record.reselect(ply - 1, node);
            self.record.goto(ply);
            self.branch_next = false;
            self.pending_comment = None;
        }
    }

    pub(super) fn flush(&mut self) -> Result<(), PgnError> {
        let token = core::mem::take(&mut self.token);
        let t = strip_number(token.trim());
        if t.is_empty() || self.skipping > 0 || self.done {
            return Ok(());
        }
        if is_result(t) {
            self.done = self.stack.is_empty();
            return Ok(());
        }
        // A mark on the move before: a numeric glyph ($1-$6; others are left out) or a sign
        // standing alone.
        let glyph = t
            .strip_prefix('$')
            .map(|n| n.parse::<u8>().ok().and_then(Mark::from_nag));
        if let Some(mark) = glyph.or_else(|| {
            t.chars()
                .all(|c| c == '!' || c == '?')
                .then(|| Mark::from_sign(t))
        }) {
            if !self.branch_next && mark.is_some() {
                let ply = self.record.ply();
                self.record.set_mark(ply, mark);
            }
            return Ok(());
        }
        // A sign written onto the move (`h2e2!?`).
        let bare = t.trim_end_matches(['!', '?']);
        let (t, mark) = match Mark::from_sign(&t[bare.len()..]) {
            Some(mark) if !bare.is_empty() => (bare, Some(mark)),
            _ => (t, None),
        };
        let record = &mut self.record;
        let pos = record.position();
        let parsed = self
            .notation
            .parse(pos, t)
            .or_else(|e| Notation::parse_any(pos, t).map_err(|_| e));
        let side = pos.side_to_move();
        let move_number = pos.fullmove_number();
        let played = parsed.and_then(|m| {
            if self.branch_next {
                record.append_variation(m)
            } else {
                record.append(m)
            }
            .map_err(|e| NotationError::IllegalMove(e.mv))
        });
        match played {
            Ok(()) => {
                self.branch_next = false;
                if mark.is_some() {
                    let ply = self.record.ply();
                    self.record.set_mark(ply, mark);
                }
                if let Some(c) = self.pending_comment.take() {
                    let ply = self.record.ply();
                    self.record.set_comment(ply, Some(c));
                }
                Ok(())
            }
            Err(error) => Err(PgnError::BadMove {
                move_number,
                side,
                text: t.to_owned(),
                error,
                line: self.token_at.0,
                column: self.token_at.1,
                record: Box::new(self.record.main_line()),
            }),
        }
    }
}
