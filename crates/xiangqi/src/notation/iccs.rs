//! ICCS / UCI coordinates: `h2e2` (also `H2-E2` on input).

use crate::notation::NotationError;
use crate::position::Position;
use crate::types::Move;

/// Writes `m` as `h2e2`. Errors if `m` is not legal in `pos`.
pub fn format(pos: &Position, m: Move) -> Result<String, NotationError> {
    if pos.is_legal(m) {
        Ok(m.to_string())
    } else {
        Err(NotationError::IllegalMove(m))
    }
}

/// Reads `h2e2` or `H2-E2` as a legal move of `pos`.
pub fn parse(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let m: Move = text
        .trim()
        .parse()
        .map_err(|_| NotationError::Unreadable(text.to_owned()))?;
    if pos.is_legal(m) {
        Ok(m)
    } else {
        Err(NotationError::NoSuchMove(text.to_owned()))
    }
}

/// Whether `text` has the shape of a coordinate move.
#[must_use]
pub fn looks_like(text: &str) -> bool {
    text.trim().parse::<Move>().is_ok()
}
