//! What the rules library's test files share.
#![allow(dead_code, reason = "each test file uses only some of the helpers")]

/// A seeded xorshift generator for the mutation tests: the same damage on every run.
pub fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
    move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    }
}

/// A PGN (ICCS moves) whose variations nest `levels` deep: `h2e2 h9g7`, then each variation an
/// alternative to the last move of the one it is in, two moves long with `{level N}` after its
/// first move, and `h0g2` on the main line after them.
pub fn nested_pgn(levels: usize) -> String {
    let mut text = String::from("[Format \"ICCS\"]\nh2e2 h9g7 ");
    let start = xiangqi::Position::startpos();
    let mut before_last = start.after("h2e2".parse().unwrap()).unwrap();
    let mut last: xiangqi::Move = "h9g7".parse().unwrap();
    for level in 0..levels {
        let moves = before_last.legal_moves();
        let alt = *moves.iter().find(|&&m| m != last).unwrap();
        let after_alt = before_last.after(alt).unwrap();
        let next = after_alt.legal_moves()[0];
        text.push_str(&format!("( {alt} {{level {level}}} {next} "));
        before_last = after_alt;
        last = next;
    }
    text.push_str(&")".repeat(levels));
    text.push_str(" h0g2 *\n");
    text
}
