//! A browser page's address query (`/?seek=12`, `/?CHUHAN_LEVEL=3`): what a link to the page
//! asks for. The desktop has no query: every value is unset there.

/// The value of `name` in the page's query (`None` on the desktop).
#[must_use]
pub fn value(name: &str) -> Option<String> {
    #[cfg(target_arch = "wasm32")]
    return web_sys::window()
        .and_then(|w| w.location().search().ok())
        .and_then(|query| from_query(&query, name));
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = name;
        None
    }
}

/// The value of `name` in a query (`?a=1&b=2`), `+` and `%XX` decoded.
#[must_use]
pub fn from_query(query: &str, name: &str) -> Option<String> {
    query
        .trim_start_matches('?')
        .split('&')
        .filter_map(|pair| pair.split_once('=').or(Some((pair, ""))))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| decode(v))
}

fn decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => {
                match std::str::from_utf8(&bytes[i + 1..i + 3])
                    .ok()
                    .and_then(|h| u8::from_str_radix(h, 16).ok())
                {
                    Some(b) => {
                        out.push(b);
                        i += 2;
                    }
                    None => out.push(b'%'),
                }
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_query_reads_as_the_environment() {
        let q = "?CHUHAN_LEVEL=3&CHUHAN_MOVES=a0a1+a9a8&CHUHAN_FEN=9%2F9&x&CHUHAN_LANG=%E4%B8%AD%";
        assert_eq!(from_query(q, "CHUHAN_LEVEL").as_deref(), Some("3"));
        assert_eq!(from_query(q, "CHUHAN_MOVES").as_deref(), Some("a0a1 a9a8"));
        assert_eq!(from_query(q, "CHUHAN_FEN").as_deref(), Some("9/9"));
        assert_eq!(from_query(q, "x").as_deref(), Some(""));
        assert_eq!(from_query(q, "CHUHAN_LANG").as_deref(), Some("中%"));
        assert_eq!(from_query(q, "CHUHAN_PLAYERS"), None);
    }
}
