//! Chat text made safe to show, on both sides: the server takes the controls out of what players
//! write, and a client takes them out of what any server sends, so that no line can steer a
//! terminal (ANSI escapes) or turn the text around a reader sees (bidirectional overrides).

/// Whether `c` is taken out of a chat line: C0 and C1 controls (ESC starts ANSI escapes), DEL,
/// and the bidirectional marks, embeddings, overrides and isolates (U+061C, U+200E, U+200F,
/// U+202A-U+202E, U+2066-U+2069).
fn is_unsafe(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'
        )
}

/// `text` without the characters [`is_unsafe`] names; an ANSI escape sequence (`ESC [ ... final`)
/// goes whole, so that no `[31m` is left behind.
#[must_use]
pub fn neutralised(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\u{1B}' {
            // CSI: ESC [ parameters ... a final byte in @..~.
            if chars.peek() == Some(&'[') {
                chars.next();
                for d in chars.by_ref() {
                    if ('@'..='~').contains(&d) {
                        break;
                    }
                }
            }
            continue;
        }
        if !is_unsafe(c) {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::neutralised;

    #[test]
    fn controls_and_overrides_are_taken_out() {
        assert_eq!(neutralised("\u{1B}[31mred\u{1B}[0m text"), "red text");
        assert_eq!(neutralised("abc\u{202E}fed\u{202C}"), "abcfed");
        assert_eq!(neutralised("a\u{2066}b\u{2069}c\u{200F}"), "abc");
        assert_eq!(neutralised("bell\u{7}\u{0}\u{9B}x"), "bellx");
        assert_eq!(neutralised("好棋！ good move"), "好棋！ good move");
    }
}
