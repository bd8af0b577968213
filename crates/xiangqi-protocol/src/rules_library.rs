//! The protocol's sides and rulebooks as the rules library's and back (feature `xiangqi`): the one
//! place the server and the game take these conversions from.

use crate::{Rules, Side};

impl From<Side> for xiangqi::Color {
    fn from(side: Side) -> xiangqi::Color {
        match side {
            Side::Red => xiangqi::Color::Red,
            Side::Black => xiangqi::Color::Black,
        }
    }
}

impl From<xiangqi::Color> for Side {
    fn from(color: xiangqi::Color) -> Side {
        match color {
            xiangqi::Color::Red => Side::Red,
            xiangqi::Color::Black => Side::Black,
        }
    }
}

impl From<Rules> for xiangqi::Rulebook {
    fn from(rules: Rules) -> xiangqi::Rulebook {
        match rules {
            Rules::Asian => xiangqi::Rulebook::Asian,
            Rules::League => xiangqi::Rulebook::League,
        }
    }
}

impl From<xiangqi::Rulebook> for Rules {
    fn from(rulebook: xiangqi::Rulebook) -> Rules {
        match rulebook {
            xiangqi::Rulebook::Asian => Rules::Asian,
            xiangqi::Rulebook::League => Rules::League,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sides_and_rulebooks_convert_both_ways() {
        for side in [Side::Red, Side::Black] {
            assert_eq!(Side::from(xiangqi::Color::from(side)), side);
        }
        assert_eq!(xiangqi::Color::from(Side::Red), xiangqi::Color::Red);
        assert_eq!(xiangqi::Color::from(Side::Black), xiangqi::Color::Black);
        for rules in [Rules::Asian, Rules::League] {
            assert_eq!(Rules::from(xiangqi::Rulebook::from(rules)), rules);
        }
        assert_eq!(
            xiangqi::Rulebook::from(Rules::League),
            xiangqi::Rulebook::League
        );
        assert_eq!(
            xiangqi::Rulebook::from(Rules::Asian),
            xiangqi::Rulebook::Asian
        );
    }
}
