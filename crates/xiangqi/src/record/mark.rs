//! A player's judgement of a move: `!`, `?`, `!!`, `??`, `!?`, `?!`, written in PGN as the
//! standard numeric annotation glyphs `$1`-`$6`.

use core::fmt;

/// A mark on a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    /// `!` a good move.
    Good,
    /// `?` a mistake.
    Mistake,
    /// `!!` a brilliant move.
    Brilliant,
    /// `??` a blunder.
    Blunder,
    /// `!?` an interesting move.
    Interesting,
    /// `?!` a dubious move.
    Dubious,
}

impl Mark {
    /// Every mark, in the order of their PGN glyphs (`$1` to `$6`).
    pub const ALL: [Mark; 6] = [
        Mark::Good,
        Mark::Mistake,
        Mark::Brilliant,
        Mark::Blunder,
        Mark::Interesting,
        Mark::Dubious,
    ];

    /// The sign written after the move: `!`, `?`, `!!`, `??`, `!?`, `?!`.
    #[must_use]
    pub const fn sign(self) -> &'static str {
        match self {
            Mark::Good => "!",
            Mark::Mistake => "?",
            Mark::Brilliant => "!!",
            Mark::Blunder => "??",
            Mark::Interesting => "!?",
            Mark::Dubious => "?!",
        }
    }

    /// The mark written as `sign`, if it is one.
    #[must_use]
    pub fn from_sign(sign: &str) -> Option<Mark> {
        Mark::ALL.into_iter().find(|m| m.sign() == sign)
    }

    /// Its PGN numeric annotation glyph (`$1`-`$6` without the `$`).
    #[must_use]
    pub const fn nag(self) -> u8 {
        match self {
            Mark::Good => 1,
            Mark::Mistake => 2,
            Mark::Brilliant => 3,
            Mark::Blunder => 4,
            Mark::Interesting => 5,
            Mark::Dubious => 6,
        }
    }

    /// The mark of PGN glyph `n`, if it is one of `$1`-`$6`.
    #[must_use]
    pub fn from_nag(n: u8) -> Option<Mark> {
        Mark::ALL.into_iter().find(|m| m.nag() == n)
    }

    /// The next mark in [`Mark::ALL`] after `mark`, and none after the last (for a key that
    /// cycles through them).
    #[must_use]
    pub fn cycle(mark: Option<Mark>) -> Option<Mark> {
        match mark {
            None => Some(Mark::ALL[0]),
            Some(m) => Mark::ALL
                .iter()
                .position(|&x| x == m)
                .and_then(|i| Mark::ALL.get(i + 1).copied()),
        }
    }
}

impl fmt::Display for Mark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.sign())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signs_and_glyphs_read_back() {
        for m in Mark::ALL {
            assert_eq!(Mark::from_sign(m.sign()), Some(m));
            assert_eq!(Mark::from_nag(m.nag()), Some(m));
        }
        assert_eq!(Mark::from_sign("!!!"), None);
        assert_eq!(Mark::from_nag(7), None);
        let mut seen = vec![];
        let mut m = Mark::cycle(None);
        while let Some(x) = m {
            seen.push(x);
            m = Mark::cycle(m);
        }
        assert_eq!(seen, Mark::ALL);
    }
}
