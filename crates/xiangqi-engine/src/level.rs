//! The seven levels, from 傻瓜 (a beginner can win) to 大师 (full strength).

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// A playing level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// 傻瓜: one ply, large noise, often plays a random move (hangs pieces).
    Idiot = 0,
    /// 菜鸟: two plies, noisy, sometimes a random move.
    Rookie = 1,
    /// 新手: three plies, some noise, the odd random move.
    Novice = 2,
    /// 入门: five plies, a little noise.
    Beginner = 3,
    /// 业余: 150 thousand nodes a move.
    Amateur = 4,
    /// 专业: 800 thousand nodes a move.
    Professional = 5,
    /// 大师: full strength, 5 seconds a move.
    Master = 6,
}

/// What a level does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelSettings {
    /// Iterative deepening stops here.
    pub depth: Option<u32>,
    /// Node budget per move.
    pub nodes: Option<u64>,
    /// Time budget per move.
    pub time: Option<Duration>,
    /// Random offset (± centipawns) on each root move's score.
    pub noise: i32,
    /// Per mille of moves replaced by a random legal move.
    pub blunder_permille: u32,
    /// Whether it plays from the opening book.
    pub book: bool,
}

impl Level {
    /// All levels, weakest first.
    pub const ALL: [Level; 7] = [
        Level::Idiot,
        Level::Rookie,
        Level::Novice,
        Level::Beginner,
        Level::Amateur,
        Level::Professional,
        Level::Master,
    ];

    /// The Chinese name the game shows.
    #[must_use]
    pub const fn chinese_name(self) -> &'static str {
        match self {
            Level::Idiot => "傻瓜",
            Level::Rookie => "菜鸟",
            Level::Novice => "新手",
            Level::Beginner => "入门",
            Level::Amateur => "业余",
            Level::Professional => "专业",
            Level::Master => "大师",
        }
    }

    /// The English name (UCI option value).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Level::Idiot => "idiot",
            Level::Rookie => "rookie",
            Level::Novice => "novice",
            Level::Beginner => "beginner",
            Level::Amateur => "amateur",
            Level::Professional => "professional",
            Level::Master => "master",
        }
    }

    /// 0 (傻瓜) to 6 (大师).
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The level with this index.
    #[must_use]
    pub const fn from_index(i: usize) -> Option<Level> {
        if i < 7 { Some(Level::ALL[i]) } else { None }
    }

    /// The settings of this level.
    #[must_use]
    pub const fn settings(self) -> LevelSettings {
        const fn s(
            depth: Option<u32>,
            nodes: Option<u64>,
            ms: Option<u64>,
            noise: i32,
            blunder_permille: u32,
            book: bool,
        ) -> LevelSettings {
            LevelSettings {
                depth,
                nodes,
                time: match ms {
                    Some(ms) => Some(Duration::from_millis(ms)),
                    None => None,
                },
                noise,
                blunder_permille,
                book,
            }
        }
        match self {
            Level::Idiot => s(Some(1), None, Some(1000), 200, 300, false),
            Level::Rookie => s(Some(2), None, Some(1000), 100, 100, true),
            Level::Novice => s(Some(3), None, Some(1000), 50, 30, true),
            Level::Beginner => s(Some(5), Some(30_000), Some(1000), 25, 0, true),
            Level::Amateur => s(None, Some(150_000), Some(2000), 10, 0, true),
            Level::Professional => s(None, Some(800_000), Some(3000), 0, 0, true),
            Level::Master => s(None, None, Some(5000), 0, 0, true),
        }
    }

    /// The settings with the node and time budgets scaled by `percent` (100 = as documented):
    /// matches between levels run faster this way with the same ratio of effort.
    #[must_use]
    pub fn scaled_settings(self, percent: u32) -> LevelSettings {
        let mut s = self.settings();
        let p = u64::from(percent.max(1));
        s.nodes = s.nodes.map(|n| (n * p / 100).max(1));
        s.time = s.time.map(|t| t * percent.max(1) / 100);
        s
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.chinese_name())
    }
}

/// A level name or number that is not one of the seven.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownLevel(pub String);

impl fmt::Display for UnknownLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown level {:?} (use 0-6, an English name such as \"master\", or 傻瓜…大师)",
            self.0
        )
    }
}

impl std::error::Error for UnknownLevel {}

impl FromStr for Level {
    type Err = UnknownLevel;

    /// Reads `0`-`6`, the English name (any case) or the Chinese name.
    fn from_str(s: &str) -> Result<Level, UnknownLevel> {
        let t = s.trim();
        if let Ok(i) = t.parse::<usize>() {
            return Level::from_index(i).ok_or_else(|| UnknownLevel(s.to_string()));
        }
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(t) || l.chinese_name() == t)
            .ok_or_else(|| UnknownLevel(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for l in Level::ALL {
            assert_eq!(l.name().parse::<Level>(), Ok(l));
            assert_eq!(l.chinese_name().parse::<Level>(), Ok(l));
            assert_eq!(l.index().to_string().parse::<Level>(), Ok(l));
        }
        assert!("7".parse::<Level>().is_err());
        assert!("grandmaster".parse::<Level>().is_err());
    }

    #[test]
    fn each_level_searches_at_least_as_much_as_the_one_below() {
        for pair in Level::ALL.windows(2) {
            let (lo, hi) = (pair[0].settings(), pair[1].settings());
            assert!(hi.noise <= lo.noise && hi.blunder_permille <= lo.blunder_permille);
            let depth = |s: LevelSettings| s.depth.unwrap_or(u32::MAX);
            let nodes = |s: LevelSettings| s.nodes.unwrap_or(u64::MAX);
            assert!(depth(hi) >= depth(lo));
            if lo.nodes.is_some() {
                assert!(nodes(hi) > nodes(lo));
            }
            assert!(hi.time >= lo.time);
        }
    }
}
