//! `xiangqi-train check`: how far a network file's evaluation is from the search scores of a
//! data file: the check that a network made elsewhere (the GPU trainer, `tools/nnue/train.py`)
//! reads and evaluates as its trainer meant.

use std::path::Path;

use xiangqi::{Color, Position};
use xiangqi_engine::nnue::Network;

use super::data::{self, Record};

/// The position of `record` (pieces and side to move; no move counters).
///
/// # Errors
/// The record's pieces make no legal placement.
pub fn position(record: &Record) -> Result<Position, String> {
    let mut board = [None; 90];
    for (p, sq) in record.pieces() {
        board[sq.index()] = Some(p);
    }
    Position::from_board(board, record.side_to_move(), 0, 1).map_err(|e| e.to_string())
}

/// The figures of a check.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Checked {
    /// Positions evaluated.
    pub positions: usize,
    /// Mean absolute difference from the search score, centipawns.
    pub mean_abs: f64,
    /// Mean evaluation minus score (a network that overstates scores shows here).
    pub mean_signed: f64,
    /// The least-squares slope of the evaluation on the score (`Σ eval·score / Σ score²`):
    /// above 1 the network states scores larger than the search found them, below 1 smaller.
    pub slope: f64,
}

/// Evaluates the last `count` records of `records` with `net`.
#[must_use]
pub fn check(net: &Network, records: &[Record], count: usize) -> Checked {
    let from = records.len().saturating_sub(count);
    let (mut n, mut abs, mut signed) = (0usize, 0f64, 0f64);
    let (mut cross, mut square) = (0f64, 0f64);
    for r in &records[from..] {
        let Ok(pos) = position(r) else { continue };
        let eval = f64::from(net.evaluate_position(&pos));
        let score = if r.side_to_move() == Color::Red {
            f64::from(r.score)
        } else {
            -f64::from(r.score)
        };
        n += 1;
        abs += (eval - score).abs();
        signed += eval - score;
        cross += eval * score;
        square += score * score;
    }
    let d = n.max(1) as f64;
    Checked {
        positions: n,
        mean_abs: abs / d,
        mean_signed: signed / d,
        slope: if square > 0.0 { cross / square } else { 1.0 },
    }
}

/// `xiangqi-train check --net FILE --data FILE [--count N]`.
///
/// # Errors
/// A file that does not read, or a network of another shape.
pub fn run(net: &Path, data_file: &Path, count: usize) -> Result<Checked, String> {
    let bytes = std::fs::read(net).map_err(|e| format!("{}: {e}", net.display()))?;
    let net = Network::from_bytes(&bytes).map_err(|e| format!("{}: {e}", net.display()))?;
    let loaded = data::load(data_file).map_err(|e| format!("{}: {e}", data_file.display()))?;
    Ok(check(&net, &loaded.records, count))
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi::Square;

    #[test]
    fn a_record_gives_back_its_position() {
        let pos = Position::from_fen(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1",
        )
        .unwrap();
        let r = Record::new(&pos, 12, 1).unwrap();
        let back = position(&r).unwrap();
        assert_eq!(back.side_to_move(), Color::Black);
        for sq in Square::ALL {
            assert_eq!(back.piece_at(sq), pos.piece_at(sq), "{sq:?}");
        }
    }

    #[test]
    fn the_embedded_network_is_near_the_scores_it_was_fitted_to() {
        let pos = Position::startpos();
        let net = Network::embedded();
        let eval = net.evaluate_position(&pos);
        let r = Record::new(&pos, eval + 30, 1).unwrap();
        let c = check(&net, &[r], 10);
        assert_eq!(c.positions, 1);
        assert!((c.mean_abs - 30.0).abs() < 1e-9 && (c.mean_signed + 30.0).abs() < 1e-9);
        // Scores half the evaluations: the network states them twice as large.
        let half = |p: &Position| {
            let e = net.evaluate_position(p);
            let red = if p.side_to_move() == Color::Red {
                e
            } else {
                -e
            };
            Record::new(p, red / 2, 1).unwrap()
        };
        let mut pos = pos;
        let mut records = Vec::new();
        for m in ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0"] {
            pos.play(m.parse().unwrap()).unwrap();
            records.push(half(&pos));
        }
        let c = check(&net, &records, 10);
        assert!((c.slope - 2.0).abs() < 0.05, "slope {}", c.slope);
    }
}
