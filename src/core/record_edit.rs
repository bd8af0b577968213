//! Editing the record at its current move: deleting the move with the rest of its line (a
//! variation, or the end of the main line), promoting the line followed to be the main one, and
//! the player's own comments and marks. The rules library does the editing; this says where.

use xiangqi::{GameRecord, Mark, PlayError};

/// An edit of the record at its current move (the move that reached the current point).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordEdit {
    /// Delete the current move and everything after it on its line; a variation goes whole when
    /// the point is at its first move. Replay only.
    DeleteMove,
    /// Make the variation the current line is in the main line at the point where it leaves it.
    /// Replay only.
    Promote,
    /// Set or clear the comment after the current move (before the first move at the start).
    Comment(Option<String>),
    /// Set or clear the mark on the current move.
    Mark(Option<Mark>),
}

impl RecordEdit {
    /// Whether it changes the moves (and so is only made in a replay, and redraws the board).
    #[must_use]
    pub fn changes_moves(&self) -> bool {
        matches!(self, RecordEdit::DeleteMove | RecordEdit::Promote)
    }

    /// Applies the edit to `record`; false when there is nothing to edit (no current move, or a
    /// promotion on the main line).
    ///
    /// # Errors
    /// [`PlayError::NestedTooDeep`], and the record unchanged, when a promotion would nest
    /// variations deeper than the readers read back.
    pub fn apply(&self, record: &mut GameRecord) -> Result<bool, PlayError> {
        let ply = record.ply();
        match self {
            RecordEdit::DeleteMove => {
                let Some(at) = ply.checked_sub(1) else {
                    return Ok(false);
                };
                // Which continuation the line takes at `at`.
                let index = record
                    .line_choices()
                    .iter()
                    .find(|(p, _)| *p == at)
                    .map_or(0, |c| c.1);
                if !record.delete_variation(at, index) {
                    return Ok(false);
                }
                record.goto(at.min(record.len()));
                Ok(true)
            }
            RecordEdit::Promote => match record.line_choices().iter().rev().find(|(p, _)| *p < ply)
            {
                Some(&(at, index)) => record.promote_variation(at, index),
                None => Ok(false),
            },
            RecordEdit::Comment(text) => {
                let text = text
                    .as_ref()
                    .map(|t| t.trim().to_owned())
                    .filter(|t| !t.is_empty());
                Ok(record.set_comment(ply, text))
            }
            RecordEdit::Mark(mark) => Ok(record.set_mark(ply, *mark)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi::Position;

    /// 炮二平五 马8进7 马二进三, with 马2进3 as a variation of Black's first move, and the point
    /// inside that variation.
    fn in_variation() -> GameRecord {
        let mut r = GameRecord::new(Position::startpos());
        for m in ["h2e2", "h9g7", "h0g2"] {
            r.append(m.parse().expect("a move")).expect("legal");
        }
        r.goto(1);
        r.append_variation("b9c7".parse().expect("a move"))
            .expect("legal");
        r.append("h0g2".parse().expect("a move")).expect("legal");
        r
    }

    #[test]
    fn deleting_inside_a_variation_cuts_its_rest_and_at_its_first_move_the_whole_of_it() {
        let mut r = in_variation();
        assert_eq!(r.ply(), 3);
        assert!(RecordEdit::DeleteMove.apply(&mut r).unwrap());
        assert_eq!(
            (r.ply(), r.len()),
            (2, 2),
            "the variation keeps its first move"
        );
        assert_eq!(r.variations_at(1).len(), 1, "the main line beside it");
        assert!(RecordEdit::DeleteMove.apply(&mut r).unwrap());
        assert!(r.variations_at(1).is_empty(), "the variation is gone");
        assert_eq!(r.ply(), 1);
        assert_eq!(r.len(), 3, "the line followed is the main one again");
        r.goto(0);
        assert!(
            !RecordEdit::DeleteMove.apply(&mut r).unwrap(),
            "nothing before the first move"
        );
    }

    #[test]
    fn promoting_makes_the_line_followed_the_main_line_and_marks_and_comments_stick() {
        let mut r = in_variation();
        assert!(RecordEdit::Promote.apply(&mut r).unwrap());
        let main = r.main_line();
        assert_eq!(main.all_moves()[1].to_string(), "b9c7");
        assert!(
            !RecordEdit::Promote.apply(&mut r).unwrap(),
            "already the main line"
        );
        assert!(RecordEdit::Mark(Some(Mark::Dubious)).apply(&mut r).unwrap());
        assert!(
            RecordEdit::Comment(Some("  solid  ".to_owned()))
                .apply(&mut r)
                .unwrap()
        );
        assert_eq!(
            (r.mark(3), r.comment(3)),
            (Some(Mark::Dubious), Some("solid"))
        );
        assert!(
            RecordEdit::Comment(Some(" ".to_owned()))
                .apply(&mut r)
                .unwrap()
        );
        assert_eq!(r.comment(3), None, "a blank comment clears it");
    }
}
