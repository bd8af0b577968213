//! Puzzles (残局挑战): the puzzle set's file format, its four tiers, the proof every puzzle must
//! pass, and the rules of playing one (which moves are accepted, the computer's defence, hints).
//!
//! Two kinds of puzzle:
//! - **Mate in N** (N from 1 to 7): the side to move forces mate within N of its moves, not within
//!   N − 1, and exactly one first move does so. Later moves: any move that still mates within the
//!   moves left is accepted.
//! - **Win material**: exactly one first move wins at least [`WIN_MARGIN`] centipawns of material
//!   (a minor piece) by a full-width search of [`MATERIAL_DEPTH`] plies after it, every other
//!   move wins less than [`OTHER_MARGIN`]; and there is no mate within three moves. Later moves:
//!   any move that keeps the gain. Solved once the gain is on the board and holds.
//!
//! Tiers: 1 入门 (mate in 1 or 2), 2 进阶 (mate in 3, win material), 3 高手 (mate in 4 or 5),
//! 4 大师 (mate in 6 or 7).
//!
//! The file: `#` lines are comments; each puzzle is a line of tab-separated fields: id, tier,
//! goal (`mate N` or `material GAIN`), FEN, the solution line in ICCS (space-separated; the first
//! move is the key).

mod attempt;
pub mod solver;

pub use attempt::{Attempt, Verdict};

use core::fmt;

use xiangqi::{Move, Position};

use solver::{MateSolver, MaterialSolver, OutOfBudget, balance};

/// The least gain (centipawns) a win-material puzzle's key move must force.
pub const WIN_MARGIN: i32 = 300;
/// Every other first move must gain less than this.
pub const OTHER_MARGIN: i32 = 100;
/// Plies searched in full after a move of a win-material puzzle (then captures).
pub const MATERIAL_DEPTH: u32 = 4;
/// The longest mate a puzzle asks for.
pub const MAX_MATE: u32 = 7;

/// Positions a proof may visit before it gives up.
pub const PROOF_BUDGET: u64 = 4_000_000;

/// What the player must achieve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// Mate within this many moves.
    Mate(u32),
    /// Win at least this much material (centipawns).
    Material(i32),
}

/// A difficulty tier.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Tier {
    /// 入门: mate in 1 or 2.
    Beginner = 1,
    /// 进阶: mate in 3, and win-material puzzles.
    Intermediate = 2,
    /// 高手: mate in 4 or 5.
    Advanced = 3,
    /// 大师: mate in 6 or 7.
    Master = 4,
}

impl Tier {
    /// The four tiers, easiest first.
    pub const ALL: [Tier; 4] = [
        Tier::Beginner,
        Tier::Intermediate,
        Tier::Advanced,
        Tier::Master,
    ];

    /// The tier of a goal.
    #[must_use]
    pub fn of(goal: Goal) -> Tier {
        match goal {
            Goal::Mate(1 | 2) => Tier::Beginner,
            Goal::Mate(3) | Goal::Material(_) => Tier::Intermediate,
            Goal::Mate(4 | 5) => Tier::Advanced,
            Goal::Mate(_) => Tier::Master,
        }
    }

    /// Its name in the game.
    #[must_use]
    pub fn chinese(self) -> &'static str {
        match self {
            Tier::Beginner => "入门",
            Tier::Intermediate => "进阶",
            Tier::Advanced => "高手",
            Tier::Master => "大师",
        }
    }

    fn from_number(n: u32) -> Option<Tier> {
        Tier::ALL.get(n.checked_sub(1)? as usize).copied()
    }
}

/// One puzzle of the set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// Its number in the set, from 1.
    pub id: u32,
    /// Its tier (follows from the goal).
    pub tier: Tier,
    /// What to achieve.
    pub goal: Goal,
    /// The position, the player's side to move.
    pub start: Position,
    /// A solution: the key move, the best defence, and so on.
    pub line: Vec<Move>,
}

impl Puzzle {
    /// The key move.
    #[must_use]
    pub fn key(&self) -> Move {
        self.line[0]
    }

    /// Its line in the set's file.
    #[must_use]
    pub fn to_line(&self) -> String {
        let goal = match self.goal {
            Goal::Mate(n) => format!("mate {n}"),
            Goal::Material(g) => format!("material {g}"),
        };
        let line: Vec<String> = self.line.iter().map(Move::to_string).collect();
        format!(
            "{}\t{}\t{goal}\t{}\t{}",
            self.id,
            self.tier as u32,
            self.start.to_fen(),
            line.join(" ")
        )
    }
}

