//! Game review (复盘分析): every position of a game searched at a fixed budget, each move marked
//! by what it lost against the engine's best, and an accuracy per side.
//!
//! Scores become an expected score for the side to move, `E(cp) = 1 / (1 + exp(-cp / 250))`
//! (mates count as ±2,000 cp, so E is then 0 or 1): +100 cp is 0.60, +250 cp 0.73, +500 cp 0.88.
//! A move's loss is `E(best) - E(after the move)`, both from the mover's view, never below 0.
//!
//! | mark | loss in expected score | about, from a level position |
//! | --- | --- | --- |
//! | 妙着 brilliant | the engine's best (or within 0.01) while the second best loses 0.15 or more, in a position not already decided (E of the best between 0.15 and 0.90) | the only move |
//! | 好棋 good | below 0.05 | under 50 cp |
//! | 缓着 inaccuracy | 0.05 to 0.10 | 50-100 cp |
//! | 失误 mistake | 0.10 to 0.20 | 100-210 cp |
//! | 败着 blunder | 0.20 or more | over 210 cp |
//!
//! Accuracy of a move: `103.1668 * exp(-4.354 * loss) - 3.1669`, clamped to 0..100 (100 for no
//! loss, 48 for a loss of 0.16, 0 from 0.80); a side's accuracy is the mean over its moves.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use xiangqi::{Color, GameRecord, Move, Outcome, Position};

use super::{Analyser, AnalyserError, Line, clamp_mate};
use crate::search::{Limits, MATE};

/// How good a move was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Mark {
    /// 妙着: the only good move, found.
    Brilliant,
    /// 好棋: as good as the engine's best, or nearly.
    Good,
    /// 缓着: gave a little away.
    Inaccuracy,
    /// 失误: gave a lot away.
    Mistake,
    /// 败着: lost the game, or most of the advantage.
    Blunder,
}

impl Mark {
    /// All marks, best first.
    pub const ALL: [Mark; 5] = [
        Mark::Brilliant,
        Mark::Good,
        Mark::Inaccuracy,
        Mark::Mistake,
        Mark::Blunder,
    ];

    /// The Chinese name.
    #[must_use]
    pub fn chinese(self) -> &'static str {
        match self {
            Mark::Brilliant => "妙着",
            Mark::Good => "好棋",
            Mark::Inaccuracy => "缓着",
            Mark::Mistake => "失误",
            Mark::Blunder => "败着",
        }
    }

    /// The English name.
    #[must_use]
    pub fn english(self) -> &'static str {
        match self {
            Mark::Brilliant => "brilliant",
            Mark::Good => "good",
            Mark::Inaccuracy => "inaccuracy",
            Mark::Mistake => "mistake",
            Mark::Blunder => "blunder",
        }
    }

    /// The mark named `name` in English (as [`Mark::english`] writes it).
    #[must_use]
    pub fn from_english(name: &str) -> Option<Mark> {
        Mark::ALL.into_iter().find(|m| m.english() == name)
    }
}

/// The expected score of the side to move for `score` (centipawns or mate, its view).
#[must_use]
pub fn expected(score: i32) -> f64 {
    1.0 / (1.0 + (-f64::from(clamp_mate(score)) / 250.0).exp())
}

/// The mark of a move that loses `loss` in expected score, the best move scoring `best` and the
/// second best `second` (both the mover's view).
#[must_use]
pub fn classify(loss: f64, best: i32, second: Option<i32>) -> Mark {
    let e_best = expected(best);
    if loss < 0.01
        && (0.15..=0.90).contains(&e_best)
        && second.is_some_and(|s| e_best - expected(s) >= 0.15)
    {
        Mark::Brilliant
    } else if loss < 0.05 {
        Mark::Good
    } else if loss < 0.10 {
        Mark::Inaccuracy
    } else if loss < 0.20 {
        Mark::Mistake
    } else {
        Mark::Blunder
    }
}

/// The loss in expected score of a move scoring `played` (mover's view) against the best move's
/// `best`: none when it is the best move (the scores of two searches may differ a little).
fn loss(is_best: bool, best: i32, played: i32) -> f64 {
    if is_best {
        0.0
    } else {
        (expected(best) - expected(played)).max(0.0)
    }
}

/// The accuracy (0 to 100) of a move that lost `loss` in expected score.
#[must_use]
pub fn accuracy(loss: f64) -> f64 {
    (103.1668 * (-4.354 * loss.max(0.0)).exp() - 3.1669).clamp(0.0, 100.0)
}

