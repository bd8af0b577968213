//! Opening suites: the positions that matches and self-play data start from.

use xiangqi::Position;

/// The positions of an opening suite: one a line, EPD or FEN (board, side, and any further
/// fields), blank lines and `#` comments passed over. Every line must be a legal position.
///
/// # Errors
/// The file cannot be read, a line is not a legal position (its number is named), or it holds
/// none.
pub fn read_openings(path: &str) -> Result<Vec<Position>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let mut suite = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        // EPD: board, side, castling, en passant, then operations; FEN readers take the first
        // fields and the counters when they are numbers.
        let fields: Vec<&str> = line.split_whitespace().take(4).collect();
        let pos =
            Position::from_fen(&fields.join(" ")).map_err(|e| format!("line {}: {e}", n + 1))?;
        suite.push(pos);
    }
    if suite.is_empty() {
        return Err("no positions".into());
    }
    Ok(suite)
}