/// Why a puzzle file could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleFileError {
    /// 1-based line.
    pub line: usize,
    /// What is wrong with it.
    pub message: String,
}

impl fmt::Display for PuzzleFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for PuzzleFileError {}

/// Reads a puzzle set.
pub fn parse(text: &str) -> Result<Vec<Puzzle>, PuzzleFileError> {
    let mut puzzles = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim_end();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = |message: String| PuzzleFileError {
            line: n + 1,
            message,
        };
        let fields: Vec<&str> = line.split('\t').collect();
        let [id, tier, goal, fen, moves] = fields[..] else {
            return Err(bad(format!("expected 5 fields, found {}", fields.len())));
        };
        let id = id.parse().map_err(|_| bad(format!("bad id {id:?}")))?;
        let tier = tier
            .parse()
            .ok()
            .and_then(Tier::from_number)
            .ok_or_else(|| bad(format!("bad tier {tier:?}")))?;
        let goal = match goal.split_once(' ') {
            Some(("mate", n)) => n
                .parse()
                .ok()
                .filter(|n| (1..=MAX_MATE).contains(n))
                .map(Goal::Mate),
            Some(("material", g)) => g.parse().ok().map(Goal::Material),
            _ => None,
        }
        .ok_or_else(|| bad(format!("bad goal {goal:?}")))?;
        let start = Position::from_fen(fen).map_err(|e| bad(format!("bad FEN: {e}")))?;
        let mut pos = start.clone();
        let mut line = Vec::new();
        for text in moves.split_whitespace() {
            let m: Move = text
                .parse()
                .map_err(|_| bad(format!("bad move {text:?}")))?;
            pos.play(m)
                .map_err(|_| bad(format!("illegal move {text:?}")))?;
            line.push(m);
        }
        if line.is_empty() {
            return Err(bad("no solution line".to_owned()));
        }
        puzzles.push(Puzzle {
            id,
            tier,
            goal,
            start,
            line,
        });
    }
    Ok(puzzles)
}

/// Why a puzzle fails its proof.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProofError {
    /// The solver ran out of budget.
    OutOfBudget,
    /// The claim does not hold.
    Wrong(String),
}

impl From<OutOfBudget> for ProofError {
    fn from(_: OutOfBudget) -> ProofError {
        ProofError::OutOfBudget
    }
}

impl fmt::Display for ProofError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProofError::OutOfBudget => write!(f, "the solver ran out of budget"),
            ProofError::Wrong(why) => f.write_str(why),
        }
    }
}

/// Proves a puzzle with the solvers (not the engine): the goal holds for the key move and for no
/// other first move, and the tier follows from the goal.
pub fn prove(p: &Puzzle) -> Result<(), ProofError> {
    let wrong = |s: String| Err(ProofError::Wrong(s));
    if Tier::of(p.goal) != p.tier {
        return wrong(format!("tier {:?} for goal {:?}", p.tier, p.goal));
    }
    match p.goal {
        Goal::Mate(n) => {
            let mut s = MateSolver::new(PROOF_BUDGET);
            if n > 1 && s.mates_within(&p.start, n - 1)? {
                return wrong(format!("mates within {}", n - 1));
            }
            let keys = s.mating_moves(&p.start, n)?;
            if keys != [p.key()] {
                return wrong(format!("the moves that mate within {n}: {keys:?}"));
            }
        }
        Goal::Material(gain) => {
            let mut s = MaterialSolver::new(PROOF_BUDGET);
            if gain < WIN_MARGIN {
                return wrong(format!("gain {gain} is below {WIN_MARGIN}"));
            }
            for m in p.start.legal_moves().iter().copied() {
                let (bound, want) = if m == p.key() {
                    (gain, true)
                } else {
                    (OTHER_MARGIN, false)
                };
                let won = s.gain_of(&p.start, m, MATERIAL_DEPTH, bound)? >= bound;
                if won != want {
                    return wrong(format!("{m} gains {} {bound}", if won { "≥" } else { "<" }));
                }
            }
            if MateSolver::new(PROOF_BUDGET).mates_within(&p.start, 3)? {
                return wrong("it mates within 3 moves".to_owned());
            }
        }
    }
    Ok(())
}
