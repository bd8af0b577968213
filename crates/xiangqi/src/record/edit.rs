//! Editing a record's tree: deleting a variation (or the line the player is on) and promoting a
//! variation to be the main continuation at its point.

use super::{GameRecord, MAX_VARIATION_NESTING, PlayError};

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
mod tests {
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