/// One move of a reviewed game.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveReview {
    /// The move played.
    pub played: Move,
    /// The engine's score before the move (mover's view).
    pub best_score: i32,
    /// The engine's line from the position before the move (its first move is the best).
    pub best_line: Vec<Move>,
    /// The score after the move played (mover's view).
    pub played_score: i32,
    /// The loss in expected score.
    pub loss: f64,
    /// Its mark.
    pub mark: Mark,
}

/// A side's figures in a review.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SideSummary {
    /// How many moves got each mark, in the order of [`Mark::ALL`].
    pub counts: [usize; 5],
    /// Mean accuracy over the side's moves (0 when it made none).
    pub accuracy: f64,
}

/// A reviewed game: one entry per move of the record's main line.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameReview {
    /// The moves.
    pub moves: Vec<MoveReview>,
}

impl GameReview {
    /// The evaluation of each position from Red's view, the start first (`moves.len() + 1`
    /// entries), for the graph; `start` is the side to move at the start.
    #[must_use]
    pub fn red_scores(&self, first_mover: Color) -> Vec<i32> {
        let mut out = Vec::with_capacity(self.moves.len() + 1);
        let mut mover = first_mover;
        for (i, m) in self.moves.iter().enumerate() {
            let red = |s: i32, side: Color| {
                if side == Color::Red {
                    s
                } else {
                    s.saturating_neg()
                }
            };
            if i == 0 {
                out.push(red(m.best_score, mover));
            }
            out.push(red(m.played_score, mover));
            mover = !mover;
        }
        out
    }

    /// The figures of the side that moved first (`first == true`) or second.
    #[must_use]
    pub fn summary(&self, first: bool) -> SideSummary {
        let mine: Vec<&MoveReview> = self
            .moves
            .iter()
            .skip(usize::from(!first))
            .step_by(2)
            .collect();
        let mut s = SideSummary::default();
        for m in &mine {
            s.counts[Mark::ALL.iter().position(|&k| k == m.mark).unwrap_or(1)] += 1;
        }
        if !mine.is_empty() {
            s.accuracy = mine.iter().map(|m| accuracy(m.loss)).sum::<f64>() / mine.len() as f64;
        }
        s
    }
}

/// Builds the review from each position's lines (`lines[i]` for the position before move `i`,
/// `lines[moves.len()]` for the last position; an empty entry for a position where the game was
/// over) and the final outcome at the end, if the game ended there.
#[must_use]
pub fn assemble(
    moves: &[Move],
    lines: &[Vec<Line>],
    end: Option<Outcome>,
    last_mover: Color,
) -> GameReview {
    // On the mate scale whatever an engine said, so that negating never overflows.
    let score_of =
        |i: usize| -> Option<i32> { lines.get(i)?.first().map(|l| l.score.clamp(-MATE, MATE)) };
    let mut out = Vec::with_capacity(moves.len());
    for (i, &played) in moves.iter().enumerate() {
        let best_score = score_of(i).unwrap_or(0);
        // The score after the move, mover's view: minus the next position's, or the end.
        let played_score = if i + 1 == moves.len() && lines.get(i + 1).is_none_or(Vec::is_empty) {
            match end {
                Some(Outcome::Win { winner, .. }) if winner == last_mover => MATE,
                Some(Outcome::Win { .. }) => -MATE,
                Some(Outcome::Draw { .. }) => 0,
                None => best_score,
            }
        } else {
            score_of(i + 1).map_or(best_score, |s| -s)
        };
        let here = lines.get(i).map(Vec::as_slice).unwrap_or(&[]);
        let best_line = here.first().map(|l| l.pv.clone()).unwrap_or_default();
        let is_best = best_line.first() == Some(&played);
        let loss = loss(is_best, best_score, played_score);
        let second = here.get(1).map(|l| l.score.clamp(-MATE, MATE));
        out.push(MoveReview {
            played,
            best_score,
            best_line,
            played_score,
            loss,
            mark: classify(loss, best_score, second),
        });
    }
    GameReview { moves: out }
}

