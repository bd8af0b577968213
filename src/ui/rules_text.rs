//! The rules a set-up position breaks, and pieces, in words of both languages (the position
//! editor's verdict and the notice of a refused position).

use xiangqi::{Color as Side, FenError, Piece, PieceKind};

use crate::core::settings::Language;

/// A piece in words: 红车 / red rook.
#[must_use]
pub fn piece_name(piece: Piece, lang: Language) -> String {
    let red = piece.color == Side::Red;
    match lang {
        Language::Chinese => {
            let kind = match (piece.kind, red) {
                (PieceKind::King, true) => "帅",
                (PieceKind::King, false) => "将",
                (PieceKind::Advisor, _) => "士",
                (PieceKind::Elephant, true) => "相",
                (PieceKind::Elephant, false) => "象",
                (PieceKind::Horse, _) => "马",
                (PieceKind::Rook, _) => "车",
                (PieceKind::Cannon, _) => "炮",
                (PieceKind::Pawn, true) => "兵",
                (PieceKind::Pawn, false) => "卒",
            };
            format!("{}{kind}", if red { "红" } else { "黑" })
        }
        Language::English => format!(
            "{} {}",
            if red { "Red" } else { "Black" },
            piece.kind.name()
        ),
    }
}

/// The rule a position breaks, in words (the point named as the notation's coordinates).
#[must_use]
pub fn setup_error_text(e: &FenError, lang: Language) -> String {
    let side = |c: Side| match (lang, c) {
        (Language::Chinese, Side::Red) => "红方",
        (Language::Chinese, Side::Black) => "黑方",
        (Language::English, Side::Red) => "Red",
        (Language::English, Side::Black) => "Black",
    };
    if lang == Language::English {
        return match e {
            FenError::MissingKing(c) => format!("{} has no king", side(*c)),
            FenError::TooManyKings(c) => format!("{} has more than one king", side(*c)),
            FenError::OutsidePalace { piece, square } => format!(
                "{} on {square}: outside its palace or off the points it can reach",
                piece_name(*piece, lang)
            ),
            other => other.to_string(),
        };
    }
    match e {
        FenError::MissingKing(c) => format!(
            "{}没有{}",
            side(*c),
            if *c == Side::Red { "帅" } else { "将" }
        ),
        FenError::TooManyKings(c) => format!(
            "{}的{}不止一个",
            side(*c),
            if *c == Side::Red { "帅" } else { "将" }
        ),
        FenError::OutsidePalace { piece, square } => {
            format!(
                "{}在 {square}，出了九宫，或不在它能到的点上",
                piece_name(*piece, lang)
            )
        }
        FenError::ElephantOffPoints(sq) => format!("{sq} 的相（象）站在它永远走不到的点上"),
        FenError::PawnBehindStart(sq) => format!("{sq} 的兵（卒）在它的起始线后面"),
        FenError::PawnOffFile(sq) => format!("{sq} 的兵（卒）未过河，却不在它能走到的线上"),
        FenError::TooManyPieces { piece, count } => format!(
            "{}有 {count} 个，一副棋只有 {} 个",
            piece_name(*piece, lang),
            piece.kind.max_count()
        ),
        FenError::OpponentInCheck => "不走棋的一方正被将军（它的将帅可被吃掉）".to_owned(),
        FenError::KingsFacing => "将帅照面（同一条线上中间无子）".to_owned(),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi::placement::Placement;
    use xiangqi::{Piece, PieceKind};

    #[test]
    fn every_rule_broken_has_chinese_words() {
        let sq = |s: &str| s.parse().expect("a square");
        let king = Piece::new(Side::Red, PieceKind::King);
        let errors = [
            FenError::MissingKing(Side::Black),
            FenError::TooManyKings(Side::Red),
            FenError::OutsidePalace {
                piece: king,
                square: sq("e3"),
            },
            FenError::ElephantOffPoints(sq("b1")),
            FenError::PawnBehindStart(sq("a2")),
            FenError::PawnOffFile(sq("b3")),
            FenError::TooManyPieces {
                piece: king,
                count: 2,
            },
            FenError::OpponentInCheck,
            FenError::KingsFacing,
        ];
        for e in errors {
            let zh = setup_error_text(&e, Language::Chinese);
            assert!(!zh.is_ascii(), "{e:?}: {zh}");
            assert!(!setup_error_text(&e, Language::English).is_empty());
        }
        assert_eq!(
            setup_error_text(
                &Placement::empty().position().unwrap_err(),
                Language::Chinese
            ),
            "红方没有帅"
        );
    }
}
