//! Reading `go`: clocks and increments (UCI's and UCCI's), moves to go, depth, nodes, mate,
//! move time and infinite. Every `go` gets a search, whatever its words: negative clocks count
//! as no time left (as Stockfish takes them), absurd numbers saturate, `movestogo 0` is sudden
//! death, and a value or a word that cannot be read is reported and left out.

use super::*;

/// The words `go` knows; a value that is missing is not taken from among them.
const KEYWORDS: &[&str] = &[
    "infinite",
    "ponder",
    "draw",
    "depth",
    "nodes",
    "movetime",
    "mate",
    "wtime",
    "btime",
    "winc",
    "binc",
    "time",
    "increment",
    "opptime",
    "oppincrement",
    "oppmovestogo",
    "movestogo",
    "searchmoves",
];

/// A number of `go`: a whole or decimal number, below zero read as zero, above `u64::MAX` as
/// that. `None` for a word that is no number.
fn number(word: &str) -> Option<u64> {
    if let Ok(v) = word.parse::<i128>() {
        return Some(u64::try_from(v.max(0)).unwrap_or(u64::MAX));
    }
    let v = word.parse::<f64>().ok().filter(|v| !v.is_nan())?;
    // `as` saturates: -inf and negatives to 0, +inf and huge values to u64::MAX.
    Some(v as u64)
}

impl Session {
    /// The limits of a `go`, and what in it could not be read (each to be reported with `info
    /// string`; the search runs on the rest).
    pub(super) fn parse_go(&self, args: &[&str], side: Color) -> (Limits, Vec<String>) {
        let mut l = Limits {
            move_overhead: Some(self.move_overhead),
            ..Limits::default()
        };
        let mut problems = Vec::new();
        let unit = |v: u64, ucci: bool, ms: bool| {
            if ucci && !ms {
                Duration::from_secs(v)
            } else {
                Duration::from_millis(v)
            }
        };
        let ucci = self.protocol == Protocol::Ucci;
        let mine = |c: Color| c == side;
        // A clock was given (for either side, even one that could not be read): the search is
        // then timed, with no time at all for a clock of ours that is missing or unreadable, as
        // Stockfish does, rather than running until a `stop` that a GUI playing a game never
        // sends.
        let clock_words = ["wtime", "btime", "winc", "binc", "time", "increment"];
        let mut clocked = false;
        let mut i = 0;
        while i < args.len() {
            let word = args[i];
            i += 1;
            let takes_value = !matches!(word, "infinite" | "ponder" | "draw" | "searchmoves");
            if !KEYWORDS.contains(&word) {
                problems.push(format!("go: unknown word {word:?} left out"));
                continue;
            }
            clocked |= clock_words.contains(&word);
            if word == "movetime" {
                // An unreadable move time: as little time as can be.
                l.movetime.get_or_insert(Duration::ZERO);
            }
            // The word's number (0 for the words that take none).
            let v = if takes_value {
                let Some(w) = args.get(i).filter(|w| !KEYWORDS.contains(w)) else {
                    problems.push(format!("go: {word} needs a value; left out"));
                    continue;
                };
                i += 1;
                let Some(v) = number(w) else {
                    problems.push(format!("go: bad value {w:?} for {word}; left out"));
                    continue;
                };
                v
            } else {
                0
            };
            match word {
                "infinite" => l.infinite = true,
                "depth" => l.depth = Some(v.clamp(1, 96) as u32),
                "nodes" => l.nodes = Some(v.max(1)),
                "movetime" => l.movetime = Some(Duration::from_millis(v)),
                "mate" => l.depth = Some(v.saturating_mul(2).clamp(1, 96) as u32),
                "wtime" | "btime" | "winc" | "binc" => {
                    // w… is Red's clock, b… Black's; only the side to move's counts.
                    let c = if word.starts_with('w') {
                        Color::Red
                    } else {
                        Color::Black
                    };
                    if mine(c) {
                        if word.ends_with("inc") {
                            l.increment = Duration::from_millis(v);
                        } else {
                            l.time = Some(Duration::from_millis(v));
                        }
                    }
                }
                "time" => l.time = Some(unit(v, ucci, self.millisec)),
                "increment" => l.increment = unit(v, ucci, self.millisec),
                // Zero moves to go: no time control ahead, as Stockfish reads it.
                "movestogo" => l.moves_to_go = (v > 0).then(|| v.min(1000) as u32),
                "searchmoves" => {
                    let pos = self.current();
                    while let Some(m) = args.get(i).and_then(|w| w.parse::<Move>().ok()) {
                        if pos.is_legal(m) {
                            l.search_moves.push(m);
                        }
                        i += 1;
                    }
                }
                // ponder, draw, opptime, oppincrement, oppmovestogo: read and not used.
                _ => {}
            }
        }
        if clocked && l.time.is_none() && l.movetime.is_none() {
            l.time = Some(Duration::ZERO);
        }
        (l, problems)
    }
}
