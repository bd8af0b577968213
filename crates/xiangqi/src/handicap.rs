//! Handicap (让子) starting positions.
//!
//! The side that gives the handicap removes pieces from the standard start and moves first, as in
//! the 让九子 game Xu Yinchuan vs Nie Weiping (1999), whose record starts from
//! `rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/9/1C5C1/9/RN2K2NR w - - 0 1`.
//!
//! "Left" and "right" are the giver's own, as a player sees the board from their seat: Red's left
//! horse is the one on `b0` (Red's file 八 in Chinese notation), its right horse the one on `h0`
//! (file 二). Black sits on the other side, so Black's left horse is on `h9` (Black's file 8) and
//! its right horse on `b9` (file 2).

use core::fmt;

use crate::position::Position;
use crate::types::Color;

/// Which pieces the giving side removes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Handicap {
    /// 让左马: the giver's left horse.
    LeftHorse,
    /// 让右马: the giver's right horse.
    RightHorse,
    /// 让双马: both horses.
    TwoHorses,
    /// 让九子: all five pawns, both advisors and both elephants.
    NinePieces,
}

impl Handicap {
    /// Every handicap, in menu order.
    pub const ALL: [Handicap; 4] = [
        Handicap::LeftHorse,
        Handicap::RightHorse,
        Handicap::TwoHorses,
        Handicap::NinePieces,
    ];

    /// The Chinese name as given: 让左马, 让右马, 让双马, 让九子.
    #[must_use]
    pub fn chinese_name(self) -> &'static str {
        match self {
            Handicap::LeftHorse => "让左马",
            Handicap::RightHorse => "让右马",
            Handicap::TwoHorses => "让双马",
            Handicap::NinePieces => "让九子",
        }
    }

    /// The starting position when `giver` gives this handicap; `giver` moves first.
    ///
    /// ```
    /// use xiangqi::{Color, Handicap};
    /// let pos = Handicap::NinePieces.position(Color::Red);
    /// assert_eq!(pos.to_fen(), "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/9/1C5C1/9/RN2K2NR w - - 0 1");
    /// ```
    #[must_use]
    pub fn position(self, giver: Color) -> Position {
        // Red's back rank as Red sees it: files a..i = R N B A K A B N R.
        let red_back = match self {
            Handicap::LeftHorse => "R1BAKABNR",
            Handicap::RightHorse => "RNBAKAB1R",
            Handicap::TwoHorses => "R1BAKAB1R",
            Handicap::NinePieces => "RN2K2NR",
        };
        let red_pawns = if self == Handicap::NinePieces {
            "9"
        } else {
            "P1P1P1P1P"
        };
        let red_fen = format!("{red_pawns}/1C5C1/9/{red_back}");
        let black_full = "rnbakabnr/9/1c5c1/p1p1p1p1p";
        let red_full = "P1P1P1P1P/1C5C1/9/RNBAKABNR";
        let fen = match giver {
            Color::Red => format!("{black_full}/9/9/{red_fen} w - - 0 1"),
            Color::Black => {
                // Black's pieces are Red's rotated 180 degrees: reverse each rank, lower the case,
                // and list the ranks from Black's back rank.
                let ranks: Vec<String> = red_fen
                    .split('/')
                    .rev()
                    .map(|r| r.chars().rev().map(|c| c.to_ascii_lowercase()).collect())
                    .collect();
                format!("{}/9/9/{red_full} b - - 0 1", ranks.join("/"))
            }
        };
        match Position::from_fen(&fen) {
            Ok(p) => p,
            Err(e) => unreachable!("handicap FEN {fen} is valid: {e}"),
        }
    }
}

impl fmt::Display for Handicap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.chinese_name())
    }
}
