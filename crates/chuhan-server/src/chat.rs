//! What players write, made safe to show: chat lines lose the controls that would steer a
//! reader's terminal or turn the text around (`xiangqi_protocol::chat`, which the game's client
//! applies too), and NUL is refused at the door.

/// Whether a frame's JSON text holds an escaped NUL (`\u0000`, its backslash not itself
/// escaped): JSON can carry NUL no other way.
#[must_use]
pub fn holds_nul(json: &str) -> bool {
    let bytes = json.as_bytes();
    json.match_indices("u0000").any(|(at, _)| {
        let slashes = bytes[..at]
            .iter()
            .rev()
            .take_while(|&&b| b == b'\\')
            .count();
        slashes % 2 == 1
    })
}

pub use xiangqi_protocol::chat::neutralised;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_nul_is_found_only_where_json_escapes_one() {
        assert!(holds_nul(r#"{"text":"a\u0000b"}"#));
        assert!(holds_nul(r#"{"text":"\\\u0000"}"#));
        assert!(
            !holds_nul(r#"{"text":"\\u0000"}"#),
            "a backslash, then u0000"
        );
        assert!(!holds_nul(r#"{"text":"u0000"}"#));
    }
}
