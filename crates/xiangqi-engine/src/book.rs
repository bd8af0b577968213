//! The opening book: weighted moves by position, read from a text file of lines in Chinese
//! notation (see `data/book.txt`, built into the binary), picked at random by weight.

use std::collections::HashMap;
use std::fmt;

use rand::Rng;
use xiangqi::notation::Notation;
use xiangqi::{Move, Position};

/// The built-in book's text.
pub const BUILTIN: &str = include_str!("../data/book.txt");

/// A book line that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BookError {
    /// The line does not start with a weight.
    BadWeight {
        /// Line number, from 1.
        line: usize,
        /// The text found.
        text: String,
    },
    /// A move is unreadable or illegal where it stands.
    BadMove {
        /// Line number, from 1.
        line: usize,
        /// The move's text.
        text: String,
    },
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookError::BadWeight { line, text } => {
                write!(f, "book line {line}: expected a weight, found {text:?}")
            }
            BookError::BadMove { line, text } => {
                write!(f, "book line {line}: {text:?} is not a legal move there")
            }
        }
    }
}

impl std::error::Error for BookError {}

/// Positions (by Zobrist key) and their book moves with weights.
#[derive(Clone, Debug, Default)]
pub struct Book {
    entries: HashMap<u64, Vec<(Move, u32)>>,
}

impl Book {
    /// The book built into the engine.
    #[must_use]
    pub fn builtin() -> Book {
        // The built-in text is checked by a test; a bad line would only shorten the book.
        Book::parse(BUILTIN).unwrap_or_default()
    }

    /// Reads a book in the `data/book.txt` format.
    pub fn parse(text: &str) -> Result<Book, BookError> {
        let mut book = Book::default();
        for (i, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let mut words = line.split_whitespace();
            let first = words.next().unwrap_or("");
            let weight: u32 = first.parse().map_err(|_| BookError::BadWeight {
                line: i + 1,
                text: first.to_string(),
            })?;
            let mut pos = Position::startpos();
            let mut moves = Vec::new();
            for w in words {
                let m = Notation::parse_any(&pos, w).map_err(|_| BookError::BadMove {
                    line: i + 1,
                    text: w.to_string(),
                })?;
                moves.push(m);
                pos.make_move(m);
            }
            book.add_line(&moves, weight);
            let mirrored: Vec<Move> = moves.iter().map(|&m| mirror(m)).collect();
            if mirrored != moves {
                book.add_line(&mirrored, weight);
            }
        }
        Ok(book)
    }

    fn add_line(&mut self, moves: &[Move], weight: u32) {
        let mut pos = Position::startpos();
        for &m in moves {
            if !pos.is_legal(m) {
                return;
            }
            let list = self.entries.entry(pos.key()).or_default();
            match list.iter_mut().find(|(bm, _)| *bm == m) {
                Some((_, w)) => *w = w.saturating_add(weight),
                None => list.push((m, weight)),
            }
            pos.make_move(m);
        }
    }

    /// Number of positions in the book.
    #[must_use]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the book is empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The book moves of `pos` with their weights (legal ones only).
    #[must_use]
    pub fn moves(&self, pos: &Position) -> Vec<(Move, u32)> {
        self.entries
            .get(&pos.key())
            .map(|v| {
                v.iter()
                    .copied()
                    .filter(|&(m, _)| pos.is_legal(m))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// A book move for `pos`, picked at random in proportion to the weights.
    pub fn pick(&self, pos: &Position, rng: &mut impl Rng) -> Option<Move> {
        let moves = self.moves(pos);
        // In u64: a book's weights may each be as large as u32 allows.
        let total: u64 = moves.iter().map(|&(_, w)| u64::from(w)).sum();
        if total == 0 {
            return None;
        }
        let mut r = rng.random_range(0..total);
        for (m, w) in moves {
            let w = u64::from(w);
            if r < w {
                return Some(m);
            }
            r -= w;
        }
        None
    }
}

/// The move reflected left-right (file a ↔ i).
fn mirror(m: Move) -> Move {
    Move::new(m.from().mirror(), m.to().mirror())
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn builtin_book_reads_without_error() {
        let book = Book::parse(BUILTIN).unwrap();
        assert!(book.len() > 150, "{} positions", book.len());
    }

    #[test]
    fn start_position_offers_the_main_openings_both_ways() {
        let book = Book::builtin();
        let moves: Vec<String> = book
            .moves(&Position::startpos())
            .iter()
            .map(|(m, _)| m.to_string())
            .collect();
        for m in [
            "h2e2", "b2e2", "c0e2", "g0e2", "c3c4", "g3g4", "h0g2", "h2d2", "h2f2",
        ] {
            assert!(moves.contains(&m.to_string()), "{m} missing from {moves:?}");
        }
    }

    #[test]
    fn the_largest_weights_neither_overflow_nor_starve_a_move() {
        let max = u32::MAX;
        let book =
            Book::parse(&format!("{max} 炮二平五\n{max} 炮二平五\n{max} 兵七进一\n")).unwrap();
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        let pos = Position::startpos();
        let picked: std::collections::HashSet<String> = (0..200)
            .map(|_| book.pick(&pos, &mut rng).unwrap().to_string())
            .collect();
        assert!(
            picked.contains("h2e2") && picked.contains("c3c4"),
            "{picked:?}"
        );
    }

    #[test]
    fn picks_follow_the_weights() {
        let book = Book::parse("3 炮二平五\n1 兵七进一\n").unwrap();
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        let pos = Position::startpos();
        let n = 4000;
        let cannon = (0..n)
            .filter(|_| {
                let m = book.pick(&pos, &mut rng).unwrap();
                matches!(m.to_string().as_str(), "h2e2" | "b2e2")
            })
            .count();
        // 炮二平五 and its mirror weigh 3 each, 兵七进一 and 兵三进一 1 each: 3/4 cannon.
        let share = cannon as f64 / n as f64;
        assert!((0.70..0.80).contains(&share), "{share}");
    }

    #[test]
    fn bad_lines_are_reported_with_their_number() {
        assert_eq!(
            Book::parse("x 炮二平五").unwrap_err(),
            BookError::BadWeight {
                line: 1,
                text: "x".into()
            }
        );
        assert_eq!(
            Book::parse("# c\n5 炮二平五 帅五进五").unwrap_err(),
            BookError::BadMove {
                line: 2,
                text: "帅五进五".into()
            }
        );
    }
}