/// Reviews the main line of `record`: each position searched within `per_move` (two lines, for
/// the brilliant mark). `progress(done, total)` after each position; `cancel` stops it (then
/// `Ok(None)`).
pub fn review(
    analyser: &mut dyn Analyser,
    record: &GameRecord,
    per_move: &Limits,
    cancel: &AtomicBool,
    mut progress: impl FnMut(usize, usize),
) -> Result<Option<GameReview>, AnalyserError> {
    let moves = record.all_moves();
    let start = record.start();
    let stop = analyser.stop_flag();
    let total = moves.len() + 1;
    let mut lines = Vec::with_capacity(total);
    let mut pos: Position = start.clone();
    let mut game = GameRecord::new(start.clone());
    for i in 0..total {
        if cancel.load(Ordering::SeqCst) {
            return Ok(None);
        }
        if game.outcome().is_some() || pos.legal_moves().is_empty() {
            lines.push(Vec::new());
        } else {
            stop.store(false, Ordering::SeqCst);
            let found = analyser.analyse(start, &moves[..i], per_move, 2, &mut |_, _| {})?;
            lines.push(found);
        }
        progress(i + 1, total);
        if let Some(&m) = moves.get(i) {
            if game.append(m).is_err() {
                break;
            }
            pos = game.position().clone();
        }
    }
    if cancel.load(Ordering::SeqCst) {
        return Ok(None);
    }
    let mut full = record.clone();
    full.goto(moves.len());
    let last_mover = if moves.len() % 2 == 1 {
        start.side_to_move()
    } else {
        !start.side_to_move()
    };
    Ok(Some(assemble(moves, &lines, full.outcome(), last_mover)))
}

/// The tag a review leaves in the comment after each move, so that a saved record (PGN comments,
/// the RON file) reopens with its review: `[%review mark best played line...]`, the mark's English
/// name, both scores from the mover's view, the engine's line in ICCS coordinates.
pub const ANNOTATION: &str = "[%review ";

/// Writes `review` into `record`'s comments (after each move, keeping what the comment said
/// besides an older review tag). Moves beyond the record's are ignored.
pub fn annotate(record: &mut GameRecord, review: &GameReview) {
    for (i, m) in review.moves.iter().enumerate() {
        let kept = record
            .comment(i + 1)
            .map(strip_annotation)
            .unwrap_or_default();
        let mut tag = format!(
            "{ANNOTATION}{} {} {}",
            m.mark.english().to_lowercase(),
            m.best_score,
            m.played_score
        );
        for mv in &m.best_line {
            tag.push_str(&format!(" {mv}"));
        }
        tag.push(']');
        let text = if kept.is_empty() {
            tag
        } else {
            format!("{kept} {tag}")
        };
        record.set_comment(i + 1, Some(text));
    }
}

/// A comment without its review tag (trimmed).
#[must_use]
pub fn strip_annotation(comment: &str) -> String {
    match comment.find(ANNOTATION) {
        Some(at) => {
            let end = comment[at..]
                .find(']')
                .map_or(comment.len(), |e| at + e + 1);
            format!("{} {}", comment[..at].trim(), comment[end..].trim())
                .trim()
                .to_owned()
        }
        None => comment.trim().to_owned(),
    }
}

/// The review saved in `record`'s comments, if every move of its main line carries one (a record
/// reviewed and saved reopens without analysing again). A malformed tag counts as none.
#[must_use]
pub fn read_annotations(record: &GameRecord) -> Option<GameReview> {
    let moves = record.all_moves();
    if moves.is_empty() {
        return None;
    }
    let mut out = Vec::with_capacity(moves.len());
    for (i, &played) in moves.iter().enumerate() {
        let comment = record.comment(i + 1)?;
        let at = comment.find(ANNOTATION)?;
        let body = &comment[at + ANNOTATION.len()..];
        let body = &body[..body.find(']')?];
        let mut words = body.split_whitespace();
        let mark = Mark::from_english(words.next()?)?;
        let best_score = words.next()?.parse::<i32>().ok()?.clamp(-MATE, MATE);
        let played_score = words.next()?.parse::<i32>().ok()?.clamp(-MATE, MATE);
        let best_line = words
            .map(str::parse::<Move>)
            .collect::<Result<Vec<_>, _>>()
            .ok()?;
        out.push(MoveReview {
            played,
            loss: loss(best_line.first() == Some(&played), best_score, played_score),
            best_score,
            best_line,
            played_score,
            mark,
        });
    }
    Some(GameReview { moves: out })
}

/// A flag nobody sets, for reviews that are never cancelled.
#[must_use]
pub fn never() -> Arc<AtomicBool> {
    Arc::new(AtomicBool::new(false))
}

#[cfg(test)]
mod tests;
