//! Jobs and their answers as JSON text, for an engine that shares no memory with its GUI (a
//! browser's Web Worker, `crates/xiangqi-engine-web`): positions as FEN, moves in ICCS
//! coordinates, times in milliseconds. Each message carries the number the GUI gave the job, so
//! a reply to a job the GUI has given up on is recognised and dropped. [`serve`] is the worker's
//! whole side: a request in, reports and one answer out.

use std::sync::atomic::AtomicBool;

use xiangqi::{GameRecord, Move};

use super::{Answer, Job, Report};
use crate::analysis::review::{GameReview, Mark, MoveReview};
use crate::analysis::{Analyser, Line};

#[path = "wire_types.rs"]
mod types;
use types::{
    Request, WireJob, WireLine, WireMove, WireReply, moves_in, moves_out, position, rulebook, text,
};

/// A reply from the worker: something a job told while running, or its end.
#[derive(Clone, Debug, PartialEq)]
pub enum Reply {
    /// A report.
    Report(Report),
    /// The answer, or why there is none.
    Done(Result<Answer, String>),
}

/// The request for job `id`.
#[must_use]
pub fn request(id: u64, job: &Job) -> String {
    let job = match job {
        Job::Play {
            start,
            moves,
            limits,
            level,
            rulebook,
            threads,
        } => WireJob::Play {
            fen: start.to_fen(),
            moves: moves_out(moves),
            limits: limits.into(),
            level: level.map(|l| l.index()),
            rulebook: rulebook.to_string(),
            threads: *threads,
        },
        Job::Analyse {
            start,
            moves,
            limits,
            lines,
            rulebook,
        } => WireJob::Analyse {
            fen: start.to_fen(),
            moves: moves_out(moves),
            limits: limits.into(),
            lines: *lines,
            rulebook: rulebook.map(|r| r.to_string()),
        },
        Job::Review { record, limits } => WireJob::Review {
            fen: record.start().to_fen(),
            moves: moves_out(record.all_moves()),
            rulebook: record.rulebook().to_string(),
            limits: limits.into(),
        },
    };
    text(&Request { id, job })
}

/// Reads a request: its number and its job.
pub fn read_request(text: &str) -> Result<(u64, Job), String> {
    let Request { id, job } =
        serde_json::from_str(text).map_err(|e| format!("a request that is not one: {e}"))?;
    let job = match job {
        WireJob::Play {
            fen,
            moves,
            limits,
            level,
            rulebook: book,
            threads,
        } => Job::Play {
            start: position(&fen)?,
            moves: moves_in(&moves)?,
            limits: limits.limits()?,
            level: match level {
                Some(i) => Some(crate::Level::from_index(i).ok_or(format!("no level {i}"))?),
                None => None,
            },
            rulebook: rulebook(&book)?,
            threads,
        },
        WireJob::Analyse {
            fen,
            moves,
            limits,
            lines,
            rulebook: book,
        } => Job::Analyse {
            start: position(&fen)?,
            moves: moves_in(&moves)?,
            limits: limits.limits()?,
            lines,
            rulebook: book.as_deref().map(rulebook).transpose()?,
        },
        WireJob::Review {
            fen,
            moves,
            rulebook: book,
            limits,
        } => {
            let mut record = GameRecord::new(position(&fen)?);
            record.set_rulebook(rulebook(&book)?);
            for m in moves_in(&moves)? {
                record
                    .append(m)
                    .map_err(|e| format!("an illegal move in the game: {e}"))?;
            }
            Job::Review {
                record,
                limits: limits.limits()?,
            }
        }
    };
    Ok((id, job))
}

