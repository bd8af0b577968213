//! The shipped opening suite (`data/openings-500.epd`, made by `xiangqi-openings`): at least 500
//! legal positions, no two the same, none the start position, its header naming the command.

use std::collections::HashSet;

use xiangqi::Position;

#[test]
fn the_suite_holds_500_distinct_legal_positions_and_names_its_command() {
    let text = include_str!("../data/openings-500.epd");
    assert!(
        text.lines()
            .next()
            .is_some_and(|l| l.starts_with("# Chuhan opening suite: xiangqi-openings")),
        "the header names the tool"
    );
    let mut seen = HashSet::new();
    for (n, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let pos = Position::from_fen(line).unwrap_or_else(|e| panic!("line {}: {e}", n + 1));
        assert_ne!(pos, Position::startpos(), "line {}", n + 1);
        assert!(pos.has_legal_move(), "line {}: no move", n + 1);
        assert!(seen.insert(line.to_owned()), "line {} repeats", n + 1);
    }
    assert!(seen.len() >= 500, "{} positions", seen.len());
}
