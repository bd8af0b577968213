//! The rules a set-up position breaks, and pieces, in the player's words (the position editor's
//! verdict and the notice of a refused position).

use xiangqi::{Color as Side, FenError, Piece, PieceKind};

use crate::core::i18n::Msg;
use crate::core::settings::Language;
use crate::msg;

/// A piece in words: 红车 / Red rook.
#[must_use]
pub fn piece_name(piece: Piece, lang: Language) -> String {
    piece_msg(piece).in_(lang)
}

/// A piece's name as a message.
#[must_use]
pub fn piece_msg(piece: Piece) -> Msg {
    let red = piece.color == Side::Red;
    Msg::new(match (piece.kind, red) {
        (PieceKind::King, true) => "piece-red-king",
        (PieceKind::King, false) => "piece-black-king",
        (PieceKind::Advisor, true) => "piece-red-advisor",
        (PieceKind::Advisor, false) => "piece-black-advisor",
        (PieceKind::Elephant, true) => "piece-red-elephant",
        (PieceKind::Elephant, false) => "piece-black-elephant",
        (PieceKind::Horse, true) => "piece-red-horse",
        (PieceKind::Horse, false) => "piece-black-horse",
        (PieceKind::Rook, true) => "piece-red-rook",
        (PieceKind::Rook, false) => "piece-black-rook",
        (PieceKind::Cannon, true) => "piece-red-cannon",
        (PieceKind::Cannon, false) => "piece-black-cannon",
        (PieceKind::Pawn, true) => "piece-red-pawn",
        (PieceKind::Pawn, false) => "piece-black-pawn",
    })
}

/// The rule a position breaks, in words (the point named as the notation's coordinates).
#[must_use]
pub fn setup_error_text(e: &FenError, lang: Language) -> String {
    match setup_error_msg(e) {
        Some(m) => m.in_(lang),
        // A text that is no position at all (the editor never makes one): the library's words.
        None => e.to_string(),
    }
}

fn setup_error_msg(e: &FenError) -> Option<Msg> {
    let side = |c: Side| Msg::new(crate::ui::text::side_id(c));
    let color = |c: Side| if c == Side::Red { "red" } else { "black" };
    Some(match e {
        FenError::MissingKing(c) => msg!(
            "setup-error-missing-king",
            side = side(*c),
            color = color(*c)
        ),
        FenError::TooManyKings(c) => {
            msg!(
                "setup-error-too-many-kings",
                side = side(*c),
                color = color(*c)
            )
        }
        FenError::OutsidePalace { piece, square } => msg!(
            "setup-error-outside-palace",
            piece = piece_msg(*piece),
            square = square.to_string()
        ),
        FenError::ElephantOffPoints(sq) => {
            msg!("setup-error-elephant-off-points", square = sq.to_string())
        }
        FenError::PawnBehindStart(sq) => {
            msg!("setup-error-pawn-behind-start", square = sq.to_string())
        }
        FenError::PawnOffFile(sq) => msg!("setup-error-pawn-off-file", square = sq.to_string()),
        FenError::TooManyPieces { piece, count } => msg!(
            "setup-error-too-many-pieces",
            piece = piece_msg(*piece),
            count = *count,
            max = piece.kind.max_count()
        ),
        FenError::OpponentInCheck => msg!("setup-error-opponent-in-check"),
        FenError::KingsFacing => msg!("setup-error-kings-facing"),
        _ => return None,
    })
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
            for &lang in Language::ALL {
                let said = setup_error_text(&e, lang);
                assert!(
                    !said.is_empty() && !said.contains("setup-error"),
                    "{e:?}: {said}"
                );
            }
        }
        assert_eq!(
            setup_error_text(
                &Placement::empty().position().unwrap_err(),
                Language::Chinese
            ),
            "红方没有帅"
        );
        assert_eq!(
            setup_error_text(
                &Placement::empty().position().unwrap_err(),
                Language::TraditionalChinese
            ),
            "紅方沒有帥"
        );
    }
}