/// A reply to job `id`.
#[must_use]
pub fn reply(id: u64, reply: &Reply) -> String {
    let wire = match reply {
        Reply::Report(Report::Line(index, line)) => WireReply::Line {
            id,
            index: *index,
            line: line.into(),
        },
        Reply::Report(Report::Reviewed(done, total)) => WireReply::Reviewed {
            id,
            done: *done,
            total: *total,
        },
        Reply::Done(Ok(Answer::Played(best))) => WireReply::Played {
            id,
            best: best.map(|m| m.to_string()),
        },
        Reply::Done(Ok(Answer::Analysed(lines))) => WireReply::Analysed {
            id,
            lines: lines.iter().map(WireLine::from).collect(),
        },
        Reply::Done(Ok(Answer::Reviewed(review))) => WireReply::Review {
            id,
            moves: review.as_ref().map(|r| {
                r.moves
                    .iter()
                    .map(|m| WireMove {
                        played: m.played.to_string(),
                        best_score: m.best_score,
                        best_line: moves_out(&m.best_line),
                        played_score: m.played_score,
                        loss: m.loss,
                        mark: m.mark.english().to_owned(),
                    })
                    .collect()
            }),
        },
        Reply::Done(Err(error)) => WireReply::Failed {
            id,
            error: error.clone(),
        },
    };
    text(&wire)
}

/// Reads a reply: the job's number and what it says.
pub fn read_reply(text: &str) -> Result<(u64, Reply), String> {
    let wire: WireReply =
        serde_json::from_str(text).map_err(|e| format!("a reply that is not one: {e}"))?;
    let lines = |lines: &[WireLine]| -> Result<Vec<Line>, String> {
        lines.iter().map(WireLine::line).collect()
    };
    Ok(match wire {
        WireReply::Line { id, index, line } => {
            (id, Reply::Report(Report::Line(index, line.line()?)))
        }
        WireReply::Reviewed { id, done, total } => {
            (id, Reply::Report(Report::Reviewed(done, total)))
        }
        WireReply::Played { id, best } => {
            let best = match best {
                Some(m) => Some(
                    m.parse::<Move>()
                        .map_err(|_| format!("not a move: {m:?}"))?,
                ),
                None => None,
            };
            (id, Reply::Done(Ok(Answer::Played(best))))
        }
        WireReply::Analysed { id, lines: l } => (id, Reply::Done(Ok(Answer::Analysed(lines(&l)?)))),
        WireReply::Review { id, moves } => {
            let review = match moves {
                None => None,
                Some(moves) => Some(GameReview {
                    moves: moves
                        .iter()
                        .map(|m| {
                            Ok(MoveReview {
                                played: m
                                    .played
                                    .parse()
                                    .map_err(|_| format!("not a move: {:?}", m.played))?,
                                best_score: m.best_score,
                                best_line: moves_in(&m.best_line)?,
                                played_score: m.played_score,
                                loss: m.loss,
                                mark: Mark::from_english(&m.mark)
                                    .ok_or(format!("no mark {:?}", m.mark))?,
                            })
                        })
                        .collect::<Result<_, String>>()?,
                }),
            };
            (id, Reply::Done(Ok(Answer::Reviewed(review))))
        }
        WireReply::Failed { id, error } => (id, Reply::Done(Err(error))),
    })
}

/// The worker's side of one request: reads it, runs it on `engine` and posts each report and
/// then exactly one answer (a request that cannot be read gets a failure under number 0, or
/// under its own number when that much was read).
pub fn serve(engine: &mut dyn Analyser, text: &str, post: &mut dyn FnMut(String)) {
    let (id, job) = match read_request(text) {
        Ok(found) => found,
        Err(e) => {
            let id = serde_json::from_str::<serde_json::Value>(text)
                .ok()
                .and_then(|v| v.get("id")?.as_u64())
                .unwrap_or(0);
            post(reply(id, &Reply::Done(Err(e))));
            return;
        }
    };
    let never = AtomicBool::new(false);
    let answer = job
        .run(engine, &never, &mut |r| post(reply(id, &Reply::Report(r))))
        .map_err(|e| e.to_string());
    post(reply(id, &Reply::Done(answer)));
}

#[cfg(test)]
#[path = "wire_tests.rs"]
mod tests;
